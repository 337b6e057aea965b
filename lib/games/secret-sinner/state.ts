// The whole game state: plain JSON, snapshotted after every command.
import type { RngState } from "../core/rng";
import type { SeatId } from "../core/types";
import type { Config } from "./config";
import type { Attribute, Letter, Realm, Sin, Standing, Tiebreak, Virtue } from "./rules";

export type Stage = "briefing" | "round" | "ascension" | "finished";

/** A letter, its holder and its secret pair. */
export interface LetterInfo {
  letter: Letter;
  owner: SeatId;
  sin: Sin;
  virtue: Virtue;
}

export interface QueryRecord {
  round: number;
  sender: SeatId;
  recipient: SeatId;
  /** Alphabetical, so the order carries no message. */
  letters: [Letter, Letter, Letter];
  attribute: Attribute;
  /** Per letter, in the same order: whether it has the attribute. */
  answers: [boolean, boolean, boolean];
}

export interface LockRecord {
  round: number;
  /** The seat holding `letter` (who made the lock-in). */
  seat: SeatId;
  letter: Letter;
  target: Letter;
  /** Whether `target` really is an ally of `letter` (never shown to players). */
  correct: boolean;
}

export interface RankEntry {
  seat: SeatId;
  /** The tiebreak step that put this player above the next one (null for the last). */
  aboveNextBy: Tiebreak | null;
}

export interface Result {
  heavenOrder: RankEntry[];
  hellOrder: RankEntry[];
  standings: Standing[];
  heavenWinner: SeatId;
  /** Null when Heaven has a single player (nobody to fall). */
  heavenLoser: SeatId | null;
  eliminationCandidate: SeatId;
  /** The top two Hell players without a Mark of Elimination. */
  topTwo: SeatId[];
  /** Hell players the Heaven winner may still choose. */
  pickCandidates: SeatId[];
  chosen: SeatId | null;
  chosenBy: "winner" | "host" | "timeout" | null;
}

export interface State {
  config: Config;
  seats: SeatId[];
  realms: Record<SeatId, Realm>;
  /** Seats carrying a Mark of Elimination from an earlier episode. */
  marked: SeatId[];
  /** All 21 letters in letter order. */
  letters: LetterInfo[];
  stage: Stage;
  /** 0 in the briefing, then 1 … config.rounds. */
  round: number;
  /** Seats that marked themselves done in the current round. */
  done: SeatId[];
  queries: QueryRecord[];
  locks: LockRecord[];
  result: Result | null;
  rng: RngState;
}
