"use client";
import { useState } from "react";
import type { RoomPayload } from "@/lib/protocol";
import { Badge, Button, Card, ErrorNote, inputClass } from "@/components/ui/primitives";
import type { RoomConnection } from "./useRoom";

/** The host's controls for a running game. */
export function HostPanel({ payload, conn }: { payload: RoomPayload; conn: RoomConnection }) {
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const running = payload.status === "running";
  const p = payload.phase;

  async function run(p: Promise<{ ok: boolean; message?: string }>) {
    setError(null);
    const r = await p;
    if (!r.ok) setError(r.message ?? "That did not work.");
  }

  return (
    <Card title="Host controls" data-testid="host-panel">
      <div className="flex flex-wrap gap-2">
        {payload.clock.paused ? (
          <Button onClick={() => void run(conn.host({ type: "resume" }))} disabled={!running} data-testid="host-resume">
            Resume clock
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => void run(conn.host({ type: "pause" }))} disabled={!running} data-testid="host-pause">
            Pause clock
          </Button>
        )}
        <Button variant="secondary" onClick={() => void run(conn.host({ type: "extend", seconds: 30 }))} disabled={!running || (payload.clock.deadlineAt === null && payload.clock.remainingMs === null)} data-testid="host-extend">
          +30 s
        </Button>
        <Button variant="secondary" onClick={() => void run(conn.host({ type: "extend", seconds: 120 }))} disabled={!running || (payload.clock.deadlineAt === null && payload.clock.remainingMs === null)}>
          +2 min
        </Button>
        <Button variant="secondary" onClick={() => void run(conn.host({ type: "advance" }))} disabled={!running} data-testid="host-advance" title="Ends the phase now: everyone who has not submitted gets the default">
          End phase now
        </Button>
      </div>
      {p && running && (
        <p className="mt-3 text-sm text-stone-600 dark:text-stone-400" data-testid="host-waiting">
          {p.waitingOn.length ? (
            <>
              Waiting on:{" "}
              {p.waitingOn.map((s) => (
                <Badge key={s} tone="amber" className="mr-1">
                  {payload.seats.find((x) => x.seat === s)?.name ?? s}
                </Badge>
              ))}
            </>
          ) : p.waitingOnHost ? (
            "Waiting on a decision (yours or a winner's)."
          ) : (
            "Everyone has submitted."
          )}
        </p>
      )}
      <h3 className="mt-4 text-xs font-semibold uppercase text-stone-500">Seats</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {payload.seats.map((s, i) => (
          <li key={s.seat} className="flex flex-wrap items-center gap-2">
            <span className="w-5 text-xs text-stone-400">{i + 1}</span>
            <span className={s.occupied ? "" : "italic text-stone-400"}>{s.occupied ? s.name : "open"}</span>
            {s.isBot && <Badge>bot</Badge>}
            {!s.isBot && s.occupied && <Badge tone={s.connected ? "green" : "neutral"}>{s.connected ? "online" : "offline"}</Badge>}
            {running && (
              <span className="ml-auto flex gap-1">
                {s.occupied && !s.isBot && (
                  <Button size="sm" variant="ghost" onClick={() => void run(conn.host({ type: "kick", seat: s.seat }))}>
                    Remove
                  </Button>
                )}
                {!s.isBot ? (
                  <Button size="sm" variant="ghost" onClick={() => void run(conn.host({ type: "bot", seat: s.seat, on: true }))}>
                    Bot plays
                  </Button>
                ) : (
                  <Button size="sm" variant="ghost" onClick={() => void run(conn.host({ type: "bot", seat: s.seat, on: false }))}>
                    Open seat
                  </Button>
                )}
              </span>
            )}
          </li>
        ))}
      </ul>
      {running && (
        <form
          className="mt-4 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) void run(conn.host({ type: "end", reason: reason.trim() }));
          }}
        >
          <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} placeholder="Reason to end the game early" className={inputClass} aria-label="Reason to end the game early" />
          <Button type="submit" variant="danger" disabled={!reason.trim()}>
            End game
          </Button>
        </form>
      )}
      <div className="mt-3">
        <ErrorNote>{error}</ErrorNote>
      </div>
    </Card>
  );
}
