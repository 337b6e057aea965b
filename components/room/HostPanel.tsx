"use client";
import { useState } from "react";
import type { RoomPayload } from "@/lib/protocol";
import { Badge, Button, Card, ErrorNote, inputClass } from "@/components/ui/primitives";
import { seatName } from "@/lib/names";
import { SeatManager } from "./SeatManager";
import type { RoomConnection } from "./useRoom";

/** The host's controls for a running game. */
export function HostPanel({ payload, conn }: { payload: RoomPayload; conn: RoomConnection }) {
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [showState, setShowState] = useState(false);
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
                <span key={s} className="mr-2 inline-flex items-center gap-1">
                  <Badge tone="amber">{seatName(payload.seats, s)}</Badge>
                  {!payload.seats.find((x) => x.seat === s)?.isBot && (
                    <button type="button" className="text-xs underline" onClick={() => void run(conn.host({ type: "nudge", seat: s }))} data-testid={`nudge-${s}`}>
                      nudge
                    </button>
                  )}
                </span>
              ))}
            </>
          ) : p.waitingOnHost ? (
            "Waiting on a decision (yours or a winner's)."
          ) : (
            "Everyone has submitted."
          )}
        </p>
      )}
      <SeatManager payload={payload} host={conn.host} />
      <form
        className="mt-4 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!announcement.trim()) return;
          void run(conn.host({ type: "announce", text: announcement.trim() })).then(() => setAnnouncement(""));
        }}
      >
        <input value={announcement} onChange={(e) => setAnnouncement(e.target.value)} maxLength={300} placeholder="Announcement to the room" className={inputClass} aria-label="Announcement to the room" data-testid="announce-input" />
        <Button type="submit" variant="secondary" disabled={!announcement.trim()} data-testid="announce-send">
          Announce
        </Button>
      </form>
      <details className="mt-4">
        <summary className="cursor-pointer text-xs font-semibold uppercase text-stone-500">Phase lengths</summary>
        <ul className="mt-2 space-y-1 text-sm">
          {payload.phaseTrack.map((t) => (
            <PhaseLength key={t.key} id={`phase-length-${t.key}`} name={t.name} seconds={payload.phaseSeconds?.[t.key] ?? null} override={payload.durations[t.key]} onSet={(seconds) => void run(conn.host({ type: "duration", phase: t.key, seconds }))} />
          ))}
        </ul>
        <p className="mt-1 text-xs text-stone-500">Applies from the next time the phase begins; use +30 s for the phase under way.</p>
      </details>
      <details className="mt-3">
        <summary className="cursor-pointer text-xs font-semibold uppercase text-stone-500">Spectators</summary>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <select
            aria-label="Spectator mode"
            className="rounded border border-stone-300 bg-white px-2 py-1 dark:border-stone-700 dark:bg-stone-950"
            value={payload.spectators.mode === "live" ? "live" : String(payload.spectators.lag)}
            data-testid="spectator-mode"
            onChange={(e) => void run(conn.host(e.target.value === "live" ? { type: "spectators", mode: "live", lag: 1, revealAtEnd: payload.spectators.revealAtEnd } : { type: "spectators", mode: "delayed", lag: Number(e.target.value), revealAtEnd: payload.spectators.revealAtEnd }))}
          >
            <option value="live">Live (public information)</option>
            {[1, 2, 3, 5].map((n) => (
              <option key={n} value={n}>
                {n} phase{n > 1 ? "s" : ""} behind
              </option>
            ))}
          </select>
          <label className="flex items-center gap-1">
            <input type="checkbox" checked={payload.spectators.revealAtEnd} onChange={(e) => void run(conn.host({ type: "spectators", mode: payload.spectators.mode, lag: payload.spectators.lag, revealAtEnd: e.target.checked }))} />
            all-seeing after the game
          </label>
        </div>
      </details>
      <details className="mt-3" open={showState} onToggle={(e) => setShowState((e.target as HTMLDetailsElement).open)}>
        <summary className="cursor-pointer text-xs font-semibold uppercase text-stone-500">Full hidden state (raw)</summary>
        {showState && <pre className="mt-2 max-h-72 overflow-auto text-[11px]">{JSON.stringify(payload.view, null, 2)}</pre>}
      </details>
      {running && (
        <form
          className="mt-4 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) return;
            if (!confirmEnd) return setConfirmEnd(true);
            setConfirmEnd(false);
            void run(conn.host({ type: "end", reason: reason.trim() }));
          }}
        >
          <div className="flex gap-2">
            <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} placeholder="Reason to end the game early" className={inputClass} aria-label="Reason to end the game early" data-testid="end-reason" />
            {!confirmEnd && (
              <Button type="submit" variant="danger" disabled={!reason.trim()} data-testid="end-game">
                End game
              </Button>
            )}
          </div>
          {confirmEnd && (
            <div role="alertdialog" aria-labelledby="end-confirm-text" className="rounded-lg border border-red-300 bg-red-50 p-2 text-sm dark:border-red-800 dark:bg-red-950" data-testid="end-confirm">
              <p id="end-confirm-text" className="font-medium text-red-900 dark:text-red-100">
                End the game for everyone now? It cannot be resumed.
              </p>
              <div className="mt-2 flex gap-2">
                <Button type="submit" variant="danger" size="sm" data-testid="end-game-confirm">
                  Yes, end the game
                </Button>
                <Button type="button" variant="secondary" size="sm" onClick={() => setConfirmEnd(false)} data-testid="end-game-cancel">
                  Keep playing
                </Button>
              </div>
            </div>
          )}
        </form>
      )}
      <div className="mt-3">
        <ErrorNote>{error}</ErrorNote>
      </div>
    </Card>
  );
}

function PhaseLength({ id, name, seconds, override, onSet }: { id: string; name: string; seconds: number | null; override: number | undefined; onSet: (seconds: number | null) => void }) {
  const now = override !== undefined ? override / 1000 : seconds;
  const [value, setValue] = useState(now === null ? "" : String(now));
  const changed = value !== "" && Number(value) !== now;
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1">
      <label htmlFor={id} className="min-w-0 break-words">
        {name}
        {now === 0 && <span className="ml-1 text-xs text-stone-600 dark:text-stone-400">(untimed)</span>}
        {override !== undefined && <span className="ml-1 text-xs text-garnet-700 dark:text-garnet-300">(changed)</span>}
      </label>
      <span className="flex items-center gap-1">
        <input id={id} type="number" min={5} max={86400} value={value} onChange={(e) => setValue(e.target.value)} className="w-20 rounded border border-stone-300 bg-white px-2 py-1 dark:border-stone-700 dark:bg-stone-950" data-testid="phase-length" />
        <span className="text-xs text-stone-600 dark:text-stone-400">s</span>
        <Button size="sm" variant="ghost" disabled={!changed} onClick={() => onSet(Number(value))}>
          Set
        </Button>
        {override !== undefined && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setValue(seconds === null ? "" : String(seconds));
              onSet(null);
            }}
          >
            Reset
          </Button>
        )}
      </span>
    </li>
  );
}
