// Pure scoring pieces of a round, each on plain data so tests can use fixtures:
// RPS games, the median, the bidding war, identity guesses and role guesses.
import type { SeatId } from "../core/types";
import type { Config } from "./config";
import type { RoundRoles } from "./schedule";
import type { IdentityResult, RoleGuess, RoleGuessResult, RpsEntry, RpsGame, RpsResult, Throw } from "./state";

const BEATS: Record<Throw, Throw> = { rock: "scissors", paper: "rock", scissors: "paper" };

/** Games that go through: both players named each other. Lower bet is the stake. */
export function resolveRps(seats: SeatId[], entries: Record<SeatId, RpsEntry | null>): { games: RpsGame[]; result: Record<SeatId, RpsResult> } {
  const games: RpsGame[] = [];
  const result: Record<SeatId, RpsResult> = {};
  for (const s of seats) result[s] = "none";
  for (const a of seats) {
    const ea = entries[a];
    if (!ea) continue;
    const b = ea.opponent;
    const eb = entries[b];
    if (!eb || eb.opponent !== a || seats.indexOf(a) > seats.indexOf(b)) continue;
    const stake = Math.min(ea.bet, eb.bet);
    const winner = ea.throw === eb.throw ? null : BEATS[ea.throw] === eb.throw ? a : b;
    games.push({ a, b, bets: [ea.bet, eb.bet], throws: [ea.throw, eb.throw], stake, winner });
    result[a] = winner === null ? "drew" : winner === a ? "won" : "lost";
    result[b] = winner === null ? "drew" : winner === b ? "won" : "lost";
  }
  return { games, result };
}

/** Median of the cards nobody else played; a card equal to it wins (at most one can). */
export function resolveMedian(seats: SeatId[], cards: Record<SeatId, number>): { median: number | null; winner: SeatId | null } {
  const count = new Map<number, number>();
  for (const s of seats) count.set(cards[s] ?? 0, (count.get(cards[s] ?? 0) ?? 0) + 1);
  const unique = seats.map((s) => cards[s] ?? 0).filter((c) => count.get(c) === 1).sort((x, y) => x - y);
  if (unique.length === 0) return { median: null, winner: null };
  const mid = Math.floor(unique.length / 2);
  const median = unique.length % 2 === 1 ? (unique[mid] as number) : ((unique[mid - 1] as number) + (unique[mid] as number)) / 2;
  const winner = seats.find((s) => cards[s] === median && count.get(median) === 1) ?? null;
  return { median, winner };
}

/** Highest bid nobody matched wins. */
export function resolveBids(seats: SeatId[], bids: Record<SeatId, number>): { winner: SeatId | null; winningBid: number | null } {
  const count = new Map<number, number>();
  for (const s of seats) count.set(bids[s] ?? 0, (count.get(bids[s] ?? 0) ?? 0) + 1);
  let best: SeatId | null = null;
  for (const s of seats) {
    const b = bids[s] ?? 0;
    if (count.get(b) !== 1) continue;
    if (best === null || b > (bids[best] ?? 0)) best = s;
  }
  return { winner: best, winningBid: best === null ? null : (bids[best] ?? 0) };
}

/** Identity guesses about a round whose aliases were `aliases`; `order` is that round's alphabetical alias list. */
export function scoreIdentities(
  seats: SeatId[],
  targetRound: number,
  aliases: Record<SeatId, string>,
  guesses: Record<SeatId, SeatId[] | null>,
): IdentityResult {
  const order = Object.values(aliases).sort();
  const owner = new Map<string, SeatId>(seats.map((s) => [aliases[s] as string, s]));
  const correct: Record<SeatId, number> = {};
  const fullyRight: SeatId[] = [];
  const copy: Record<SeatId, SeatId[] | null> = {};
  for (const g of seats) {
    const guess = guesses[g] ?? null;
    copy[g] = guess ? guess.slice() : null;
    const n = guess ? order.filter((alias, i) => guess[i] === owner.get(alias)).length : 0;
    correct[g] = n;
    if (n === order.length) fullyRight.push(g);
  }
  return { targetRound, guesses: copy, correct, fullyRight, soleWinner: fullyRight.length === 1 ? (fullyRight[0] as SeatId) : null };
}

const halves = (points: number) => Math.round(points * 2);

/**
 * Role guesses about one round. Everyone scores for naming the possessed and the
 * ghost hunter; the ghost hunter scores extra for naming the possessed and loses
 * for every player who names them. A round without roles scores nothing.
 */
export function scoreRoleGuesses(
  seats: SeatId[],
  targetRound: number,
  roles: RoundRoles | null,
  guesses: Record<SeatId, RoleGuess | null>,
  cfg: Config["guessing"],
): RoleGuessResult {
  const out: Record<SeatId, number> = {};
  const rightNames: Record<SeatId, number> = {};
  const copy: Record<SeatId, RoleGuess | null> = {};
  for (const s of seats) {
    out[s] = 0;
    rightNames[s] = 0;
    const g = guesses[s] ?? null;
    copy[s] = g ? { possessed: g.possessed, ghostHunter: g.ghostHunter } : null;
  }
  let possessedNamedBy = 0;
  if (roles) {
    for (const s of seats) {
      const g = guesses[s];
      if (!g) continue;
      if (g.possessed === roles.possessed) {
        possessedNamedBy++;
        rightNames[s] = (rightNames[s] ?? 0) + 1;
        out[s] = (out[s] ?? 0) + halves(cfg.namePossessed) + (s === roles.ghostHunter ? halves(cfg.hunterFindsPossessed) : 0);
      }
      if (g.ghostHunter === roles.ghostHunter) {
        rightNames[s] = (rightNames[s] ?? 0) + 1;
        out[s] = (out[s] ?? 0) + halves(cfg.nameGhostHunter);
        out[roles.ghostHunter] = (out[roles.ghostHunter] ?? 0) - halves(cfg.hunterNamedPenalty);
      }
    }
  }
  return {
    targetRound,
    guesses: copy,
    halves: out,
    rightNames,
    possessedNamedBy,
    detected: !!roles && possessedNamedBy >= seats.length - 1,
  };
}
