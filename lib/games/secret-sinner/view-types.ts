// The shapes of what each viewer of Secret Sinner is sent (built in view.ts).
import type { SeatId, Viewer } from "../core/types";
import type { Config } from "./config";
import type { Attribute, BoardEntry, Letter, Realm, Sin, Standing, Tiebreak, Virtue } from "./rules";
import type { Stage } from "./state";

export type Answer = "Yes" | "No";

export interface PlayerEntry {
  seat: SeatId;
  realm: Realm;
  /** Letters this player holds (public from round 1; empty in the briefing). */
  letters: Letter[];
  /** Carries a Mark of Elimination from an earlier episode (cannot ascend). */
  marked: boolean;
}

/** A query as its sender sees it: never with the answer. */
export interface SentQuery {
  round: number;
  recipient: SeatId;
  letters: [Letter, Letter, Letter];
  attribute: Attribute;
}

/** A query's answer as its recipient sees it: the letters and Yes/No, never the attribute. */
export interface ReceivedAnswer {
  round: number;
  sender: SeatId;
  answers: { letter: Letter; answer: Answer }[];
}

/** A letter of the board a seat may not choose in some list, and why. */
export interface Unavailable {
  letter: Letter;
  reason: string;
}

/** A lock-in target as the dashboard and the bots read it (`lockTargets` in choices.ts). */
export interface LockTarget {
  letter: Letter;
  owner: SeatId;
  /** May this letter lock it in right now? */
  available: boolean;
  /** Why not, when not available. */
  reason: string | null;
}

export interface LockBoardEntry {
  letter: Letter;
  sin: Sin;
  virtue: Virtue;
  /** This letter's lock-ins so far, oldest first (correctness is never shown). */
  history: { round: number; target: Letter }[];
  used: number;
  remaining: number;
  /** The target locked this round, if any. */
  lockedThisRound: Letter | null;
  /** Whether a lock-in for this letter may be made now. */
  canLock: boolean;
  /** Why not, when it may not. */
  reason: string | null;
  /**
   * The other letters of the board this letter may not lock in, with why;
   * it may lock in every other one once it may lock at all (canLock). Kept
   * while it may not, so it is not sent again each round; empty once the
   * letter has used all its lock-ins (it may lock nothing more, and `reason`
   * says so). Read the whole list through `lockTargets` (choices.ts).
   */
  blocked: Unavailable[];
}

export interface RecipientOption {
  seat: SeatId;
  realm: Realm;
  /** Queries you already sent them. */
  used: number;
  limit: number;
  available: boolean;
  reason: string | null;
}

/** A letter of the board as the query builder reads it (`queryLetters` in choices.ts). */
export interface QueryLetterOption extends BoardEntry {
  /** May be one of the three letters (the combination rules still apply). */
  selectable: boolean;
  reason: string | null;
}

export interface QueryPanel {
  /** A query may be sent now. */
  canSend: boolean;
  /** Why not, when canSend is false. */
  reason: string | null;
  /** This round's query, once sent. */
  sentThisRound: SentQuery | null;
  recipients: RecipientOption[];
  /** The letters of the board a query may not name, with why (your own, in a match that forbids it); read the whole list through `queryLetters` (choices.ts). */
  unselectable: Unavailable[];
  /** The rule in one sentence, for the query builder. */
  rule: string;
}

/** A communication window as the dashboard lists it: read off a seat's panel by `windowsOf` (choices.ts), not sent. */
export interface WindowEntry {
  /** The other player of the window. */
  with: SeatId;
  /** The chat channel of the pair (see `chat`). */
  channelId: string;
  /** The round during which the window is open. */
  round: number;
  status: "upcoming" | "open" | "closed";
  /** The queries that opened it (sent by you, or received by you). */
  because: { round: number; direction: "sent" | "received" }[];
}

export interface SeatPanel {
  seat: SeatId;
  realm: Realm;
  /** Your letters with their secret pairs (empty in the briefing). */
  letters: { letter: Letter; sin: Sin; virtue: Virtue }[];
  done: boolean;
  query: QueryPanel;
  /** Your queries, oldest first (you never see their answers). */
  sent: SentQuery[];
  /** Answers delivered to you at the end of a round, oldest first. */
  received: ReceivedAnswer[];
  /** One entry per letter you hold. */
  lockBoard: LockBoardEntry[];
}

export interface ResultsView {
  /** Best first. Only the ordering is revealed, never scores. */
  heavenOrder: SeatId[];
  hellOrder: SeatId[];
  heavenWinner: SeatId;
  /** Falls into Hell with a Mark of Elimination (null with a single Heaven player). */
  heavenLoser: SeatId | null;
  eliminationCandidate: SeatId;
  /** The top two Hell players (marked players skipped): they ascend. */
  ascending: SeatId[];
  /** Hell players the winner of Heaven may choose from (empty once chosen). */
  pickCandidates: SeatId[];
  chosen: SeatId | null;
  chosenBy: "winner" | "host" | "timeout" | null;
  /** True when this viewer is the winner of Heaven and the pick is open. */
  youPick: boolean;
}

export interface HostView {
  pairs: { letter: Letter; owner: SeatId; realm: Realm; sin: Sin; virtue: Virtue; allies: Letter[] }[];
  queries: { round: number; sender: SeatId; recipient: SeatId; letters: Letter[]; attribute: Attribute; answers: { letter: Letter; answer: Answer }[]; delivered: boolean }[];
  locks: { round: number; seat: SeatId; letter: Letter; target: Letter; correct: boolean }[];
  /** Live standings per realm, best first, with the tiebreak data. */
  standings: (Standing & { realm: Realm; place: number; aboveNextBy: Tiebreak | null })[];
  /** Every communication window, by round. */
  windows: { a: SeatId; b: SeatId; channelId: string; round: number }[];
}

export interface View {
  viewer: Viewer;
  stage: Stage;
  /** 0 in the briefing, then 1 … rounds. */
  round: number;
  rounds: number;
  /** Queries are sent in rounds 1 … queryRounds. */
  queryRounds: number;
  attributes: { sins: { id: Sin; label: string }[]; virtues: { id: Virtue; label: string }[] };
  settings: Pick<Config, "maxLocksPerLetter" | "heavenRecipientLimit" | "hellRecipientLimit" | "queryOwnLetters" | "lockOwnLetters" | "publicChat" | "scoring">;
  players: PlayerEntry[];
  /** The public letter board: every letter with its holder (empty in the briefing). */
  board: BoardEntry[];
  /** The viewing seat's private panel (null for spectators and the host). */
  me: SeatPanel | null;
  /** The ordering of each realm and what follows, once released after the last round. */
  results: ResultsView | null;
  /** Everything, for the host only. */
  host: HostView | null;
}
