// The published results of a round, by alias: built once when the round closes
// and copied into every view.
import type { SeatId } from "../core/types";
import type { PublicRound, RoundRecord } from "./state";

/** The seats of a round ordered by their alias: the only order public lists use. */
function aliasOrder(aliases: Record<SeatId, string>, seats: SeatId[]): SeatId[] {
  return seats.slice().sort((a, b) => ((aliases[a] as string) < (aliases[b] as string) ? -1 : 1));
}

/** Builds a round's published results from its record (once, when the round closes). */
export function publish(rec: Omit<RoundRecord, "published">, seats: SeatId[]): PublicRound {
  const order = aliasOrder(rec.aliases, seats);
  const alias = rec.aliases;
  return {
    round: rec.round,
    aliases: order.map((s) => alias[s]!),
    rps: order.map((s) => ({ alias: alias[s]!, result: rec.rps.result[s] ?? "none" })),
    median: {
      plays: order.map((s) => ({ alias: alias[s]!, card: rec.median.cards[s] ?? 0 })),
      median: rec.median.median,
      winner: rec.median.winner === null ? null : alias[rec.median.winner]!,
    },
    greed: {
      players: seats.filter((s) => rec.greed.sessions[s]).length,
      drewRed: order.filter((s) => rec.greed.sessions[s]?.drawn.includes("red")).map((s) => alias[s]!),
    },
    bidding: {
      bids: seats.map((s) => rec.bidding.bids[s] ?? 0).sort((a, b) => b - a),
      winningBid: rec.bidding.winningBid,
      winner: rec.bidding.winner === null ? null : alias[rec.bidding.winner]!,
    },
    identity: rec.identity ? { targetRound: rec.identity.targetRound, fullyRight: rec.identity.fullyRight.length } : null,
  };
}
