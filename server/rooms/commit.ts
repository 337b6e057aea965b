// A folded event as rows to write: the event, the room row and the seats it
// changed, and every so often a snapshot of the whole folded room.
import type { LoggedEvent, RoomData } from "../../lib/room/types";
import type { Commit, SeatRow } from "./batch-sql";

export function commitOf(roomId: string, fence: number, before: RoomData, after: RoomData, ev: LoggedEvent, clientId: string | null, snapshot: boolean): Commit {
  const c = after.clock;
  const seats: SeatRow[] = [];
  for (let i = 0; i < after.seats.length; i++) {
    const s = after.seats[i]!;
    const b = before.seats[i];
    if (b && b.userId === s.userId && b.name === s.name && b.isBot === s.isBot) continue;
    seats.push({ roomId, seatId: s.seat, userId: s.userId, name: s.name, isBot: s.isBot });
  }
  return {
    fence,
    event: { roomId, seq: ev.seq, kind: ev.kind, actor: ev.actor, payload: JSON.stringify(ev.payload), clientId, at: ev.at, deadlineAt: c.deadlineAt, paused: c.paused },
    room: {
      id: roomId,
      version: after.version,
      status: after.status,
      deadlineAt: c.deadlineAt,
      pausedAt: c.paused ? ev.at : null,
      remainingMs: c.remainingMs,
      durations: after.durations,
      endReason: after.endReason,
      spectators: after.spectators,
    },
    seats,
    ...(snapshot ? { snapshot: { roomId, seq: after.version, state: JSON.stringify(after) } } : {}),
  };
}
