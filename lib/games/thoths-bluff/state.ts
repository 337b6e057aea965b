// The whole game state: plain JSON (no Map, Set, class or undefined), snapshotted
// by the platform. Secrets (bluff flags, rigs, challenges before their reveal,
// recoveries, which dice went to which action) live here and only views redact them.
import type { RngState, SeatId } from "../core";
import type { Assignment, RestrictionId, Slot } from "./actions";
import type { Config } from "./config";
import type { Die, DieKind } from "./dice";
import type { ToolId } from "./tools";

export type PhaseKey = "rolling" | "rigging" | "action" | "tiebreak" | "finished";

/** One roll in a rolling phase. `bluff` is the one fact nobody but its roller (and the host) ever sees. */
export interface RollEntry {
  die: DieKind;
  value: number;
  bluff: boolean;
}

export interface RigEntry {
  tool: ToolId;
  primary: DieKind;
  secondary: DieKind;
  /** Primary's value before and after. */
  from: number;
  to: number;
  /** The value the secondary showed when it was spent. */
  secondaryValue: number;
}

export interface ChallengeResult {
  challenger: SeatId;
  target: SeatId;
  /** The challenger's wagered die (and so the target's corresponding die). */
  wager: DieKind;
  /** True when the target bluffed at least once in this round's rolling phase. */
  correct: boolean;
  /** Correct challenge: the target's die that became removed (null if it already was). */
  removed: DieKind | null;
  /** Correct challenge: the target's bluffed dice that went from rolled to unrolled. */
  unrolled: DieKind[];
}

/** One player's dice submitted to one action in one action phase. */
export interface Submission {
  slot: Slot;
  actionId: string;
  dice: { die: DieKind; value: number }[];
}

export interface SeatResult {
  seat: SeatId;
  /** Sum of every value this player submitted to the action over its rounds. */
  total: number;
  /** Whether they submitted as many dice as the action takes. */
  completed: boolean;
}

export interface Resolution {
  actionId: string;
  slot: Slot;
  damage: number;
  results: SeatResult[];
  /** Every seat that dealt damage: one winner, or both on a tie. */
  winners: SeatId[];
}

/** An action running over one or more rounds (a short action each round, a medium every two, a long every three). */
export interface ActionInstance {
  id: string;
  slot: Slot;
  startRound: number;
  endRound: number;
  /** Dice it takes, equal to the damage it deals and the rounds it lasts. */
  size: number;
  restriction: RestrictionId | null;
  submitted: Record<SeatId, { die: DieKind; value: number; round: number }[]>;
}

/** The record of one round, filled as its phases end. */
export interface RoundRecord {
  round: number;
  /** The last phase of the round that has begun; "done" once its action phase ended. */
  stage: "rolling" | "rigging" | "action" | "done";
  rolls: Record<SeatId, RollEntry[]>;
  rigs: Record<SeatId, RigEntry[]>;
  challenges: ChallengeResult[];
  recovered: Record<SeatId, DieKind[]>;
  submissions: Record<SeatId, Submission[]>;
  resolutions: Resolution[];
  /** Health of each seat after the round's action phase. */
  health: Record<SeatId, number>;
}

/** One player's dice and what they did so far in the phase under way. */
export interface PlayerState {
  seat: SeatId;
  health: number;
  dice: Die[];
  /** Finished the current phase (or the clock finished it). */
  done: boolean;
  /** Bluffed in the current rolling phase: no normal roll any more. */
  bluffing: boolean;
  /** The current round's rolling log, in order. */
  rolls: RollEntry[];
  /** The current rigging phase's rigs. */
  rigs: RigEntry[];
  /** Standing challenge of the current rigging phase: the wagered die. */
  challenge: DieKind | null;
  /** Recovery priority; null means the default (largest removed die first). */
  recovery: DieKind[] | null;
  /** Dice assigned to actions in the current action phase; null until set. */
  plan: Assignment | null;
}

export interface GameResult {
  winners: SeatId[];
  losers: SeatId[];
  /** How it was decided. */
  reason: "death" | "moreHealth" | "extraRounds" | "host" | "coin" | "draw";
  summary: string;
}

export interface State {
  seats: SeatId[];
  config: Config;
  /** Dice rolls and the final coin. */
  rng: RngState;
  /**
   * Tools and actions of future rounds: a stream of its own, so the schedule is a
   * function of the seed alone and never hints at how many real rolls were made.
   */
  scheduleRng: RngState;
  round: number;
  phase: PhaseKey;
  players: Record<SeatId, PlayerState>;
  /** Tools of each round, known three rounds ahead. */
  toolSchedule: { round: number; tools: ToolId[] }[];
  /** Every action drawn so far (known three rounds ahead). */
  actions: ActionInstance[];
  history: RoundRecord[];
  /** Extra rounds under way after a tie with both players dead. */
  extra: { block: number; lastRound: number } | null;
  result: GameResult | null;
}
