// The socket protocol, declared once and shared by server and browser: types and
// constants only, so the browser bundle carries no schema. The zod schemas that
// validate client input are in ./protocol-input.
import type { Outcome, PhaseInfo, PhaseTrackEntry } from "./games/core/types";
import type { PatchOp } from "./json-patch";
import type { HostCommand, SpectatorSettings } from "./protocol-input";

export const ROOM_CODE_RE = /^[A-HJ-NP-Z2-9]{6}$/;

export type Role = "host" | "player" | "spectator";

export interface SeatInfo {
  seat: string;
  name: string | null;
  isBot: boolean;
  occupied: boolean;
  connected: boolean;
}

export interface ClockInfo {
  /** Absolute server time (ms) when the phase ends; null when untimed or paused. */
  deadlineAt: number | null;
  paused: boolean;
  /** Remaining time while paused. */
  remainingMs: number | null;
  /** Server time when this payload was made: the client derives its clock offset from it. */
  serverNow: number;
  durationMs: number | null;
}

export interface Notice {
  version: number;
  at: number;
  text: string;
}

export type RoomStatus = "lobby" | "running" | "finished" | "aborted";

/** A chat channel as one viewer may use it now. */
export interface ChannelInfo {
  id: string;
  kind: "public" | "confessional" | "direct" | "group";
  title: string;
  canWrite: boolean;
  /** Why this viewer may not write (shown in the composer). */
  closedReason: string | null;
  /** Seats that read this channel (the host always does). */
  members: string[];
}

export interface ChatMessage {
  id: string;
  channel: string;
  /** A seat id or "host". */
  author: string;
  name: string;
  body: string;
  at: number;
}

export const CHAT_MAX_LENGTH = 500;

/** Everything one viewer gets about a room, after every change. */
export interface RoomPayload {
  code: string;
  gameId: string;
  gameName: string;
  status: RoomStatus;
  version: number;
  role: Role;
  you: string | null;
  youName: string | null;
  hostName: string;
  seats: SeatInfo[];
  phase: PhaseInfo | null;
  phaseTrack: PhaseTrackEntry[];
  clock: ClockInfo;
  view: unknown;
  outcome: Outcome | null;
  notices: Notice[];
  endReason: string | null;
  /** The chat channels this viewer may read, and whether it may write now. */
  channels: ChannelInfo[];
  /** How spectators watch this room; for a delayed spectator, how many phases behind this payload is. */
  spectators: SpectatorSettings & { behindBy: number | null };
  /** Phase durations the host has changed for the rest of the game (phase key → ms). */
  durations: Record<string, number>;
  /** Host only: the room config as entered. */
  config?: unknown;
}

export type Ack<T = object> = ({ ok: true } & T) | { ok: false; code: string; message: string };

// ---- client → server payloads: their zod schemas live in ./protocol-input ----
export type { HostCommand, SpectatorSettings };

/** What changed between two payloads of one recipient kind: `ops` turn frame `base` into frame `frame`. */
export interface RoomPatch {
  code: string;
  version: number;
  base: number;
  frame: number;
  ops: PatchOp[];
}

export interface ServerToClient {
  /** A whole payload and its frame number: the start of a patch chain. */
  "room:state": (payload: RoomPayload, frame: number) => void;
  /** The change since the frame this socket was last sent. */
  "room:patch": (patch: RoomPatch) => void;
  "chat:message": (payload: { code: string; message: ChatMessage }) => void;
  "room:nudge": (payload: { code: string; text: string }) => void;
}

export interface AuditEntry {
  seq: number;
  kind: string;
  actor: string;
  line: string;
  at: number;
  payload: unknown;
}

export interface ClientToServer {
  "room:create": (input: unknown, ack: (r: Ack<{ code: string }>) => void) => void;
  "room:watch": (input: unknown, ack: (r: Ack<{ payload: RoomPayload; frame: number }>) => void) => void;
  /** The current whole payload of a room this socket watches (after a patch that did not fit). */
  "room:sync": (input: unknown, ack: (r: Ack<{ payload: RoomPayload; frame: number }>) => void) => void;
  "room:unwatch": (input: unknown, ack?: (r: Ack) => void) => void;
  "seat:claim": (input: unknown, ack: (r: Ack<{ seat: string }>) => void) => void;
  "seat:release": (input: unknown, ack: (r: Ack) => void) => void;
  "game:act": (input: unknown, ack: (r: Ack<{ version: number; clientId?: string }>) => void) => void;
  "host:command": (input: unknown, ack: (r: Ack<{ version: number }>) => void) => void;
  "chat:send": (input: unknown, ack: (r: Ack<{ message: ChatMessage }>) => void) => void;
  "chat:history": (input: unknown, ack: (r: Ack<{ messages: ChatMessage[]; more: boolean }>) => void) => void;
  "room:audit": (input: unknown, ack: (r: Ack<{ entries: AuditEntry[] }>) => void) => void;
}

/** A room's whole log, as exported for replay (the seed only once the game is over, or for the host). */
export interface ReplayLog {
  code: string;
  gameId: string;
  status: RoomStatus;
  seed: string;
  seats: { seat: string; name: string; isBot: boolean }[];
  events: { seq: number; kind: string; actor: string; payload: unknown; at: number; deadlineAt: number | null; paused: boolean }[];
  messages: (ChatMessage & { version: number })[];
}
