// Setup, the reducer, phases, timeouts and the outcome.
import { Rng, withRng } from "../core/rng";
import { Codes, ok, reject } from "../core/result";
import type { Actor, ApplyResult, Outcome, PhaseInfo, SeatId, SetupContext } from "../core/types";
import type { Action } from "./actions";
import type { Config } from "./config";
import {
  LETTERS,
  SUPPORTED_PLAYER_COUNTS,
  areAllies,
  dealHeavenTriples,
  hasAttribute,
  heavenCountFor,
  queryLettersProblem,
  rankRealm,
  recipientProblem,
  remainingPairs,
  standingOf,
} from "./rules";
import type { BoardEntry, Letter, Realm } from "./rules";
import type { LetterInfo, LockRecord, QueryRecord, Result, State } from "./state";

// ---------------------------------------------------------------- setup

export function setup({ seats, config, seed }: SetupContext<Config>): State {
  const heavenCount = heavenCountFor(seats.length);
  if (heavenCount === null) {
    throw new Error(`Secret Sinner needs a seat count with hell + 3·heaven = 21 (${SUPPORTED_PLAYER_COUNTS.join(", ")} players), not ${seats.length}.`);
  }
  for (const m of config.markedSeats) {
    if (!seats.includes(m)) throw new Error(`Marked seat ${m} is not a seat of this room.`);
  }
  const rng = Rng.fromSeed(seed);

  let heavenSeats: SeatId[];
  if (config.realms.length > 0) {
    if (config.realms.length !== seats.length) throw new Error(`The realm list has ${config.realms.length} entries for ${seats.length} seats.`);
    heavenSeats = seats.filter((_, i) => config.realms[i] === "heaven");
    if (heavenSeats.length !== heavenCount) {
      throw new Error(`With ${seats.length} players Heaven has ${heavenCount} players (hell + 3·heaven = 21), the realm list gives ${heavenSeats.length}.`);
    }
  } else {
    const drawn = new Set(rng.shuffle(seats).slice(0, heavenCount));
    heavenSeats = seats.filter((s) => drawn.has(s));
  }
  const realms: Record<SeatId, Realm> = {};
  for (const s of seats) realms[s] = heavenSeats.includes(s) ? "heaven" : "hell";

  // Letters to holders: a shuffled A–U handed out in seat order, three to each Heaven seat.
  const shuffled = rng.shuffle(LETTERS);
  const held: Record<SeatId, Letter[]> = {};
  let next = 0;
  for (const s of seats) {
    const k = realms[s] === "heaven" ? 3 : 1;
    held[s] = shuffled.slice(next, next + k).sort();
    next += k;
  }
  // Pairs to letters: a valid triple per Heaven seat, the rest at random.
  const triples = dealHeavenTriples(rng, heavenCount);
  const rest = remainingPairs(rng, triples.flat());
  const byLetter = new Map<Letter, LetterInfo>();
  for (const s of seats) {
    const hi = heavenSeats.indexOf(s);
    const pairs = hi >= 0 ? rng.shuffle(triples[hi]!) : [rest.pop()!];
    held[s]!.forEach((letter, i) => byLetter.set(letter, { letter, owner: s, sin: pairs[i]!.sin, virtue: pairs[i]!.virtue }));
  }

  const briefing = config.phaseSeconds.briefing > 0;
  return {
    config,
    seats: seats.slice(),
    realms,
    marked: seats.filter((s) => config.markedSeats.includes(s)),
    letters: LETTERS.map((l) => byLetter.get(l)!),
    stage: briefing ? "briefing" : "round",
    round: briefing ? 0 : 1,
    done: [],
    queries: [],
    locks: [],
    result: null,
    rng: rng.save(),
  };
}

// ---------------------------------------------------------------- helpers

export function letterInfo(state: State, letter: Letter): LetterInfo {
  return state.letters[letter.charCodeAt(0) - 65]!; // A is index 0
}

export function lettersOf(state: State, seat: SeatId): Letter[] {
  return state.letters.filter((l) => l.owner === seat).map((l) => l.letter);
}

export function board(state: State): BoardEntry[] {
  return state.letters.map((l) => ({ letter: l.letter, owner: l.owner, realm: state.realms[l.owner]! }));
}

/** Rounds in which queries may be sent: all but the last. */
export function queryRounds(state: State): number {
  return state.config.rounds - 1;
}

export function recipientLimit(state: State, sender: SeatId): number {
  return state.realms[sender] === "heaven" ? state.config.heavenRecipientLimit : state.config.hellRecipientLimit;
}

export function queriesSentTo(state: State, sender: SeatId, recipient: SeatId): number {
  let n = 0;
  for (const q of state.queries) if (q.sender === sender && q.recipient === recipient) n++;
  return n;
}

/** A query reaches its recipient when its round ends. */
export function delivered(state: State, q: QueryRecord): boolean {
  return q.round < state.round || state.stage === "ascension" || state.stage === "finished";
}

export function isSeat(state: State, actor: Actor): boolean {
  return actor !== "host" && state.realms[actor] !== undefined;
}

export function locksBy(state: State, letter: Letter): LockRecord[] {
  return state.locks.filter((l) => l.letter === letter);
}

/** Why `letter` (held by `seat`) may not lock `target` now, or null. `history` is `locksBy(state, letter)`. */
export function lockProblem(state: State, seat: SeatId, letter: Letter, target: Letter, history = locksBy(state, letter)): { code: string; message: string } | null {
  const info = letterInfo(state, letter);
  if (info.owner !== seat) return { code: "action/not_your_letter", message: `Letter ${letter} is not yours.` };
  for (const l of history) if (l.round === state.round) return { code: "action/already_locked", message: `Letter ${letter} already locked in ${l.target} this round.` };
  return lockTargetProblem(state, seat, letter, target, history);
}

/**
 * What keeps `letter` (the seat's own) from locking in `target` whatever the
 * round: a target it locked before, itself, its lock-ins used up, a letter of
 * the same holder. It reads only the letters, the config and the letter's own
 * lock-ins, so a view may keep its answers from round to round.
 */
export function lockTargetProblem(state: State, seat: SeatId, letter: Letter, target: Letter, history: State["locks"]): { code: string; message: string } | null {
  for (const l of history) if (l.target === target) return { code: "action/lock_repeat", message: `Letter ${letter} already locked in ${target} (round ${l.round}); each letter locks different letters.` };
  if (target === letter) return { code: "action/lock_self", message: "A letter is not its own ally." };
  if (history.length >= state.config.maxLocksPerLetter) {
    return { code: "action/lock_limit", message: state.config.maxLocksPerLetter === 1 ? `Letter ${letter} has used its one lock-in.` : `Letter ${letter} has used all ${state.config.maxLocksPerLetter} of its lock-ins.` };
  }
  if (!state.config.lockOwnLetters && letterInfo(state, target).owner === seat) {
    return { code: "action/lock_own_letter", message: "Your own letters are never allies of each other (all six attributes differ)." };
  }
  return null;
}

// ---------------------------------------------------------------- apply

export function apply(state: State, actor: Actor, action: Action): ApplyResult<State> {
  if (state.stage === "finished") return reject(Codes.finished, "The match is over.");
  switch (action.type) {
    case "query":
      return applyQuery(state, actor, action);
    case "lock":
      return applyLock(state, actor, action);
    case "done":
    case "resume":
      return applyDone(state, actor, action.type === "done");
    case "pickAscender":
      return applyPick(state, actor, action.seat);
  }
}

/** Why the stage allows no queries or lock-ins now (`what` names them), or null during a round. Shared with the seat panels' reasons. */
export function roundStageProblem(state: State, what: string): string | null {
  if (state.stage === "round") return null;
  return state.stage === "briefing" ? `The letters are dealt when round 1 starts; no ${what} yet.` : `The rounds are over; no more ${what}.`;
}

function roundActionGate(state: State, actor: Actor, what: string): ApplyResult<State> | null {
  const stage = roundStageProblem(state, what);
  if (stage) return reject(Codes.wrongPhase, stage);
  if (!isSeat(state, actor)) return reject(Codes.notAPlayer, `Only players make ${what}.`);
  if (state.done.includes(actor)) return reject("action/already_done", "You marked yourself done for this round; resume first.");
  return null;
}

function applyQuery(state: State, actor: Actor, action: Extract<Action, { type: "query" }>): ApplyResult<State> {
  const gate = roundActionGate(state, actor, "queries");
  if (gate) return gate;
  if (state.round > queryRounds(state)) return reject(Codes.wrongPhase, `Round ${state.round} is for lock-ins only; queries were made in rounds 1–${queryRounds(state)}.`);
  if (state.queries.some((q) => q.sender === actor && q.round === state.round)) return reject(Codes.alreadySubmitted, "You already sent your query this round.");
  const letters = action.letters.slice().sort() as [Letter, Letter, Letter];
  const lp = queryLettersProblem(letters, board(state), actor, state.config.queryOwnLetters);
  if (lp) return reject(lp.code, lp.message);
  const rp = recipientProblem(state.realms[actor]!, action.recipient, state.realms[action.recipient], queriesSentTo(state, actor, action.recipient), recipientLimit(state, actor));
  if (rp) return reject(rp.code, rp.message);
  const answers = letters.map((l) => hasAttribute(letterInfo(state, l), action.attribute)) as [boolean, boolean, boolean];
  const record: QueryRecord = { round: state.round, sender: actor, recipient: action.recipient, letters, attribute: action.attribute, answers };
  return ok({ ...state, queries: state.queries.concat([record]) });
}

function applyLock(state: State, actor: Actor, action: Extract<Action, { type: "lock" }>): ApplyResult<State> {
  const gate = roundActionGate(state, actor, "lock-ins");
  if (gate) return gate;
  const p = lockProblem(state, actor, action.letter, action.target);
  if (p) return reject(p.code, p.message);
  const record: LockRecord = {
    round: state.round,
    seat: actor,
    letter: action.letter,
    target: action.target,
    correct: areAllies(letterInfo(state, action.letter), letterInfo(state, action.target)),
  };
  return ok({ ...state, locks: state.locks.concat([record]) });
}

function applyDone(state: State, actor: Actor, done: boolean): ApplyResult<State> {
  if (state.stage !== "round") return reject(Codes.wrongPhase, "Marking yourself done only applies during a round.");
  if (!isSeat(state, actor)) return reject(Codes.notAPlayer, "Only players mark themselves done.");
  const isDone = state.done.includes(actor);
  if (done && isDone) return reject(Codes.alreadySubmitted, "You are already marked done for this round.");
  if (!done && !isDone) return reject("action/not_done", "You have not marked yourself done this round.");
  const next: State = { ...state, done: done ? [...state.done, actor] : state.done.filter((s) => s !== actor) };
  if (done && state.config.endRoundWhenAllDone && next.done.length === state.seats.length) return ok(endRound(next));
  return ok(next);
}

function applyPick(state: State, actor: Actor, seat: SeatId): ApplyResult<State> {
  if (state.stage !== "ascension" || !state.result) return reject(Codes.wrongPhase, "The ascension pick comes after the last round.");
  const r = state.result;
  if (actor !== "host" && actor !== r.heavenWinner) return reject("action/not_allowed", "Only the winner of Heaven (or the host for them) picks who else ascends.");
  if (!r.pickCandidates.includes(seat)) {
    return reject("action/not_a_candidate", `${seat} cannot be chosen: pick a Hell player who is not ascending already, not the Elimination Candidate and not marked.`);
  }
  return ok(pick(state, seat, actor === "host" ? "host" : "winner"));
}

function pick(state: State, seat: SeatId, by: "winner" | "host" | "timeout"): State {
  return { ...state, stage: "finished", result: { ...state.result!, chosen: seat, chosenBy: by } };
}

// ---------------------------------------------------------------- advancing

function endRound(state: State): State {
  if (state.round < state.config.rounds) return { ...state, round: state.round + 1, done: [] };
  return finish({ ...state, done: [] });
}

/** Scores, ranks both realms and settles everything but the Heaven winner's pick. */
export function computeResult(state: State, drawOrder: SeatId[]): Result {
  const rule = state.config.scoring;
  const standings = state.seats.map((s) => standingOf(s, lettersOf(state, s), state.locks, rule));
  const heavenOrder = rankRealm(standings.filter((st) => state.realms[st.seat] === "heaven"), drawOrder);
  const hellOrder = rankRealm(standings.filter((st) => state.realms[st.seat] === "hell"), drawOrder);
  const heavenWinner = heavenOrder[0]!.seat;
  const heavenLoser = heavenOrder.length > 1 ? heavenOrder[heavenOrder.length - 1]!.seat : null;
  const eliminationCandidate = hellOrder[hellOrder.length - 1]!.seat;
  const eligible = hellOrder.map((e) => e.seat).filter((s) => s !== eliminationCandidate && !state.marked.includes(s));
  const topTwo = eligible.slice(0, 2);
  return {
    heavenOrder,
    hellOrder,
    standings,
    heavenWinner,
    heavenLoser,
    eliminationCandidate,
    topTwo,
    pickCandidates: eligible.slice(2),
    chosen: null,
    chosenBy: null,
  };
}

function finish(state: State): State {
  const { value: drawOrder, rng } = withRng(state, (r) => r.shuffle(state.seats));
  const result = computeResult(state, drawOrder);
  return { ...state, rng, result, stage: result.pickCandidates.length > 0 ? "ascension" : "finished" };
}

/**
 * Non-submitters simply make no query and no lock-in. In the ascension pick the
 * default is the best-ranked Hell player still eligible (next in line).
 */
export function timeout(state: State): State {
  switch (state.stage) {
    case "briefing":
      return { ...state, stage: "round", round: 1, done: [] };
    case "round":
      return endRound(state);
    case "ascension":
      return pick(state, state.result!.pickCandidates[0]!, "timeout");
    case "finished":
      return state;
  }
}

export function phase(state: State): PhaseInfo {
  const cfg = state.config;
  switch (state.stage) {
    case "briefing":
      return { key: "briefing", name: "Briefing", round: 0, durationMs: cfg.phaseSeconds.briefing * 1000, waitingOn: [] };
    case "round": {
      const last = state.round > queryRounds(state);
      return {
        key: last ? "final" : "queries",
        name: last ? `Round ${state.round}: final lock-ins` : `Round ${state.round}: queries & lock-ins`,
        round: state.round,
        durationMs: cfg.phaseSeconds.round * 1000,
        waitingOn: state.seats.filter((s) => !state.done.includes(s)),
      };
    }
    case "ascension":
      return {
        key: "ascension",
        name: "Ascension pick",
        round: state.round,
        durationMs: cfg.phaseSeconds.ascension > 0 ? cfg.phaseSeconds.ascension * 1000 : null,
        waitingOn: [state.result!.heavenWinner],
        waitingOnHost: true,
      };
    case "finished":
      return { key: "end", name: "Results", round: state.round, durationMs: null, waitingOn: [], finished: true };
  }
}

// ---------------------------------------------------------------- outcome

export function outcome(state: State): Outcome | null {
  if (state.stage !== "finished" || !state.result) return null;
  const r = state.result;
  const ascending = [...r.topTwo, ...(r.chosen ? [r.chosen] : [])];
  const heaven = r.heavenOrder.map((e) => e.seat);
  const hell = r.hellOrder.map((e) => e.seat);
  const awards = [
    { seat: r.heavenWinner, label: "Winner of Heaven" },
    ...(r.heavenLoser ? [{ seat: r.heavenLoser, label: "Mark of Elimination" }] : []),
    { seat: r.eliminationCandidate, label: "Elimination Candidate" },
    ...r.topTwo.map((seat) => ({ seat, label: "Ascends to Heaven" })),
    ...(r.chosen ? [{ seat: r.chosen, label: "Chosen to ascend" }] : []),
  ];
  const ranking = [
    ...heaven.map((seat, i) => ({ seat, place: i + 1, group: "Heaven" })),
    ...hell.map((seat, i) => ({ seat, place: i + 1, group: "Hell" })),
  ];
  const parts = [
    `Heaven: ${heaven.join(" > ")}.`,
    `Hell: ${hell.join(" > ")}.`,
    r.heavenLoser ? `${r.heavenLoser} falls into Hell with a Mark of Elimination.` : "",
    `${r.eliminationCandidate} is the Elimination Candidate.`,
    ascending.length ? `${ascending.join(", ")} ascend${ascending.length === 1 ? "s" : ""} to Heaven.` : "",
  ];
  return {
    summary: parts.filter(Boolean).join(" "),
    winners: [...heaven.filter((s) => s !== r.heavenLoser), ...ascending],
    losers: [...(r.heavenLoser ? [r.heavenLoser] : []), r.eliminationCandidate],
    ranking,
    awards,
  };
}

export function describe(action: Action, actor: Actor): string {
  const who = actor === "host" ? "The host" : actor;
  switch (action.type) {
    case "query":
      return `${who} sent a query`;
    case "lock":
      return `${who} locked in an ally`;
    case "done":
      return `${who} is done for this round`;
    case "resume":
      return `${who} resumed this round`;
    case "pickAscender":
      return actor === "host" ? `The host chose ${action.seat} to ascend for the winner of Heaven` : `${who} chose ${action.seat} to ascend`;
  }
}
