// Truth Wars: the shapes of the game state. Everything here is plain JSON
// (records and arrays, null instead of undefined) because the state is
// snapshotted and compared after replay.
import type { RngState, SeatId } from "../core";
import type { Config } from "./config";

export type Role = "fact_checker" | "scammer" | "drunk" | "misinformed";
export type Team = "truth" | "scammers";
/** Whether a headline is true within the game. */
export type Truth = "real" | "fake";
/** A player's public leaning during discussion (structured table talk). */
export type Lean = "trust" | "flag";
/** An initial-vote ballot; "abstain" is an explicit refusal. */
export type VoteChoice = "trust" | "flag" | "abstain";
export type HeadlineSetId = "A" | "B";

export type PhaseKey = "reveal" | "discussion" | "vote" | "snipe" | "ban_vote" | "ban_revote" | "round_end" | "game_over";

export interface Headline {
  /** Stable id within the game, e.g. "b12" (built-in bank) or "c3" (host's list). */
  id: string;
  text: string;
  truth: Truth;
  /** The set it was dealt into. */
  set: HeadlineSetId;
}

export interface Hint {
  holder: SeatId;
  says: Truth;
}

export interface BanRecord {
  seat: SeatId;
  round: number;
  by: "snipe" | "vote";
}

/** The shadow-ban vote of one round (first ballot and, after a tie, the one revote). */
export interface BanVoteState {
  /** Seats that may vote (unbanned when the vote opened). */
  voters: SeatId[];
  /** Seats that may be named on the first ballot. */
  candidates: SeatId[];
  /** First ballot: voter → named seat, or null for an explicit abstain. */
  votes: Record<SeatId, SeatId | null>;
  /** Set when the first ballot tied: the tied seats, the only names allowed on the revote. */
  tied: SeatId[] | null;
  revotes: Record<SeatId, SeatId | null> | null;
  /** Filled once the vote is over. */
  result: null | { banned: SeatId | null; reason: "majority" | "tie" | "no_votes" };
}

export interface ScoringRecord {
  /** Which team the majority's verdict scored for; null on a tie. */
  pointTo: Team | null;
  /** Unbanned voters who did not cast Trust or Flag (explicit abstain or timer). */
  refused: SeatId[];
  /** Points taken from each team by the refusal penalty (0 unless that variant is on). */
  penalties: { truth: number; scammers: number };
  scoresAfter: { truth: number; scammers: number };
}

export interface RoundState {
  round: number;
  headline: Headline;
  /** The Drunk's (or its successor's) private hint; null when nobody may receive one. */
  hint: Hint | null;
  /** Whether the Fact Checker peeked this round. */
  peeked: boolean;
  /** Seats that pressed "ready" in the current reveal / discussion / round-end phase. */
  ready: SeatId[];
  leans: Record<SeatId, Lean>;
  /** Initial vote; secret while open, public once closed. */
  votes: Record<SeatId, VoteChoice>;
  voteClosed: boolean;
  tally: { trust: number; flag: number; abstain: number } | null;
  majority: "trust" | "flag" | "tie" | null;
  /** The Fact Checker's decision in this round's snipe phase (target null = held). */
  snipe: { target: SeatId | null; hit: boolean } | null;
  ban: BanVoteState | null;
  scoring: ScoringRecord | null;
}

export interface GameResult {
  winner: Team | "tie";
  reason: "scammers_points" | "truth_points" | "scammers_banned" | "rounds_over";
  round: number;
}

export interface State {
  seats: SeatId[];
  config: Config;
  rng: RngState;
  roles: Record<SeatId, Role>;
  /** The set picked for the game. */
  headlineSet: HeadlineSetId;
  /** Picked set (shuffled) followed by the other set (shuffled): round r shows deck[r-1]. */
  deck: Headline[];
  round: number;
  phase: PhaseKey;
  scores: { truth: number; scammers: number };
  bans: BanRecord[];
  /** Who receives the hint: the Drunk, then a Misinformed User once the holder is banned. */
  hintHolder: SeatId | null;
  /** Rounds in which the Fact Checker peeked. */
  peekRounds: number[];
  /** The one snipe of the game, once taken. */
  snipeUsed: { round: number; target: SeatId; hit: boolean } | null;
  rounds: RoundState[];
  result: GameResult | null;
}
