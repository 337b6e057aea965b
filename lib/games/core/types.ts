// The engine contract every game implements. A game is data plus pure
// functions: the platform owns time, sockets and storage, a game never sees them.
import type { z } from "zod";
import type { Rng } from "./rng";

/** A stable seat id: "s1", "s2", … in seat order. */
export type SeatId = string;
/** Who issued a command: a seat or the room's host. */
export type Actor = SeatId | "host";
/** Who a view is built for. */
export type Viewer = SeatId | "spectator" | "host";

export type Rejection = { ok: false; code: string; message: string };
export type ApplyResult<S> = { ok: true; state: S } | Rejection;

/** One phase of the tracker; `length` says where the room config sets its length (in seconds) and the default. */
export interface PhaseTrackEntry {
  key: string;
  name: string;
  length?: { path: string[]; defaultSeconds: number };
}

/** What the phase tracker shows and what the platform's clock uses. */
export interface PhaseInfo {
  /** Identifies the phase within a round; `${round}:${key}` must change whenever a new phase begins. */
  key: string;
  /** Human label, e.g. "Rigging". */
  name: string;
  /** 1-based round number (0 before the first round). */
  round: number;
  /** Length of the phase; null when untimed (it waits for players or the host). */
  durationMs: number | null;
  /** Seats that still owe a submission in this phase. */
  waitingOn: SeatId[];
  /** True when the game waits on a host (or winner) decision to go on. */
  waitingOnHost?: boolean;
  /** True once the game is over. */
  finished?: boolean;
}

export interface Award {
  seat: SeatId;
  /** e.g. "Token of Life", "Opal", "Elimination Candidate". */
  label: string;
}

/** The end of a game in its own terms. */
export interface Outcome {
  summary: string;
  winners: SeatId[];
  losers: SeatId[];
  /** Best first; equal places share a number. A game ranked in separate groups (Secret Sinner's realms) names each entry's group, places counting within it. */
  ranking: { seat: SeatId; place: number; score?: number; note?: string; group?: string }[];
  awards: Award[];
}

export interface SetupContext<C> {
  seats: SeatId[];
  config: C;
  /** Secret seed; all randomness of the game derives from it. */
  seed: string;
}

export interface BotContext {
  seat: SeatId;
  rng: Rng;
  /** The phase under way as every viewer has it (who it waits on, say), which a view does not repeat. */
  phase: PhaseInfo;
}

/** A chat channel as the game rules it at this moment. The host reads and writes every channel. */
export interface ChatChannelRule {
  /** "public", `confessional:${seat}`, `dm:${a}:${b}` (a < b) or a game's own id. */
  id: string;
  kind: "public" | "confessional" | "direct" | "group";
  title: string;
  /** Seats that may read the channel. */
  members: SeatId[];
  /** Seats that may write now (a subset of members). */
  writers: SeatId[];
  /** Why a member who is not a writer may not write, per seat (or for all). */
  closedReason?: string;
  mutedReasons?: Record<SeatId, string>;
  /** Whether spectators (in a mode that shows public information) may read it. */
  public: boolean;
}

/**
 * The same moment of a game with one group of secrets drawn again, for the leak
 * audit: a viewer outside `knownBy` must not be able to tell it from the real state.
 */
export interface Counterfactual<S> {
  /** What was drawn again, for reports ("s3's ballot", "the deck"). */
  secret: string;
  /** Seats that may know these facts now; the host always may. Empty: no seat may know them yet. */
  knownBy: SeatId[];
  /** Builds the counterfactual state: only the ones the audit picks are built. */
  draw(): S;
}

/** What a game keeps secret, declared for the leak audit. */
export interface SecretSpec<S> {
  /**
   * Counterfactuals of `state`: each draws again (with `rng`) facts that only its
   * `knownBy` seats and the host may know at this moment, and keeps everything the
   * rules have revealed. Every other seat, and a spectator, must get exactly the
   * same payload from it as from `state`. Never changes `state`.
   */
  counterfactuals(state: S, rng: Rng): Counterfactual<S>[];
  /** Room configs (as entered) that change what is revealed when; the audit plays them besides the default. */
  configs?: Record<string, unknown>[];
}

export interface GameMeta {
  /** URL slug, e.g. "thoths-bluff". */
  id: string;
  name: string;
  /** One line for the catalogue. */
  tagline: string;
  /** "Death match", "Main match", … */
  kind: string;
  players: { min: number; max: number; recommended: number };
  /** Typical length, e.g. "≈ 25 min at default timers". */
  length: string;
  tags: string[];
  /** Only a season creates rooms of this game (it is not in the catalogue). */
  seasonOnly?: boolean;
}

/** A realm of Secret Sinner, carried by the season from one episode to the next. */
export type Realm = "heaven" | "hell";

/** What a season hands a game at setup, per seat of the room. */
export interface SeasonInputs {
  /** Each seat's garnet balance from the season's ledger. */
  garnets: Record<SeatId, number>;
  /** Seats carrying a Mark of Elimination into this episode. */
  marks: SeatId[];
  /** Each seat's realm when every seat has one from an earlier episode, else null. */
  realms: Record<SeatId, Realm> | null;
}

/** What a finished game gives the season, in the game's own seats. All counts are non-negative unless said. */
export interface SeasonEffects {
  /** Change of each seat's garnet balance over the game (may be negative). */
  garnets: Record<SeatId, number>;
  /** Tokens of Life won. */
  tokens: Record<SeatId, number>;
  opals: Record<SeatId, number>;
  /** Seats that gain a Mark of Elimination for the next episode. */
  marks: SeatId[];
  /** The Elimination Candidate, who plays the death match. */
  ec: SeatId | null;
  /** Whom the EC may name as death match opponent, the one chosen when nobody chooses first. */
  opponentCandidates: SeatId[];
  /** Each seat's final score as the game's public outcome shows it (omitted when it shows none). */
  points: Record<SeatId, number>;
  /** Each seat's realm for the next episode. */
  realms: Record<SeatId, Realm> | null;
  /** A death match's result (no winner: nobody is eliminated). */
  deathMatch: { winner: SeatId; loser: SeatId } | null;
  /** The opponent choice: the EC and whom they (or the host, or the clock) named. */
  opponent: { ec: SeatId; chosen: SeatId; by: "ec" | "host" | "timeout" } | null;
}

/** How a game takes part in a season. Without it a game still runs stand-alone. */
export interface SeasonSpec<S> {
  /** "main": played by the alive roster; "death": the EC against the opponent; "pick": the opponent choice. */
  role: "main" | "death" | "pick";
  /** Which inputs the game uses (the others are ignored). */
  takes: { garnets: boolean; marks: boolean; realms: boolean };
  /** The room config (as entered) with the season's inputs written in; `seats` in seat order. Pure. */
  configure(config: Record<string, unknown>, inputs: SeasonInputs, seats: SeatId[]): Record<string, unknown>;
  /** What the finished game gives the season; null while it runs. Pure. */
  effects(state: S): SeasonEffects | null;
}

export interface GameDefinition<S, C, A extends { type: string }, V = unknown> {
  meta: GameMeta;
  /** Parses room config; `parse({})` must yield a complete default config (phase durations included). */
  configSchema: z.ZodType<C>;
  /** Parses one action: a discriminated union on `type`. */
  actionSchema: z.ZodType<A>;
  /** The phases of one round, in order, for the phase tracker. */
  phaseTrack: PhaseTrackEntry[];
  setup(ctx: SetupContext<C>): S;
  /** Never throws for a rule violation: illegal input is a Rejection. */
  apply(state: S, actor: Actor, action: A): ApplyResult<S>;
  phase(state: S): PhaseInfo;
  /** Default actions for everyone who has not submitted, then the advance. */
  timeout(state: S): S;
  /** Built by copying what `viewer` may see, never by deleting secrets. */
  view(state: S, viewer: Viewer): V;
  /**
   * The viewers whose view may differ between `before` and `after`, where
   * `after` is `actor`'s accepted `action` (as the schema parsed it) applied to
   * `before`; null: any viewer's. Every other viewer's view of `after` must
   * equal its view of `before` as JSON: the room then sends it the view it
   * already has instead of building it again (the host's is always built
   * again). Most moves change only their own seat's view, and a room of nine
   * built nine views for each. The fuzzers check the claim at every step.
   * Without it, every view is built again after every move.
   */
  changedViews?(before: S, after: S, actor: Actor, action: A): readonly Viewer[] | null;
  /** Null while the game runs. */
  outcome(state: S): Outcome | null;
  /** A legal move for `ctx.seat` from its own view, or null when it has nothing to do. */
  bot(view: V, ctx: BotContext): A | null;
  /** Who may talk to whom now. Default: public chat open to all, confessionals always open. A room hands the same `seats` array while its seat ids stay the same, so rules kept may depend on the array itself. */
  chat?(state: S, seats: SeatId[]): ChatChannelRule[];
  /** One human line for an accepted action, for logs ("s2 rolled the d6"); must not reveal secrets to the public log. */
  describe?(action: A, actor: Actor): string;
  /** The game's secrets, for the leak audit. */
  secrets?: SecretSpec<S>;
  /**
   * What must hold of every state this game reaches (and of each step from
   * `before`, when given): counts that add up, balances that may not go negative,
   * health that only falls. Returns the broken ones, empty when all hold. For fuzzing.
   */
  invariants?(state: S, before: S | null): string[];
  /** How the game takes part in a season (inputs at setup, effects at the end). */
  season?: SeasonSpec<S>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = GameDefinition<any, any, any, any>;
