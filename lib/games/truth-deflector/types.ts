// The game state: plain JSON only (snapshotted and compared after replay).
import type { RngState } from "../core/rng";
import type { Actor, SeatId } from "../core/types";
import type { Config, WisdomOption } from "./config";

export const TRAITS = ["Power", "Wisdom", "Courage"] as const;
export type Trait = (typeof TRAITS)[number];
export type TraitCounts = Record<Trait, number>;

/** Fixed numbers of the rule text. */
export const RULE = {
  maxChallenges: 2,
  challengeThreshold: 3,
  challengePoints: 5,
  powerBonus: 3,
  courageBonus: 8,
  courageLimit: 3,
  resurrectionCost: 5,
  cleansingCost: 3,
  pointsPerGarnet: 30,
  maxMainWinners: 3,
} as const;

/** What a player asks with Wisdom (only for the options that take a question). */
export type WisdomQuery =
  | { kind: "pair"; claimed: Trait; submitted: Trait }
  | { kind: "player"; target: SeatId };

/** What Wisdom told a player. */
export type WisdomAnswer =
  | { kind: "lieCount"; count: number }
  | { kind: "tdCount"; count: number }
  | { kind: "playerCheck"; target: SeatId; lied: boolean }
  | { kind: "pairTrace"; claimed: Trait; submitted: Trait; seats: SeatId[] };

/** One seat's locked-in submission for a round. */
export interface Submission {
  /** Null for an eliminated player (they only challenge / resurrect). */
  claim: Trait | null;
  secret: Trait | null;
  challenges: SeatId[];
  wisdom: WisdomQuery | null;
  cleanse: boolean;
  resurrect: boolean;
  /** True when the engine filled it in at the deadline. */
  defaulted: boolean;
}

export interface PlayerState {
  alive: boolean;
  /** Round of the last elimination, null if never eliminated or since resurrected. */
  eliminatedRound: number | null;
  /** Truth Deflector status (for challenges). */
  td: boolean;
  points: number;
  garnets: number;
  /** Rounds in which the player submitted a trait other than the one claimed. */
  lies: number;
}

/** Points one seat gained or lost in one round, by source. */
export interface Ledger {
  /** From counted challenges, as challenger and as target. */
  challenges: number;
  /** Sum of the claim counts of the two traits not submitted. */
  counts: number;
  power: number;
  courage: number;
  total: number;
}

export interface CountedChallenge {
  target: SeatId;
  challengers: SeatId[];
  wasTruthDeflector: boolean;
  eliminated: boolean;
}

/** Everything that happened in one resolved round (secrets included; views filter). */
export interface RoundRecord {
  round: number;
  /** Alive at the start of the round (they claimed and submitted). */
  participants: SeatId[];
  subs: Record<SeatId, Submission>;
  /** Every challenge made, announced at round end. */
  challenges: { from: SeatId; to: SeatId }[];
  counted: CountedChallenge[];
  eliminated: SeatId[];
  /** Alive after eliminations: the ones who scored and whose claims were counted. */
  scored: SeatId[];
  claimCounts: TraitCounts;
  ledger: Record<SeatId, Ledger>;
  wisdom: Record<SeatId, { query: WisdomQuery | null; answer: WisdomAnswer }>;
  resurrected: SeatId[];
  cleansed: SeatId[];
  /** Cleanses bought this round by players eliminated this round: not charged. */
  refunded: SeatId[];
  /** Truth Deflector status, points and garnets after the round. */
  tdAfter: Record<SeatId, boolean>;
  pointsAfter: Record<SeatId, number>;
  garnetsAfter: Record<SeatId, number>;
}

export interface EndState {
  finalPoints: Record<SeatId, number>;
  garnetsEarned: Record<SeatId, number>;
  finalGarnets: Record<SeatId, number>;
  /** A seeded lot: the last step of the gamewide tiebreak after garnet counts. */
  lot: SeatId[];
  /** Highest-points Token of Life winners (at most three). */
  mainWinners: SeatId[];
  /** True when the gamewide tiebreak chose among more than three tied players. */
  mainTiebreakUsed: boolean;
  /** Winner of the optional extra win condition, if on and someone qualifies. */
  lieWinner: SeatId | null;
  /** Lowest-points players who may become the EC. */
  ecCandidates: SeatId[];
  ec: SeatId | null;
  /** Who decided the EC: "points" (alone at the bottom), a winner seat, "host" or "default" (deadline). */
  ecDecidedBy: Actor | "points" | "default" | null;
}

export type Stage = "round" | "ecChoice" | "finished";

export interface State {
  config: Config;
  seats: SeatId[];
  rng: RngState;
  stage: Stage;
  /** Current round (1-based); stays at the last round once the rounds are over. */
  round: number;
  players: Record<SeatId, PlayerState>;
  /** Submissions of the current round so far. */
  pending: Record<SeatId, Submission>;
  history: RoundRecord[];
  end: EndState | null;
}

export type { WisdomOption };
