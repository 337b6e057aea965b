// Setup, the action reducer, the phase machine and the end-of-round settlement.
import { Codes, ok, reject } from "../core/result";
import { keptRecord } from "../core/exact";
import { Rng } from "../core/rng";
import type { Actor, ApplyResult, PhaseInfo, SeatId, SetupContext } from "../core/types";
import type { Action } from "./actions";
import { drawAliases } from "./aliases";
import { completedChallenges } from "./challenges";
import type { Config } from "./config";
import { drawFrom, ignoreLast, payout, startSession, stopSession, withStone } from "./greed";
import { solveSchedule, TOTAL_ROUNDS } from "./schedule";
import { resolveBids, resolveMedian, resolveRps, scoreIdentities, scoreRoleGuesses } from "./scoring";
import { finish } from "./standings";
import { publish } from "./publish";
import {
  emptySubmission,
  type RoleGuess,
  type Role,
  type RoundRecord,
  type State,
  type Submission,
  type Tally,
} from "./state";

const h = (points: number) => Math.round(points * 2);

function perSeat<T>(seats: SeatId[], f: (s: SeatId) => T): Record<SeatId, T> {
  const out: Record<SeatId, T> = {};
  for (const s of seats) out[s] = f(s);
  return out;
}

export function setup(ctx: SetupContext<Config>): State {
  const { seats, config, seed } = ctx;
  if (seats.length !== 5) throw new Error("Five Fold Possession needs exactly 5 players");
  const rng = Rng.fromSeed(seed);
  const schedule = solveSchedule(seats, rng, config.schedule.uniquePairs);
  const aliases = drawAliases(seats, TOTAL_ROUNDS, rng);
  const start = perSeat(seats, (s) => config.startingGarnetsBySeat[s] ?? config.startingGarnets);
  return {
    seats: seats.slice(),
    config,
    rng: rng.save(),
    schedule,
    aliases,
    round: 1,
    phase: "submit",
    startGarnets: start,
    garnets: { ...start },
    deferredGarnets: perSeat(seats, () => 0),
    hands: perSeat(seats, () => Array.from({ length: 12 }, (_, i) => i + 1)),
    missStreak: perSeat(seats, () => 0),
    subs: perSeat(seats, emptySubmission),
    rounds: [],
    tally: perSeat(seats, () => ({ minigameHalves: 0, challengeHalves: 0, guessHalves: 0, identifications: 0, identitiesCorrect: 0, challengesCompleted: 0 })),
    final: null,
  };
}

export function roleOf(state: State, seat: SeatId, round: number): Role {
  const r = state.schedule.roles[round - 1] ?? null;
  if (!r) return "player";
  return r.possessed === seat ? "possessed" : r.ghostHunter === seat ? "ghostHunter" : "player";
}

/** Garnets a submission already holds back: the Greed fee, the RPS bet and the bid. */
export function committed(sub: Submission, cfg: Config): number {
  return (sub.greed ? cfg.greed.fee : 0) + (sub.rps?.bet ?? 0) + (sub.bid ?? 0);
}

/** Opponents `seat` may not face now: those faced in the last `cooldownRounds` rounds. */
export function recentOpponents(state: State, seat: SeatId): SeatId[] {
  const out: SeatId[] = [];
  const n = state.config.rps.cooldownRounds;
  for (const rec of state.rounds.slice(Math.max(0, state.rounds.length - n))) {
    for (const g of rec.rps.games) {
      if (g.a === seat) out.push(g.b);
      if (g.b === seat) out.push(g.a);
    }
  }
  return out;
}

/** Whether identity guesses (MG5) and role guesses are open now, and about which round. */
export function identityTarget(state: State): number | null {
  if (state.phase === "final") return TOTAL_ROUNDS;
  return state.phase === "submit" && state.round >= 2 ? state.round - 1 : null;
}
export function roleGuessTarget(state: State): number | null {
  if (state.phase === "final") return TOTAL_ROUNDS;
  return state.phase === "submit" && state.round >= 3 ? state.round - 1 : null;
}

/** Why `seat` may not mark itself done yet (empty when it may). */
export function doneBlockers(state: State, seat: SeatId): string[] {
  const sub = state.subs[seat];
  if (!sub || state.phase !== "submit") return [];
  const out: string[] = [];
  if (sub.card === null) out.push("Play a card in The Median.");
  if (sub.greed && sub.greed.status === "drawing") out.push("Stop drawing stones in Does Greed Succeed.");
  return out;
}

function withSub(state: State, seat: SeatId, sub: Submission): State {
  return { ...state, subs: { ...state.subs, [seat]: sub } };
}

/** A submission changed: the seat is no longer done. */
function edit(state: State, seat: SeatId, change: Partial<Submission>): ApplyResult<State> {
  const sub = state.subs[seat] as Submission;
  return ok(withSub(state, seat, { ...sub, ...change, done: false }));
}

export function apply(state: State, actor: Actor, action: Action): ApplyResult<State> {
  if (state.phase === "end") return reject(Codes.finished, "The game is over.");
  if (actor === "host") return reject(Codes.notAPlayer, "The host has no moves in this game; use the room's advance control to end a phase.");
  const sub = state.subs[actor];
  if (!sub) return reject(Codes.notAPlayer, "You are not seated in this game.");
  const cfg = state.config;
  const inSubmit = state.phase === "submit";

  switch (action.type) {
    case "done": {
      if (sub.done) return reject(Codes.alreadySubmitted, "You are already marked as done.");
      const blockers = doneBlockers(state, actor);
      if (blockers.length) return reject("action/not_ready", blockers.join(" "));
      const next = withSub(state, actor, { ...sub, done: true });
      return ok(state.seats.every((s) => next.subs[s]?.done) ? advance(next) : next);
    }
    case "rps": {
      if (!inSubmit) return wrongPhase(state);
      if (action.opponent === actor) return reject(Codes.illegal, "You cannot play RPS against yourself.");
      if (!state.seats.includes(action.opponent)) return reject(Codes.illegal, "There is no such player.");
      if (recentOpponents(state, actor).includes(action.opponent))
        return reject("action/rps_recent", `You faced that player in the last ${cfg.rps.cooldownRounds} rounds.`);
      if (action.bet < cfg.rps.minBet || action.bet > cfg.rps.maxBet)
        return reject(Codes.illegal, `Bet between ${cfg.rps.minBet} and ${cfg.rps.maxBet} garnets.`);
      const free = (state.garnets[actor] ?? 0) - committed(sub, cfg) + (sub.rps?.bet ?? 0);
      if (action.bet > free) return reject("action/garnets", `You have only ${free} garnets free for this bet.`);
      return edit(state, actor, { rps: { opponent: action.opponent, bet: action.bet, throw: action.throw } });
    }
    case "rpsCancel": {
      if (!inSubmit) return wrongPhase(state);
      if (!sub.rps) return reject(Codes.illegal, "You have no RPS entry to withdraw.");
      return edit(state, actor, { rps: null });
    }
    case "playCard": {
      if (!inSubmit) return wrongPhase(state);
      if (!(state.hands[actor] ?? []).includes(action.card)) return reject(Codes.illegal, `Card ${action.card} is not in your hand.`);
      return edit(state, actor, { card: action.card });
    }
    case "greedJoin": {
      if (!inSubmit) return wrongPhase(state);
      if (sub.greed) return reject(Codes.alreadySubmitted, "You may play Does Greed Succeed only once a round.");
      const free = (state.garnets[actor] ?? 0) - committed(sub, cfg);
      if (free < cfg.greed.fee) return reject("action/garnets", `Taking part costs ${cfg.greed.fee} garnet; you have ${free} free.`);
      return edit(state, actor, { greed: startSession(cfg.greed) });
    }
    case "greedDraw": {
      if (!inSubmit) return wrongPhase(state);
      if (!sub.greed) return reject(Codes.illegal, "Take part in Does Greed Succeed first.");
      if (sub.greed.status !== "drawing") return reject(Codes.illegal, "Your draw is over for this round.");
      const rng = new Rng(state.rng);
      const stone = drawFrom(cfg.greed, sub.greed, rng);
      if (!stone) return reject(Codes.illegal, "The bag is empty.");
      const next = edit({ ...state, rng: rng.save() }, actor, { greed: withStone(cfg.greed, sub.greed, stone) });
      return next;
    }
    case "greedIgnore": {
      if (!inSubmit) return wrongPhase(state);
      if (roleOf(state, actor, state.round) !== "possessed") return reject("action/not_possessed", "Only the possessed may ignore a stone.");
      const g = sub.greed;
      if (!g || g.drawn.length === 0) return reject(Codes.illegal, "You have not drawn a stone.");
      if (g.ignoredIndex !== null) return reject(Codes.illegal, "You have already ignored a stone this round.");
      if (!g.lastWasDraw) return reject(Codes.illegal, "Only the stone you have just drawn may be ignored.");
      return edit(state, actor, { greed: ignoreLast(g) });
    }
    case "greedStop": {
      if (!inSubmit) return wrongPhase(state);
      if (!sub.greed || sub.greed.status !== "drawing") return reject(Codes.illegal, "You are not drawing stones.");
      return edit(state, actor, { greed: stopSession(sub.greed) });
    }
    case "bid": {
      if (!inSubmit) return wrongPhase(state);
      if (action.amount > cfg.bidding.maxBid) return reject(Codes.illegal, `Bid at most ${cfg.bidding.maxBid} garnets.`);
      const free = (state.garnets[actor] ?? 0) - committed(sub, cfg) + (sub.bid ?? 0);
      if (action.amount > free) return reject("action/garnets", `You have only ${free} garnets free for this bid.`);
      return edit(state, actor, { bid: action.amount });
    }
    case "guessIdentities": {
      const target = identityTarget(state);
      if (target === null) return reject(Codes.wrongPhase, "Identity guesses open from round 2, about the previous round.");
      const n = state.seats.length;
      if (action.seats.length !== n) return reject(Codes.illegal, `Name a player for each of the ${n} aliases.`);
      if (action.seats.some((s) => !state.seats.includes(s))) return reject(Codes.illegal, "There is no such player.");
      if (new Set(action.seats).size !== n) return reject(Codes.illegal, "Each player holds exactly one alias: name everyone once.");
      return edit(state, actor, { identities: action.seats.slice() });
    }
    case "guessRoles": {
      const target = roleGuessTarget(state);
      if (target === null) return reject(Codes.wrongPhase, "Role guesses open from round 3, about the previous round.");
      const { possessed, ghostHunter } = action;
      for (const s of [possessed, ghostHunter]) {
        if (s === null) continue;
        if (!state.seats.includes(s)) return reject(Codes.illegal, "There is no such player.");
        if (s === actor) return reject(Codes.illegal, "You cannot name yourself.");
      }
      if (possessed !== null && possessed === ghostHunter) return reject(Codes.illegal, "Nobody holds both roles in one round.");
      const roles: RoleGuess | null = possessed === null && ghostHunter === null ? null : { possessed, ghostHunter };
      return edit(state, actor, { roles });
    }
    case "guessOpal": {
      if (state.phase !== "final") return reject(Codes.wrongPhase, "The opal guess is made in the final guesses after round 12.");
      if (action.round < 2) return reject(Codes.illegal, "Round 1 never has a possessed: name a round from 2 to 12.");
      return edit(state, actor, { opal: action.round });
    }
  }
}

function wrongPhase(state: State): ApplyResult<State> {
  return reject(Codes.wrongPhase, state.phase === "results" ? "The round is over; results are showing." : "That minigame is not open now.");
}

/** Ends the current phase as the rules end it, defaults included. */
export function advance(state: State): State {
  switch (state.phase) {
    case "submit":
      return closeRound(state);
    case "results":
      if (state.round >= TOTAL_ROUNDS) return { ...state, phase: "final", subs: perSeat(state.seats, emptySubmission) };
      return { ...state, round: state.round + 1, phase: "submit", subs: perSeat(state.seats, emptySubmission) };
    case "final":
      return closeFinal(state);
    case "end":
      return state;
  }
}

export function phaseInfo(state: State): PhaseInfo {
  const ps = state.config.phaseSeconds;
  const notDone = state.seats.filter((s) => !state.subs[s]?.done);
  switch (state.phase) {
    case "submit":
      return { key: "submit", name: `Round ${state.round}: submissions`, round: state.round, durationMs: ps.submit * 1000, waitingOn: notDone };
    case "results":
      return { key: "results", name: `Round ${state.round}: results`, round: state.round, durationMs: ps.results * 1000, waitingOn: [] };
    case "final":
      return { key: "final", name: "Final guesses", round: state.round, durationMs: ps.final * 1000, waitingOn: notDone };
    case "end":
      return { key: "end", name: "Game over", round: state.round, durationMs: null, waitingOn: [], finished: true };
  }
}

function bumpTally(t: Record<SeatId, Tally>, seat: SeatId, change: Partial<Tally>): void {
  const cur = t[seat] as Tally;
  t[seat] = {
    minigameHalves: cur.minigameHalves + (change.minigameHalves ?? 0),
    challengeHalves: cur.challengeHalves + (change.challengeHalves ?? 0),
    guessHalves: cur.guessHalves + (change.guessHalves ?? 0),
    identifications: cur.identifications + (change.identifications ?? 0),
    identitiesCorrect: cur.identitiesCorrect + (change.identitiesCorrect ?? 0),
    challengesCompleted: cur.challengesCompleted + (change.challengesCompleted ?? 0),
  };
}

/** Identity and role guesses of this phase about `target`, booked into the tally; settles the challenge points of `target`. */
function settleGuesses(state: State, target: number, tally: Record<SeatId, Tally>, deferred: Record<SeatId, number>, rounds: RoundRecord[]) {
  const { seats, config: cfg } = state;
  const identity = scoreIdentities(seats, target, state.aliases[target - 1] ?? {}, perSeat(seats, (s) => state.subs[s]?.identities ?? null));
  for (const s of seats) bumpTally(tally, s, { identitiesCorrect: identity.correct[s] ?? 0 });
  for (const s of identity.fullyRight) deferred[s] = (deferred[s] ?? 0) + cfg.identity.garnets;
  if (identity.soleWinner) bumpTally(tally, identity.soleWinner, { minigameHalves: h(cfg.identity.solePoints) });

  let roleGuess = null;
  if (target >= 2) {
    roleGuess = scoreRoleGuesses(seats, target, state.schedule.roles[target - 1] ?? null, perSeat(seats, (s) => state.subs[s]?.roles ?? null), cfg.guessing);
    for (const s of seats) {
      const right = roleGuess.rightNames[s] ?? 0;
      const ids = cfg.guessing.identificationCount === "each" ? right : right === 2 ? 1 : 0;
      bumpTally(tally, s, { guessHalves: roleGuess.halves[s] ?? 0, identifications: ids });
    }
    const idx = rounds.findIndex((r) => r.round === target);
    const rec = rounds[idx];
    if (rec && rec.challenges) {
      const each = roleGuess.detected ? h(cfg.challenges.detectedPoints) : h(cfg.challenges.points);
      const pts = each * rec.challenges.completed.length;
      rounds[idx] = { ...rec, challenges: { ...rec.challenges, halves: pts } };
      bumpTally(tally, rec.challenges.possessed, { challengeHalves: pts });
    }
  }
  return { identity, roleGuess };
}

/** End of a round's submissions: defaults, every minigame, guesses about the previous round, garnets. */
export function closeRound(state: State): State {
  const { seats, config: cfg } = state;
  const r = state.round;
  const roles = state.schedule.roles[r - 1] ?? null;
  const delta = perSeat(seats, () => 0);
  const tally = { ...state.tally };
  const deferred = { ...state.deferredGarnets };
  const rounds = state.rounds.slice();

  // MG1 Betting RPS
  const entries = perSeat(seats, (s) => state.subs[s]?.rps ?? null);
  const rps = resolveRps(seats, entries);
  for (const g of rps.games) {
    if (g.winner === null) continue;
    const loser = g.winner === g.a ? g.b : g.a;
    delta[g.winner] = (delta[g.winner] ?? 0) + g.stake;
    delta[loser] = (delta[loser] ?? 0) - g.stake;
  }
  const missStreak: Record<SeatId, number> = {};
  const penalized: SeatId[] = [];
  for (const s of seats) {
    let streak = rps.result[s] === "none" ? (state.missStreak[s] ?? 0) + 1 : 0;
    if (streak >= cfg.rps.missRounds) {
      penalized.push(s);
      delta[s] = (delta[s] ?? 0) - cfg.rps.missPenalty;
      if (cfg.rps.missPenaltyMode === "resetAfterPenalty") streak = 0;
    }
    missStreak[s] = streak;
  }

  // MG2 The Median
  const hands: Record<SeatId, number[]> = {};
  const cards: Record<SeatId, number> = {};
  const defaulted: SeatId[] = [];
  for (const s of seats) {
    const hand = state.hands[s] ?? [];
    let card = state.subs[s]?.card ?? null;
    if (card === null || !hand.includes(card)) {
      card = Math.min(...hand);
      defaulted.push(s);
      delta[s] = (delta[s] ?? 0) - cfg.median.missPenalty;
    }
    cards[s] = card;
    hands[s] = hand.filter((c) => c !== card);
  }
  const median = resolveMedian(seats, cards);
  if (median.winner) {
    delta[median.winner] = (delta[median.winner] ?? 0) + cfg.median.winGarnets;
    bumpTally(tally, median.winner, { minigameHalves: h(cfg.median.winPoints) });
  }

  // MG3 Does Greed Succeed: a draw still open when the round ends stops there.
  const sessions = perSeat(seats, (s) => {
    const g = state.subs[s]?.greed ?? null;
    return g ? stopSession(g) : null;
  });
  const net: Record<SeatId, number> = {};
  for (const s of seats) {
    const g = sessions[s];
    if (!g) continue;
    net[s] = payout(g) - cfg.greed.fee;
    delta[s] = (delta[s] ?? 0) + (net[s] ?? 0);
  }

  // MG4 Bidding War
  const bids = perSeat(seats, (s) => state.subs[s]?.bid ?? 0);
  const bidding = resolveBids(seats, bids);
  if (bidding.winner) {
    delta[bidding.winner] = (delta[bidding.winner] ?? 0) - (bidding.winningBid ?? 0);
    bumpTally(tally, bidding.winner, { minigameHalves: h(cfg.bidding.winPoints) });
  }

  // MG5 and role guesses, both about the previous round.
  const guesses = r >= 2 ? settleGuesses(state, r - 1, tally, deferred, rounds) : { identity: null, roleGuess: null };

  const garnetsAfter = perSeat(seats, (s) => Math.max(0, (state.garnets[s] ?? 0) + (delta[s] ?? 0)));
  const base: Omit<RoundRecord, "published"> = {
    round: r,
    possessed: roles?.possessed ?? null,
    ghostHunter: roles?.ghostHunter ?? null,
    aliases: { ...(state.aliases[r - 1] ?? {}) },
    rps: { entries, games: rps.games, result: rps.result, penalized },
    median: { cards, defaulted, median: median.median, winner: median.winner },
    greed: { sessions, net },
    bidding: { bids, winner: bidding.winner, winningBid: bidding.winningBid },
    identity: guesses.identity,
    roleGuess: guesses.roleGuess,
    challenges: null,
    garnetDelta: delta,
    garnetsAfter,
  };
  const rec: RoundRecord = { ...base, published: publish(base, seats) };
  if (roles) {
    const completed = completedChallenges(rec, roles.possessed, seats, cfg);
    rec.challenges = { possessed: roles.possessed, completed, halves: null };
    bumpTally(tally, roles.possessed, { challengesCompleted: completed.length });
  }
  return {
    ...state,
    phase: "results",
    garnets: garnetsAfter,
    deferredGarnets: deferred,
    hands,
    missStreak,
    subs: perSeat(seats, emptySubmission),
    // the closed round stays in the state for the rest of the game: kept at its exact size, its small parts shared
    rounds: rounds.concat([keptRecord(rec)]),
    tally,
  };
}

/** After round 12: the last identity and role guesses, the opal guess, MG5 garnets paid, winners. */
export function closeFinal(state: State): State {
  const tally = { ...state.tally };
  const deferred = { ...state.deferredGarnets };
  const rounds = state.rounds.slice();
  const { identity, roleGuess } = settleGuesses(state, TOTAL_ROUNDS, tally, deferred, rounds);
  const opalGuesses = perSeat(state.seats, (s) => state.subs[s]?.opal ?? null);
  const garnets = perSeat(state.seats, (s) => (state.garnets[s] ?? 0) + (deferred[s] ?? 0));
  const settled: State = { ...state, tally, deferredGarnets: deferred, rounds, garnets };
  const rng = new Rng(state.rng);
  const final = finish(settled, identity, roleGuess!, opalGuesses, rng);
  return { ...settled, rng: rng.save(), final, phase: "end", subs: perSeat(state.seats, emptySubmission) };
}

