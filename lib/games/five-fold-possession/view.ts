// What each viewer may see, built by copying allowed facts into fresh objects.
// A seat sees its own role, garnets, hand, bag and guesses; everyone sees the
// published results by alias; the host sees everything; the end reveals roles,
// aliases, challenges and points (never anyone's points from guesses as such, and
// garnets only to their holder and the host).
import type { SeatId, Viewer } from "../core/types";
import { changedEntries, seatDeps, sharedAcrossRooms, partKey, SharedValues, ViewParts } from "../core/view-parts";
import { aliasList } from "./aliases";
import { CHALLENGES, challengeText, checklistAfter, checklistDuring, type ChallengeCheck, type ChallengeId } from "./challenges";
import { STONES, type Stone, type StoneEffect } from "./config";
import { remaining } from "./greed";
import { committed, doneBlockers, identityTarget, recentOpponents, roleGuessTarget, roleOf } from "./rules";
import { TOTAL_ROUNDS } from "./schedule";
import type { PhaseName, PublicRound, Role, RoleGuess, RoundRecord, RpsEntry, RpsResult, Standing, State, Throw } from "./state";

export type { PublicRound };

/** What the seat did and learnt privately in a past round. */
export interface MyRound {
  round: number;
  role: Role;
  rps: {
    /** Whom you named (null: no entry). */
    named: SeatId | null;
    bet: number | null;
    throw: Throw | null;
    result: RpsResult;
    /** Set when the game went through. */
    opponentBet: number | null;
    opponentThrow: Throw | null;
    stake: number;
    /** You lost garnets for going without RPS too long. */
    penalized: boolean;
  };
  card: number;
  /** You did not play a card: your lowest was played and it cost garnets. */
  cardDefaulted: boolean;
  wonMedian: boolean;
  greed: { drawn: Stone[]; ignoredIndex: number | null; pot: number; status: "stopped" | "busted"; net: number } | null;
  bid: number;
  wonBid: boolean;
  /** Your MG5 guess this round (about the round before), alias by alias; never marked right or wrong before the end. */
  identityGuess: { targetRound: number; guess: { alias: string; seat: SeatId }[] } | null;
  /** Your role guess this round (about the round before); never scored before the end. */
  roleGuess: { targetRound: number; possessed: SeatId | null; ghostHunter: SeatId | null } | null;
  /** Garnets told privately at the end of the round (Identity garnets come only at the end of the match). */
  garnetChange: number;
  garnetsAfter: number;
  /** Possessed that round: the checklist as you can know it. */
  challenges: ChallengeCheck[] | null;
}

export interface GreedView {
  drawn: Stone[];
  ignoredIndex: number | null;
  pot: number;
  status: "drawing" | "stopped" | "busted";
  canDraw: boolean;
  canStop: boolean;
  /** The possessed only: the stone just drawn may be ignored (once a round). */
  canIgnore: boolean;
  /** Stones still in your bag. */
  bagLeft: Record<Stone, number>;
}

export interface MeView {
  seat: SeatId;
  /** Your role this round (null in the final guesses and at the end). Only ever your own. */
  role: Role | null;
  /** Your garnet balance as told at the end of the last round (Identity garnets are paid only at the end). */
  garnets: number;
  /** Garnets held back by this round's entries (Greed fee, RPS bet, bid). */
  committed: number;
  /** Garnets still free for entries this round. */
  available: number;
  /** Median cards you still hold. */
  hand: number[];
  /** Points you can know you have: wins in The Median and Bidding War. Points from Identity, role guesses and challenges are revealed at the end. */
  knownPoints: number;
  /** You marked this phase done. */
  done: boolean;
  /** Why you cannot mark done yet. */
  doneBlockers: string[];
  /** MG1, open during submissions. */
  mg1: {
    entry: RpsEntry | null;
    /** Players you may face now. */
    opponents: SeatId[];
    /** Players faced in the last rounds (not allowed now). */
    blocked: SeatId[];
    minBet: number;
    /** Largest bet your free garnets allow now (0: you cannot bet). */
    maxBet: number;
    /** Rounds in a row you have gone without an RPS game. */
    missStreak: number;
    /** No game this round will cost you garnets. */
    penaltyIfNoGame: boolean;
  } | null;
  /** MG2, open during submissions. */
  mg2: { card: number | null } | null;
  /** MG3, open during submissions. */
  mg3: { fee: number; canJoin: boolean; session: GreedView | null } | null;
  /** MG4, open during submissions. */
  mg4: { bid: number | null; maxBid: number } | null;
  /** MG5 guess about the previous round's aliases (round 2 on, and the final guesses). `guess[i]` is the seat for `aliases[i]`. */
  mg5: { targetRound: number; aliases: string[]; guess: SeatId[] | null } | null;
  /** Role guess about the previous round (round 3 on, and the final guesses). You cannot name yourself. */
  roleGuess: { targetRound: number; guess: RoleGuess | null; myRoleThen: Role } | null;
  /** Opal challenge, in the final guesses only: the round (2–12) you think had nobody possessed. */
  opal: { rounds: number[]; guess: number | null } | null;
  /** When you are the possessed this round: the ten challenges, settled as far as your own entries make them certain. */
  challenges: ChallengeCheck[] | null;
  /** Your private history, oldest first. */
  rounds: MyRound[];
}

export interface EndView {
  emptyRound: number;
  rounds: {
    round: number;
    possessed: SeatId | null;
    ghostHunter: SeatId | null;
    /** Whose alias was whose. */
    aliases: { alias: string; seat: SeatId }[];
    /** How many challenges the possessed completed (null: nobody possessed). */
    challengesCompleted: number | null;
    challenges: ChallengeId[];
  }[];
  /** The final Identity guesses about round 12. */
  finalIdentity: { targetRound: number; fullyRight: number };
  /** Final points and the counts the tiebreaks use: public at the end. */
  standings: PublicStanding[];
  /** Garnets are told privately: a seat gets its own row, the host every row, anyone else none. */
  garnets: GarnetStanding[];
  opal: { guesses: Record<SeatId, number | null>; correct: SeatId[]; winner: SeatId | null };
  pointsWinners: SeatId[];
  identificationWinners: SeatId[];
  /** Met both win conditions: an opal and two Tokens of Life. */
  doubleWinner: SeatId | null;
  elimination: SeatId | null;
  ranking: { seat: SeatId; place: number }[];
  notes: string[];
}

export type PublicStanding = Omit<Standing, GarnetField>;
type GarnetField = "garnets" | "startGarnets" | "identityGarnets";
export type GarnetStanding = Pick<Standing, "seat" | GarnetField>;

export interface HostView {
  emptyRound: number;
  roles: ({ possessed: SeatId; ghostHunter: SeatId } | null)[];
  aliases: Record<SeatId, string>[];
  submissions: Record<SeatId, unknown>;
  garnets: Record<SeatId, number>;
  identityGarnets: Record<SeatId, number>;
  hands: Record<SeatId, number[]>;
  missStreak: Record<SeatId, number>;
  /** Points so far including hidden ones. */
  points: Record<SeatId, { minigame: number; challenges: number; guesses: number; total: number }>;
  rounds: RoundRecord[];
}

export interface View {
  viewer: Viewer;
  seats: SeatId[];
  round: number;
  totalRounds: number;
  phase: PhaseName;
  /** This round's aliases (alphabetical); nobody is told whose is whose, their own included. */
  aliases: string[];
  /** The fixed tables of this match. */
  reference: {
    stones: { stone: Stone; count: number; effect: StoneEffect }[];
    greedFee: number;
    greedStartPot: number;
    rpsBets: [number, number];
    maxBid: number;
    challenges: { id: ChallengeId; minigame: string; text: string }[];
    guessPoints: { namePossessed: number; nameGhostHunter: number; hunterFindsPossessed: number; hunterNamedPenalty: number };
    /** Points per completed challenge, and per challenge when every other player named the possessed. */
    challengePoints: { each: number; eachWhenNamedByAll: number };
  };
  /** Published results, oldest first. */
  history: PublicRound[];
  me: MeView | null;
  end: EndView | null;
  host: HostView | null;
}

/** Parts kept from state to state (round records and the config are the same objects until they change). */
const parts = new ViewParts<object>();

/** A seat's part of a round: the record, the records it refers to, the seats, the starting garnets and the config determine it. */
function keptRound(state: State, rec: RoundRecord, seat: SeatId): MyRound {
  const deps = [rec.identity ? state.rounds[rec.identity.targetRound - 1] : null, state.rounds[rec.round - 2], state.startGarnets, state.seats, state.config];
  return parts.get(rec, partKey("mine", seat), deps, () => myRound(state, rec, seat));
}

function copyPublic(p: PublicRound): PublicRound {
  return {
    round: p.round,
    aliases: p.aliases.slice(),
    rps: p.rps.map((x) => ({ alias: x.alias, result: x.result })),
    median: { plays: p.median.plays.map((x) => ({ alias: x.alias, card: x.card })), median: p.median.median, winner: p.median.winner },
    greed: { players: p.greed.players, drewRed: p.greed.drewRed.slice() },
    bidding: { bids: p.bidding.bids.slice(), winningBid: p.bidding.winningBid, winner: p.bidding.winner },
    identity: p.identity ? { targetRound: p.identity.targetRound, fullyRight: p.identity.fullyRight } : null,
  };
}

/** An alias and the seat a guess names for it, one object for every room (the aliases and the seats are the game's own, so the pairs are bounded). */
const guessEntries = new SharedValues<string, { alias: string; seat: SeatId }>(10_000);

function guessEntry(alias: string, seat: SeatId): { alias: string; seat: SeatId } {
  // built once per seat and round (the round's part is kept): the key's string is no burden
  const key = `${seat}|${alias}`;
  return guessEntries.find(key) ?? guessEntries.keep(key, { alias, seat });
}

function myRound(state: State, rec: RoundRecord, seat: SeatId): MyRound {
  const entry = rec.rps.entries[seat] ?? null;
  const game = rec.rps.games.find((g) => g.a === seat || g.b === seat) ?? null;
  const mine = game ? (game.a === seat ? 0 : 1) : 0;
  const session = rec.greed.sessions[seat] ?? null;
  const idGuess = rec.identity?.guesses[seat] ?? null;
  const idOrder = rec.identity ? (state.rounds[rec.identity.targetRound - 1]?.published.aliases ?? []) : [];
  const rg = rec.roleGuess?.guesses[seat] ?? null;
  return {
    round: rec.round,
    role: rec.possessed === seat ? "possessed" : rec.ghostHunter === seat ? "ghostHunter" : "player",
    rps: {
      named: entry?.opponent ?? null,
      bet: entry?.bet ?? null,
      throw: entry?.throw ?? null,
      result: rec.rps.result[seat] ?? "none",
      opponentBet: game ? game.bets[1 - mine]! : null,
      opponentThrow: game ? game.throws[1 - mine]! : null,
      stake: game ? game.stake : 0,
      penalized: rec.rps.penalized.includes(seat),
    },
    card: rec.median.cards[seat] ?? 0,
    cardDefaulted: rec.median.defaulted.includes(seat),
    wonMedian: rec.median.winner === seat,
    greed: session
      ? {
          drawn: session.drawn.slice(),
          ignoredIndex: session.ignoredIndex,
          pot: session.pot,
          status: session.status === "busted" ? "busted" : "stopped",
          net: rec.greed.net[seat] ?? 0,
        }
      : null,
    bid: rec.bidding.bids[seat] ?? 0,
    wonBid: rec.bidding.winner === seat,
    identityGuess:
      rec.identity && idGuess ? { targetRound: rec.identity.targetRound, guess: idOrder.map((alias, i) => guessEntry(alias, idGuess[i] as SeatId)) } : null,
    roleGuess: rec.roleGuess && rg ? { targetRound: rec.roleGuess.targetRound, possessed: rg.possessed, ghostHunter: rg.ghostHunter } : null,
    garnetChange: (rec.garnetsAfter[seat] ?? 0) - (state.rounds[rec.round - 2]?.garnetsAfter[seat] ?? state.startGarnets[seat] ?? 0),
    garnetsAfter: rec.garnetsAfter[seat] ?? 0,
    challenges: rec.possessed === seat ? checklistAfter(rec, seat, state.seats, state.config) : null,
  };
}

function meView(state: State, seat: SeatId): MeView {
  const cfg = state.config;
  const sub = state.subs[seat]!;
  const submit = state.phase === "submit";
  const garnets = state.garnets[seat] ?? 0;
  const held = submit ? committed(sub, cfg) : 0;
  const free = garnets - held;
  const role = submit || state.phase === "results" ? roleOf(state, seat, state.round) : null;
  let known = 0;
  for (const rec of state.rounds) {
    if (rec.median.winner === seat) known += cfg.median.winPoints;
    if (rec.bidding.winner === seat) known += cfg.bidding.winPoints;
  }
  // who the seat may play or may not, kept while the seats and the rounds stay as they were
  const rivals = parts.get(cfg, partKey("opponents", seat), [state.seats, state.rounds], () => {
    const blocked = recentOpponents(state, seat);
    return { opponents: state.seats.filter((s) => s !== seat && !blocked.includes(s)), blocked: state.seats.filter((s) => blocked.includes(s)) };
  });
  const g = sub.greed;
  const idTarget = identityTarget(state);
  const rgTarget = roleGuessTarget(state);
  return {
    seat,
    role,
    garnets,
    committed: held,
    available: free,
    hand: parts.get(cfg, partKey("hand", seat), [state.hands[seat]], () => (state.hands[seat] ?? []).slice()),
    knownPoints: known,
    done: sub.done,
    doneBlockers: doneBlockers(state, seat),
    mg1: submit
      ? {
          entry: sub.rps ? { opponent: sub.rps.opponent, bet: sub.rps.bet, throw: sub.rps.throw } : null,
          opponents: rivals.opponents,
          blocked: rivals.blocked,
          minBet: cfg.rps.minBet,
          maxBet: Math.max(0, Math.min(cfg.rps.maxBet, free + (sub.rps?.bet ?? 0))),
          missStreak: state.missStreak[seat] ?? 0,
          penaltyIfNoGame: (state.missStreak[seat] ?? 0) + 1 >= cfg.rps.missRounds && cfg.rps.missPenalty > 0,
        }
      : null,
    mg2: submit ? { card: sub.card } : null,
    mg3: submit
      ? {
          fee: cfg.greed.fee,
          canJoin: !g && free >= cfg.greed.fee,
          session: g
            ? {
                drawn: g.drawn.slice(),
                ignoredIndex: g.ignoredIndex,
                pot: g.pot,
                status: g.status,
                canDraw: g.status === "drawing" && g.drawn.length < STONES.reduce((a, s) => a + cfg.greed[s].count, 0),
                canStop: g.status === "drawing",
                canIgnore: role === "possessed" && g.ignoredIndex === null && g.lastWasDraw,
                bagLeft: remaining(cfg.greed, g.drawn),
              }
            : null,
        }
      : null,
    mg4: submit ? { bid: sub.bid, maxBid: Math.max(0, Math.min(cfg.bidding.maxBid, free + (sub.bid ?? 0))) } : null,
    mg5:
      idTarget !== null
        ? { targetRound: idTarget, aliases: (state.rounds[idTarget - 1]?.published.aliases ?? []).slice(), guess: sub.identities ? sub.identities.slice() : null }
        : null,
    roleGuess:
      rgTarget !== null
        ? {
            targetRound: rgTarget,
            guess: sub.roles ? { possessed: sub.roles.possessed, ghostHunter: sub.roles.ghostHunter } : null,
            myRoleThen: roleOf(state, seat, rgTarget),
          }
        : null,
    opal: state.phase === "final" ? { rounds: Array.from({ length: TOTAL_ROUNDS - 1 }, (_, i) => i + 2), guess: sub.opal } : null,
    challenges: submit && role === "possessed" ? checklistDuring(sub, cfg) : null,
    rounds: parts.get(cfg, partKey("my-rounds", seat), [state.rounds, state.startGarnets, state.seats], () => state.rounds.map((rec) => keptRound(state, rec, seat))),
  };
}

function endView(state: State, viewer: Viewer): EndView | null {
  const f = state.final;
  if (!f) return null;
  const double = f.pointsWinners.find((s) => f.identificationWinners.includes(s)) ?? null;
  return {
    emptyRound: state.schedule.emptyRound,
    rounds: state.rounds.map((rec) => ({
      round: rec.round,
      possessed: rec.possessed,
      ghostHunter: rec.ghostHunter,
      aliases: state.seats.map((s) => ({ alias: rec.aliases[s] as string, seat: s })).sort((a, b) => (a.alias < b.alias ? -1 : 1)),
      challengesCompleted: rec.challenges ? rec.challenges.completed.length : null,
      challenges: rec.challenges ? rec.challenges.completed.slice() : [],
    })),
    finalIdentity: { targetRound: f.identity.targetRound, fullyRight: f.identity.fullyRight.length },
    standings: f.standings.map((x) => ({
      seat: x.seat,
      points: x.points,
      minigamePoints: x.minigamePoints,
      identifications: x.identifications,
      identitiesCorrect: x.identitiesCorrect,
      challengesCompleted: x.challengesCompleted,
    })),
    garnets: f.standings
      .filter((x) => viewer === "host" || viewer === x.seat)
      .map((x) => ({ seat: x.seat, garnets: x.garnets, startGarnets: x.startGarnets, identityGarnets: x.identityGarnets })),
    opal: { guesses: { ...f.opal.guesses }, correct: f.opal.correct.slice(), winner: f.opal.winner },
    pointsWinners: f.pointsWinners.slice(),
    identificationWinners: f.identificationWinners.slice(),
    doubleWinner: double,
    elimination: f.elimination,
    ranking: f.ranking.map((x) => ({ ...x })),
    notes: f.notes.slice(),
  };
}

/** A deep copy of the submissions, seat by seat: a move replaces one seat's submission and shares the others, whose copies are kept. */
function hostSubs(state: State): Record<SeatId, unknown> {
  const out: Record<SeatId, unknown> = {};
  for (const [seat, sub] of Object.entries(state.subs)) {
    if (sub !== undefined) out[seat] = parts.get(sub, "host", [], () => JSON.parse(JSON.stringify(sub)) as unknown);
  }
  return out;
}

/**
 * The host's panel: each member a copy of one or two state members, kept
 * while what it copies stays the same (a state is never changed, only
 * replaced in part), so that a move copies again only what it changed, and
 * the diff passes over the rest by identity.
 */
function hostView(state: State): HostView {
  const cfg = state.config;
  return {
    emptyRound: state.schedule.emptyRound,
    roles: parts.get(cfg, "host:roles", [state.schedule.roles], () => state.schedule.roles.map((x) => (x ? { ...x } : null))),
    aliases: parts.get(cfg, "host:aliases", [state.aliases], () => state.aliases.map((a) => ({ ...a }))),
    // deep copies of the submissions and of every round record, kept while those records stay the same objects
    submissions: parts.get(cfg, "host:subs", [state.subs], () => hostSubs(state)),
    garnets: seatNumbers(state, "host:garnets", state.garnets),
    identityGarnets: seatNumbers(state, "host:identity", state.deferredGarnets),
    hands: parts.get(cfg, "host:hands", [state.seats, state.hands], () => parts.sameRecord(cfg, "host:hands-copy", Object.fromEntries(state.seats.map((s) => [s, hostHand(state, s)])))),
    missStreak: seatNumbers(state, "host:streaks", state.missStreak),
    points: hostPoints(state),
    rounds: parts.get(cfg, "host:rounds", [state.rounds], () => state.rounds.map((rec) => parts.get(rec, "host", [], () => JSON.parse(JSON.stringify(rec)) as RoundRecord))),
  };
}

/** A copy of a record of a number per seat, kept while the record is, and made again only when a number changed (a round's end replaces such records whether or not they changed). */
function seatNumbers(state: State, key: string, numbers: Record<SeatId, number>): Readonly<Record<SeatId, number>> {
  return parts.get(state.config, key, [numbers], () => parts.sameRecord(state.config, `${key}-copy`, numbers));
}

/** A seat's hand as the host's panel lists it, copied once per hand. */
function hostHand(state: State, seat: SeatId): number[] {
  const hand = state.hands[seat] ?? NO_CARDS;
  return parts.get(state.config, partKey("host:hand", seat), [hand], () => hand.slice());
}

const NO_CARDS: number[] = [];

/** Each seat's points so far, the hidden ones included: made again when the tallies are replaced, each seat's entry kept while its tally is, the whole while every entry is. */
function hostPoints(state: State): Readonly<HostView["points"]> {
  const cfg = state.config;
  return parts.get(cfg, "host:points", [state.seats, state.tally], () => parts.sameRecord(cfg, "host:points-copy", Object.fromEntries(state.seats.map((s) => [s, seatPoints(state, s)]))));
}

function seatPoints(state: State, seat: SeatId): HostView["points"][SeatId] {
  const t = state.tally[seat]!;
  return parts.get(state.config, partKey("host:points", seat), [t], () => ({
    minigame: t.minigameHalves / 2,
    challenges: t.challengeHalves / 2,
    guesses: t.guessHalves / 2,
    total: (t.minigameHalves + t.challengeHalves + t.guessHalves) / 2,
  }));
}

/**
 * A seat's view reads what its panel reads (every member but the other seats'
 * submissions and the generator); the spectator's, the public members alone.
 * Another seat's submission then leaves the view the very same object. The
 * host's reads everything and is built for each state.
 */
export function view(state: State, viewer: Viewer): View {
  if (viewer === "host") return buildView(state, viewer);
  const deps = state.seats.includes(viewer) ? seatDeps(state, viewer, VIEW_OWN, VIEW_UNREAD) : [state.seats, state.round, state.phase, state.aliases, state.rounds, state.final, state.schedule];
  return parts.get(state.config, partKey("view", viewer), deps, () => buildView(state, viewer));
}

/** What a seat's view reads of the per-seat records (its own submissions alone), and what no view reads. */
const VIEW_OWN = ["subs"] as const satisfies readonly (keyof State)[];
const VIEW_UNREAD = ["rng"] as const satisfies readonly (keyof State)[];

/** The views a move can change, from what they read (`view`): a submission changes its own seat's alone. */
export function changedViews(before: State, after: State): SeatId[] | null {
  return changedEntries(before, after, VIEW_OWN, VIEW_UNREAD);
}

function buildView(state: State, viewer: Viewer): View {
  const cfg = state.config;
  const current = state.phase === "submit" || state.phase === "results" ? state.aliases[state.round - 1] : undefined;
  return {
    viewer,
    seats: parts.get(cfg, "seats", [state.seats], () => state.seats.slice()),
    round: state.round,
    totalRounds: TOTAL_ROUNDS,
    phase: state.phase,
    aliases: parts.get(cfg, "aliases", [current], () => (current ? aliasList(current) : [])),
    reference: parts.get(cfg, "reference", [], () => sharedAcrossRooms({
      stones: STONES.map((s) => ({ stone: s, count: cfg.greed[s].count, effect: cfg.greed[s].effect })),
      greedFee: cfg.greed.fee,
      greedStartPot: cfg.greed.startPot,
      rpsBets: [cfg.rps.minBet, cfg.rps.maxBet],
      maxBid: cfg.bidding.maxBid,
      challenges: CHALLENGES.map((c) => ({ id: c.id, minigame: c.minigame, text: challengeText(c.id, cfg) })),
      guessPoints: {
        namePossessed: cfg.guessing.namePossessed,
        nameGhostHunter: cfg.guessing.nameGhostHunter,
        hunterFindsPossessed: cfg.guessing.hunterFindsPossessed,
        hunterNamedPenalty: cfg.guessing.hunterNamedPenalty,
      },
      challengePoints: { each: cfg.challenges.points, eachWhenNamedByAll: cfg.challenges.detectedPoints },
    })),
    history: parts.get(cfg, "history", [state.rounds], () => state.rounds.map((rec) => parts.get(rec.published, "public", [], () => copyPublic(rec.published)))),
    // a seat's panel reads its own submission only: another seat's move leaves it as it was
    me: state.seats.includes(viewer) ? parts.get(cfg, partKey("me", viewer), seatDeps(state, viewer, VIEW_OWN, VIEW_UNREAD), () => meView(state, viewer)) : null,
    end: state.final ? parts.get(cfg, partKey("end", viewer), [state.final, state.rounds, state.seats, state.schedule], () => endView(state, viewer)) : null,
    host: viewer === "host" ? hostView(state) : null,
  };
}
