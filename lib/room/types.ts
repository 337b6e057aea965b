// A room as data. Everything a room is — seats, status, game state, clock,
// notices — is folded from its event log by one pure function (fold.ts); the
// live room, recovery after a restart, the replay and the log export all use it.
import type { SeatId } from "../games/core/types";

export type RoomStatus = "lobby" | "running" | "finished" | "aborted";

export interface SpectatorSettings {
  mode: "live" | "delayed";
  lag: number;
  revealAtEnd: boolean;
}

export interface SeatRec {
  seat: SeatId;
  position: number;
  /** The user who holds the seat (a bot may play it for them), or null. */
  userId: string | null;
  /** The holder's name, or a bot's own ("Bot 3") when no user holds the seat; "" when empty. */
  name: string;
  /** A bot plays the seat — for its holder when `userId` is set. */
  isBot: boolean;
  /** Room version at which the holder took the seat: their private history starts there. */
  since: number;
  /** Round from which a bot plays for the holder; null while the holder plays. */
  botFrom: number | null;
}

/** A running clock has a deadline; a paused one keeps what was left. */
export interface Clock {
  deadlineAt: number | null;
  paused: boolean;
  remainingMs: number | null;
}

export const NO_CLOCK: Clock = { deadlineAt: null, paused: false, remainingMs: null };

export interface Notice {
  version: number;
  at: number;
  text: string;
}

/** A signed-in user asking the host for an open seat of a running game. */
export interface SeatRequest {
  userId: string;
  name: string;
  seat: SeatId;
  at: number;
}

export interface BannedUser {
  userId: string;
  name: string;
}

export interface RoomData {
  /** Sequence number of the last event folded in. */
  version: number;
  status: RoomStatus;
  /** The game config as the host entered it. */
  config: unknown;
  seats: SeatRec[];
  /** The game's state; null before the start. */
  state: unknown | null;
  clock: Clock;
  /** Phase lengths the host changed for the rest of the game (phase key → ms). */
  durations: Record<string, number>;
  spectators: SpectatorSettings;
  endReason: string | null;
  /** The latest public notices, oldest first. */
  notices: Notice[];
  banned: BannedUser[];
  requests: SeatRequest[];
}

/** Platform event payloads; game actions and timeouts carry the game's own. */
export type SeatEvent =
  | { type: "claim"; seat: SeatId; userId: string; name: string }
  | { type: "release"; seat: SeatId }
  | { type: "request"; seat: SeatId; userId: string; name: string }
  | { type: "withdraw"; userId: string };

export type HostEvent =
  | { type: "pause" }
  | { type: "resume" }
  | { type: "extend"; seconds: number }
  | { type: "kick"; seat: SeatId; ban: boolean }
  | { type: "bot"; seat: SeatId; on: boolean }
  | { type: "approve"; userId: string }
  | { type: "deny"; userId: string }
  | { type: "unban"; userId: string }
  | { type: "end"; reason: string }
  | { type: "duration"; phase: string; seconds: number | null }
  | { type: "nudge"; seat: SeatId }
  | { type: "announce"; text: string }
  | { type: "spectators"; mode: "live" | "delayed"; lag: number; revealAtEnd: boolean };

/** Who sits in a seat from the start, for a room created with its players (a season's). */
export interface SeatFill {
  userId: string | null;
  name: string;
  isBot: boolean;
}

export interface CreatePayload {
  seats: number;
  config: unknown;
  spectators: SpectatorSettings;
  /** Seats taken at creation, in seat order. */
  seated?: SeatFill[];
}

export interface StartPayload {
  seats: SeatId[];
  /** The config as parsed by the game (what setup was given). */
  config: unknown;
  /** Open seats the host filled with bots at the start. */
  bots?: SeatId[];
}

/** The server's own changes: time it was down does not count against a phase; a lobby nobody started expires. */
export type ClockEvent = { type: "downtime"; ms: number } | { type: "expire"; reason: string };

export type RoomEvent =
  | { kind: "create"; actor: "host"; payload: CreatePayload }
  | { kind: "seat"; actor: SeatId; payload: SeatEvent }
  | { kind: "start"; actor: "host"; payload: StartPayload }
  | { kind: "action"; actor: SeatId | "host"; payload: { action: unknown } }
  | { kind: "timeout"; actor: "clock" | "host"; payload: { phase: string } }
  | { kind: "host"; actor: "host"; payload: HostEvent }
  | { kind: "clock"; actor: "server"; payload: ClockEvent };

export type EventKind = RoomEvent["kind"];

/** One event as logged: what happened, its sequence number and when. */
export type LoggedEvent = RoomEvent & { seq: number; at: number };
