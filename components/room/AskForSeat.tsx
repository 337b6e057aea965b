"use client";
// While a game runs, a signed-in watcher may ask the host for an open seat (or
// one a bot plays on its own); the host lets them in or turns them down. A
// player whose seat a bot plays for now is told so, and who can hand it back.
import { useState } from "react";
import type { RoomPayload } from "@/lib/protocol";
import { Button, Card, ErrorNote } from "@/components/ui/primitives";
import type { RoomConnection } from "./useRoom";

export function AskForSeat({ payload, conn }: { payload: RoomPayload; conn: RoomConnection }) {
  const [asked, setAsked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = payload.seats.filter((s) => !s.occupied || (s.isBot && !s.botFor));
  if (payload.status !== "running" || payload.role !== "spectator" || (!open.length && !asked)) return null;
  const seatNo = (seat: string) => payload.seats.findIndex((s) => s.seat === seat) + 1;
  const run = async (p: Promise<{ ok: boolean; message?: string; seat?: string }>, then: (seat: string | null) => void) => {
    setBusy(true);
    setError(null);
    const r = await p;
    setBusy(false);
    if (r.ok) then(r.seat ?? null);
    else setError(r.message ?? "That did not work.");
  };
  return (
    <Card title="Play in this game">
      {asked ? (
        <div className="space-y-2 text-sm" data-testid="seat-asked">
          <p>You asked the host for seat {seatNo(asked)}. When they let you in, this page turns into your dashboard.</p>
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => void run(conn.release(), () => setAsked(null))}>
            Withdraw the request
          </Button>
        </div>
      ) : (
        <div className="space-y-2 text-sm">
          <p>
            {open.length} seat{open.length > 1 ? "s are" : " is"} without a player. The game is under way, so the host decides who takes one.
          </p>
          <Button size="sm" disabled={busy} onClick={() => void run(conn.claim(), (seat) => setAsked(seat))} data-testid="ask-for-seat">
            Ask the host for a seat
          </Button>
        </div>
      )}
      <ErrorNote>{error}</ErrorNote>
    </Card>
  );
}

export function BotPlaysForYou({ payload }: { payload: RoomPayload }) {
  if (payload.role !== "player" || payload.botFrom === null) return null;
  return (
    <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="bot-plays-for-you">
      A bot has been playing your seat since round {payload.botFrom}. Your moves count again once the host hands the seat back to you.
    </p>
  );
}
