// The end of a round, in the order the rule text fixes: challenges, points,
// resurrections, cleansing, lying status. Then the next round or the end.
import { keptRecord } from "../core/exact";
import { Rng } from "../core/rng";
import type { SeatId } from "../core/types";
import { participants, queryKindFor, traitPairs, usesWisdom } from "./rules";
import {
  RULE,
  TRAITS,
  type CountedChallenge,
  type EndState,
  type Ledger,
  type PlayerState,
  type RoundRecord,
  type State,
  type Submission,
  type TraitCounts,
  type WisdomAnswer,
  type WisdomQuery,
} from "./types";

/** The non-submission default: a random honest choice (claim = submission), nothing else. */
function defaultSubmission(state: State, seat: SeatId, rng: Rng): Submission {
  if (!state.players[seat]?.alive) {
    return { claim: null, secret: null, challenges: [], wisdom: null, cleanse: false, resurrect: false, defaulted: true };
  }
  const t = rng.pick(TRAITS);
  let wisdom: WisdomQuery | null = null;
  if (usesWisdom(t, t)) {
    const kind = queryKindFor(state.config.wisdomOption);
    if (kind === "pair") {
      const [claimed, submitted] = rng.pick(traitPairs());
      wisdom = { kind: "pair", claimed, submitted };
    } else if (kind === "player") {
      const others = participants(state).filter((s) => s !== seat);
      if (others.length > 0) wisdom = { kind: "player", target: rng.pick(others) };
    }
  }
  return { claim: t, secret: t, challenges: [], wisdom, cleanse: false, resurrect: false, defaulted: true };
}

function emptyLedger(): Ledger {
  return { challenges: 0, counts: 0, power: 0, courage: 0, total: 0 };
}

function lied(sub: Submission | undefined): boolean {
  return !!sub && sub.claim !== null && sub.claim !== sub.secret;
}

/** Wisdom's answer for one player, from the round's submissions (status before this round's cleansing and lying). */
function wisdomAnswer(
  state: State,
  subs: Record<SeatId, Submission>,
  from: SeatId[],
  scored: SeatId[],
  query: WisdomQuery | null,
): WisdomAnswer | null {
  switch (state.config.wisdomOption) {
    case "lieCount":
      return { kind: "lieCount", count: from.filter((s) => lied(subs[s])).length };
    case "tdCount":
      return { kind: "tdCount", count: scored.filter((s) => state.players[s]?.td).length };
    case "playerCheck":
      if (query?.kind !== "player") return null;
      return { kind: "playerCheck", target: query.target, lied: lied(subs[query.target]) };
    case "pairTrace":
      if (query?.kind !== "pair") return null;
      return {
        kind: "pairTrace",
        claimed: query.claimed,
        submitted: query.submitted,
        seats: from.filter((s) => subs[s]?.claim === query.claimed && subs[s]?.secret === query.submitted),
      };
  }
}

/** Resolves the current round with everyone's submissions (missing ones defaulted from the state's rng). */
export function resolveRound(state: State): State {
  const rng = new Rng(state.rng);
  const from = participants(state);
  const subs: Record<SeatId, Submission> = {};
  for (const s of state.seats) subs[s] = state.pending[s] ?? defaultSubmission(state, s, rng);

  const players: Record<SeatId, PlayerState> = {};
  for (const s of state.seats) players[s] = { ...(state.players[s] as PlayerState) };
  const ledger: Record<SeatId, Ledger> = {};
  for (const s of state.seats) ledger[s] = emptyLedger();

  // 1. Challenges: all announced; a target with at least three challengers is tested
  //    against the Truth Deflector status held at the start of the round.
  const challenges: { from: SeatId; to: SeatId }[] = [];
  const byTarget: Record<SeatId, SeatId[]> = {};
  for (const s of state.seats) {
    for (const t of subs[s]?.challenges ?? []) {
      challenges.push({ from: s, to: t });
      (byTarget[t] ??= []).push(s);
    }
  }
  const counted: CountedChallenge[] = [];
  const eliminated: SeatId[] = [];
  for (const t of state.seats) {
    const by = byTarget[t] ?? [];
    if (by.length < RULE.challengeThreshold) continue;
    const wasTD = players[t]!.td;
    const sign = wasTD ? 1 : -1;
    for (const c of by) ledger[c]!.challenges += sign * RULE.challengePoints;
    ledger[t]!.challenges -= sign * RULE.challengePoints;
    if (wasTD) {
      players[t]!.alive = false;
      players[t]!.eliminatedRound = state.round;
      eliminated.push(t);
    }
    counted.push({ target: t, challengers: by.slice(), wasTruthDeflector: wasTD, eliminated: wasTD });
  }

  // 2. Points: claim counts of the players still in; each earns the counts of the two
  //    traits they did not submit, plus the effects of their claimed and submitted traits.
  const scored = from.filter((s) => !eliminated.includes(s));
  const claimCounts: TraitCounts = { Power: 0, Wisdom: 0, Courage: 0 };
  for (const s of scored) {
    const c = subs[s]?.claim;
    if (c) claimCounts[c] += 1;
  }
  const wisdom: RoundRecord["wisdom"] = {};
  for (const s of scored) {
    const sub = subs[s] as Submission;
    if (!sub.claim || !sub.secret) continue;
    const l = ledger[s]!;
    for (const t of TRAITS) if (t !== sub.secret) l.counts += claimCounts[t];
    const eff = new Set([sub.claim, sub.secret]);
    if (eff.has("Power")) l.power = RULE.powerBonus;
    if (eff.has("Courage") && claimCounts.Courage <= RULE.courageLimit) l.courage = RULE.courageBonus;
    if (eff.has("Wisdom")) {
      const answer = wisdomAnswer(state, subs, from, scored, sub.wisdom);
      if (answer) wisdom[s] = { query: sub.wisdom, answer };
    }
  }
  for (const s of state.seats) {
    const l = ledger[s]!;
    l.total = l.challenges + l.counts + l.power + l.courage;
    players[s]!.points += l.total;
  }

  // 3. Resurrections: back in play next round, not a Truth Deflector until they lie again.
  const resurrected: SeatId[] = [];
  for (const s of state.seats) {
    if (!subs[s]?.resurrect || from.includes(s)) continue;
    const p = players[s]!;
    p.garnets -= RULE.resurrectionCost;
    p.alive = true;
    p.eliminatedRound = null;
    p.td = false;
    resurrected.push(s);
  }

  // 4. Cleansing: from next round on; a player eliminated this round is refunded.
  const cleansed: SeatId[] = [];
  const refunded: SeatId[] = [];
  for (const s of from) {
    if (!subs[s]?.cleanse) continue;
    if (eliminated.includes(s)) {
      refunded.push(s);
      continue;
    }
    players[s]!.garnets -= RULE.cleansingCost;
    players[s]!.td = false;
    cleansed.push(s);
  }

  // 5. Lying: a different submission than claim makes (or keeps) you a Truth Deflector.
  for (const s of from) {
    if (!lied(subs[s])) continue;
    players[s]!.lies += 1;
    if (!eliminated.includes(s)) players[s]!.td = true;
  }

  const tdAfter: Record<SeatId, boolean> = {};
  const pointsAfter: Record<SeatId, number> = {};
  const garnetsAfter: Record<SeatId, number> = {};
  for (const s of state.seats) {
    tdAfter[s] = players[s]!.td;
    pointsAfter[s] = players[s]!.points;
    garnetsAfter[s] = players[s]!.garnets;
  }
  const record: RoundRecord = {
    round: state.round,
    participants: from,
    subs,
    challenges,
    counted,
    eliminated,
    scored,
    claimCounts,
    ledger,
    wisdom,
    resurrected,
    cleansed,
    refunded,
    tdAfter,
    pointsAfter,
    garnetsAfter,
  };
  // the record stays in the state for the rest of the game: kept at its exact size, its small parts shared
  const next: State = { ...state, players, pending: {}, history: state.history.concat([keptRecord(record)]), rng: rng.save() };
  if (state.round < state.config.rounds) return { ...next, round: state.round + 1 };
  return finishRounds(next);
}

/** Gamewide tiebreak order: more garnets first, then the seeded lot. */
function tiebreakCompare(end: Pick<EndState, "finalGarnets" | "lot">): (a: SeatId, b: SeatId) => number {
  return (a, b) => (end.finalGarnets[b] ?? 0) - (end.finalGarnets[a] ?? 0) || end.lot.indexOf(a) - end.lot.indexOf(b);
}

/** After the last round: final points, garnets earned, Tokens of Life and the EC (or the EC choice). */
/** A seat's points in a record of them (0 for a seat it lacks). */
export function pointsIn(points: Record<SeatId, number>, s: SeatId): number {
  return points[s] ?? 0;
}

export function finishRounds(state: State): State {
  const rng = new Rng(state.rng);
  const finalPoints: Record<SeatId, number> = {};
  const garnetsEarned: Record<SeatId, number> = {};
  const finalGarnets: Record<SeatId, number> = {};
  for (const s of state.seats) {
    const p = state.players[s] as PlayerState;
    finalPoints[s] = p.points;
    garnetsEarned[s] = Math.max(0, Math.floor(p.points / RULE.pointsPerGarnet));
    finalGarnets[s] = p.garnets + (garnetsEarned[s] ?? 0);
  }
  const lot = rng.shuffle(state.seats);
  const byTiebreak = tiebreakCompare({ finalGarnets, lot });
  const best = Math.max(...state.seats.map((s) => pointsIn(finalPoints, s)));
  const top = state.seats.filter((s) => pointsIn(finalPoints, s) === best);
  const mainTiebreakUsed = top.length > RULE.maxMainWinners;
  const mainWinners = mainTiebreakUsed ? top.slice().sort(byTiebreak).slice(0, RULE.maxMainWinners) : top;

  let lieWinner: SeatId | null = null;
  if (state.config.lieWinCondition) {
    const alive = state.seats.filter((s) => state.players[s]?.alive && (state.players[s]?.lies ?? 0) > 0);
    const order = alive.sort((a, b) => (state.players[b]?.lies ?? 0) - (state.players[a]?.lies ?? 0) || pointsIn(finalPoints, a) - pointsIn(finalPoints, b) || byTiebreak(a, b));
    lieWinner = order[0] ?? null;
  }

  const others = state.seats.filter((s) => !mainWinners.includes(s));
  const low = others.length > 0 ? Math.min(...others.map((s) => pointsIn(finalPoints, s))) : 0;
  const ecCandidates = others.filter((s) => pointsIn(finalPoints, s) === low);
  const decided = ecCandidates.length <= 1;
  const end: EndState = {
    finalPoints,
    garnetsEarned,
    finalGarnets,
    lot,
    mainWinners,
    mainTiebreakUsed,
    lieWinner,
    ecCandidates,
    ec: decided ? (ecCandidates[0] ?? null) : null,
    ecDecidedBy: decided && ecCandidates.length === 1 ? "points" : null,
  };
  return { ...state, rng: rng.save(), end, stage: decided ? "finished" : "ecChoice" };
}

/** The EC the deadline names when the winners have not chosen: the tied player who loses the gamewide tiebreak. */
export function defaultEC(end: EndState): SeatId {
  const order = end.ecCandidates.slice().sort(tiebreakCompare(end));
  return order[order.length - 1] as SeatId;
}
