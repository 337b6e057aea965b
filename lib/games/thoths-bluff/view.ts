// What each viewer sees, built by copying what that viewer may know:
// - a seat: its own dice and everything it did (bluff flags included), the public record;
// - the spectator: the public record only (roll logs once a rolling phase ended, challenges
//   once announced, values submitted to actions, resolutions, health);
// - the host: everything.
// Bluffs are never marked in anything a seat sees of its opponent or a spectator sees.
import type { Outcome, SeatId, Viewer } from "../core";
import { changedEntries, NONE, partKey, RecordParts, sharedAcrossRooms, SharedValues, ViewParts } from "../core/view-parts";
import { RESTRICTION_IDS, RESTRICTIONS, SLOT_SIZE, SLOTS, assignmentProblem, dieProblem, type Assignment, type RestrictionId, type RestrictionInfo, type Slot, type SlotState } from "./actions";
import { DICE, DIE_NAMES, SIDES, countDoubles, dieIndex, type Die, type DieKind, type DieStatus } from "./dice";
import { challengeProblem, defaultRecovery, dieOf, player, rigCheck, rollProblem, slotStates } from "./rules";
import { LOOKAHEAD, runningIn, toolsOf } from "./schedule";
import type { ActionInstance, ChallengeResult, PhaseKey, PlayerState, Resolution, RigEntry, RoundRecord, State } from "./state";
import { OK, RIG_PAIRS, type Check, type ToolRigs } from "./rig-options";
import { toolInfo, type ToolId, type ToolInfo } from "./tools";

export type { Check, RigOption, ToolRigs } from "./rig-options";

export interface DieView {
  die: DieKind;
  /** "Tetra", "Cube", … */
  name: string;
  sides: number;
  status: DieStatus;
  value: number | null;
}

/** A roll as the public (and the opponent) sees it: a bluff looks exactly like this. */
export interface PublicRoll {
  die: DieKind;
  value: number;
}

/** A roll in the roller's own log: `bluffed` marks their own bluffs. */
export interface OwnRoll extends PublicRoll {
  bluffed: boolean;
}

export interface ActionSlotInfo {
  id: string;
  slot: Slot;
  startRound: number;
  /** The round whose action phase resolves it. */
  endRound: number;
  /** Dice it takes = rounds it lasts = damage it deals. */
  size: number;
  restriction: RestrictionId | null;
}

/** An action running this round, with what is public so far. */
export interface RunningAction extends ActionSlotInfo {
  /** Values each seat submitted in earlier action phases of this action (revealed at those phases' ends), highest first. */
  revealed: { seat: SeatId; values: number[] }[];
  /** Seat view only: your dice already in it (earlier rounds) and how many more it takes from you. */
  mine: { dice: DieKind[]; values: number[]; stillTakes: number } | null;
}

/** A challenge as announced: challenger, target, wager, whether it was right, and what it did to the target's dice. */
export type PublicChallenge = ChallengeResult;

/** One round as everyone may know it; a part is null until the rules reveal it. */
export interface PublicRound {
  round: number;
  /** Each player's rolls in their order, once the round's rolling phase ended. */
  rolls: { seat: SeatId; rolls: PublicRoll[] }[] | null;
  /** Once announced ([] when nobody challenged). */
  challenges: PublicChallenge[] | null;
  /** Values each player submitted to each action this round (not which dice), after the action phase. */
  submitted: { seat: SeatId; slot: Slot; actionId: string; values: number[] }[] | null;
  /** Actions whose time was up this round. `winners` holds both seats on a tie (both deal damage). */
  resolutions: Resolution[] | null;
  health: { seat: SeatId; health: number }[] | null;
}

/** What one seat did in one round (its own eyes, or the host's). */
export interface PrivateRound {
  round: number;
  rolls: OwnRoll[];
  rigs: RigEntry[];
  /**
   * This seat's own challenge once judged: it learns at once whether it was right
   * (its wagered die tells it anyway); the details come with the public announcement.
   */
  myChallenge: { wager: DieKind; correct: boolean; announcement: PublicChallenge | null } | null;
  /** A correct challenge against this seat, known at once because its dice changed. */
  lostToChallenge: PublicChallenge | null;
  recovered: DieKind[];
  /** Dice (with values) this seat sent to each action. */
  submitted: { slot: Slot; actionId: string; dice: { die: DieKind; value: number }[] }[];
}

/** Every move of the phase under way with its legality, for click-only play. */
export type LegalMoves =
  | {
      phase: "rolling";
      /** `roll` per die. */
      roll: Record<DieKind, Check>;
      /** `bluff` per die; any value 1…sides is then legal. */
      bluff: Record<DieKind, Check>;
      done: Check;
    }
  | {
      phase: "rigging";
      /** Every (tool, primary, secondary) of this round's tools: per tool, one outcome per pair of `RIG_PAIRS` (read with `rigOption`). */
      rigs: ToolRigs[];
      /** `challenge` per die (wager). */
      challenge: Record<DieKind, Check>;
      withdrawChallenge: Check;
      /** Dice that `setRecovery` may list (removed now). */
      recoverable: DieKind[];
      /** Doubles among your rolled dice right now (challenges may still change them). */
      doublesNow: number;
      /** What recovery would return if the phase ended now and no challenge changed anything. */
      wouldRecover: DieKind[];
      done: Check;
    }
  | {
      phase: "action";
      /** Per running action: whether each die could go to it on its own (status, restriction, room). */
      slots: { slot: Slot; actionId: string; stillTakes: number; dice: Record<DieKind, Check> }[];
      /** Whether the saved plan is legal (it always is once accepted) and what `done` sends. */
      done: Check;
    };

/** One seat's private panel: its own eyes, or the host's view of that seat. */
export interface SeatPanel {
  seat: SeatId;
  dice: DieView[];
  /** Finished the phase under way. */
  done: boolean;
  /** Rolling phase: bluffed already (no more normal rolls). */
  bluffing: boolean;
  /** This round's rolling log so far, own bluffs marked. */
  rolls: OwnRoll[];
  /** Rigs of the rigging phase under way. */
  rigs: RigEntry[];
  /** Standing challenge (wagered die) of the rigging phase under way. */
  challenge: DieKind | null;
  /** Recovery list set this phase; null = default (largest removed die first). */
  recovery: DieKind[] | null;
  /** Action phase: the saved assignment (used as is when the clock runs out). */
  plan: Assignment | null;
  history: PrivateRound[];
  /** Moves of the phase under way; null outside the seat's own view or when nothing is open. */
  legal: LegalMoves | null;
}

export interface View {
  viewer: "seat" | "spectator" | "host";
  /** The seat this view belongs to (seat views only). */
  seat: SeatId | null;
  seats: SeatId[];
  round: number;
  phase: PhaseKey;
  /** Extra rounds under way after both fell with equal health. */
  extra: { block: number; lastRound: number } | null;
  rules: {
    startingHealth: number;
    dice: { die: DieKind; name: string; sides: number }[];
    actions: { slot: Slot; size: number }[];
    /** Catalogue of the tools in this room's pool. */
    tools: ToolInfo[];
    /** Catalogue of the restrictions in this room's pool. */
    restrictions: RestrictionInfo[];
    rerollKeptDice: boolean;
    overflow: "clamp" | "reject";
    challengeReveal: "roundEnd" | "riggingEnd";
    doubles: "disjoint" | "everyPair";
  };
  players: { seat: SeatId; health: number; done: boolean }[];
  /** Tools of this round and the next two. */
  toolSchedule: { round: number; tools: ToolId[] }[];
  /** Actions running in this round and the next two. */
  actionSchedule: { round: number; actions: ActionSlotInfo[] }[];
  /** The three actions running this round. */
  running: RunningAction[];
  /** Every round so far, public parts only, oldest first. */
  history: PublicRound[];
  /** Seat view: your panel. */
  me: SeatPanel | null;
  /** Host view (and everyone's view after the game when the room reveals secrets at the end): every seat's panel. */
  panels: SeatPanel[] | null;
  outcome: Outcome | null;
}

// ---------------------------------------------------------------- public parts

/**
 * An action's slot info, one object for every room: an action's record is
 * replaced at each submission, its slot info never changes, and the slot,
 * restriction, size and first round determine it (its id and last round
 * follow from them, and are checked). A schedule rebuilt for a submission then
 * holds the same objects, which the diff passes over.
 */
const slotInfos = new SharedValues<number, ActionSlotInfo>();

function slotInfo(a: ActionInstance): ActionSlotInfo {
  const restriction = a.restriction === null ? 0 : RESTRICTION_IDS.indexOf(a.restriction) + 1;
  const shareable = Number.isInteger(a.startRound) && a.startRound >= 0 && a.startRound < 100_000 && Number.isInteger(a.size) && a.size >= 0 && a.size < 16;
  const key = ((SLOTS.indexOf(a.slot) * 8 + restriction) * 16 + a.size) * 100_000 + a.startRound;
  const kept = shareable ? slotInfos.find(key) : undefined;
  if (kept && kept.id === a.id && kept.endRound === a.endRound) return kept;
  const made: ActionSlotInfo = { id: a.id, slot: a.slot, startRound: a.startRound, endRound: a.endRound, size: a.size, restriction: a.restriction };
  return shareable && !kept ? slotInfos.keep(key, made) : made;
}

function challengesPublic(state: State, rec: RoundRecord): boolean {
  if (rec.stage === "done") return true;
  return state.config.challengeReveal === "riggingEnd" && rec.stage === "action";
}

/** Parts kept per round record: a finished round's record is the same object in every later state. */
const roundParts = new ViewParts<RoundRecord>();
const configParts = new ViewParts<State["config"]>();
/** A seat's dice as shown, kept per dice array: its own panel and the host's share one. */
const diceParts = new ViewParts<readonly Die[]>();

/** A round's public part depends on the record, the seats and the config alone. */
function publicRound(state: State, rec: RoundRecord): PublicRound {
  return roundParts.get(rec, "public", [state.seats, state.config], () => buildPublicRound(state, rec));
}

function buildPublicRound(state: State, rec: RoundRecord): PublicRound {
  const done = rec.stage === "done";
  return {
    round: rec.round,
    rolls: rec.stage === "rolling" ? null : state.seats.map((seat) => ({ seat, rolls: (rec.rolls[seat] ?? []).map(publicRoll) })),
    // challenges and resolutions are public whole once shown: the record's own objects
    challenges: challengesPublic(state, rec) ? rec.challenges : null,
    submitted: done
      ? state.seats.flatMap((seat) =>
          (rec.submissions[seat] ?? []).map((s) => ({ seat, slot: s.slot, actionId: s.actionId, values: s.dice.map((d) => d.value).sort((a, b) => b - a) })),
        )
      : null,
    resolutions: done ? rec.resolutions : null,
    health: done ? state.seats.map((seat) => ({ seat, health: rec.health[seat] as number })) : null,
  };
}

/** The actions running this round, in slot order, once per state for every viewer. */
function runningActions(state: State): ActionInstance[] {
  return configParts.get(state.config, "running-actions", [state.actions, state.round], () => runningIn(state.actions, state.round));
}

/** A running action's entries, kept per action record: they change only when it does (a submission) or the round does. */
const actionParts = new ViewParts<ActionInstance>();

/**
 * The running actions read the actions, the round, the phase and the seats. Their
 * public part is built once for every viewer; a seat's list adds its own dice.
 */
function running(state: State, forSeat: SeatId | null): RunningAction[] {
  if (forSeat === null) return publicRunning(state);
  return configParts.get(state.config, partKey("running", forSeat), [state.actions, state.round, state.phase, state.seats], () => {
    const actions = runningActions(state);
    // the public part of each action is the spectators' very object: only `mine` is the seat's own
    return publicRunning(state).map((pub, i) => {
      const a = actions[i] as ActionInstance;
      return actionParts.get(a, forSeat, [pub, state.round], () => {
        const mine = earlier(a, forSeat, state.round);
        return { ...pub, mine: { dice: mine.map((x) => x.die), values: mine.map((x) => x.value), stillTakes: pub.size - mine.length } };
      });
    });
  });
}

const earlier = (a: ActionInstance, seat: SeatId, round: number) => (a.submitted[seat] ?? []).filter((x) => x.round < round);

/** The running actions as everyone sees them (`mine` null); none once the game is over or in its tiebreak. */
function publicRunning(state: State): RunningAction[] {
  return configParts.get(state.config, "running-public", [state.actions, state.round, state.phase, state.seats], () =>
    state.phase === "finished" || state.phase === "tiebreak"
      ? []
      : runningActions(state).map((a) =>
          actionParts.get(a, "public", [state.round, state.seats], () => ({
            ...slotInfo(a),
            // highest first, as in the round records: the order dice were listed in could tell which die carried which value
            revealed: state.seats.map((seat) => ({ seat, values: earlier(a, seat, state.round).map((x) => x.value).sort((a, b) => b - a) })),
            mine: null,
          })),
        ),
  );
}

// ---------------------------------------------------------------- private parts

// A die as shown and a roll in its roller's log depend on a few small values alone: every room shares one of each.
const STATUS_CODE: Record<DieStatus, number> = { unrolled: 0, rolled: 1, removed: 2 };
const dieViews = new SharedValues<number, DieView>();
const ownRollViews = new SharedValues<number, OwnRoll>();
const publicRolls = new SharedValues<number, PublicRoll>();

/** The value shared for (die, value, flag), one number per triple; a value off every die's faces (never, by the rules) gets its own. */
function shareDie<V>(values: SharedValues<number, V>, kind: DieKind, value: number, flag: number, build: () => V): V {
  if (!Number.isInteger(value) || value < 0 || value > 99) return build();
  return values.get((dieIndex(kind) * 100 + value) * 4 + flag, build);
}

function dieView(d: Die): DieView {
  return shareDie(dieViews, d.kind, d.value ?? 0, STATUS_CODE[d.status], () => ({ die: d.kind, name: DIE_NAMES[d.kind], sides: SIDES[d.kind], status: d.status, value: d.value }));
}

function diceView(p: PlayerState): DieView[] {
  return diceParts.get(p.dice, "view", [], () => p.dice.map(dieView));
}

function ownRoll(r: { die: DieKind; value: number; bluff: boolean }): OwnRoll {
  return shareDie(ownRollViews, r.die, r.value, r.bluff ? 1 : 0, () => ({ die: r.die, value: r.value, bluffed: r.bluff }));
}

function publicRoll(r: { die: DieKind; value: number }): PublicRoll {
  return shareDie(publicRolls, r.die, r.value, 0, () => ({ die: r.die, value: r.value }));
}

/** A roll log as its roller sees it, kept per log: a seat's panel and its round under way show the same list, until its next roll. */
const ownRollLists = new RecordParts((list: readonly { die: DieKind; value: number; bluff: boolean }[]): OwnRoll[] => list.map(ownRoll));

function ownRolls(list: readonly { die: DieKind; value: number; bluff: boolean }[]): OwnRoll[] {
  return list.length === 0 ? NONE : ownRollLists.get(list);
}

/**
 * A seat's part of a round: once the round's rolling is over, it depends on
 * the record, the seat and the config alone; while it is under way, on the
 * seat's roll log as well.
 */
function privateRound(state: State, rec: RoundRecord, seat: SeatId, full: boolean): PrivateRound {
  const live = rec.round === state.round && rec.stage === "rolling";
  if (live) return roundParts.get(rec, partKey("live", seat, full ? "full" : "own"), [state.config, (state.players[seat] as PlayerState).rolls], () => buildPrivateRound(state, rec, seat, full, live));
  return roundParts.get(rec, partKey("round", seat, full ? "full" : "own"), [state.config], () => buildPrivateRound(state, rec, seat, full, live));
}

function buildPrivateRound(state: State, rec: RoundRecord, seat: SeatId, full: boolean, live: boolean): PrivateRound {
  const p = state.players[seat] as PlayerState;
  const mine = rec.challenges.find((c) => c.challenger === seat);
  const against = rec.challenges.find((c) => c.target === seat && c.correct);
  return {
    round: rec.round,
    rolls: ownRolls(live ? p.rolls : (rec.rolls[seat] ?? [])),
    // the seat's own records, shown whole: the state's objects themselves (states are never changed in place)
    rigs: rec.rigs[seat] ?? NONE,
    myChallenge: mine ? { wager: mine.wager, correct: mine.correct, announcement: full || challengesPublic(state, rec) ? mine : null } : null,
    lostToChallenge: against ?? null,
    recovered: rec.recovered[seat] ?? NONE,
    submitted: rec.submissions[seat] ?? NONE,
  };
}

// one object literal of a fixed shape (Object.fromEntries made pair arrays and a slower object)
const perDie = (f: (k: DieKind) => Check): Record<DieKind, Check> => ({ d4: f("d4"), d6: f("d6"), d8: f("d8"), d12: f("d12"), d20: f("d20") });
// Checks are shared by every room: a rebuilt list then holds the
// very objects of the one before wherever an entry did not change.
const refusals = new SharedValues<string, Check>();
const refused = (reason: string): Check => refusals.get(reason, () => ({ ok: false, reason }));
const fromProblem = (p: { message: string } | string | null): Check => (p === null ? OK : refused(typeof p === "string" ? p : p.message));
/** Every (tool, primary, secondary) of the round: it reads the seat's dice and challenge, the round's tools and the config. */
function rigOptionsOf(state: State, p: PlayerState): ToolRigs[] {
  const tools = toolsOf(state, state.round);
  return configParts.get(state.config, partKey("rigs", p.seat), [state.phase, tools, p.dice, p.challenge, p.done], () =>
    tools.map((tool) => ({
      tool,
      outcomes: RIG_PAIRS.map(([primary, secondary]) => {
        const c = rigCheck(state, p, tool, primary, secondary);
        return "code" in c ? c.message : c.value;
      }),
    })),
  );
}

/**
 * A seat's legal moves read its own player record, the phase, the round, the
 * tool schedule and the actions (and the config): the opponent's moves leave
 * them as they were, so the rigging phase's list of every tool × die × die is
 * not checked again for them.
 */
function legalMoves(state: State, p: PlayerState): LegalMoves | null {
  return configParts.get(state.config, partKey("legal", p.seat), [p, state.phase, state.round, state.toolSchedule, state.actions], () => buildLegalMoves(state, p));
}

function buildLegalMoves(state: State, p: PlayerState): LegalMoves | null {
  if (p.done) return null;
  const done = OK;
  switch (state.phase) {
    case "rolling":
      return {
        phase: "rolling",
        roll: perDie((k) => fromProblem(rollProblem(state, p, k, null))),
        bluff: perDie((k) => fromProblem(rollProblem(state, p, k, 1))),
        done,
      };
    case "rigging": {
      const recoverable = p.dice.filter((d) => d.status === "removed").map((d) => d.kind);
      const doublesNow = countDoubles(p.dice.filter((d) => d.status === "rolled").map((d) => d.value as number), state.config.doubles);
      const order = (p.recovery ?? defaultRecovery(p.dice)).filter((k) => recoverable.includes(k));
      return {
        phase: "rigging",
        rigs: rigOptionsOf(state, p),
        challenge: perDie((k) => fromProblem(challengeProblem(state, p, k))),
        withdrawChallenge: p.challenge === null ? refused("You have no standing challenge.") : OK,
        recoverable,
        doublesNow,
        wouldRecover: order.slice(0, doublesNow),
        done,
      };
    }
    case "action":
      return {
        phase: "action",
        // the plan, which changes most in this phase, is not read
        slots: configParts.get(state.config, partKey("slots", p.seat), [state.phase, state.actions, state.round, p.dice], () =>
          slotStates(state, p.seat).map((s) => ({
            slot: s.slot,
            actionId: runningActions(state).find((a) => a.slot === s.slot)?.id ?? "",
            stillTakes: s.size - s.usedDice.length,
            dice: perDie((k) => fromProblem(dieProblem(dieOf(p, k), s))),
          })),
        ),
        done,
      };
    default:
      return null;
  }
}

/**
 * A seat's part of every round: the rounds whose rolling is over change only
 * when a round record does; while a round's rolling is under way, its part
 * changes with each of the seat's own rolls.
 */
function privateHistory(state: State, p: PlayerState, full: boolean): PrivateRound[] {
  const last = state.history[state.history.length - 1];
  const live = last !== undefined && last.round === state.round && last.stage === "rolling";
  const settled = configParts.get(state.config, partKey("history", p.seat, full ? "full" : "own"), [state.history, state.round], () =>
    (live ? state.history.slice(0, -1) : state.history).map((rec) => privateRound(state, rec, p.seat, full)),
  );
  if (!live) return settled;
  const current = privateRound(state, last, p.seat, full);
  return configParts.get(state.config, partKey("history-live", p.seat, full ? "full" : "own"), [settled, current], () => [...settled, current]);
}

/**
 * `own`: the seat's own view (with its legal moves); otherwise the host's (or the end-of-game) full view.
 * A panel reads the seat's player record, the round records and what its legal moves read, so it is kept
 * while the other seat acts.
 */
function panel(state: State, seat: SeatId, own: boolean): SeatPanel {
  const p = state.players[seat] as PlayerState;
  const deps = [p, state.history, state.phase, state.round, state.toolSchedule, state.actions];
  return configParts.get(state.config, partKey("panel", seat, own ? "own" : "full"), deps, () => buildPanel(state, p, seat, own));
}

function buildPanel(state: State, p: PlayerState, seat: SeatId, own: boolean): SeatPanel {
  return {
    seat,
    dice: diceView(p),
    done: p.done,
    bluffing: p.bluffing,
    rolls: ownRolls(p.rolls),
    rigs: p.rigs,
    challenge: p.challenge,
    recovery: p.recovery,
    plan: p.plan,
    history: privateHistory(state, p, !own),
    legal: own ? legalMoves(state, p) : null,
  };
}

// ---------------------------------------------------------------- the view

/**
 * A viewer's view is kept while what it reads stays as it was: the public
 * members, each seat's health and whether it is done, and the player records of
 * the panels it shows. The opponent's roll, rig or plan then leaves a seat's
 * view (and the spectator's) the very same object.
 */
export function view(state: State, viewer: Viewer): View {
  const seat = viewer !== "host" && viewer !== "spectator" && state.seats.includes(viewer) ? viewer : null;
  const showAll = viewer === "host" || (state.phase === "finished" && state.config.revealSecretsAtEnd);
  const deps: unknown[] = [state.seats, state.round, state.phase, state.extra, state.toolSchedule, state.actions, state.history, state.result];
  for (const s of state.seats) {
    const p = state.players[s] as PlayerState;
    deps.push(p.health, p.done, showAll || s === seat ? p : null);
  }
  return configParts.get(state.config, partKey("view", seat ?? (viewer === "host" ? "host" : "spectator")), deps, () => buildView(state, viewer, seat, showAll));
}

/** The members no view reads: the dice's generator and the schedule's (the schedules it fills are read instead). */
const VIEW_UNREAD = ["rng", "scheduleRng"] as const satisfies readonly (keyof State)[];

/**
 * The views a move can change, from what `view` reads: a move that replaces
 * only its own player record (a roll, a bluff, a rig, a challenge, a recovery
 * list, a plan) and leaves every seat's health and "done" as they were changes
 * its own seat's view alone; anything else (a phase's end, a seat finishing
 * its phase, the end with secrets shown) may change any view.
 */
export function changedViews(before: State, after: State): SeatId[] | null {
  if (after.phase === "finished") return null;
  const seats = changedEntries(before, after, ["players"], VIEW_UNREAD);
  if (seats === null) return null;
  for (const s of seats) {
    const x = before.players[s];
    const y = after.players[s];
    if (!x || !y || x.health !== y.health || x.done !== y.done) return null;
  }
  return seats;
}

/** The members every viewer's view shares: one kept object per change that touches none of them, so a seat's own move rebuilds its view without looking each of them up again. */
type PublicView = Pick<View, "seats" | "extra" | "rules" | "players" | "toolSchedule" | "actionSchedule" | "history" | "outcome">;

/** What the public members read: the seats, the round, the schedules, the round records, the result, and each seat's health and whether it is done (not the rest of its record, which its own moves replace). */
function publicView(state: State): PublicView {
  const standing: unknown[] = [state.seats];
  for (const s of state.seats) {
    const p = state.players[s] as PlayerState;
    standing.push(p.health, p.done);
  }
  const deps = [state.round, state.phase === "finished", state.extra, state.toolSchedule, state.actions, state.history, state.result, ...standing];
  return configParts.get(state.config, "public-view", deps, () => buildPublicView(state, standing));
}

/** `standing`: the seats, then each seat's health and whether it is done (what the player list and the outcome read of the players). */
function buildPublicView(state: State, standing: readonly unknown[]): PublicView {
  const over = state.phase === "finished";
  const cfg = state.config;
  const upcoming: number[] = [];
  if (!over) for (let r = state.round; r < state.round + LOOKAHEAD; r++) upcoming.push(r);
  return {
    seats: configParts.get(cfg, "seats", [state.seats], () => state.seats.slice()),
    extra: configParts.get(cfg, "extra", [state.extra], () => (state.extra ? { ...state.extra } : null)),
    rules: configParts.get(cfg, "rules", [], () => sharedAcrossRooms({
      startingHealth: cfg.startingHealth,
      dice: DICE.map((die) => ({ die, name: DIE_NAMES[die], sides: SIDES[die] })),
      actions: SLOTS.map((slot) => ({ slot, size: SLOT_SIZE[slot] })),
      tools: cfg.tools.map(toolInfo),
      restrictions: cfg.restrictions.map((id) => ({ ...RESTRICTIONS[id] })),
      rerollKeptDice: cfg.rerollKeptDice,
      overflow: cfg.overflow,
      challengeReveal: cfg.challengeReveal,
      doubles: cfg.doubles,
    })),
    players: configParts.get(cfg, "players", standing, () =>
      state.seats.map((s) => ({ seat: s, health: (state.players[s] as PlayerState).health, done: (state.players[s] as PlayerState).done })),
    ),
    // the same for every viewer, and from state to state until the round or the schedules change
    toolSchedule: configParts.get(cfg, "tools", [state.round, over, state.toolSchedule], () => upcoming.map((round) => ({ round, tools: toolsOf(state, round).slice() }))),
    actionSchedule: configParts.get(cfg, "actions", [state.round, over, state.actions], () => upcoming.map((round) => ({ round, actions: runningIn(state.actions, round).map(slotInfo) }))),
    history: configParts.get(cfg, "history", [state.history, state.seats], () => state.history.map((rec) => publicRound(state, rec))),
    outcome: configParts.get(cfg, "outcome", [state.result, ...standing], () => outcomeOf(state)),
  };
}

function buildView(state: State, viewer: Viewer, seat: SeatId | null, showAll: boolean): View {
  const isHost = viewer === "host";
  const pub = publicView(state);
  return {
    viewer: isHost ? "host" : seat ? "seat" : "spectator",
    seat,
    seats: pub.seats,
    round: state.round,
    phase: state.phase,
    extra: pub.extra,
    rules: pub.rules,
    players: pub.players,
    toolSchedule: pub.toolSchedule,
    actionSchedule: pub.actionSchedule,
    running: running(state, seat),
    history: pub.history,
    me: seat ? panel(state, seat, true) : null,
    panels: showAll ? state.seats.map((s) => panel(state, s, false)) : null,
    outcome: pub.outcome,
  };
}

export function outcomeOf(state: State): Outcome | null {
  const r = state.result;
  if (!r) return null;
  const ranked = state.seats.slice().sort((a, b) => Number(r.winners.includes(b)) - Number(r.winners.includes(a)) || player(state, b).health - player(state, a).health);
  return {
    summary: r.summary,
    winners: r.winners.slice(),
    losers: r.losers.slice(),
    ranking: ranked.map((seat) => ({
      seat,
      place: r.winners.length === 0 || r.winners.includes(seat) ? 1 : 2,
      score: player(state, seat).health,
      note: r.winners.length === 0 ? "Draw" : r.winners.includes(seat) ? "Survives the Death Match" : "Eliminated",
    })),
    awards: [
      ...r.winners.map((seat) => ({ seat, label: "Survivor of Thoth's Bluff" })),
      ...r.losers.map((seat) => ({ seat, label: "Eliminated" })),
    ],
  };
}

// ---------------------------------------------------------------- helpers for dashboards and bots

/** The running actions as the assignment check sees them, from a seat's view. */
export function slotsFromView(v: View): (SlotState & { endRound: number })[] {
  return v.running.map((a) => ({
    slot: a.slot,
    size: a.size,
    restriction: a.restriction,
    usedDice: a.mine?.dice ?? [],
    usedValues: a.mine?.values ?? [],
    endRound: a.endRound,
  }));
}

export function diceFromView(me: SeatPanel): Die[] {
  return me.dice.map((d) => ({ kind: d.die, status: d.status, value: d.value }));
}

/**
 * Why the engine would refuse this `assign` from the viewing seat now, or null when
 * it would be accepted: the same check the engine runs, for enabling a Submit button.
 */
export function planProblem(v: View, plan: Assignment): string | null {
  if (!v.me) return "Only a seat sends dice to actions.";
  if (v.phase !== "action") return "Dice go to actions in the action phase.";
  if (v.me.done) return "You already finished this phase.";
  return assignmentProblem(diceFromView(v.me), slotsFromView(v), plan);
}
