// The rules: setup, every action, the end of each phase and the end of the game.
// Pure functions over a plain state; nothing here mutates its input. What the
// state keeps for the rest of the game (rolls, rigs, submissions, challenges) is
// built at its exact size: an array made by a spread or by pushes keeps room to
// grow, and an object spread and given a key it lacked keeps spare fields
// (docs/benchmarks-history.md, twenty-ninth pass; ../core/exact.ts), and its
// small records (a die, a roll, a submitted die) are the ones every room shares
// (entries.ts): frozen, as nothing here changes a record once made.
import { Codes, Rng, ok, reject, seedRng, type Actor, type ApplyResult, type PhaseInfo, type SeatId, type SetupContext } from "../core";
import { SLOTS, assignmentProblem, emptyAssignment, sortDice, type Assignment, type SlotState } from "./actions";
import type { Config } from "./config";
import { SIDES, countDoubles, dieIndex, type Die, type DieKind } from "./dice";
import { freshDice, none, removedDie, rigEntry, rollEntry, rolledDie, seatResult, submittedDie, submittedDieIn, unrolledDie } from "./entries";
import { LOOKAHEAD, extendSchedules, runningIn, toolsOf } from "./schedule";
import type { Action } from "./schema";
import type { ActionInstance, ChallengeResult, GameResult, PlayerState, Resolution, RigEntry, RollEntry, RoundRecord, State, Submission } from "./state";
import { rigResult, toolInfo, type ToolId } from "./tools";

export type { Action };

export const Errors = {
  dieRemoved: "action/die_removed",
  alreadyRolled: "action/already_rolled",
  bluffing: "action/bluffing",
  badValue: "action/bad_value",
  notRolled: "action/not_rolled",
  toolUnavailable: "action/tool_unavailable",
  sameDie: "action/same_die",
  wagered: "action/wagered_die",
  offTheDie: "action/off_the_die",
  noChallenge: "action/no_challenge",
  notRemoved: "action/not_removed",
  badAssignment: "action/bad_assignment",
  done: Codes.alreadySubmitted,
} as const;

// ---------------------------------------------------------------- helpers

export function opponent(state: State, seat: SeatId): SeatId {
  return state.seats.find((s) => s !== seat) as SeatId;
}

export function player(state: State, seat: SeatId): PlayerState {
  return state.players[seat] as PlayerState;
}

export function dieOf(p: PlayerState, kind: DieKind): Die {
  return p.dice[dieIndex(kind)] as Die;
}

function withDie(dice: readonly Die[], kind: DieKind, next: Die): Die[] {
  const out = dice.slice();
  out[dieIndex(kind)] = next;
  return out;
}

function putPlayer(state: State, p: PlayerState): State {
  return { ...state, players: { ...state.players, [p.seat]: p } };
}

function currentRecord(state: State): RoundRecord {
  return state.history[state.history.length - 1] as RoundRecord;
}

function putRecord(state: State, rec: RoundRecord): State {
  const history = state.history.slice();
  history[history.length - 1] = rec;
  return { ...state, history };
}

/** The running action of each slot this round, seen from one seat (for the assignment check). */
export function slotStates(state: State, seat: SeatId): SlotState[] {
  return runningIn(state.actions, state.round).map((a) => {
    const mine = a.submitted[seat] ?? [];
    return { slot: a.slot, size: a.size, restriction: a.restriction, usedDice: mine.map((x) => x.die), usedValues: mine.map((x) => x.value) };
  });
}

/** Removed dice in recovery order when the player gave no list: largest die first. */
export function defaultRecovery(dice: readonly Die[]): DieKind[] {
  return dice.filter((d) => d.status === "removed").map((d) => d.kind).reverse();
}

// ---------------------------------------------------------------- setup

/** A record of every seat, each made by `make`. */
function eachSeat<T>(seats: readonly SeatId[], make: () => T): Record<SeatId, T> {
  return Object.fromEntries(seats.map((s) => [s, make()]));
}

function newRecord(round: number, seats: readonly SeatId[]): RoundRecord {
  return { round, stage: "rolling", rolls: eachSeat(seats, none<RollEntry>), rigs: eachSeat(seats, none<RigEntry>), challenges: none(), recovered: eachSeat(seats, none<DieKind>), submissions: eachSeat(seats, none<Submission>), resolutions: none(), health: {} };
}

function freshPhaseFields(p: PlayerState): PlayerState {
  return { ...p, done: false, bluffing: false, rolls: none(), rigs: none(), challenge: null, recovery: null, plan: null };
}

export function setup({ seats, config, seed }: SetupContext<Config>): State {
  if (seats.length !== 2) throw new RangeError("Thoth's Bluff is a game for exactly two seats.");
  const rng = new Rng(seedRng(seed));
  const scheduleRng = new Rng(seedRng(`${seed}/schedule`));
  const players: Record<SeatId, PlayerState> = {};
  for (const seat of seats) {
    players[seat] = freshPhaseFields({ seat, health: config.startingHealth, dice: freshDice(), done: false, bluffing: false, rolls: none(), rigs: none(), challenge: null, recovery: null, plan: null });
  }
  const base = { seats: seats.slice(), config, toolSchedule: [], actions: [] };
  const sched = extendSchedules(base, scheduleRng, LOOKAHEAD);
  return {
    seats: seats.slice(),
    config,
    rng: rng.save(),
    scheduleRng: scheduleRng.save(),
    round: 1,
    phase: "rolling",
    players,
    ...sched,
    history: [newRecord(1, seats)],
    extra: null,
    result: null,
  };
}

// ---------------------------------------------------------------- apply

export function apply(state: State, actor: Actor, action: Action): ApplyResult<State> {
  if (state.phase === "finished") return reject(Codes.finished, "The game is over.");
  if (action.type === "pickWinner") {
    if (actor !== "host") return reject(Codes.hostOnly, "Only the host may pick the winner.");
    if (state.phase !== "tiebreak") return reject(Codes.wrongPhase, "The host picks a winner only when the game is still tied after every extra round.");
    if (!state.seats.includes(action.seat)) return reject(Codes.invalid, `There is no seat ${action.seat}.`);
    return ok(finish(state, [action.seat], "host"));
  }
  if (actor === "host") return reject(Codes.notAPlayer, "The host does not play dice; only seats send that action.");
  const me = state.players[actor];
  if (!me) return reject(Codes.notAPlayer, `${actor} is not playing in this game.`);
  if (state.phase === "tiebreak") return reject(Codes.wrongPhase, "The game waits for the host to break the tie.");
  if (me.done) return reject(Errors.done, "You already finished this phase.");

  switch (action.type) {
    case "roll":
      return roll(state, me, action.die, null);
    case "bluff":
      return roll(state, me, action.die, action.value);
    case "rig":
      return rig(state, me, action.tool, action.primary, action.secondary);
    case "challenge":
      return challenge(state, me, action.die);
    case "withdrawChallenge":
      if (state.phase !== "rigging") return reject(Codes.wrongPhase, "Challenges belong to the rigging phase.");
      if (me.challenge === null) return reject(Errors.noChallenge, "You have no challenge to withdraw.");
      return ok(putPlayer(state, { ...me, challenge: null }));
    case "setRecovery":
      return setRecovery(state, me, action.priority);
    case "assign":
      return assign(state, me, { short: action.short, medium: action.medium, long: action.long });
    case "done":
      return ok(advanceIfAllDone(putPlayer(state, { ...me, done: true })));
  }
}

/** Why this seat may not roll (value null) or bluff the die now, or null. */
export function rollProblem(state: State, me: PlayerState, kind: DieKind, bluffValue: number | null): { code: string; message: string } | null {
  if (state.phase !== "rolling") return { code: Codes.wrongPhase, message: "Dice are rolled only in the rolling phase." };
  if (me.done) return { code: Errors.done, message: "You already finished rolling." };
  const d = dieOf(me, kind);
  if (d.status === "removed") return { code: Errors.dieRemoved, message: `Your ${kind} is removed.` };
  if (me.rolls.some((r) => r.die === kind)) return { code: Errors.alreadyRolled, message: `You already rolled your ${kind} this phase.` };
  if (d.status === "rolled" && !state.config.rerollKeptDice) return { code: Errors.alreadyRolled, message: `Your ${kind} keeps its ${d.value} from an earlier round and cannot be rolled again.` };
  if (bluffValue === null) {
    if (me.bluffing) return { code: Errors.bluffing, message: "You started bluffing: you cannot roll normally again this phase." };
  } else if (bluffValue < 1 || bluffValue > SIDES[kind]) {
    return { code: Errors.badValue, message: `A ${kind} shows 1 to ${SIDES[kind]}, not ${bluffValue}.` };
  }
  return null;
}

function roll(state: State, me: PlayerState, kind: DieKind, bluffValue: number | null): ApplyResult<State> {
  const problem = rollProblem(state, me, kind, bluffValue);
  if (problem) return reject(problem.code, problem.message);
  let value: number;
  let rng = state.rng;
  if (bluffValue === null) {
    const g = new Rng(state.rng);
    value = g.range(1, SIDES[kind]);
    rng = g.save();
  } else {
    value = bluffValue;
  }
  const bluff = bluffValue !== null;
  const next: PlayerState = {
    ...me,
    dice: withDie(me.dice, kind, rolledDie(kind, value)),
    rolls: me.rolls.concat([rollEntry(kind, value, bluff)]),
    bluffing: me.bluffing || bluff,
  };
  return ok({ ...putPlayer(state, next), rng });
}

/** Why this rig is illegal now, or null; with the primary's new value when legal. */
export function rigCheck(state: State, me: PlayerState, tool: ToolId, primary: DieKind, secondary: DieKind): { code: string; message: string } | { value: number } {
  if (state.phase !== "rigging") return { code: Codes.wrongPhase, message: "Dice are rigged only in the rigging phase." };
  if (me.done) return { code: Errors.done, message: "You already finished rigging." };
  if (!toolsOf(state, state.round).includes(tool)) return { code: Errors.toolUnavailable, message: `${toolInfo(tool).name} is not available this round.` };
  if (primary === secondary) return { code: Errors.sameDie, message: "The primary and the secondary must be two different dice." };
  const p = dieOf(me, primary);
  const s = dieOf(me, secondary);
  if (p.status !== "rolled" || p.value === null) return { code: Errors.notRolled, message: `Your ${primary} is not rolled.` };
  if (s.status !== "rolled" || s.value === null) return { code: Errors.notRolled, message: `Your ${secondary} is not rolled.` };
  if (me.challenge === secondary) return { code: Errors.wagered, message: `Your ${secondary} is wagered in your challenge; withdraw or move the challenge to spend it.` };
  const value = rigResult(tool, p.value, s.value, SIDES[primary], state.config.overflow);
  if (value === null) return { code: Errors.offTheDie, message: `${toolInfo(tool).name} would take your ${primary} off its faces.` };
  return { value };
}

function rig(state: State, me: PlayerState, tool: ToolId, primary: DieKind, secondary: DieKind): ApplyResult<State> {
  const check = rigCheck(state, me, tool, primary, secondary);
  if ("code" in check) return reject(check.code, check.message);
  const from = dieOf(me, primary).value as number;
  const secondaryValue = dieOf(me, secondary).value as number;
  const dice = withDie(withDie(me.dice, primary, rolledDie(primary, check.value)), secondary, unrolledDie(secondary));
  return ok(putPlayer(state, { ...me, dice, rigs: me.rigs.concat([rigEntry(tool, primary, secondary, from, check.value, secondaryValue)]) }));
}

export function challengeProblem(state: State, me: PlayerState, kind: DieKind): { code: string; message: string } | null {
  if (state.phase !== "rigging") return { code: Codes.wrongPhase, message: "Challenges belong to the rigging phase." };
  if (me.done) return { code: Errors.done, message: "You already finished rigging." };
  if (dieOf(me, kind).status !== "rolled") return { code: Errors.notRolled, message: `Only a rolled die can be wagered; your ${kind} is not rolled.` };
  return null;
}

function challenge(state: State, me: PlayerState, kind: DieKind): ApplyResult<State> {
  const problem = challengeProblem(state, me, kind);
  if (problem) return reject(problem.code, problem.message);
  return ok(putPlayer(state, { ...me, challenge: kind }));
}

function setRecovery(state: State, me: PlayerState, priority: DieKind[]): ApplyResult<State> {
  if (state.phase !== "rigging") return reject(Codes.wrongPhase, "Recovery is chosen in the rigging phase.");
  if (new Set(priority).size !== priority.length) return reject(Codes.invalid, "List each die once.");
  for (const k of priority) {
    if (dieOf(me, k).status !== "removed") return reject(Errors.notRemoved, `Your ${k} is not removed, so there is nothing to recover.`);
  }
  return ok(putPlayer(state, { ...me, recovery: priority.slice() }));
}

function assign(state: State, me: PlayerState, plan: Assignment): ApplyResult<State> {
  if (state.phase !== "action") return reject(Codes.wrongPhase, "Dice go to actions in the action phase.");
  const problem = assignmentProblem(me.dice, slotStates(state, me.seat), plan);
  if (problem) return reject(Errors.badAssignment, problem);
  return ok(putPlayer(state, { ...me, plan: { short: sortDice(plan.short), medium: sortDice(plan.medium), long: sortDice(plan.long) } }));
}

// ---------------------------------------------------------------- phase ends

function advanceIfAllDone(state: State): State {
  return state.seats.every((s) => player(state, s).done) ? endPhase(state) : state;
}

/** Ends the phase under way: everyone who has not finished keeps what they did (the rule text's "nothing more"). */
export function endPhase(state: State): State {
  switch (state.phase) {
    case "rolling":
      return endRolling(state);
    case "rigging":
      return endRigging(state);
    case "action":
      return endAction(state);
    case "tiebreak":
      return tiebreakByCoin(state);
    case "finished":
      return state;
  }
}

function endRolling(state: State): State {
  const rec = currentRecord(state);
  const rolls = { ...rec.rolls };
  const players = { ...state.players };
  for (const s of state.seats) {
    const p = player(state, s);
    rolls[s] = p.rolls;
    players[s] = { ...p, done: false, rigs: none(), challenge: null, recovery: null };
  }
  return putRecord({ ...state, players, phase: "rigging" }, { ...rec, rolls, stage: "rigging" });
}

/** A seat's die of a kind, in the dice being worked out at a round's end. */
function dieAt(dice: Record<SeatId, Die[]>, seat: SeatId, kind: DieKind): Die {
  return (dice[seat] as Die[])[dieIndex(kind)] as Die;
}

function setDie(dice: Record<SeatId, Die[]>, seat: SeatId, kind: DieKind, d: Die): void {
  (dice[seat] as Die[])[dieIndex(kind)] = d;
}

/**
 * Challenges are judged on the dice as rigging left them, both at once: removals
 * first, then dice set to unrolled (a die already removed stays removed). Recovery
 * follows, counting doubles among the dice still rolled.
 */
function endRigging(state: State): State {
  const rec = currentRecord(state);
  const dice: Record<SeatId, Die[]> = {};
  for (const s of state.seats) dice[s] = player(state, s).dice.slice();

  const challenges: ChallengeResult[] = [];
  for (const c of state.seats) {
    const wager = player(state, c).challenge;
    if (wager === null) continue;
    const target = opponent(state, c);
    const correct = player(state, target).rolls.some((r) => r.bluff);
    challenges.push({ challenger: c, target, wager, correct, removed: null, unrolled: [] });
  }
  const removedNow: Record<SeatId, DieKind[]> = Object.fromEntries(state.seats.map((s) => [s, []]));
  for (const ch of challenges) {
    if (!ch.correct || dieAt(dice, ch.target, ch.wager).status === "removed") continue;
    setDie(dice, ch.target, ch.wager, removedDie(ch.wager));
    ch.removed = ch.wager;
    (removedNow[ch.target] as DieKind[]).push(ch.wager);
  }
  for (const ch of challenges) {
    if (!ch.correct) continue;
    const bluffed = sortDice(player(state, ch.target).rolls.filter((r) => r.bluff).map((r) => r.die));
    for (const k of bluffed) {
      if (dieAt(dice, ch.target, k).status !== "rolled") continue;
      setDie(dice, ch.target, k, unrolledDie(k));
      ch.unrolled.push(k);
    }
  }
  for (const ch of challenges) {
    if (!ch.correct && dieAt(dice, ch.challenger, ch.wager).status === "rolled") setDie(dice, ch.challenger, ch.wager, unrolledDie(ch.wager));
  }

  const recovered: Record<SeatId, DieKind[]> = {};
  const rigs = { ...rec.rigs };
  const players = { ...state.players };
  for (const s of state.seats) {
    const p = player(state, s);
    const mine = dice[s] as Die[];
    const doubles = countDoubles(mine.filter((d) => d.status === "rolled").map((d) => d.value as number), state.config.doubles);
    const wanted = (p.recovery ?? defaultRecovery(mine)).filter((k) => dieAt(dice, s, k).status === "removed" && !(removedNow[s] as DieKind[]).includes(k));
    const back = wanted.slice(0, doubles);
    for (const k of back) setDie(dice, s, k, unrolledDie(k));
    recovered[s] = back;
    rigs[s] = p.rigs;
    players[s] = { ...p, dice: dice[s] as Die[], done: false, plan: null };
  }
  return putRecord({ ...state, players, phase: "action" }, { ...rec, stage: "action", rigs, challenges: challenges.map((ch) => ({ ...ch, unrolled: ch.unrolled.slice() })), recovered });
}

function compare(inst: ActionInstance, seats: readonly SeatId[]): Resolution {
  const results = seats.map((seat) => {
    const subs = inst.submitted[seat] ?? [];
    return seatResult(seat, subs.reduce((a, x) => a + x.value, 0), subs.length === inst.size);
  });
  const [a, b] = results as [(typeof results)[0], (typeof results)[0]];
  let winners: SeatId[];
  if (a.completed && b.completed) winners = a.total > b.total ? [a.seat] : b.total > a.total ? [b.seat] : [a.seat, b.seat];
  else if (a.completed) winners = [a.seat];
  else if (b.completed) winners = [b.seat];
  else winners = [a.seat, b.seat];
  return { actionId: inst.id, slot: inst.slot, damage: inst.size, results, winners };
}

function endAction(state: State): State {
  const rec = currentRecord(state);
  const round = state.round;
  const running = runningIn(state.actions, round);
  const changed = new Map<string, ActionInstance>(running.map((a) => [a.id, { ...a, submitted: { ...a.submitted } }]));
  const players = { ...state.players };
  const submissions: Record<SeatId, Submission[]> = {};
  for (const s of state.seats) {
    const p = player(state, s);
    const plan = p.plan ?? emptyAssignment();
    let dice = p.dice;
    const subs: Submission[] = [];
    for (const slot of SLOTS) {
      const inst = [...changed.values()].find((a) => a.slot === slot);
      if (!inst || plan[slot].length === 0) continue;
      const entries = plan[slot].map((k) => submittedDie(k, dieOf(p, k).value as number));
      inst.submitted[s] = (inst.submitted[s] ?? []).concat(entries.map((e) => submittedDieIn(e.die, e.value, round)));
      subs.push({ slot, actionId: inst.id, dice: entries });
      for (const k of plan[slot]) dice = withDie(dice, k, unrolledDie(k));
    }
    submissions[s] = subs.slice();
    players[s] = { ...p, dice };
  }
  const actions = state.actions.map((a) => changed.get(a.id) ?? a);
  const resolutions = [...changed.values()].filter((a) => a.endRound === round).map((a) => compare(a, state.seats));
  for (const r of resolutions) {
    for (const w of r.winners) {
      const loser = opponent(state, w);
      const lp = players[loser] as PlayerState;
      players[loser] = { ...lp, health: lp.health - r.damage };
    }
  }
  const health: Record<SeatId, number> = Object.fromEntries(state.seats.map((s) => [s, (players[s] as PlayerState).health]));
  const after = putRecord({ ...state, players, actions }, { ...rec, stage: "done", submissions, resolutions, health });
  return checkEnd(after);
}

// ---------------------------------------------------------------- end of game

function higher(state: State): SeatId | null {
  const [a, b] = state.seats as [SeatId, SeatId];
  const ha = player(state, a).health;
  const hb = player(state, b).health;
  return ha > hb ? a : hb > ha ? b : null;
}

function checkEnd(state: State): State {
  const cfg = state.config;
  if (state.extra) {
    if (state.round < state.extra.lastRound) return startRound(state, state.round + 1);
    const w = higher(state);
    if (w) return finish(state, [w], "extraRounds");
    if (state.extra.block < cfg.maxExtraBlocks) {
      return startRound({ ...state, extra: { block: state.extra.block + 1, lastRound: state.round + cfg.extraRounds } }, state.round + 1);
    }
    return finalTiebreak(state);
  }
  const dead = state.seats.filter((s) => player(state, s).health <= 0);
  if (dead.length === 0) return startRound(state, state.round + 1);
  if (dead.length === 1) return finish(state, [opponent(state, dead[0] as SeatId)], "death");
  const w = higher(state);
  if (w) return finish(state, [w], "moreHealth");
  if (cfg.maxExtraBlocks > 0) return startRound({ ...state, extra: { block: 1, lastRound: state.round + cfg.extraRounds } }, state.round + 1);
  return finalTiebreak(state);
}

function finalTiebreak(state: State): State {
  switch (state.config.finalTiebreak) {
    case "host":
      return { ...state, phase: "tiebreak" };
    case "coin":
      return tiebreakByCoin(state);
    case "draw":
      return finish(state, [], "draw");
  }
}

function tiebreakByCoin(state: State): State {
  const g = new Rng(state.rng);
  const w = g.pick(state.seats);
  return finish({ ...state, rng: g.save() }, [w], "coin");
}

function finish(state: State, winners: SeatId[], reason: GameResult["reason"]): State {
  const losers = winners.length ? state.seats.filter((s) => !winners.includes(s)) : [];
  const hp = state.seats.map((s) => `${s} ${player(state, s).health}`).join(", ");
  const w = winners[0];
  const summary =
    w === undefined
      ? `A draw: still tied after every extra round (health ${hp}).`
      : {
          death: `${w} wins: the opponent fell to 0 health or less (health ${hp}).`,
          moreHealth: `${w} wins: both fell, ${w} kept more health (health ${hp}).`,
          extraRounds: `${w} wins after extra rounds with more health (health ${hp}).`,
          host: `${w} wins: the host broke the final tie (health ${hp}).`,
          coin: `${w} wins on the seeded coin that breaks the final tie (health ${hp}).`,
          draw: "",
        }[reason];
  const players = { ...state.players };
  for (const s of state.seats) players[s] = { ...player(state, s), done: true };
  return { ...state, players, phase: "finished", result: { winners, losers, reason, summary } };
}

function startRound(state: State, round: number): State {
  const g = new Rng(state.scheduleRng);
  const sched = extendSchedules(state, g, round + LOOKAHEAD - 1);
  const players = { ...state.players };
  for (const s of state.seats) players[s] = freshPhaseFields(player(state, s));
  return { ...state, ...sched, scheduleRng: g.save(), round, phase: "rolling", players, history: [...state.history, newRecord(round, state.seats)] };
}

// ---------------------------------------------------------------- phase info

const PHASE_NAMES: Record<State["phase"], string> = { rolling: "Rolling", rigging: "Rigging", action: "Action", tiebreak: "Final tiebreak", finished: "Game over" };

export function phaseInfo(state: State): PhaseInfo {
  const name = PHASE_NAMES[state.phase];
  if (state.phase === "finished") return { key: "finished", name, round: state.round, durationMs: null, waitingOn: [], finished: true };
  if (state.phase === "tiebreak") return { key: "tiebreak", name, round: state.round, durationMs: null, waitingOn: [], waitingOnHost: true };
  return {
    key: state.phase,
    name,
    round: state.round,
    durationMs: state.config.phaseSeconds[state.phase] * 1000,
    waitingOn: state.seats.filter((s) => !player(state, s).done),
  };
}

export function timeout(state: State): State {
  return endPhase(state);
}

export { runningIn };
