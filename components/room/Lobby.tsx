"use client";
import Link from "next/link";
import { useEffect, useState } from "react";
import type { RoomPayload } from "@/lib/protocol";
import { Badge, Button, Card, ErrorNote } from "@/components/ui/primitives";
import { QrCode } from "./QrCode";
import type { RoomConnection } from "./useRoom";

export function JoinLink({ code }: { code: string }) {
  const [origin, setOrigin] = useState("");
  const [copied, setCopied] = useState(false);
  useEffect(() => setOrigin(window.location.origin), []);
  const url = `${origin}/r/${code}`;
  return (
    <div className="flex flex-col items-start gap-3 sm:flex-row">
      {origin && <QrCode text={url} />}
      <div className="space-y-2">
        <p className="text-sm text-stone-600 dark:text-stone-400">Players join from this link (or the code on the Join page):</p>
        <p className="font-mono text-2xl font-bold tracking-widest" data-testid="room-code">
          {code}
        </p>
        <div className="flex items-center gap-2">
          <input readOnly value={url} aria-label="Join link" className="w-64 rounded border border-stone-300 bg-stone-50 px-2 py-1 font-mono text-xs dark:border-stone-700 dark:bg-stone-950" data-testid="join-link" />
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(url).then(() => {
                setCopied(true);
                setTimeout(() => setCopied(false), 1500);
              });
            }}
          >
            {copied ? "Copied" : "Copy"}
          </Button>
        </div>
      </div>
    </div>
  );
}

export function Lobby({ payload, conn, signedIn }: { payload: RoomPayload; conn: RoomConnection; signedIn: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = payload.seats.filter((s) => !s.occupied).length;
  const mine = payload.you;

  async function run(p: Promise<{ ok: boolean; message?: string }>) {
    setBusy(true);
    setError(null);
    const r = await p;
    setBusy(false);
    if (!r.ok) setError(r.message ?? "That did not work.");
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
      <Card title={`Seats · ${payload.seats.length - open}/${payload.seats.length} taken`}>
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="seat-list">
          {payload.seats.map((s, i) => (
            <li key={s.seat} className="flex items-center gap-2 rounded-lg border border-stone-200 px-3 py-2 dark:border-stone-800">
              <span className="w-6 text-xs text-stone-500">{i + 1}</span>
              {s.occupied ? <span className="font-medium">{s.name}</span> : <span className="italic text-stone-500">open</span>}
              {s.isBot && <Badge>bot</Badge>}
              {s.seat === mine && <Badge tone="garnet">you</Badge>}
              {payload.role === "host" && s.occupied && (
                <Button size="sm" variant="ghost" className="ml-auto" onClick={() => void run(conn.host({ type: "kick", seat: s.seat }))} aria-label={`Open seat ${i + 1}`}>
                  Remove
                </Button>
              )}
              {payload.role === "host" && !s.occupied && (
                <Button size="sm" variant="ghost" className="ml-auto" onClick={() => void run(conn.host({ type: "bot", seat: s.seat, on: true }))}>
                  Add bot
                </Button>
              )}
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {payload.role === "spectator" &&
            (signedIn ? (
              <Button onClick={() => void run(conn.claim())} disabled={busy || open === 0} data-testid="take-seat">
                {open === 0 ? "All seats taken" : "Take a seat"}
              </Button>
            ) : (
              <Link href={`/signin?next=/r/${payload.code}`} className="rounded-lg bg-garnet-700 px-4 py-2 text-sm font-medium text-white hover:bg-garnet-800">
                Sign in to take a seat
              </Link>
            ))}
          {payload.role === "player" && (
            <>
              <span className="text-sm text-stone-600 dark:text-stone-400" data-testid="seated">
                You are seated. The host starts the game.
              </span>
              <Button variant="secondary" size="sm" onClick={() => void run(conn.release())} disabled={busy}>
                Leave seat
              </Button>
            </>
          )}
          {payload.role === "host" && (
            <>
              <Button onClick={() => void run(conn.host({ type: "start", fillWithBots: open > 0 }))} disabled={busy} data-testid="start-game">
                {open > 0 ? `Start with bots in ${open} open seat${open > 1 ? "s" : ""}` : "Start the game"}
              </Button>
            </>
          )}
        </div>
        <div className="mt-3">
          <ErrorNote>{error}</ErrorNote>
        </div>
      </Card>
      <Card title="Invite">
        <JoinLink code={payload.code} />
        <p className="mt-3 text-xs text-stone-500">
          Spectators watch at <Link className="underline" href={`/r/${payload.code}/watch`}>/r/{payload.code}/watch</Link>.
        </p>
      </Card>
    </div>
  );
}
