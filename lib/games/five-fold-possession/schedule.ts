// The secret role schedule, drawn from the seed at setup. Round 1 has no roles;
// one round of 2..12 has no roles either; in the ten others one player is the
// possessed and another the ghost hunter, under the constraints of the rule text.
import type { Rng } from "../core/rng";
import type { SeatId } from "../core/types";

export const TOTAL_ROUNDS = 12;
/** Times each player holds each role. */
export const ROLE_TIMES = 2;

export interface RoundRoles {
  possessed: SeatId;
  ghostHunter: SeatId;
}

export interface Schedule {
  /** The round of 2..12 where nobody is possessed. */
  emptyRound: number;
  /** Index round - 1; null for round 1 and for the empty round. */
  roles: (RoundRoles | null)[];
}

export type PairMode = "unordered" | "ordered";

const pairKey = (p: SeatId, g: SeatId, mode: PairMode) => (mode === "ordered" || p < g ? `${p}|${g}` : `${g}|${p}`);

/**
 * Randomised backtracking: picks the empty round, then fills the role rounds in
 * order from shuffled candidate pairs. Each attempt is bounded; a failed attempt
 * starts over with fresh randomness, so the search always ends.
 */
export function solveSchedule(seats: SeatId[], rng: Rng, mode: PairMode = "unordered"): Schedule {
  if (seats.length * ROLE_TIMES !== TOTAL_ROUNDS - 2) throw new Error(`the schedule needs exactly ${(TOTAL_ROUNDS - 2) / ROLE_TIMES} players`);
  const pairs: RoundRoles[] = [];
  for (const p of seats) for (const g of seats) if (p !== g) pairs.push({ possessed: p, ghostHunter: g });
  for (let attempt = 0; attempt < 1000; attempt++) {
    const emptyRound = rng.range(2, TOTAL_ROUNDS);
    const roles: (RoundRoles | null)[] = Array.from({ length: TOTAL_ROUNDS }, () => null);
    const possessedCount: Record<SeatId, number> = {};
    const hunterCount: Record<SeatId, number> = {};
    for (const s of seats) {
      possessedCount[s] = 0;
      hunterCount[s] = 0;
    }
    const used = new Set<string>();
    const roleRounds: number[] = [];
    for (let r = 2; r <= TOTAL_ROUNDS; r++) if (r !== emptyRound) roleRounds.push(r);
    let budget = 20_000;
    // eslint-disable-next-line perf/closures-unnamed -- a recursive search over this attempt's tallies, made once per attempt when a game is set up
    const place = (i: number): boolean => {
      if (i === roleRounds.length) return true;
      if (--budget < 0) return false;
      const r = roleRounds[i] as number;
      const prev = roles[r - 2] ?? null;
      for (const pair of rng.shuffle(pairs)) {
        const { possessed: p, ghostHunter: g } = pair;
        if ((possessedCount[p] ?? 0) >= ROLE_TIMES || (hunterCount[g] ?? 0) >= ROLE_TIMES) continue;
        if (prev && (prev.possessed === p || prev.ghostHunter === g)) continue;
        const key = pairKey(p, g, mode);
        if (used.has(key)) continue;
        roles[r - 1] = pair;
        possessedCount[p] = (possessedCount[p] ?? 0) + 1;
        hunterCount[g] = (hunterCount[g] ?? 0) + 1;
        used.add(key);
        if (place(i + 1)) return true;
        roles[r - 1] = null;
        possessedCount[p] = (possessedCount[p] ?? 0) - 1;
        hunterCount[g] = (hunterCount[g] ?? 0) - 1;
        used.delete(key);
        if (budget < 0) return false;
      }
      return false;
    };
    if (place(0)) return { emptyRound, roles: roles.map((x) => (x ? { possessed: x.possessed, ghostHunter: x.ghostHunter } : null)) };
  }
  throw new Error("no role schedule found");
}

/** Every constraint of the rule text; returns the broken ones (empty when valid). */
export function scheduleProblems(schedule: Schedule, seats: SeatId[], mode: PairMode = "unordered"): string[] {
  const problems: string[] = [];
  const { roles, emptyRound } = schedule;
  if (roles.length !== TOTAL_ROUNDS) problems.push(`expected ${TOTAL_ROUNDS} rounds`);
  if (roles[0] !== null) problems.push("round 1 has roles");
  if (emptyRound < 2 || emptyRound > TOTAL_ROUNDS) problems.push("empty round out of range");
  const empties = roles.map((x, i) => (x === null ? i + 1 : 0)).filter((r) => r >= 2);
  if (empties.length !== 1 || empties[0] !== emptyRound) problems.push(`rounds 2..12 without roles: ${empties.join(",")}`);
  const pc: Record<string, number> = {};
  const hc: Record<string, number> = {};
  const keys = new Set<string>();
  roles.forEach((x, i) => {
    if (!x) return;
    if (!seats.includes(x.possessed) || !seats.includes(x.ghostHunter)) problems.push(`round ${i + 1}: unknown seat`);
    if (x.possessed === x.ghostHunter) problems.push(`round ${i + 1}: both roles on ${x.possessed}`);
    pc[x.possessed] = (pc[x.possessed] ?? 0) + 1;
    hc[x.ghostHunter] = (hc[x.ghostHunter] ?? 0) + 1;
    const key = pairKey(x.possessed, x.ghostHunter, mode);
    if (keys.has(key)) problems.push(`round ${i + 1}: pair ${key} repeated`);
    keys.add(key);
    const prev = i > 0 ? roles[i - 1] : null;
    if (prev && prev.possessed === x.possessed) problems.push(`round ${i + 1}: ${x.possessed} possessed twice running`);
    if (prev && prev.ghostHunter === x.ghostHunter) problems.push(`round ${i + 1}: ${x.ghostHunter} ghost hunter twice running`);
  });
  for (const s of seats) {
    if ((pc[s] ?? 0) !== ROLE_TIMES) problems.push(`${s} possessed ${pc[s] ?? 0} times`);
    if ((hc[s] ?? 0) !== ROLE_TIMES) problems.push(`${s} ghost hunter ${hc[s] ?? 0} times`);
  }
  return problems;
}
