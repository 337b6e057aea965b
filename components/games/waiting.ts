// Who has already done what the phase asks (locked in, voted, marked done).
// The views do not repeat it per player: the phase's `waitingOn`, sent once
// to every viewer, already says it, so one seat's move changes only its own
// view and the shared phase.
import type { PhaseInfo } from "@/lib/games/core/types";

const NONE: ReadonlySet<string> = new Set();

/** The seats among `seats` that the phase under way no longer waits on; none without a phase. */
export function settledSeats(seats: readonly string[], phase: PhaseInfo | null): ReadonlySet<string> {
  if (!phase) return NONE;
  const waiting = new Set(phase.waitingOn);
  return new Set(seats.filter((s) => !waiting.has(s)));
}
