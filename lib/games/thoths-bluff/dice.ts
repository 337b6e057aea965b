// The five dice of Thoth's Bluff and the small arithmetic every rule uses on them.

export const DICE = ["d4", "d6", "d8", "d12", "d20"] as const;
export type DieKind = (typeof DICE)[number];

export const SIDES: Readonly<Record<DieKind, number>> = { d4: 4, d6: 6, d8: 8, d12: 12, d20: 20 };

/** The names the rule text also gives the dice. */
export const DIE_NAMES: Readonly<Record<DieKind, string>> = { d4: "Tetra", d6: "Cube", d8: "Octo", d12: "Dodec", d20: "Ico" };

/** unrolled: no value; rolled: a value from 1 to its sides; removed: out of play until recovered. */
export type DieStatus = "unrolled" | "rolled" | "removed";

export interface Die {
  kind: DieKind;
  status: DieStatus;
  /** Set only while rolled. */
  value: number | null;
}

/** Index of a die in the fixed d4…d20 order every dice array uses. */
export function dieIndex(kind: DieKind): number {
  return DICE.indexOf(kind);
}

/** Brings any integer back onto the faces 1…sides, counting round the die (d20: 0 → 20, 22 → 2). */
export function wrap(value: number, sides: number): number {
  return ((((value - 1) % sides) + sides) % sides) + 1;
}

export function clamp(value: number, sides: number): number {
  return Math.min(sides, Math.max(1, value));
}

/**
 * How many doubles a set of values holds. "disjoint": each die counts in at most
 * one double (three 5s make one, four make two); "everyPair": every two dice with
 * equal values count (three 5s make three).
 */
export type DoublesRule = "disjoint" | "everyPair";

export function countDoubles(values: readonly number[], rule: DoublesRule = "disjoint"): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let pairs = 0;
  for (const c of counts.values()) pairs += rule === "disjoint" ? Math.floor(c / 2) : (c * (c - 1)) / 2;
  return pairs;
}
