// What each viewer may see. Built by copying allowed facts into fresh objects:
// a seat sees the public record plus its own secrets; a spectator sees the
// public record; the host sees everything. Claims are secret too: only the
// counts per trait are public.
import type { SeatId, Viewer } from "../core/types";
import { changedEntries, NONE, seatDeps, sharedAcrossRooms, partKey, SharedValues, ViewParts } from "../core/view-parts";
import { WISDOM_OPTION_TEXT, type WisdomOption } from "./config";
import { cleanseBlock, effectsOf, participants, queryKindFor, resurrectBlock, traitPairs } from "./rules";
import {
  RULE,
  TRAITS,
  type CountedChallenge,
  type Ledger,
  type RoundRecord,
  type Stage,
  type State,
  type Submission,
  type Trait,
  type TraitCounts,
  type WisdomAnswer,
  type WisdomQuery,
} from "./types";

/** The fixed numbers and the switches of this game, for help texts. */
export interface RulesView {
  rounds: number;
  maxChallenges: number;
  /** A challenge counts when at least this many players challenge the same player in a round. */
  challengeThreshold: number;
  challengePoints: number;
  powerBonus: number;
  courageBonus: number;
  /** Courage pays its bonus when at most this many alive players claimed Courage. */
  courageLimit: number;
  resurrection: { enabled: boolean; cost: number };
  cleansing: { enabled: boolean; cost: number };
  lieWinCondition: boolean;
  wisdomOption: WisdomOption;
  wisdomText: string;
  /** The question Wisdom takes in this game ("pair": claimed + submitted trait, "player": one seat), or null. */
  wisdomQuery: WisdomQuery["kind"] | null;
  pointsPerGarnet: number;
}

/** What everyone knows about a seat. */
export interface PublicPlayer {
  seat: SeatId;
  alive: boolean;
  /** Round of the (last) elimination, null while in the game. Who has locked in is the phase's `waitingOn`. */
  eliminatedRound: number | null;
}

/** What everyone learns when a round ends. */
export interface PublicRound {
  round: number;
  /** Players who were in the game this round (before its challenges). */
  participants: SeatId[];
  /** How many players claimed each trait, counting only players still in after the challenges. */
  claimCounts: TraitCounts;
  /** How many players were counted (alive after the challenges). */
  countedPlayers: number;
  /** Every challenge made this round, counted or not. */
  challenges: { from: SeatId; to: SeatId }[];
  /** Challenges that reached the threshold, with the revealed status of the target. */
  counted: CountedChallenge[];
  eliminated: SeatId[];
  /** Eliminated players who paid to come back: they play again from the next round. */
  resurrected: SeatId[];
}

/** One of the nine claim/secret combinations with its consequences, shown before locking in. */
export interface ChoicePreview {
  claim: Trait;
  secret: Trait;
  /** Claim and secret differ. */
  lie: boolean;
  /** The traits whose effects this choice gives. */
  effects: Trait[];
  /** You will be a Truth Deflector after this round (no cleanse). */
  truthDeflectorAfter: boolean;
  /** The same with a cleanse bought this round; null when you cannot cleanse. */
  truthDeflectorAfterIfCleansed: boolean | null;
  /** One plain sentence about the consequence. */
  note: string;
}

/** One of your past rounds. */
export interface MyRound {
  round: number;
  /** You were in the game this round (claimed and submitted). */
  played: boolean;
  claim: Trait | null;
  secret: Trait | null;
  lied: boolean;
  /** The deadline chose for you (a random honest choice). */
  defaulted: boolean;
  challenged: SeatId[];
  /** Your points this round by source. */
  points: Ledger;
  pointsAfter: number;
  wisdom: { query: WisdomQuery | null; answer: WisdomAnswer } | null;
  eliminated: boolean;
  resurrected: boolean;
  cleansed: boolean;
  /** You bought a cleanse but were eliminated this round: the garnets were not taken. */
  refunded: boolean;
  truthDeflectorAfter: boolean;
  garnetsAfter: number;
}

export interface MyView {
  seat: SeatId;
  alive: boolean;
  eliminatedRound: number | null;
  points: number;
  garnets: number;
  /** Your own Truth Deflector status (nobody else sees it). */
  truthDeflector: boolean;
  roundsLied: number;
  /** What you locked in this round, or null. You may send again to replace it while the round runs. */
  submission: Submission | null;
  can: {
    /** You make a claim and a secret submission this round (you are in the game). */
    choose: boolean;
    challengeTargets: SeatId[];
    maxChallenges: number;
    wisdom: {
      query: WisdomQuery["kind"] | null;
      /** Legal pair questions (claimed, submitted). */
      pairs: { claimed: Trait; submitted: Trait }[];
      /** Legal player questions. */
      players: SeatId[];
    };
    /** `reason`: why not, when not allowed; `effect`: what it would do, in one sentence. */
    cleanse: { allowed: boolean; reason: string | null; cost: number; effect: string };
    resurrect: { allowed: boolean; reason: string | null; cost: number; effect: string };
    /** You may name the EC now (a highest-points winner while the lowest score is tied). */
    pickEC: boolean;
  };
  /** The nine claim/secret combinations with what each would do to you (empty when you do not choose). */
  choices: ChoicePreview[];
  /** Your rounds so far, oldest first (the dashboard charts your points from them). */
  history: MyRound[];
}

/** Everything, for the host. */
export interface HostView {
  players: {
    seat: SeatId;
    alive: boolean;
    truthDeflector: boolean;
    points: number;
    garnets: number;
    roundsLied: number;
    /** This round's locked-in submission (claim, secret, challenges, Wisdom question, garnet actions). */
    submission: Submission | null;
  }[];
  /** Full records of the resolved rounds (all claims, secrets, ledgers, Wisdom answers, garnet actions). */
  rounds: RoundRecord[];
}

/** The end: final points (never Truth Deflector status), Tokens of Life, the EC. */
export interface EndView {
  standings: { seat: SeatId; points: number; garnetsEarned: number; tokensOfLife: number }[];
  mainWinners: SeatId[];
  /** More than three shared the top score and the gamewide tiebreak (garnets, then a lot) chose. */
  mainTiebreakUsed: boolean;
  /** Winner of the extra win condition (most rounds lied among alive players), if in play. */
  lieWinner: SeatId | null;
  ecCandidates: SeatId[];
  /** Null while the winners still choose among the tied candidates. */
  ec: SeatId | null;
  ecDecidedBy: string | null;
  /** Who may name the EC (and the host). */
  ecChoosers: SeatId[];
}

export interface View {
  viewer: Viewer;
  stage: Stage;
  round: number;
  rules: RulesView;
  players: PublicPlayer[];
  history: PublicRound[];
  /** Only for a seat. */
  me: MyView | null;
  /** Only for the host. */
  host: HostView | null;
  /** Once the rounds are over. */
  end: EndView | null;
}

/**
 * Parts kept from state to state: a round's record never changes once written
 * (its views depend on it alone), and the history list itself is the same
 * object until the next round ends.
 */
const historyParts = new ViewParts<State["history"]>();
const roundParts = new ViewParts<State["history"][number]>();
const configParts = new ViewParts<State["config"]>();

function rulesView(state: State): RulesView {
  return configParts.get(state.config, "rules", [], () => sharedAcrossRooms(buildRulesView(state)));
}

function buildRulesView(state: State): RulesView {
  const c = state.config;
  return {
    rounds: c.rounds,
    maxChallenges: RULE.maxChallenges,
    challengeThreshold: RULE.challengeThreshold,
    challengePoints: RULE.challengePoints,
    powerBonus: RULE.powerBonus,
    courageBonus: RULE.courageBonus,
    courageLimit: RULE.courageLimit,
    resurrection: { enabled: c.resurrection, cost: RULE.resurrectionCost },
    cleansing: { enabled: c.cleansing, cost: RULE.cleansingCost },
    lieWinCondition: c.lieWinCondition,
    wisdomOption: c.wisdomOption,
    wisdomText: WISDOM_OPTION_TEXT[c.wisdomOption],
    wisdomQuery: queryKindFor(c.wisdomOption),
    pointsPerGarnet: RULE.pointsPerGarnet,
  };
}

function publicRound(r: RoundRecord): PublicRound {
  return {
    round: r.round,
    participants: r.participants.slice(),
    claimCounts: { ...r.claimCounts },
    countedPlayers: r.scored.length,
    challenges: r.challenges.map((c) => ({ from: c.from, to: c.to })),
    counted: r.counted.map((c) => ({ ...c, challengers: c.challengers.slice() })),
    eliminated: r.eliminated.slice(),
    resurrected: r.resurrected.slice(),
  };
}

function copySubmission(s: Submission): Submission {
  return { ...s, challenges: s.challenges.slice(), wisdom: s.wisdom ? { ...s.wisdom } : null };
}

function previewNote(lie: boolean, td: boolean, canCleanse: boolean): string {
  if (lie && !td) return "This is a lie: it makes you a Truth Deflector from the end of this round.";
  if (lie) return canCleanse ? "This is a lie: you stay a Truth Deflector, even if you cleanse this round." : "This is a lie: you stay a Truth Deflector.";
  if (td) return canCleanse ? "Honest, but you are still a Truth Deflector unless you cleanse." : "Honest, but you are still a Truth Deflector.";
  return "Honest: you stay clear of Truth Deflector status.";
}

const previews = new Map<string, ChoicePreview[]>();

/** The same four lists for everyone: built once each. */
function choicePreviews(td: boolean, canCleanse: boolean): ChoicePreview[] {
  const key = `${td}:${canCleanse}`;
  let list = previews.get(key);
  if (!list) {
    list = buildChoicePreviews(td, canCleanse);
    previews.set(key, list);
  }
  return list;
}

function buildChoicePreviews(td: boolean, canCleanse: boolean): ChoicePreview[] {
  const out: ChoicePreview[] = [];
  for (const claim of TRAITS) {
    for (const secret of TRAITS) {
      const lie = claim !== secret;
      out.push({
        claim,
        secret,
        lie,
        effects: effectsOf(claim, secret),
        truthDeflectorAfter: lie || td,
        truthDeflectorAfterIfCleansed: canCleanse ? lie : null,
        note: previewNote(lie, td, canCleanse),
      });
    }
  }
  return out;
}

const NO_POINTS: Ledger = Object.freeze({ challenges: 0, counts: 0, power: 0, courage: 0, total: 0 });

/** A seat's past round; the round record's own objects where the seat sees them whole (states are never changed in place). */
function myRound(r: RoundRecord, seat: SeatId): MyRound {
  const sub = r.subs[seat];
  const played = r.participants.includes(seat);
  const w = r.wisdom[seat];
  const l = r.ledger[seat];
  return {
    round: r.round,
    played,
    claim: sub?.claim ?? null,
    secret: sub?.secret ?? null,
    lied: !!sub && sub.claim !== null && sub.claim !== sub.secret,
    defaulted: sub?.defaulted ?? false,
    challenged: sub ? sub.challenges : NONE,
    points: l ?? NO_POINTS,
    pointsAfter: r.pointsAfter[seat] ?? 0,
    wisdom: w ? { query: w.query ?? null, answer: w.answer } : null,
    eliminated: r.eliminated.includes(seat),
    resurrected: r.resurrected.includes(seat),
    cleansed: r.cleansed.includes(seat),
    refunded: r.refunded.includes(seat),
    truthDeflectorAfter: r.tdAfter[seat] ?? false,
    garnetsAfter: r.garnetsAfter[seat] ?? 0,
  };
}

/** Every legal Wisdom pair question, one list for every view. */
const WISDOM_PAIRS: readonly { claimed: Trait; submitted: Trait }[] = Object.freeze(traitPairs().map(([claimed, submitted]) => Object.freeze({ claimed, submitted })));

/**
 * A seat's panel. All of it but the seat's own submission reads only the
 * stage, the round, the seats' records and the end: kept while those stay as
 * they were, so that a lock-in of the seat's rebuilds (and the room's diff
 * visits) its submission alone.
 */
function myView(state: State, seat: SeatId): MyView {
  const inRound = state.stage === "round";
  const pending = state.pending[seat];
  const base = configParts.get(state.config, partKey("me-base", seat), [state.stage, state.round, state.seats, state.players, state.end, state.history], () => myBase(state, seat));
  // one literal, in the interface's order: every seat view has one shape, whatever built it
  return {
    seat: base.seat,
    alive: base.alive,
    eliminatedRound: base.eliminatedRound,
    points: base.points,
    garnets: base.garnets,
    truthDeflector: base.truthDeflector,
    roundsLied: base.roundsLied,
    submission: inRound && pending ? copySubmission(pending) : null,
    can: base.can,
    choices: base.choices,
    history: base.history,
  };
}

function myBase(state: State, seat: SeatId): Omit<MyView, "submission"> {
  const p = state.players[seat];
  const inRound = state.stage === "round";
  const alive = p?.alive ?? false;
  const from = participants(state);
  const cleanseWhy = inRound ? cleanseBlock(state, seat) : "The rounds are over.";
  const resurrectWhy = inRound ? resurrectBlock(state, seat) : "The rounds are over.";
  const query = queryKindFor(state.config.wisdomOption);
  const history = historyParts.get(state.history, partKey("mine", seat), [], () => state.history.map((r) => roundParts.get(r, seat, [], () => myRound(r, seat))));
  return {
    seat,
    alive,
    eliminatedRound: p?.eliminatedRound ?? null,
    points: p?.points ?? 0,
    garnets: p?.garnets ?? 0,
    truthDeflector: p?.td ?? false,
    roundsLied: p?.lies ?? 0,
    can: {
      choose: inRound && alive,
      challengeTargets: inRound ? from.filter((s) => s !== seat) : [],
      maxChallenges: RULE.maxChallenges,
      wisdom: {
        query: inRound && alive ? query : null,
        pairs: inRound && alive && query === "pair" ? (WISDOM_PAIRS as MyView["can"]["wisdom"]["pairs"]) : NONE,
        players: inRound && alive && query === "player" ? from.filter((s) => s !== seat) : NONE,
      },
      cleanse: garnetOption("cleanse", state.round, cleanseWhy),
      resurrect: garnetOption("resurrect", state.round, resurrectWhy),
      pickEC: state.stage === "ecChoice" && !!state.end?.mainWinners.includes(seat),
    },
    choices: inRound && alive ? choicePreviews(p?.td ?? false, cleanseWhy === null) : [],
    history,
  };
}

type GarnetOption = MyView["can"]["cleanse"];

/** Cleansing and resurrection as a seat reads them: the round and why not (or null) determine each, so every room shares it. */
const garnetOptions = new SharedValues<string, GarnetOption>(5_000);

function garnetOption(kind: "cleanse" | "resurrect", round: number, why: string | null): GarnetOption {
  const key = `${kind}:${round}:${why ?? ""}`;
  return garnetOptions.find(key) ?? garnetOptions.keep(key, kind === "cleanse" ? cleanseOption(round, why) : resurrectOption(round, why));
}

function cleanseOption(round: number, why: string | null): GarnetOption {
  return {
    allowed: why === null,
    reason: why,
    cost: RULE.cleansingCost,
    effect:
      `You pay ${RULE.cleansingCost} garnets at the end of this round and lose Truth Deflector status: challenges from round ${round + 1} on cannot eliminate you. ` +
      "A counted challenge this round still does (then the garnets come back), and lying this round keeps you a Truth Deflector.",
  };
}

function resurrectOption(round: number, why: string | null): GarnetOption {
  return {
    allowed: why === null,
    reason: why,
    cost: RULE.resurrectionCost,
    effect: `You pay ${RULE.resurrectionCost} garnets at the end of this round and play again from round ${round + 1}, without Truth Deflector status.`,
  };
}

function hostView(state: State): HostView {
  return {
    // each seat's entry is kept while its record and submission stay as they were: another seat's move leaves it the same object
    players: state.seats.map((seat) => {
      const p = state.players[seat];
      const sub = state.stage === "round" ? state.pending[seat] : undefined;
      return configParts.get(state.config, partKey("host", seat), [p, sub], () => ({
        seat,
        alive: p?.alive ?? false,
        truthDeflector: p?.td ?? false,
        points: p?.points ?? 0,
        garnets: p?.garnets ?? 0,
        roundsLied: p?.lies ?? 0,
        submission: sub ? copySubmission(sub) : null,
      }));
    }),
    // a finished round's record never changes: its copy is made once
    rounds: historyParts.get(state.history, "host", [], () => state.history.map((r) => roundParts.get(r, "host", [], () => structuredClone(r)))),
  };
}

/** The Tokens of Life a seat wins: two for the sole main winner, one for each of several, one for the lie winner. */
function tokensOfLife(e: NonNullable<State["end"]>, s: SeatId): number {
  return (e.mainWinners.includes(s) ? (e.mainWinners.length === 1 ? 2 : 1) : 0) + (e.lieWinner === s ? 1 : 0);
}

function endView(state: State): EndView | null {
  const e = state.end;
  if (!e) return null;
  const standings = state.seats
    .map((seat) => ({ seat, points: e.finalPoints[seat] ?? 0, garnetsEarned: e.garnetsEarned[seat] ?? 0, tokensOfLife: tokensOfLife(e, seat) }))
    .sort((a, b) => b.points - a.points || state.seats.indexOf(a.seat) - state.seats.indexOf(b.seat));
  return {
    standings,
    mainWinners: e.mainWinners.slice(),
    mainTiebreakUsed: e.mainTiebreakUsed,
    lieWinner: e.lieWinner,
    ecCandidates: e.ecCandidates.slice(),
    ec: e.ec,
    ecDecidedBy: e.ecDecidedBy,
    ecChoosers: state.stage === "ecChoice" ? e.mainWinners.slice() : [],
  };
}

/**
 * A viewer's view, kept while what it reads stays as it was: every member of
 * the state but the other seats' submissions of the round (and the random
 * generator, which no view reads). Another seat's lock-in then leaves a seat's
 * view and the spectators' the very same object, built once: nothing is built
 * for them, and the room's diff passes over it at once. The host's view shows
 * every submission and is built each time.
 */
export function buildView(state: State, viewer: Viewer): View {
  if (viewer === "host") return freshView(state, viewer);
  return configParts.get(state.config, partKey("view", viewer), seatDeps(state, viewer, VIEW_OWN, VIEW_UNREAD), () => freshView(state, viewer));
}

/** What a seat's view and panel read of the per-seat records (its own submission alone), and what no view reads. */
const VIEW_OWN = ["pending"] as const satisfies readonly (keyof State)[];
const VIEW_UNREAD = ["rng"] as const satisfies readonly (keyof State)[];

/** The views a move can change, from what they read (`buildView`): a lock-in changes its own seat's alone. */
export function changedViews(before: State, after: State): SeatId[] | null {
  return changedEntries(before, after, VIEW_OWN, VIEW_UNREAD);
}

function freshView(state: State, viewer: Viewer): View {
  const isSeat = viewer !== "host" && viewer !== "spectator" && state.seats.includes(viewer);
  return {
    viewer,
    stage: state.stage,
    round: state.round,
    rules: rulesView(state),
    // the same for every viewer
    // a seat's entry is kept while its record stays as it was; who has locked in is not here but in
    // the phase's waitingOn (sent once to all), so a lock-in changes no view but the seat's and the host's
    players: configParts.get(state.config, "players", [state.seats, state.players], () =>
      state.seats.map((seat) => {
        const p = state.players[seat];
        return configParts.get(state.config, partKey("player", seat), [p], () => ({
          seat,
          alive: p?.alive ?? false,
          eliminatedRound: p?.eliminatedRound ?? null,
        }));
      }),
    ),
    history: historyParts.get(state.history, "public", [], () => state.history.map((r) => roundParts.get(r, "public", [], () => publicRound(r)))),
    // a seat's panel reads its own submission of the round only: another seat's move leaves it as it was
    me: isSeat ? configParts.get(state.config, partKey("me", viewer), seatDeps(state, viewer, VIEW_OWN, VIEW_UNREAD), () => myView(state, viewer)) : null,
    host: viewer === "host" ? hostView(state) : null,
    end: configParts.get(state.config, "end", [state.end, state.seats, state.stage], () => endView(state)),
  };
}
