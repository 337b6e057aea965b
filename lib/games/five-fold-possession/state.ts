// The authoritative game state: plain JSON, snapshotted after every command.
// Points are stored in halves (integers) so that ½-point scoring stays exact.
import type { RngState } from "../core/rng";
import type { SeatId } from "../core/types";
import type { Config, Stone } from "./config";
import type { Schedule } from "./schedule";
import type { ChallengeId } from "./challenges";

export type Throw = "rock" | "paper" | "scissors";
export type Role = "possessed" | "ghostHunter" | "player";
export type PhaseName = "submit" | "results" | "final" | "end";

export interface RpsEntry {
  opponent: SeatId;
  bet: number;
  throw: Throw;
}

export interface GreedSession {
  /** Stones in the order drawn (ignored one included). */
  drawn: Stone[];
  pot: number;
  /** The pot before the last stone, so the possessed can ignore it. */
  potBeforeLast: number;
  status: "drawing" | "stopped" | "busted";
  /** Index in `drawn` of the stone the possessed ignored. */
  ignoredIndex: number | null;
  /** True right after a draw (before the next draw or a stop): the moment a stone may be ignored. */
  lastWasDraw: boolean;
}

export interface RoleGuess {
  possessed: SeatId | null;
  ghostHunter: SeatId | null;
}

/** One seat's submissions in the current phase. */
export interface Submission {
  rps: RpsEntry | null;
  card: number | null;
  greed: GreedSession | null;
  bid: number | null;
  /** MG5: a seat for each alias of the target round, in the alphabetical alias order. */
  identities: SeatId[] | null;
  roles: RoleGuess | null;
  opal: number | null;
  done: boolean;
}

export interface RpsGame {
  a: SeatId;
  b: SeatId;
  bets: [number, number];
  throws: [Throw, Throw];
  stake: number;
  winner: SeatId | null;
}

export type RpsResult = "won" | "lost" | "drew" | "none";

export interface IdentityResult {
  targetRound: number;
  guesses: Record<SeatId, SeatId[] | null>;
  /** Aliases each guesser placed right. */
  correct: Record<SeatId, number>;
  fullyRight: SeatId[];
  soleWinner: SeatId | null;
}

export interface RoleGuessResult {
  targetRound: number;
  guesses: Record<SeatId, RoleGuess | null>;
  /** Guess points per seat, in halves (never shown to players). */
  halves: Record<SeatId, number>;
  /** Right names per seat (possessed and ghost hunter each count one). */
  rightNames: Record<SeatId, number>;
  /** How many players named the possessed. */
  possessedNamedBy: number;
  /** Every other player named the possessed: the challenges of that round score negatively. */
  detected: boolean;
}

export interface ChallengeRecord {
  possessed: SeatId;
  completed: ChallengeId[];
  /** Points in halves, set once the next round's guesses are in. */
  halves: number | null;
}

/** One round's published results, every list in alphabetical alias order. */
export interface PublicRound {
  round: number;
  /** The round's five aliases. */
  aliases: string[];
  /** MG1: which aliases won, lost, drew or did not play. */
  rps: { alias: string; result: RpsResult }[];
  /** MG2: every alias with its card; the median of the unduplicated cards (null when none) and the alias holding it (null: nobody won). */
  median: { plays: { alias: string; card: number }[]; median: number | null; winner: string | null };
  /** MG3: how many took part, and the aliases that drew a red stone (an ignored red included). */
  greed: { players: number; drewRed: string[] };
  /** MG4: all bids, highest first, without owners; the winning bid and its alias (null: nobody won). */
  bidding: { bids: number[]; winningBid: number | null; winner: string | null };
  /** MG5 submitted this round about round `targetRound`: how many guessed all five aliases right. */
  identity: { targetRound: number; fullyRight: number } | null;
}

/** Everything that happened in one resolved round (secret parts included; views pick from it). */
export interface RoundRecord {
  round: number;
  possessed: SeatId | null;
  ghostHunter: SeatId | null;
  aliases: Record<SeatId, string>;
  rps: {
    entries: Record<SeatId, RpsEntry | null>;
    games: RpsGame[];
    result: Record<SeatId, RpsResult>;
    penalized: SeatId[];
  };
  median: {
    cards: Record<SeatId, number>;
    defaulted: SeatId[];
    median: number | null;
    winner: SeatId | null;
  };
  greed: {
    sessions: Record<SeatId, GreedSession | null>;
    /** Pot paid out minus fee, per participant. */
    net: Record<SeatId, number>;
  };
  bidding: {
    bids: Record<SeatId, number>;
    winner: SeatId | null;
    winningBid: number | null;
  };
  identity: IdentityResult | null;
  roleGuess: RoleGuessResult | null;
  challenges: ChallengeRecord | null;
  garnetDelta: Record<SeatId, number>;
  garnetsAfter: Record<SeatId, number>;
  /** The published results, built once when the round closes. */
  published: PublicRound;
}

export interface Tally {
  /** Points from minigames (Median, Bidding War, sole Identity guesser), in halves. */
  minigameHalves: number;
  challengeHalves: number;
  guessHalves: number;
  /** Right names in role guesses (win condition 2). */
  identifications: number;
  /** Aliases placed right in Identity guesses (its first tiebreak). */
  identitiesCorrect: number;
  challengesCompleted: number;
}

export interface Standing {
  seat: SeatId;
  points: number;
  minigamePoints: number;
  garnets: number;
  startGarnets: number;
  identityGarnets: number;
  identifications: number;
  identitiesCorrect: number;
  challengesCompleted: number;
}

export interface FinalRecord {
  identity: IdentityResult;
  roleGuess: RoleGuessResult;
  opal: { guesses: Record<SeatId, number | null>; correct: SeatId[]; winner: SeatId | null };
  standings: Standing[];
  /** Win condition 1 (points) and 2 (identifications): one seat, or several under a shared tie. */
  pointsWinners: SeatId[];
  identificationWinners: SeatId[];
  elimination: SeatId | null;
  /** Seats, best first, by the points chain, with places. */
  ranking: { seat: SeatId; place: number }[];
  notes: string[];
}

export interface State {
  seats: SeatId[];
  config: Config;
  rng: RngState;
  schedule: Schedule;
  /** Alias of every seat, index round - 1. */
  aliases: Record<SeatId, string>[];
  round: number;
  phase: PhaseName;
  startGarnets: Record<SeatId, number>;
  garnets: Record<SeatId, number>;
  /** Garnets won in Guessing Identity, paid at the end of the match. */
  deferredGarnets: Record<SeatId, number>;
  hands: Record<SeatId, number[]>;
  /** Rounds in a row without a Betting RPS game. */
  missStreak: Record<SeatId, number>;
  subs: Record<SeatId, Submission>;
  rounds: RoundRecord[];
  tally: Record<SeatId, Tally>;
  final: FinalRecord | null;
}

export function emptySubmission(): Submission {
  return { rps: null, card: null, greed: null, bid: null, identities: null, roles: null, opal: null, done: false };
}
