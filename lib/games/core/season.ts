// Shared pieces of the games' season declarations (`SeasonSpec`): empty
// effects, public scores and the death match candidates read off an outcome.
import type { Outcome, SeasonEffects, SeatId } from "./types";

/** Effects that give nothing, to fill in. */
export function noEffects(): SeasonEffects {
  return { garnets: {}, tokens: {}, opals: {}, marks: [], ec: null, opponentCandidates: [], points: {}, realms: null, deathMatch: null, opponent: null };
}

/** Each seat's score as the public outcome shows it (seats without a score are left out). */
export function publicPoints(outcome: Outcome): Record<SeatId, number> {
  const out: Record<SeatId, number> = {};
  for (const r of outcome.ranking) if (typeof r.score === "number") out[r.seat] = r.score;
  return out;
}

/**
 * Whom the EC may name as death match opponent: every other seat that did not
 * win the match (winners are safe this episode), or every other seat when all
 * of them won. Worst placed first, so the first is the default when nobody chooses.
 */
export function opponentCandidates(outcome: Outcome, ec: SeatId, seats: SeatId[]): SeatId[] {
  const others = seats.filter((s) => s !== ec);
  const safe = others.filter((s) => !outcome.winners.includes(s));
  const pool = safe.length ? safe : others;
  const place = new Map(outcome.ranking.map((r) => [r.seat, r.place]));
  return pool.slice().sort((a, b) => (place.get(b) ?? 0) - (place.get(a) ?? 0) || seats.indexOf(a) - seats.indexOf(b));
}

/** Adds `n` to `into[seat]`. */
export function addTo(into: Record<SeatId, number>, seat: SeatId, n: number): void {
  into[seat] = (into[seat] ?? 0) + n;
}

