// What one viewer may see, built by copying what is allowed into fresh
// objects. A seat sees the public table plus its own role card and private
// results; a spectator sees the public table only; the host sees everything.
// Once the game is over every role, truth, hint and peek is revealed.
import type { SeatId, Viewer } from "../core";
import { sharedAcrossRooms, partKey, ViewParts } from "../core/view-parts";
import type { ActionType } from "./actions";
import { PHASE_NAMES, banBallot, checkBan, checkPeek, checkSnipe, snipeTargets } from "./rules";
import { resultSummary } from "./outcome";
import { ROLE_NAMES, TEAM_NAMES, current, factChecker, isBanned, peeksLeft, scammerCount, snipeRound, teamOf, unbanned } from "./state";
import type { BanVoteState, GameResult, Headline, HeadlineSetId, Lean, PhaseKey, Role, RoundState, ScoringRecord, State, Team, Truth, VoteChoice } from "./types";

/** One seat at the table as this viewer sees it. */
export interface PlayerView {
  seat: SeatId;
  /** The seat's role when this viewer may know it (own seat, a fellow Scammer, a Scammer hit by the snipe, host, game over); else null. */
  role: Role | null;
  banned: boolean;
  /** When and how the seat was shadow-banned. */
  ban: { round: number; by: "snipe" | "vote" } | null;
  /** Public lean in this round's discussion. Who is ready, or has voted, in the phase under way is the phase's `waitingOn`. */
  lean: Lean | null;
}

/** The shadow-ban vote of a round as this viewer may see it. */
export interface BanVoteView {
  voters: SeatId[];
  /** Who may be named on the first ballot. */
  candidates: SeatId[];
  /** First-ballot votes (voter → named seat, null = abstained), public once that ballot closed. */
  votes: Record<SeatId, SeatId | null> | null;
  /** The tied seats after a tied first ballot: the only names on the revote. */
  tied: SeatId[] | null;
  /** Revote votes, public once the revote closed. */
  revotes: Record<SeatId, SeatId | null> | null;
  result: null | { banned: SeatId | null; reason: "majority" | "tie" | "no_votes" };
}

/** The shadow-ban vote (or revote) open now. */
export interface OpenBanVote {
  revote: boolean;
  voters: SeatId[];
  candidates: SeatId[];
  /** In a revote: the first ballot's votes (voter → named seat, null = abstained). */
  firstBallot: Record<SeatId, SeatId | null> | null;
}

/** One round's record: public facts, plus what this viewer privately knows. */
export interface RoundView {
  round: number;
  headline: string;
  /** Whether the headline is real or fake, when this viewer knows it (Scammers always; Fact Checker after a peek; everyone once the round's point gives it away — a tied round stays secret — and at the end). */
  truth: Truth | null;
  /** Discussion leans (public table talk). */
  leans: Record<SeatId, Lean>;
  /** Initial-vote ballots, public once the vote closed (with secret ballots: only at the end; the tally is always public). */
  votes: Record<SeatId, VoteChoice> | null;
  tally: { trust: number; flag: number; abstain: number } | null;
  majority: "trust" | "flag" | "tie" | null;
  /** A Scammer shadow-banned by this round's snipe (a missed snipe is not announced). */
  sniped: SeatId | null;
  banVote: BanVoteView | null;
  /** The scoring update, once made. */
  scoring: ScoringRecord | null;
}

/** The role card and private results of the viewing seat. */
export interface MeView {
  seat: SeatId;
  role: Role;
  roleName: string;
  team: Team;
  teamName: string;
  banned: boolean;
  /** What your role knows and may do, one line each. */
  knows: string[];
  /** Your fellow Scammer(s), when you are a Scammer and may know them. */
  fellowScammers: SeatId[];
  /** Hints received (the Drunk, or the Misinformed User who inherited the hint). */
  hints: { round: number; says: Truth }[];
  /** The hint's accuracy in %, when you have received hints. */
  hintAccuracy: number | null;
  /** Fact Checker only (else null): peek results, peeks left, and whether you may peek now. */
  peek: null | { results: { round: number; truth: Truth }[]; left: number; perGame: number; canNow: boolean; blockedReason: string | null };
  /** Fact Checker only (else null): the snipe. */
  snipe: null | {
    /** The one snipe of the game, once taken (hit = the target was a Scammer). */
    used: { round: number; target: SeatId; hit: boolean } | null;
    /** Rounds in which sniping is allowed. */
    rounds: number[];
    /** Whether you must decide now (snipe phase, not yet decided). */
    deciding: boolean;
    /** Who you may snipe now (empty unless deciding and the snipe is unspent). */
    targets: SeatId[];
  };
  /** Moves you may make right now. */
  can: ActionType[];
  /** Your lean this round. */
  lean: Lean | null;
  /** Your initial vote this round (null until cast). */
  vote: VoteChoice | null;
  /** Your ballot in the shadow-ban vote open now (`voted` false: not cast yet; target null: abstained). */
  ban: { voted: boolean; target: SeatId | null };
}

export interface View {
  viewer: Viewer;
  seats: SeatId[];
  phase: PhaseKey;
  phaseName: string;
  round: number;
  /** The game's round count (5 by the rules). */
  rounds: number;
  /** The rules in play (config), for the rules panel. */
  rules: {
    pointsToWin: number;
    peeksPerGame: number;
    drunkHintAccuracy: number;
    /** First round with a shadow-ban vote (2, or 1 with the variant). */
    banVoteFromRound: number;
    snipeRounds: number[];
    refusalPenalty: boolean;
    secretBallots: boolean;
    scammers: number;
    scammersKnowEachOther: boolean;
    customHeadlines: boolean;
  };
  scores: { truth: number; scammers: number };
  players: PlayerView[];
  /** This round's headline card. */
  headline: { round: number; text: string; truth: Truth | null } | null;
  /** Null for spectators and the host. */
  me: MeView | null;
  /** The initial vote while it is open (who has voted: the phase's `waitingOn`). */
  vote: null | { options: VoteChoice[]; eligible: SeatId[] };
  /** The shadow-ban vote (or revote) while it is open (who has voted: the phase's `waitingOn`). */
  banVote: null | OpenBanVote;
  /** Every round so far, current last. */
  history: RoundView[];
  /** At the end: who won, why, and everything that was secret. */
  result: null | {
    winner: GameResult["winner"];
    reason: GameResult["reason"];
    summary: string;
    roles: Record<SeatId, Role>;
    headlineSet: HeadlineSetId;
    hints: { round: number; holder: SeatId; says: Truth }[];
    peekRounds: number[];
    snipe: State["snipeUsed"];
  };
  /** Host only: every secret while the game runs. */
  host: null | {
    roles: Record<SeatId, Role>;
    headlineSet: HeadlineSetId;
    deck: Headline[];
    hintHolder: SeatId | null;
    hints: { round: number; holder: SeatId; says: Truth }[];
    peekRounds: number[];
    snipeUsed: State["snipeUsed"];
    /** This round's initial votes as they come in. */
    votes: Record<SeatId, VoteChoice>;
    /** This round's open shadow-ban ballot as it comes in. */
    banBallot: Record<SeatId, SeatId | null> | null;
    /** The Fact Checker's decision this round (held = target null). */
    snipe: RoundState["snipe"];
  };
}

/** The round's point gives its truth away; a tied round keeps it secret until the end. */
function truthPublic(r: RoundState): boolean {
  return r.scoring !== null && r.scoring.pointTo !== null;
}

function knowsTruth(state: State, viewer: Viewer, r: RoundState): boolean {
  if (viewer === "host" || state.result !== null || truthPublic(r)) return true;
  if (viewer === "spectator") return false;
  const role = state.roles[viewer];
  return role === "scammer" || (role === "fact_checker" && r.peeked);
}

function roleVisible(state: State, viewer: Viewer, seat: SeatId): boolean {
  if (viewer === "host" || state.result !== null || viewer === seat) return true;
  if (state.snipeUsed?.hit && state.snipeUsed.target === seat) return true;
  if (viewer === "spectator") return false;
  return state.config.scammersKnowEachOther && state.roles[viewer] === "scammer" && state.roles[seat] === "scammer";
}

function copyBallot(b: Record<SeatId, SeatId | null>): Record<SeatId, SeatId | null> {
  return { ...b };
}

/** Parts kept per game (the config is the same object in every state of one game). */
const configParts = new ViewParts<State["config"]>();

/**
 * A round as a viewer sees it depends on the record and on two facts about
 * the viewer: whether it knows the headline's truth and whether it sees the
 * votes. So it is built once per change for all the viewers alike, and kept
 * while the fields it shows stay as they were: a ready, a secret vote or a
 * ballot in the round under way leaves it the same object.
 */
function keptRound(state: State, viewer: Viewer, r: RoundState): RoundView {
  const knows = knowsTruth(state, viewer, r);
  const votesShown = r.voteClosed && (!state.config.secretBallots || viewer === "host" || state.result !== null);
  const ban = r.ban;
  const firstClosed = ban !== null && (ban.tied !== null || ban.result !== null);
  const deps = [
    r.headline, r.leans, votesShown ? r.votes : null, r.tally, r.majority, r.snipe, r.scoring,
    ban?.voters, ban?.candidates, firstClosed ? ban.votes : null, ban?.tied, ban?.result ? ban.revotes : null, ban?.result,
  ];
  const variant = `${knows ? "k" : "-"}${votesShown ? "v" : "-"}`;
  return configParts.get(state.config, partKey("round", String(r.round), variant), deps, () => roundView(r, knows, votesShown));
}

/**
 * Which rounds' truths and votes a viewer sees depends on its kind alone: the
 * host, the spectators, a scammer, the Fact Checker (who knows the rounds
 * peeked at) and any other seat; at the end, everyone sees all. Viewers of one
 * kind share one history, built by the first of them after a change.
 */
function historyKind(state: State, viewer: Viewer): string {
  if (state.result !== null) return "over";
  if (viewer === "host" || viewer === "spectator") return viewer;
  const role = state.roles[viewer];
  return role === "scammer" || role === "fact_checker" ? role : "seat";
}

function keptHistory(state: State, viewer: Viewer): RoundView[] {
  const kind = historyKind(state, viewer);
  return configParts.get(state.config, partKey("history", kind), [state.rounds, state.result], () =>
    configParts.sameList(state.config, partKey("history-list", kind), state.rounds.map((r) => keptRound(state, viewer, r))) as RoundView[],
  );
}

function roundView(r: RoundState, knows: boolean, votesShown: boolean): RoundView {
  const ban = r.ban;
  const firstClosed = ban !== null && (ban.tied !== null || ban.result !== null);
  const hit = r.snipe !== null && r.snipe.hit ? r.snipe.target : null;
  return {
    round: r.round,
    headline: r.headline.text,
    truth: knows ? r.headline.truth : null,
    leans: { ...r.leans },
    votes: votesShown ? { ...r.votes } : null,
    tally: r.tally ? { ...r.tally } : null,
    majority: r.majority,
    sniped: hit,
    banVote: ban
      ? {
          voters: ban.voters.slice(),
          candidates: ban.candidates.slice(),
          votes: firstClosed ? copyBallot(ban.votes) : null,
          tied: ban.tied ? ban.tied.slice() : null,
          revotes: ban.revotes && ban.result !== null ? copyBallot(ban.revotes) : null,
          result: ban.result ? { ...ban.result } : null,
        }
      : null,
    scoring: r.scoring ? { ...r.scoring, refused: r.scoring.refused.slice(), penalties: { ...r.scoring.penalties }, scoresAfter: { ...r.scoring.scoresAfter } } : null,
  };
}

/** A hint as the panels list it, made once per hint (a round's hint never changes once given). */
const hintParts = new ViewParts<NonNullable<RoundState["hint"]>>();

/** Every hint given so far, each entry kept while its hint is. */
function allHints(state: State): { round: number; holder: SeatId; says: Truth }[] {
  const out: { round: number; holder: SeatId; says: Truth }[] = [];
  for (const r of state.rounds) {
    const h = r.hint;
    if (h) out.push(hintParts.get(h, "entry", [r.round], () => ({ round: r.round, holder: h.holder, says: h.says })));
  }
  return out;
}

function knowsLines(state: State, seat: SeatId, role: Role, fellows: SeatId[]): string[] {
  const c = state.config;
  const lines: string[] = [];
  const target = `${c.pointsToWin} points`;
  if (role === "fact_checker") {
    lines.push("You are on the Truth Team.");
    lines.push(`During the discussion you may peek at whether the headline is real or fake: ${c.peeksPerGame} time${c.peeksPerGame === 1 ? "" : "s"} per game, never in two rounds in a row.`);
    const rounds = [1, 2, 3, 4].filter((r) => snipeRound(state, r));
    if (rounds.length > 0) lines.push(`Once per game, right after the initial vote in rounds ${rounds.join(", ")}, you may snipe a player: a Scammer is shadow-banned at once; anyone else, nothing happens.`);
  } else if (role === "scammer") {
    lines.push(`You are a Scammer. You always know whether the headline is real or fake. Steer the majority to the wrong verdict: your team wins at ${target}.`);
    if (fellows.length > 0) lines.push(`Your fellow Scammer: ${fellows.join(", ")}.`);
    else if (scammerCount(state.seats.length) > 1) lines.push("There is another Scammer, but you do not know who.");
  } else if (role === "drunk") {
    lines.push("You are on the Truth Team.");
    lines.push(`Each round you receive a private hint, "real" or "fake", which is right ${c.drunkHintAccuracy === 100 ? "every time" : `about ${c.drunkHintAccuracy}% of the time`}.`);
    lines.push("If you are shadow-banned, your hint passes to a random Misinformed User.");
  } else {
    lines.push("You are on the Truth Team, with no special powers: listen, reason, vote.");
    if (state.rounds.some((r) => r.hint?.holder === seat)) {
      lines.push(`The Drunk's hint has passed to you because its holder was shadow-banned; it is right ${c.drunkHintAccuracy === 100 ? "every time" : `about ${c.drunkHintAccuracy}% of the time`}.`);
    }
  }
  if (role !== "scammer") lines.push(`Trust real headlines and flag fake ones: your team wins at ${target}, or when every Scammer is shadow-banned.`);
  if (isBanned(state, seat)) lines.push("You are shadow-banned: you can no longer talk, vote or use a power, but you may watch.");
  return lines;
}

/**
 * A seat's panel, kept while what it reads stays as it was: the stage of the
 * game, the bans, its own ready, lean and ballots, and the open ban vote's
 * voters and candidates. The Fact Checker's also reads the peeks and the
 * snipe, so it is made again on every change of the rounds.
 */
function keptMe(state: State, seat: SeatId): MeView {
  const cur = current(state);
  const b = banBallot(state);
  const fc = state.roles[seat] === "fact_checker";
  const deps = [
    state.phase, state.round, state.seats, state.roles, state.bans, state.result, fc ? state.rounds : null, state.peekRounds, state.snipeUsed,
    cur.ready.includes(seat), cur.leans[seat] ?? null, cur.votes[seat] ?? null, cur.ban?.voters ?? null, b?.candidates ?? null, b !== null && seat in b.ballot, b?.ballot[seat] ?? null,
  ];
  return configParts.get(state.config, partKey("me", seat), deps, () => meView(state, seat));
}

function meView(state: State, seat: SeatId): MeView {
  const role = state.roles[seat] as Role;
  const team = teamOf(role);
  const cur = current(state);
  const banned = isBanned(state, seat);
  const over = state.result !== null;
  const fellows = role === "scammer" && state.config.scammersKnowEachOther ? state.seats.filter((s) => s !== seat && state.roles[s] === "scammer") : [];
  const hints: { round: number; says: Truth }[] = [];
  for (const r of state.rounds) if (r.hint && r.hint.holder === seat) hints.push({ round: r.round, says: r.hint.says });

  const can: ActionType[] = [];
  if (!banned && !over) {
    if ((state.phase === "reveal" || state.phase === "discussion" || state.phase === "round_end") && !cur.ready.includes(seat)) can.push("ready");
    if (state.phase === "discussion") can.push("lean");
    if (role === "fact_checker" && checkPeek(state, seat) === null) can.push("peek");
    if (state.phase === "vote" && !(seat in cur.votes)) can.push("vote");
    if (role === "fact_checker" && checkSnipe(state, seat, null) === null) can.push("snipe");
    if (checkBan(state, seat, null) === null) can.push("ban");
  }

  let peek: MeView["peek"] = null;
  let snipe: MeView["snipe"] = null;
  if (role === "fact_checker") {
    const no = over || banned ? null : checkPeek(state, seat);
    peek = {
      results: state.rounds.filter((r) => r.peeked).map((r) => ({ round: r.round, truth: r.headline.truth })),
      left: peeksLeft(state),
      perGame: state.config.peeksPerGame,
      canNow: can.includes("peek"),
      blockedReason: over ? "The game is over." : banned ? "You are shadow-banned." : no ? no.message : null,
    };
    const deciding = can.includes("snipe");
    snipe = {
      used: state.snipeUsed ? { ...state.snipeUsed } : null,
      rounds: [1, 2, 3, 4].filter((r) => snipeRound(state, r)),
      deciding,
      targets: deciding && state.snipeUsed === null ? snipeTargets(state, seat) : [],
    };
  }
  const b = banBallot(state);
  const ballotHas = b !== null && seat in b.ballot;
  return {
    seat,
    role,
    roleName: ROLE_NAMES[role],
    team,
    teamName: TEAM_NAMES[team],
    banned,
    knows: keptKnows(state, seat, role, fellows, banned),
    fellowScammers: fellows,
    hints,
    hintAccuracy: hints.length > 0 ? state.config.drunkHintAccuracy : null,
    peek,
    snipe,
    can,
    lean: cur.leans[seat] ?? null,
    vote: cur.votes[seat] ?? null,
    ban: { voted: ballotHas, target: ballotHas && b ? (b.ballot[seat] ?? null) : null },
  };
}

/** Each seat's table entry in one state: `hidden` without its role, `shown` with it; every viewer's list is made of these. */
interface PlayerTable {
  hidden: PlayerView[];
  shown: PlayerView[];
}

const tables = new WeakMap<State, PlayerTable>();
/** The last table built in each game (keyed by its config), whose entries the next one keeps where they did not change. */
const lastTable = new WeakMap<State["config"], PlayerTable>();

/**
 * The table's entries, built once per state for every viewer. An entry equal
 * to the same seat's entry of the game's last table is that very object, so a
 * move changes one entry and the diff passes over the others by identity.
 */
function playerEntries(state: State): PlayerTable {
  const hit = tables.get(state);
  if (hit) return hit;
  const last = lastTable.get(state.config);
  const cur = current(state);
  const table: PlayerTable = { hidden: [], shown: [] };
  // a plain loop with a helper (closures per seat were most of what a table allocated)
  for (let i = 0; i < state.seats.length; i++) {
    const seat = state.seats[i]!;
    const ban = state.bans.find((x) => x.seat === seat);
    const lean = cur.leans[seat] ?? null;
    table.hidden.push(tableEntry(last?.hidden[i], seat, null, ban, lean));
    table.shown.push(tableEntry(last?.shown[i], seat, state.roles[seat] as Role, ban, lean));
  }
  tables.set(state, table);
  lastTable.set(state.config, table);
  return table;
}

/** A seat's table entry: `prev` when it shows the same, else a new one. */
function tableEntry(prev: PlayerView | undefined, seat: SeatId, role: Role | null, ban: State["bans"][number] | undefined, lean: PlayerView["lean"]): PlayerView {
  const same =
    prev !== undefined && prev.seat === seat && prev.role === role && prev.lean === lean &&
    (ban ? prev.ban !== null && prev.ban.round === ban.round && prev.ban.by === ban.by : prev.ban === null);
  return same ? prev : { seat, role, banned: ban !== undefined, ban: ban ? { round: ban.round, by: ban.by } : null, lean };
}

/** The shadow-ban vote open now, kept while its voters and candidates (and, in a revote, the first ballot) stay as they were. */
function keptBanVote(state: State, ban: NonNullable<RoundState["ban"]>, candidates: SeatId[]): OpenBanVote {
  const revote = state.phase === "ban_revote";
  return configParts.get(state.config, "ban-vote", [revote, ban.voters, candidates, revote ? ban.votes : null], () => ({
    revote,
    voters: ban.voters.slice(),
    candidates: candidates.slice(),
    firstBallot: revote ? copyBallot(ban.votes) : null,
  }));
}

/** What a seat's role lets it know, in lines; the same lines while the seats, roles, its ban and an inherited hint stay as they were. */
function keptKnows(state: State, seat: SeatId, role: Role, fellows: SeatId[], banned: boolean): string[] {
  const inherited = role !== "drunk" && state.rounds.some((r) => r.hint?.holder === seat);
  return configParts.get(state.config, partKey("knows", seat), [state.seats, state.roles, banned, inherited], () => knowsLines(state, seat, role, fellows));
}

/**
 * A viewer's view. Between two states it is the very same object when none of
 * its parts changed (another seat's ready, lean or ballot, say), so the room's
 * diff passes over it at once; the host's view and the final one are built
 * every time.
 */
export function view(state: State, viewer: Viewer): View {
  const cur = current(state);
  const isSeat = viewer !== "host" && viewer !== "spectator" && state.seats.includes(viewer);
  const b = banBallot(state);
  const table = playerEntries(state);
  const c = state.config;
  const knows = knowsTruth(state, viewer, cur);
  const common = commonParts(state);
  const parts = {
    seats: common.seats,
    rules: common.rules,
    scores: common.scores,
    players: configParts.sameList(c, partKey("players", viewer), state.seats.map((seat, i) => (roleVisible(state, viewer, seat) ? table.shown[i]! : table.hidden[i]!))) as PlayerView[],
    headline: configParts.get(c, partKey("headline", viewer), [cur.round, cur.headline, knows], () => ({ round: cur.round, text: cur.headline.text, truth: knows ? cur.headline.truth : null })),
    me: isSeat ? keptMe(state, viewer) : null,
    // who has voted is the phase's waitingOn: a ballot leaves these as they were
    vote: common.vote,
    banVote: b && cur.ban ? keptBanVote(state, cur.ban, b.candidates) : null,
    history: keptHistory(state, viewer),
  };
  if (viewer !== "host" && state.result === null) {
    const deps = [state.phase, state.round, parts.seats, parts.rules, parts.scores, parts.players, parts.headline, parts.me, parts.vote, parts.banVote, parts.history];
    return configParts.get(c, partKey("view", viewer), deps, () => fullView(state, viewer, parts));
  }
  return fullView(state, viewer, parts);
}

/**
 * The views a move can change, from what they read while the game runs: a
 * ready that does not end its phase (who is ready is the phase's), a ballot in
 * the initial vote or the shadow-ban vote, secret until its vote closes,
 * change their seat's view alone; a peek, the Fact Checker's alone. Anything
 * else (a lean, which the table shows, a vote that closes, a snipe, a new
 * round, the end) may change any view.
 */
export function changedViews(before: State, after: State): SeatId[] | null {
  if (after.result !== null) return null;
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  for (const k in a) if (k !== "rounds" && k !== "peekRounds" && a[k] !== b[k]) return null;
  const n = after.rounds.length;
  if (n === 0 || before.rounds.length !== n) return null;
  for (let i = 0; i < n - 1; i++) if (before.rounds[i] !== after.rounds[i]) return null;
  const x = before.rounds[n - 1]!;
  const y = after.rounds[n - 1]!;
  const out = new Set<SeatId>();
  let peeked = before.peekRounds !== after.peekRounds;
  for (const k of Object.keys(y) as (keyof RoundState)[]) {
    if (x[k] === y[k]) continue;
    if (k === "peeked") peeked = true;
    else if (k === "ready") changedMembers(x.ready, y.ready, out);
    else if (k === "votes" && !x.voteClosed && !y.voteClosed) changedBallots(x.votes, y.votes, out);
    else if (k !== "ban" || !x.ban || !y.ban || !secretBallotsChanged(x.ban, y.ban, out)) return null;
  }
  if (peeked) out.add(factChecker(after));
  return [...out];
}

/** The voters whose ballots differ between `x` and `y` (added, changed or gone), into `out`. */
function changedBallots(x: Record<SeatId, unknown>, y: Record<SeatId, unknown>, out: Set<SeatId>): void {
  for (const s in y) if (!(s in x) || x[s] !== y[s]) out.add(s);
  for (const s in x) if (!(s in y)) out.add(s);
}

/** The seats in one of `x` and `y` but not the other, into `out`. */
function changedMembers(x: readonly SeatId[], y: readonly SeatId[], out: Set<SeatId>): void {
  for (const s of y) if (!x.includes(s)) out.add(s);
  for (const s of x) if (!y.includes(s)) out.add(s);
}

/** Whether the shadow-ban vote changed only in ballots still secret (the first before it closed, the revote before its result); their voters into `out`. */
function secretBallotsChanged(x: BanVoteState, y: BanVoteState, out: Set<SeatId>): boolean {
  for (const k of Object.keys(y) as (keyof BanVoteState)[]) {
    if (x[k] === y[k]) continue;
    if (k === "votes" && y.tied === null && y.result === null) changedBallots(x.votes, y.votes, out);
    else if (k === "revotes" && x.revotes && y.revotes && y.result === null) changedBallots(x.revotes, y.revotes, out);
    else return false;
  }
  return true;
}

/** The parts every viewer's view has alike: one lookup per viewer, built by the first viewer after a change that touches them. */
function commonParts(state: State): Pick<KeptParts, "seats" | "rules" | "scores" | "vote"> {
  const vote = state.phase === "vote";
  return configParts.get(state.config, "common", [state.seats, state.scores, vote, state.bans], () => {
    const c = state.config;
    return {
      seats: configParts.get(c, "seats", [state.seats], () => state.seats.slice()),
      rules: configParts.get(c, "rules", [state.seats], () => sharedAcrossRooms({
        pointsToWin: c.pointsToWin,
        peeksPerGame: c.peeksPerGame,
        drunkHintAccuracy: c.drunkHintAccuracy,
        banVoteFromRound: c.banVoteInRoundOne ? 1 : 2,
        snipeRounds: [1, 2, 3, 4].filter((r) => snipeRound(state, r)),
        refusalPenalty: c.refusalPenalty,
        secretBallots: c.secretBallots,
        scammers: scammerCount(state.seats.length),
        scammersKnowEachOther: c.scammersKnowEachOther,
        customHeadlines: c.customHeadlines.length > 0,
      })),
      scores: configParts.get(c, "scores", [state.scores], () => ({ ...state.scores })),
      // who has voted is the phase's waitingOn: a ballot leaves these as they were
      vote: vote ? configParts.get(c, "vote", [state.seats, state.bans], () => ({ options: ["trust", "flag", "abstain"] as VoteChoice[], eligible: unbanned(state) })) : null,
    };
  });
}

/** The parts of a view kept between states. */
type KeptParts = Pick<View, "seats" | "rules" | "scores" | "players" | "headline" | "me" | "vote" | "banVote" | "history">;

function fullView(state: State, viewer: Viewer, parts: KeptParts): View {
  const cur = current(state);
  const b = banBallot(state);
  const result = state.result;
  return {
    viewer,
    phase: state.phase,
    phaseName: PHASE_NAMES[state.phase],
    round: state.round,
    rounds: state.config.rounds,
    ...parts,
    result: result
      ? {
          winner: result.winner,
          reason: result.reason,
          summary: resultSummary(result, state),
          roles: { ...state.roles },
          headlineSet: state.headlineSet,
          hints: allHints(state),
          peekRounds: state.peekRounds.slice(),
          snipe: state.snipeUsed ? { ...state.snipeUsed } : null,
        }
      : null,
    host: viewer === "host" ? hostPanel(state, cur, b) : null,
  };
}

/**
 * The host's panel: each member a copy of the state member it shows, kept
 * while that member stays the same object (states are replaced in part, never
 * changed), so that a ballot or a lean copies again only what it changed and
 * the diff passes over the rest by identity.
 */
function hostPanel(state: State, cur: RoundState, b: ReturnType<typeof banBallot>): NonNullable<View["host"]> {
  const c = state.config;
  return {
    roles: configParts.get(c, "host:roles", [state.roles], () => ({ ...state.roles })),
    headlineSet: state.headlineSet,
    deck: configParts.get(c, "host:deck", [state.deck], () => state.deck.map((h) => ({ ...h }))),
    hintHolder: state.hintHolder,
    hints: configParts.get(c, "host:hints", [state.rounds], () => configParts.sameList(c, "host:hints-list", allHints(state))) as ReturnType<typeof allHints>,
    peekRounds: configParts.get(c, "host:peeks", [state.peekRounds], () => state.peekRounds.slice()),
    snipeUsed: state.snipeUsed ? configParts.get(c, "host:snipe-used", [state.snipeUsed], () => ({ ...state.snipeUsed! })) : null,
    votes: configParts.get(c, "host:votes", [cur.votes], () => ({ ...cur.votes })),
    banBallot: b ? configParts.get(c, "host:ban-ballot", [b.ballot], () => copyBallot(b.ballot)) : null,
    snipe: cur.snipe ? configParts.get(c, "host:snipe", [cur.snipe], () => ({ ...cur.snipe! })) : null,
  };
}
