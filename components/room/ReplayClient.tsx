"use client";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { getGame } from "@/lib/games/registry";
import { defaultChat } from "@/lib/games/core/chat";
import type { Outcome } from "@/lib/games/core/types";
import type { ReplayLog, RoomPayload } from "@/lib/protocol";
import { replaySteps } from "@/lib/replay";
import { dashboardFor } from "@/components/games/registry";
import { formatMs } from "@/components/ui/Countdown";
import { PhaseTracker } from "@/components/ui/PhaseTracker";
import { Badge, Button, Card, ErrorNote } from "@/components/ui/primitives";
import { EndScreen } from "./EndScreen";

const refused = async () => ({ ok: false as const, code: "replay/read_only", message: "This is a replay." });

/** Steps through a finished game (or, for the host, a running one) as any viewer saw it. */
export function ReplayClient({ code }: { code: string }) {
  const [log, setLog] = useState<ReplayLog | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [viewer, setViewer] = useState<string>("spectator");

  useEffect(() => {
    fetch(`/api/rooms/${code}/log.json`, { credentials: "same-origin" })
      .then(async (r) => {
        const body = await r.json();
        if (!r.ok) throw new Error(body.message ?? "Could not load the log.");
        setLog(body as ReplayLog);
        setStep((body as ReplayLog).events.length - 1);
      })
      .catch((e: Error) => setError(e.message));
  }, [code]);

  const game = log ? getGame(log.gameId) : undefined;
  const steps = useMemo(() => {
    if (!log || !game) return [];
    try {
      return replaySteps(game, log);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return [];
    }
  }, [log, game]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement)?.tagName === "INPUT" || (e.target as HTMLElement)?.tagName === "SELECT") return;
      if (e.key === "ArrowRight") setStep((s) => Math.min(steps.length - 1, s + 1));
      if (e.key === "ArrowLeft") setStep((s) => Math.max(0, s - 1));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [steps.length]);

  if (error) return <ErrorNote>{error}</ErrorNote>;
  if (!log || !game) return <p className="text-stone-500">Loading the log…</p>;
  const cur = steps[step];
  if (!cur) return <p>This room has no events yet.</p>;
  const name = (s: string) => log.seats.find((x) => x.seat === s)?.name || s;
  const seats = log.seats.map((s) => s.seat);
  const phase = cur.state === null ? null : game.phase(cur.state);
  const view = cur.state === null ? null : game.view(cur.state, viewer);
  const outcome: Outcome | null = cur.state === null ? null : game.outcome(cur.state);
  const rules = cur.state === null || !game.chat ? defaultChat(seats) : game.chat(cur.state, seats);
  const readable = new Set(rules.filter((r) => viewer === "host" || (viewer === "spectator" ? r.public : r.members.includes(viewer))).map((r) => r.id));
  const next = steps[step + 1];
  const chat = log.messages.filter((m) => readable.has(m.channel) && m.at <= (next ? next.at : Infinity) && m.at >= (steps[0]?.at ?? 0) - 3_600_000);
  const left = cur.deadlineAt !== null ? cur.deadlineAt - cur.at : null;
  const lineOf = (i: number) => {
    const e = log.events[i]!;
    const p = e.payload as Record<string, unknown>;
    if (e.kind === "start") return "The host started the game";
    if (e.kind === "timeout") return `${e.actor === "host" ? "The host ended" : "Time ran out in"} ${phase?.name ?? "the phase"}`;
    if (e.kind === "action") {
      const action = p.action as { type?: string };
      if (viewer !== "host" && viewer !== e.actor) return `${name(e.actor)} made a move`;
      return `${name(e.actor)}: ${game.describe ? game.describe(action as never, e.actor) : (action?.type ?? "move")}`;
    }
    return `${e.actor === "host" ? "Host" : name(e.actor)}: ${String(p.type ?? e.kind)}`;
  };

  const payload: RoomPayload = {
    code: log.code,
    gameId: log.gameId,
    gameName: game.meta.name,
    status: outcome ? "finished" : "running",
    version: cur.seq,
    role: viewer === "host" ? "host" : viewer === "spectator" ? "spectator" : "player",
    you: seats.includes(viewer) ? viewer : null,
    youName: seats.includes(viewer) ? name(viewer) : null,
    hostName: "host",
    seats: log.seats.map((s) => ({ seat: s.seat, name: s.name, isBot: s.isBot, occupied: true, connected: true })),
    phase,
    phaseTrack: game.phaseTrack,
    clock: { deadlineAt: cur.deadlineAt, paused: cur.paused, remainingMs: null, serverNow: cur.at, durationMs: phase?.durationMs ?? null },
    view,
    outcome,
    notices: [],
    endReason: null,
    channels: [],
    spectators: { mode: "live", lag: 1, revealAtEnd: true, behindBy: null },
    durations: {},
  };
  const Dashboard = dashboardFor(log.gameId);

  return (
    <div className="space-y-4" data-testid="replay">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold">
          Replay · {game.meta.name} · <span className="font-mono">{log.code}</span>
        </h1>
        <a className="ml-auto text-sm underline" href={`/api/rooms/${log.code}/log.json?download`} data-testid="export-log">
          Export log (JSON)
        </a>
        <Link className="text-sm underline" href={`/r/${log.code}`}>
          Room
        </Link>
      </div>
      <Card>
        <div className="flex flex-wrap items-center gap-2">
          <label className="text-sm">
            See as{" "}
            <select className="rounded border border-stone-300 bg-white px-2 py-1 dark:border-stone-700 dark:bg-stone-950" value={viewer} onChange={(e) => setViewer(e.target.value)} data-testid="replay-viewer">
              <option value="spectator">Spectator (public)</option>
              <option value="host">All-seeing (host)</option>
              {log.seats.map((s) => (
                <option key={s.seat} value={s.seat}>
                  {s.name || s.seat}
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
          <Button size="sm" variant="secondary" onClick={() => setStep((s) => Math.min(steps.length - 1, s + 1))} disabled={step >= steps.length - 1} data-testid="replay-next">
            Next ›
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setStep(steps.length - 1)} disabled={step >= steps.length - 1}>
            Last »
          </Button>
          <span className="font-mono text-sm" data-testid="replay-step">
            event {cur.seq} / {steps.length}
          </span>
        </div>
        <input type="range" min={0} max={steps.length - 1} value={step} onChange={(e) => setStep(Number(e.target.value))} className="mt-3 w-full accent-garnet-700" aria-label="Replay position" />
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <Badge tone="garnet">{phase ? `${phase.round ? `Round ${phase.round} · ` : ""}${phase.name}` : "Lobby"}</Badge>
          {left !== null && <Badge>{cur.paused ? "paused" : `${formatMs(left)} on the clock`}</Badge>}
          <time className="text-stone-500">{new Date(cur.at).toLocaleString()}</time>
          <span data-testid="replay-line">{lineOf(step)}</span>
        </div>
        <div className="mt-2">
          <PhaseTracker track={game.phaseTrack} phase={phase} />
        </div>
      </Card>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-4">
          {outcome && <EndScreen payload={payload} />}
          {view !== null && <Dashboard payload={payload} view={view} offsetMs={0} act={refused} hostAct={refused} nameOf={name} />}
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
