// What the phase's `waitingOn` says, read in one place: whether the game waits
// on this viewer's seat now (the one answer the status bar and every dashboard
// agree with), and which seats have already done what the phase asks (locked
// in, voted, marked done). The views do not repeat the latter per player: the
// phase, sent once to every viewer, already says it, so one seat's move
// changes only its own view and the shared phase.
import type { PhaseInfo } from "./games/core/types";
import type { RoomPayload } from "./protocol";

export function owesMove(payload: Pick<RoomPayload, "status" | "you" | "phase">): boolean {
  return payload.status === "running" && payload.you !== null && Boolean(payload.phase?.waitingOn.includes(payload.you));
}

const NONE: ReadonlySet<string> = new Set();

/** The seats among `seats` that the phase under way no longer waits on; none without a phase. */
export function settledSeats(seats: readonly string[], phase: PhaseInfo | null): ReadonlySet<string> {
  if (!phase) return NONE;
  const waiting = new Set(phase.waitingOn);
  return new Set(seats.filter((s) => !waiting.has(s)));
}
