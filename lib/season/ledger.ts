// The ledger rows a finished season room writes with its game-over event: the
// game's effects in members' names, and the season's own rule for a lost death
// match (a Token of Life spent, or the elimination). Pure.
import type { AnyGame, SeasonEffects, SeatId } from "../games/core/types";
import type { LedgerKind, LedgerRow, SeasonLink } from "./types";

export function ledgerRows(link: SeasonLink, e: SeasonEffects, roomId: string, eventSeq: number): LedgerRow[] {
  const rows: LedgerRow[] = [];
  const add = (seat: SeatId, kind: LedgerKind, amount: number, data: Record<string, unknown> | null = null) => {
    const memberId = link.members[seat];
    if (memberId) rows.push({ seasonId: link.seasonId, episode: link.episode, memberId, roomId, eventSeq, seat, kind, amount, data });
  };
  const each = (kind: LedgerKind, m: Record<SeatId, number>, keepZero = false) => {
    for (const [seat, n] of Object.entries(m)) if (n !== 0 || keepZero) add(seat, kind, n);
  };
  each("garnets", e.garnets);
  each("tokens", e.tokens);
  each("opals", e.opals);
  each("points", e.points, true);
  for (const seat of e.marks) add(seat, "mark", 1, { forEpisode: link.episode + 1 });
  if (e.ec) add(e.ec, "ec", 1, { candidates: e.opponentCandidates.map((s) => link.members[s]).filter(Boolean) });
  if (e.realms) for (const [seat, realm] of Object.entries(e.realms)) add(seat, "realm", 0, { realm });
  if (e.opponent) add(e.opponent.chosen, "opponent", 1, { ec: link.members[e.opponent.ec] ?? null, by: e.opponent.by });
  if (e.deathMatch) {
    const { winner, loser } = e.deathMatch;
    add(winner, "deathMatch", 1);
    add(loser, "deathMatch", -1);
    if (link.context.tokenOfLife === "survive" && (link.context.tokensHeld[loser] ?? 0) > 0) add(loser, "tokens", -1, { spent: "survived the death match" });
    else add(loser, "eliminated", 1);
  }
  return rows;
}

/**
 * The rows a season room writes when its game ends: call it with the final
 * state and the sequence number of the event that ended the game, and commit
 * the rows in the same transaction as that event.
 */
export function gameOverLedger(link: SeasonLink, game: AnyGame, finalState: unknown, roomId: string, eventSeq: number): LedgerRow[] {
  const effects = game.season?.effects(finalState);
  return effects ? ledgerRows(link, effects, roomId, eventSeq) : [];
}
