"use client";
// The host's seats during a game: who sits where and whether they are online;
// remove a player (and keep them out), let a bot play for a player and hand
// the seat back, fill an open seat with a bot; answer requests for open seats;
// let a removed player back in.
import { useState } from "react";
import type { HostCommandInput, RoomPayload, SeatInfo } from "@/lib/protocol";
import { Badge, Button, ErrorNote } from "@/components/ui/primitives";

type Host = (command: HostCommandInput) => Promise<{ ok: boolean; message?: string }>;

/** How a seat is named to the host: its holder, "Bot for" its holder, its bot, or open. */
export function seatLabel(s: SeatInfo): string {
  if (!s.occupied) return "open";
  return s.botFor ? `Bot for ${s.name}` : (s.name ?? "");
}

function SeatRow({ s, n, host, busy }: { s: SeatInfo; n: number; host: (c: HostCommandInput) => void; busy: boolean }) {
  const human = s.occupied && !s.isBot;
  return (
    <li className="flex flex-wrap items-center gap-2" data-testid={`host-seat-${s.seat}`}>
      <span className="w-5 text-xs text-stone-500">{n}</span>
      <span className={s.occupied ? "" : "italic text-stone-500"}>{seatLabel(s)}</span>
      {s.isBot && !s.botFor && <Badge>bot</Badge>}
      {(human || s.botFor) && <Badge tone={s.connected && human ? "green" : "neutral"}>{human ? (s.connected ? "online" : "offline") : "bot plays"}</Badge>}
      <span className="ml-auto flex flex-wrap gap-1">
        {human && (
          <>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => host({ type: "bot", seat: s.seat, on: true })} title="A bot plays this seat for them until you hand it back" data-testid={`bot-for-${s.seat}`}>
              Bot plays for them
            </Button>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => host({ type: "kick", seat: s.seat })} data-testid={`remove-${s.seat}`}>
              Remove
            </Button>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => host({ type: "kick", seat: s.seat, ban: true })} data-testid={`ban-${s.seat}`}>
              Remove and keep out
            </Button>
          </>
        )}
        {s.botFor && (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => host({ type: "bot", seat: s.seat, on: false })} data-testid={`give-back-${s.seat}`}>
            Give back to {s.name}
          </Button>
        )}
        {s.isBot && !s.botFor && (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => host({ type: "bot", seat: s.seat, on: false })}>
            Open seat
          </Button>
        )}
        {!s.occupied && (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => host({ type: "bot", seat: s.seat, on: true })}>
            Bot plays
          </Button>
        )}
      </span>
    </li>
  );
}

export function SeatManager({ payload, host }: { payload: RoomPayload; host: Host }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = payload.status === "running";
  const send = (c: HostCommandInput) => {
    setBusy(true);
    setError(null);
    void host(c).then((r) => {
      setBusy(false);
      if (!r.ok) setError(r.message ?? "That did not work.");
    });
  };
  const seatNo = (seat: string) => payload.seats.findIndex((s) => s.seat === seat) + 1;
  const requests = payload.requests ?? [];
  const banned = payload.banned ?? [];
  return (
    <div data-testid="seat-manager">
      <h3 className="mt-4 text-xs font-semibold uppercase text-stone-500">Seats</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {payload.seats.map((s, i) => (running ? <SeatRow key={s.seat} s={s} n={i + 1} host={send} busy={busy} /> : <li key={s.seat} className="flex gap-2"><span className="w-5 text-xs text-stone-500">{i + 1}</span>{seatLabel(s)}</li>))}
      </ul>
      {running && requests.length > 0 && (
        <>
          <h3 className="mt-3 text-xs font-semibold uppercase text-stone-500">Asking for a seat</h3>
          <ul className="mt-1 space-y-1 text-sm" data-testid="seat-requests">
            {requests.map((r) => (
              <li key={r.userId} className="flex flex-wrap items-center gap-2">
                <span>
                  <strong>{r.name}</strong> asks for seat {seatNo(r.seat)}
                </span>
                <span className="ml-auto flex gap-1">
                  <Button size="sm" disabled={busy} onClick={() => send({ type: "approve", userId: r.userId })} data-testid={`approve-${r.seat}`}>
                    Let them in
                  </Button>
                  <Button size="sm" variant="ghost" disabled={busy} onClick={() => send({ type: "deny", userId: r.userId })}>
                    Turn down
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {banned.length > 0 && (
        <>
          <h3 className="mt-3 text-xs font-semibold uppercase text-stone-500">Kept out</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {banned.map((b) => (
              <li key={b.userId} className="flex items-center gap-2">
                {b.name}
                <Button size="sm" variant="ghost" className="ml-auto" disabled={busy} onClick={() => send({ type: "unban", userId: b.userId })}>
                  Let back in
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <ErrorNote>{error}</ErrorNote>
    </div>
  );
}
