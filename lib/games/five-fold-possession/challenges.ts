// The ten possession challenges, evaluated from a resolved round.
import type { SeatId } from "../core/types";
import type { Config } from "./config";
import { payout } from "./greed";
import type { RoundRecord, Submission } from "./state";

export const CHALLENGES = [
  { id: "rps-draw", minigame: "MG1", text: "Draw a game of RPS." },
  { id: "rps-three-idle", minigame: "MG1", text: "Have 3 players not play Betting RPS." },
  { id: "median-prime", minigame: "MG2", text: "Play a prime number card." },
  { id: "median-win-or-none", minigame: "MG2", text: "Win the median, or make sure nobody wins the median." },
  { id: "greed-all-grey", minigame: "MG3", text: "Take all 3 grey stones from the bag." },
  { id: "greed-net-gain", minigame: "MG3", text: "Gain a net increase in garnets from Does Greed Succeed." },
  { id: "bid-block-top", minigame: "MG4", text: "Block the highest bid in Bidding War." },
  { id: "bid-win-low", minigame: "MG4", text: "Win Bidding War with a bid of 0 or 1." },
  { id: "identity-all-right", minigame: "MG5", text: "Correctly guess everybody's identity." },
  { id: "identity-someone-wrong", minigame: "MG5", text: "Make sure at least 1 player incorrectly guesses everybody's identity." },
] as const;

export type ChallengeId = (typeof CHALLENGES)[number]["id"];

const PRIMES = new Set([2, 3, 5, 7, 11]);

/** A challenge's wording for this match (the grey count follows the bag). */
export function challengeText(id: ChallengeId, cfg: Config): string {
  const c = CHALLENGES.find((x) => x.id === id)!;
  return id === "greed-all-grey" ? `Take all ${cfg.greed.grey.count} grey stones from the bag.` : c.text;
}

/** Whether `p`, possessed in `rec.round`, completed challenge `id`. */
export function challengeMet(id: ChallengeId, rec: RoundRecord, p: SeatId, seats: SeatId[], cfg: Config): boolean {
  switch (id) {
    case "rps-draw":
      return rec.rps.result[p] === "drew";
    case "rps-three-idle":
      return seats.filter((s) => rec.rps.result[s] === "none").length >= 3;
    case "median-prime":
      return PRIMES.has(rec.median.cards[p] ?? 0);
    case "median-win-or-none":
      return rec.median.winner === p || rec.median.winner === null;
    case "greed-all-grey": {
      const session = rec.greed.sessions[p];
      return !!session && session.drawn.filter((s) => s === "grey").length >= cfg.greed.grey.count;
    }
    case "greed-net-gain":
      return (rec.greed.net[p] ?? 0) > 0;
    case "bid-block-top": {
      const bids = seats.map((s) => rec.bidding.bids[s] ?? 0);
      const top = Math.max(...bids);
      const mine = rec.bidding.bids[p] ?? 0;
      return mine === top && top >= cfg.bidding.minBlockedBid && bids.filter((b) => b === top).length >= 2;
    }
    case "bid-win-low":
      return rec.bidding.winner === p && (rec.bidding.winningBid ?? 99) <= 1;
    case "identity-all-right":
      return !!rec.identity && rec.identity.fullyRight.includes(p);
    case "identity-someone-wrong":
      return !!rec.identity && seats.some((s) => s !== p && !rec.identity!.fullyRight.includes(s));
  }
}

export function completedChallenges(rec: RoundRecord, p: SeatId, seats: SeatId[], cfg: Config): ChallengeId[] {
  return CHALLENGES.filter((c) => challengeMet(c.id, rec, p, seats, cfg)).map((c) => c.id);
}

export type ChallengeStatus = "open" | "completed" | "missed" | "hidden";

export interface ChallengeCheck {
  id: ChallengeId;
  minigame: string;
  text: string;
  /** open: not settled yet (the round still runs); hidden: only the end reveals it (it hangs on Identity guesses nobody is told about). */
  status: ChallengeStatus;
}

/**
 * The checklist as the possessed may know it after the round: everything follows
 * from public results and their own play, except the Identity challenges, which
 * only show when the published count of fully right guessers settles them.
 */
export function checklistAfter(rec: RoundRecord, p: SeatId, seats: SeatId[], cfg: Config): ChallengeCheck[] {
  const fully = rec.identity ? rec.identity.fullyRight.length : null;
  const others = seats.length - 1;
  return CHALLENGES.map((c) => {
    let status: ChallengeStatus = challengeMet(c.id, rec, p, seats, cfg) ? "completed" : "missed";
    if (c.id === "identity-all-right" && fully !== null && fully > 0 && fully < seats.length) status = "hidden";
    // Others fully right = fully - (me ? 1 : 0): settled unless the count is exactly the number of others.
    if (c.id === "identity-someone-wrong" && fully !== null && fully === others) status = "hidden";
    return { id: c.id, minigame: c.minigame, text: challengeText(c.id, cfg), status };
  });
}

/**
 * The checklist while the round runs, from the possessed's own entries: what is
 * already certain shows as completed or missed (a prime card shows completed while it
 * is the card entered), everything else is open.
 */
export function checklistDuring(sub: Submission, cfg: Config): ChallengeCheck[] {
  const g = sub.greed;
  const greys = g ? g.drawn.filter((x) => x === "grey").length : 0;
  const settled = g && (g.status === "stopped" || (g.status === "busted" && (g.ignoredIndex !== null || !g.lastWasDraw)));
  return CHALLENGES.map((c) => {
    let status: ChallengeStatus = "open";
    if (c.id === "median-prime" && sub.card !== null && PRIMES.has(sub.card)) status = "completed";
    if (c.id === "greed-all-grey" && greys >= cfg.greed.grey.count) status = "completed";
    if (c.id === "greed-net-gain" && g && settled) status = payout(g) - cfg.greed.fee > 0 ? "completed" : "missed";
    return { id: c.id, minigame: c.minigame, text: challengeText(c.id, cfg), status };
  });
}
