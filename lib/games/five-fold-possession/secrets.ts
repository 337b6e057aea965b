// What Five Fold Possession keeps secret, for the leak audit. Public: who is
// done, this round's aliases as a list, and each round's published results by
// alias; at the end the roles, aliases, challenges and points. A seat's own:
// its entries this round, garnets (at the start, now and at the end), hand, RPS
// streak and points, and in every past round its entries, guesses, Greed draw, card and bid (the results show them by
// alias only) and garnets. A role: its holder's (the others learn only that it
// is not theirs). Nobody's, until the end: whose alias is whose, the roles of
// rounds to come and the generator.
import { perSeat, pickOther, redrawRng, redrawn, someOf } from "../core/secrets";
import type { Rng } from "../core/rng";
import type { Counterfactual, SecretSpec, SeatId } from "../core/types";
import { STONES, type Config, type Stone } from "./config";
import { TOTAL_ROUNDS } from "./schedule";
import type { GreedSession, RoleGuess, RpsEntry, State, Submission, Throw } from "./state";

const THROWS: Throw[] = ["rock", "paper", "scissors"];

function anyRps(rng: Rng, seats: readonly SeatId[], seat: SeatId, cfg: Config): RpsEntry | null {
  if (rng.chance(0.3)) return null;
  return { opponent: pickOther(rng, seats, seat), bet: rng.range(cfg.rps.minBet, cfg.rps.maxBet), throw: rng.pick(THROWS) };
}

/** A draw from a full bag; `red`: whether it must hold a red stone (public by alias), or either. */
function anySession(rng: Rng, cfg: Config, red: boolean | null, finished: boolean): GreedSession {
  const bag = rng.shuffle(STONES.flatMap((s) => Array.from({ length: cfg.greed[s].count }, (): Stone => s)));
  let drawn = bag.slice(0, rng.int(Math.min(bag.length, 8) + 1));
  if (red === false) drawn = drawn.filter((x) => x !== "red");
  if (red === true && !drawn.includes("red")) drawn.push("red");
  const status = drawn.includes("red") && rng.chance(0.8) ? "busted" : finished || rng.chance(0.5) ? "stopped" : "drawing";
  return { drawn, pot: rng.range(0, 8), potBeforeLast: rng.range(0, 8), status, ignoredIndex: drawn.length && rng.chance(0.2) ? rng.int(drawn.length) : null, lastWasDraw: status === "drawing" };
}

function anyGuess(rng: Rng, seats: readonly SeatId[], seat: SeatId): RoleGuess | null {
  if (rng.chance(0.2)) return null;
  const others = seats.filter((s) => s !== seat);
  return { possessed: rng.chance(0.8) ? rng.pick(others) : null, ghostHunter: rng.chance(0.8) ? rng.pick(others) : null };
}

function anyEntries(rng: Rng, s: State, seat: SeatId, sub: Submission): Submission {
  const hand = s.hands[seat] ?? [];
  return {
    rps: anyRps(rng, s.seats, seat, s.config),
    card: hand.length && rng.chance(0.8) ? rng.pick(hand) : null,
    greed: rng.chance(0.3) ? null : anySession(rng, s.config, null, false),
    bid: rng.chance(0.8) ? rng.range(0, s.config.bidding.maxBid) : null,
    identities: rng.chance(0.7) ? rng.shuffle(s.seats) : null,
    roles: anyGuess(rng, s.seats, seat),
    opal: s.phase === "final" && rng.chance(0.7) ? rng.range(2, TOTAL_ROUNDS) : null,
    // whether a seat is done is public: the phase waits on the others
    done: sub.done,
  };
}

function redrawSeat(rng: Rng, s: State, seat: SeatId): void {
  const sub = s.subs[seat];
  if (!sub) return;
  s.subs[seat] = anyEntries(rng, s, seat, sub);
  s.garnets[seat] = rng.range(0, 30);
  s.startGarnets[seat] = rng.range(0, 30);
  s.deferredGarnets[seat] = rng.range(0, 3);
  // the end tells garnets privately too: only the final points and the counts the tiebreaks use are public
  const end = s.final?.standings.find((x) => x.seat === seat);
  if (end) Object.assign(end, { garnets: rng.range(0, 30), startGarnets: rng.range(0, 30), identityGarnets: rng.range(0, 3) });
  s.hands[seat] = someOf(rng, Array.from({ length: 12 }, (_, i) => i + 1)).sort((a, b) => a - b);
  s.missStreak[seat] = rng.range(0, 4);
  s.tally[seat] = { minigameHalves: rng.range(0, 20), challengeHalves: rng.range(-5, 5), guessHalves: rng.range(-5, 20), identifications: rng.range(0, 10), identitiesCorrect: rng.range(0, 40), challengesCompleted: rng.range(0, 10) };
  for (const rec of s.rounds) {
    // the results show the multiset of cards and bids, which aliases played RPS and drew red, and how many guessed right: kept
    rec.rps.entries[seat] = anyRps(rng, s.seats, seat, s.config);
    rec.rps.penalized = rng.chance(0.5) ? [...rec.rps.penalized.filter((x) => x !== seat), seat] : rec.rps.penalized.filter((x) => x !== seat);
    const session = rec.greed.sessions[seat];
    if (session) rec.greed.sessions[seat] = anySession(rng, s.config, session.drawn.includes("red"), true);
    if (seat in rec.greed.net) rec.greed.net[seat] = rng.range(-1, 8);
    if (rec.identity && seat in rec.identity.guesses) {
      rec.identity.guesses[seat] = rng.chance(0.8) ? rng.shuffle(s.seats) : null;
      rec.identity.correct[seat] = rec.identity.fullyRight.includes(seat) ? s.seats.length : rng.range(0, s.seats.length - 2);
    }
    if (rec.roleGuess && seat in rec.roleGuess.guesses) {
      rec.roleGuess.guesses[seat] = anyGuess(rng, s.seats, seat);
      rec.roleGuess.halves[seat] = rng.range(-2, 3);
      rec.roleGuess.rightNames[seat] = rng.range(0, 2);
    }
    if (rec.challenges?.possessed === seat && !s.final) rec.challenges = { ...rec.challenges, completed: someOf(rng, rec.challenges.completed) };
    rec.garnetDelta[seat] = rng.range(-5, 5);
    rec.garnetsAfter[seat] = rng.range(0, 30);
  }
}

/** Two seats trade their cards and bids of a past round: the results (by alias, bids without owners) stay the same. */
function swapPlays(state: State, rng: Rng): Counterfactual<State> | null {
  const rec = state.rounds.length ? rng.pick(state.rounds) : null;
  const [a, b] = rng.shuffle(state.seats);
  if (!rec || !a || !b || state.final) return null;
  return redrawn(state, `the cards and bids of ${a} and ${b} in round ${rec.round}`, [a, b], (s) => {
    const r = s.rounds[rec.round - 1]!;
    [r.median.cards[a], r.median.cards[b]] = [r.median.cards[b]!, r.median.cards[a]!];
    [r.bidding.bids[a], r.bidding.bids[b]] = [r.bidding.bids[b]!, r.bidding.bids[a]!];
    const winner = (w: SeatId | null) => (w === a ? b : w === b ? a : w);
    r.median.winner = winner(r.median.winner);
    r.bidding.winner = winner(r.bidding.winner);
  });
}

/** A role of a round so far passes to a seat that held no role then: only the two of them can tell. */
function passRole(state: State, rng: Rng): Counterfactual<State> | null {
  const rounds = state.schedule.roles.map((r, i) => (r && i < state.round ? i : -1)).filter((i) => i >= 0);
  if (!rounds.length || state.final) return null;
  const i = rng.pick(rounds);
  const held = state.schedule.roles[i]!;
  const key = rng.chance(0.5) ? "possessed" : "ghostHunter";
  const from = held[key];
  const to = rng.pick(state.seats.filter((x) => x !== held.possessed && x !== held.ghostHunter));
  return redrawn(state, `who was ${key === "possessed" ? "possessed" : "ghost hunter"} in round ${i + 1}`, [from, to], (s) => {
    s.schedule.roles[i]![key] = to;
    const rec = s.rounds[i];
    if (rec && key === "possessed") {
      rec.possessed = to;
      if (rec.challenges) rec.challenges = { ...rec.challenges, possessed: to };
    }
    if (rec && key === "ghostHunter") rec.ghostHunter = to;
  });
}

/** Whose alias is whose, the roles of rounds to come and the generator. */
function unknownToAll(state: State, rng: Rng): Counterfactual<State> {
  return redrawn(state, "whose alias is whose, the roles to come and the generator", [], (s) => redrawUnknown(rng, s));
}

function redrawUnknown(rng: Rng, s: State): void {
  s.rng = redrawRng(rng);
  const order = rng.shuffle(s.seats);
  const relabel = (x: SeatId) => order[s.seats.indexOf(x)]!;
  s.aliases = s.aliases.map((bySeat) => Object.fromEntries(s.seats.map((x) => [relabel(x), bySeat[x]!])));
  for (const rec of s.rounds) rec.aliases = s.aliases[rec.round - 1]!;
  const future = s.schedule.roles.map((_, i) => i).filter((i) => i >= s.round);
  s.schedule.roles = s.schedule.roles.map((r, i) => (r && i >= s.round ? { possessed: relabel(r.possessed), ghostHunter: relabel(r.ghostHunter) } : r));
  if (s.schedule.emptyRound > s.round && future.length > 1) {
    const j = rng.pick(future);
    const e = s.schedule.emptyRound - 1;
    [s.schedule.roles[e], s.schedule.roles[j]] = [s.schedule.roles[j] ?? null, s.schedule.roles[e] ?? null];
    s.schedule.emptyRound = j + 1;
  }
}

function counterfactuals(state: State, rng: Rng): Counterfactual<State>[] {
  const out: Counterfactual<State>[] = [];
  if (!state.final) {
    out.push(unknownToAll(state, rng));
    for (const cf of [swapPlays(state, rng), passRole(state, rng)]) if (cf) out.push(cf);
  }
  return [...out, ...perSeat(state, state.seats, "entries, garnets, hand, points and past plays", (s, seat) => redrawSeat(rng, s, seat))];
}

export const secrets: SecretSpec<State> = {
  counterfactuals,
  configs: [{ rps: { cooldownRounds: 0, missPenaltyMode: "resetAfterPenalty" }, greed: { fee: 0, grey: { count: 5 } } }],
};
