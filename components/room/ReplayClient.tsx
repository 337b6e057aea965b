"use client";
// Steps through a finished game (or, for the host, a running one) as one viewer
// saw it. The server folds the log and builds each step's payload with the
// serializer the live room uses; this page only applies the patches between
// steps and shows them with the game's own dashboard.
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { applyPatch } from "@/lib/json-patch";
import type { ReplayInfo, RoomPayload } from "@/lib/protocol";
import { dashboardFor } from "@/components/games/registry";
import { formatMs } from "@/components/ui/Countdown";
import { PhaseTracker } from "@/components/ui/PhaseTracker";
import { Badge, Button, Card, ErrorNote } from "@/components/ui/primitives";
import { EndScreen } from "./EndScreen";

const refused = async () => ({ ok: false as const, code: "replay/read_only" as const, message: "This is a replay." });

/** Every step's payload, built once from the first and the patches. */
function payloadsOf(r: ReplayInfo): RoomPayload[] {
  if (!r.first) return [];
  const out = [r.first];
  for (const ops of r.patches) out.push(applyPatch(out[out.length - 1]!, ops));
  return out;
}

export function ReplayClient({ code }: { code: string }) {
  const [viewer, setViewer] = useState<string | null>(null);
  const [replay, setReplay] = useState<ReplayInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);

  useEffect(() => {
    const q = viewer ? `?as=${encodeURIComponent(viewer)}` : "";
    fetch(`/api/rooms/${code}/replay${q}`, { credentials: "same-origin" })
      .then(async (r) => {
        const body = await r.json();
        if (!r.ok) throw new Error(body.message ?? "Could not load the replay.");
        const info = body as ReplayInfo;
        setReplay(info);
        setError(null);
        setStep((s) => (viewer === null ? info.steps.length - 1 : Math.min(s, info.steps.length - 1)));
      })
      .catch((e: Error) => setError(e.message));
  }, [code, viewer]);

  const payloads = useMemo(() => (replay ? payloadsOf(replay) : []), [replay]);
  const count = payloads.length;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const tag = (e.target as HTMLElement)?.tagName;
      if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
      if (e.key === "ArrowRight") setStep((s) => Math.min(count - 1, s + 1));
      if (e.key === "ArrowLeft") setStep((s) => Math.max(0, s - 1));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [count]);

  if (error) return <ErrorNote>{error}</ErrorNote>;
  if (!replay) return <p className="text-stone-500">Loading the replay…</p>;
  const payload = payloads[step];
  const cur = replay.steps[step];
  if (!payload || !cur) return <p>This room has no events yet.</p>;
  const nameOf = (s: string) => payload.seats.find((x) => x.seat === s)?.name || `Seat ${s.slice(1)}`;
  const chat = replay.messages.filter((m) => m.version <= cur.seq);
  const left = payload.clock.remainingMs;
  const Dashboard = dashboardFor(replay.gameId);
  const phase = payload.phase;

  return (
    <div className="space-y-4" data-testid="replay">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold">
          Replay · {replay.gameName} · <span className="font-mono">{replay.code}</span>
        </h1>
        <a className="ml-auto text-sm underline" href={`/api/rooms/${replay.code}/log.json?download`} data-testid="export-log">
          Export log (JSON)
        </a>
        <Link className="text-sm underline" href={`/r/${replay.code}`}>
          Room
        </Link>
      </div>
      <Card>
        <div className="flex flex-wrap items-center gap-2">
          <label className="text-sm">
            See as{" "}
            <select className="rounded border border-stone-300 bg-white px-2 py-1 dark:border-stone-700 dark:bg-stone-950" value={replay.viewer} onChange={(e) => setViewer(e.target.value)} data-testid="replay-viewer">
              {replay.viewers.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.label}
                </option>
              ))}
            </select>
          </label>
          <Button size="sm" variant="secondary" onClick={() => setStep(0)} disabled={step === 0}>
            « First
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0} data-testid="replay-prev">
            ‹ Back
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setStep((s) => Math.min(count - 1, s + 1))} disabled={step >= count - 1} data-testid="replay-next">
            Next ›
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setStep(count - 1)} disabled={step >= count - 1}>
            Last »
          </Button>
          <span className="font-mono text-sm" data-testid="replay-step">
            event {cur.seq} / {replay.steps[replay.steps.length - 1]?.seq ?? 0}
          </span>
        </div>
        <input type="range" min={0} max={count - 1} value={step} onChange={(e) => setStep(Number(e.target.value))} className="mt-3 w-full accent-garnet-700" aria-label="Replay position" />
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <Badge tone="garnet">{phase ? `${phase.round ? `Round ${phase.round} · ` : ""}${phase.name}` : payload.status === "lobby" ? "Lobby" : "Over"}</Badge>
          {left !== null && <Badge>{`${formatMs(left)} on the clock`}</Badge>}
          <time className="text-stone-500">{new Date(cur.at).toLocaleString()}</time>
          <span data-testid="replay-line">{cur.line}</span>
        </div>
        <div className="mt-2">
          <PhaseTracker track={payload.phaseTrack} phase={phase} />
        </div>
      </Card>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-4">
          {(payload.status === "finished" || payload.status === "aborted") && <EndScreen payload={payload} />}
          {payload.view !== null && <Dashboard payload={payload} view={payload.view} offsetMs={0} act={refused} hostAct={refused} nameOf={nameOf} />}
        </div>
        <Card title="Chat at this moment">
          <ol className="max-h-96 space-y-1 overflow-auto text-sm" data-testid="replay-chat">
            {chat.length === 0 && <li className="text-stone-500">No messages this viewer could read yet.</li>}
            {chat.map((m) => (
              <li key={m.id}>
                <span className="font-semibold">{m.author === "host" ? `${m.name} (host)` : m.name}</span> <span className="text-xs text-stone-500">{m.channel}</span>
                <p className="whitespace-pre-wrap">{m.body}</p>
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </div>
  );
}
