// The fixed material of Secret Sinner and its pure rules: attributes, letters,
// the deal of pairs, allies, what makes a query legal, scoring and the ranking
// chain. Nothing here knows about phases or viewers, so the dashboard may
// import it too (e.g. to check a query before sending it).
import type { Rng } from "../core/rng";
import type { SeatId } from "../core/types";

export const SINS = ["lust", "gluttony", "greed", "sloth", "wrath", "envy", "pride"] as const;
export const VIRTUES = ["faith", "hope", "charity"] as const;
export const ATTRIBUTES = [...SINS, ...VIRTUES] as const;
export type Sin = (typeof SINS)[number];
export type Virtue = (typeof VIRTUES)[number];
export type Attribute = Sin | Virtue;

/** The 21 letters, one per (sin, virtue) pair. */
export const LETTERS = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U"] as const;
export type Letter = (typeof LETTERS)[number];
export const LETTER_COUNT = LETTERS.length;

export type Realm = "heaven" | "hell";

export interface Pair {
  sin: Sin;
  virtue: Virtue;
}

/** The label a player reads, e.g. "Gluttony". */
export function attributeLabel(a: Attribute): string {
  return a.charAt(0).toUpperCase() + a.slice(1);
}

export function hasAttribute(p: Pair, a: Attribute): boolean {
  return p.sin === a || p.virtue === a;
}

/** Two letters are allies when their pairs share a sin or a virtue; a letter is not its own ally. */
export function areAllies(a: Pair, b: Pair): boolean {
  const same = a.sin === b.sin && a.virtue === b.virtue;
  return !same && (a.sin === b.sin || a.virtue === b.virtue);
}

/** Heaven players needed for a seat count (hell + 3·heaven = 21, both realms non-empty), or null if impossible. */
export function heavenCountFor(players: number): number | null {
  if (!Number.isInteger(players) || (LETTER_COUNT - players) % 2 !== 0) return null;
  const heaven = (LETTER_COUNT - players) / 2;
  return heaven >= 1 && players - heaven >= 1 ? heaven : null;
}

/** The seat counts the game supports: 9, 11, …, 19. */
export const SUPPORTED_PLAYER_COUNTS: number[] = Array.from({ length: LETTER_COUNT }, (_, i) => i + 1).filter((n) => heavenCountFor(n) !== null);

/**
 * Three pairs per Heaven seat with six different attributes: one pair of each
 * virtue, three different sins, and no pair used twice across seats. Random sin
 * orders per virtue are drawn until every triple has three different sins
 * (uniform over valid deals); should that take long, a fixed pattern over a
 * random sin order (offsets 0, 1, 3 modulo 7) is used instead.
 */
export function dealHeavenTriples(rng: Rng, heavenPlayers: number, attempts = 400): Pair[][] {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const columns = VIRTUES.map(() => rng.shuffle(SINS));
    const triples = Array.from({ length: heavenPlayers }, (_, i) => VIRTUES.map((virtue, v) => ({ sin: columns[v]![i]!, virtue })));
    if (triples.every((t) => new Set(t.map((p) => p.sin)).size === 3)) return triples;
  }
  const order = rng.shuffle(SINS);
  const offsets = [0, 1, 3];
  return Array.from({ length: heavenPlayers }, (_, i) => VIRTUES.map((virtue, v) => ({ sin: order[(i + offsets[v]!) % SINS.length]!, virtue })));
}

/** All 21 pairs not in `used`, in a random order. */
export function remainingPairs(rng: Rng, used: Pair[]): Pair[] {
  const taken = new Set(used.map((p) => `${p.sin}/${p.virtue}`));
  return rng.shuffle(SINS.flatMap((sin) => VIRTUES.map((virtue) => ({ sin, virtue }))).filter((p) => !taken.has(`${p.sin}/${p.virtue}`)));
}

// ---------------------------------------------------------------- queries

/** One entry of the public letter board. */
export interface BoardEntry {
  letter: Letter;
  owner: SeatId;
  realm: Realm;
}

export interface Problem {
  code: string;
  message: string;
}

/**
 * Why three letters cannot form a query for `sender`, or null when they can:
 * three different letters, at least one held in each realm, never two held by
 * the same player (the amendment), and none of the sender's own letters when
 * `allowOwn` is off.
 */
export function queryLettersProblem(letters: readonly Letter[], board: readonly BoardEntry[], sender: SeatId, allowOwn: boolean): Problem | null {
  if (letters.length !== 3) return { code: "action/query_size", message: "A query names exactly three letters." };
  if (new Set(letters).size !== 3) return { code: "action/query_duplicate", message: "A query names three different letters." };
  const entries = letters.map((l) => board.find((e) => e.letter === l));
  if (entries.some((e) => !e)) return { code: "action/unknown_letter", message: "Every letter of a query must be on the board (A to U)." };
  const es = entries as BoardEntry[];
  if (!allowOwn && es.some((e) => e.owner === sender)) return { code: "action/query_own_letter", message: "In this match you may not query your own letters." };
  if (new Set(es.map((e) => e.owner)).size !== 3) return { code: "action/query_same_player", message: "You may not query two letters that belong to the same player." };
  if (!es.some((e) => e.realm === "heaven") || !es.some((e) => e.realm === "hell")) {
    return { code: "action/query_realms", message: "A query needs at least one letter from Heaven and one from Hell." };
  }
  return null;
}

/** Why `recipient` cannot receive `sender`'s query, or null. `used` counts earlier queries sent to them. */
export function recipientProblem(senderRealm: Realm, recipient: SeatId, recipientRealm: Realm | undefined, used: number, limit: number): Problem | null {
  if (!recipientRealm) return { code: "action/bad_recipient", message: `${recipient} is not a player of this match.` };
  if (recipientRealm === senderRealm) return { code: "action/bad_recipient", message: "Queries go to a player of the other realm." };
  if (used >= limit) {
    const times = limit === 1 ? "once" : limit === 2 ? "twice" : `${limit} times`;
    return { code: "action/recipient_limit", message: `You may send queries to the same player only ${times} (${recipient} already had ${used}).` };
  }
  return null;
}

// ---------------------------------------------------------------- scoring and ranking

export interface ScoringRule {
  /** Points a letter gains per correctly locked ally. */
  correctLock: number;
  /** Points a letter loses per incorrectly locked letter. */
  incorrectLock: number;
  /** Points a letter loses each time an ally correctly locks it in. */
  lockedByAlly: number;
}

export interface LockFact {
  round: number;
  letter: Letter;
  target: Letter;
  correct: boolean;
}

/** Everything the score and the tiebreaks of one player (or one letter) depend on. */
export interface Standing {
  seat: SeatId;
  score: number;
  correct: number;
  incorrect: number;
  /** Rounds of this player's correct locks, ascending (one entry per lock). */
  correctRounds: number[];
  /** Times an ally correctly locked one of this player's letters. */
  lockedCorrectly: number;
  /** Rounds of those lock-ins, ascending. */
  lockedRounds: number[];
}

export function standingOf(seat: SeatId, letters: readonly Letter[], locks: readonly LockFact[], rule: ScoringRule): Standing {
  const mine = new Set<string>(letters);
  const correctRounds: number[] = [];
  const lockedRounds: number[] = [];
  let incorrect = 0;
  for (const l of locks) {
    if (mine.has(l.letter)) {
      if (l.correct) correctRounds.push(l.round);
      else incorrect++;
    }
    if (l.correct && mine.has(l.target)) lockedRounds.push(l.round);
  }
  correctRounds.sort((a, b) => a - b);
  lockedRounds.sort((a, b) => a - b);
  const score = correctRounds.length * rule.correctLock - incorrect * rule.incorrectLock - lockedRounds.length * rule.lockedByAlly;
  return { seat, score, correct: correctRounds.length, incorrect, correctRounds, lockedCorrectly: lockedRounds.length, lockedRounds };
}

/** The steps of the tiebreak chain, in order. */
export const TIEBREAKS = ["score", "correct", "earlierCorrect", "fewerLocked", "laterLocked", "draw"] as const;
export type Tiebreak = (typeof TIEBREAKS)[number];

export const TIEBREAK_LABELS: Record<Tiebreak, string> = {
  score: "more points",
  correct: "more correctly locked allies",
  earlierCorrect: "earlier correct lock-ins",
  fewerLocked: "fewer times locked in correctly",
  laterLocked: "later times locked in correctly",
  draw: "seeded draw",
};

/** First index where two ascending round lists differ: negative when `a` is earlier there. */
function firstDifference(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return 0;
}

/**
 * Compares two players of one realm along the chain: negative when `a` ranks
 * above `b`, with the step that decided; 0 and "draw" when the whole chain ties.
 */
export function compareStandings(a: Standing, b: Standing): { order: number; by: Tiebreak } {
  if (a.score !== b.score) return { order: b.score - a.score, by: "score" };
  if (a.correct !== b.correct) return { order: b.correct - a.correct, by: "correct" };
  const early = firstDifference(a.correctRounds, b.correctRounds);
  if (early !== 0) return { order: early, by: "earlierCorrect" };
  if (a.lockedCorrectly !== b.lockedCorrectly) return { order: a.lockedCorrectly - b.lockedCorrectly, by: "fewerLocked" };
  const late = firstDifference(a.lockedRounds, b.lockedRounds);
  if (late !== 0) return { order: -late, by: "laterLocked" };
  return { order: 0, by: "draw" };
}

/**
 * Orders one realm best first. `drawOrder` (a seeded shuffle of the seats)
 * settles players the whole chain cannot separate. Each entry says which step
 * placed it above the next player.
 */
export function rankRealm(standings: readonly Standing[], drawOrder: readonly SeatId[]): { seat: SeatId; aboveNextBy: Tiebreak | null }[] {
  const drawIndex = new Map(drawOrder.map((s, i) => [s, i]));
  const sorted = standings.slice().sort((a, b) => compareStandings(a, b).order || (drawIndex.get(a.seat) ?? 0) - (drawIndex.get(b.seat) ?? 0));
  return sorted.map((s, i) => {
    const next = sorted[i + 1];
    return { seat: s.seat, aboveNextBy: next ? compareStandings(s, next).by : null };
  });
}
