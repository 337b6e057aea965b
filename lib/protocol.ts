// The socket protocol, declared once and shared by server and browser.
import { z } from "zod";
import type { Outcome, PhaseInfo } from "./games/core/types";
import type { PatchOp } from "./json-patch";
import type { SeasonView } from "./season/view";

/** The season page as sent: the host also gets the invite link's secret. */
export type SeasonPageView = SeasonView & { invite?: string };

export const ROOM_CODE_RE = /^[A-HJ-NP-Z2-9]{6}$/;
export const roomCode = z.string().trim().toUpperCase().regex(ROOM_CODE_RE, "A room code is 6 letters and digits.");

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
  phaseTrack: { key: string; name: string }[];
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

// ---- client → server payloads (validated on the server) ----

export const spectatorSettings = z.object({
  mode: z.enum(["live", "delayed"]).default("live"),
  lag: z.number().int().min(1).max(10).default(1),
  revealAtEnd: z.boolean().default(false),
});
export type SpectatorSettings = z.infer<typeof spectatorSettings>;

export const createRoomInput = z.object({
  gameId: z.string().min(1).max(64),
  seats: z.number().int().min(1).max(32),
  config: z.record(z.string(), z.unknown()).default({}),
  spectators: spectatorSettings.default({ mode: "live", lag: 1, revealAtEnd: false }),
});

export const watchInput = z.object({ code: roomCode, as: z.enum(["spectator"]).optional() });
export const seatInput = z.object({ code: roomCode, seat: z.string().regex(/^s[1-9][0-9]?$/).optional() });
export const actInput = z.object({
  code: roomCode,
  action: z.unknown(),
  clientId: z.string().max(64).optional(),
});

export const hostCommand = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start"), fillWithBots: z.boolean().default(false) }),
  z.object({ type: z.literal("pause") }),
  z.object({ type: z.literal("resume") }),
  z.object({ type: z.literal("extend"), seconds: z.number().int().min(5).max(3600) }),
  z.object({ type: z.literal("advance") }),
  z.object({ type: z.literal("kick"), seat: z.string().regex(/^s[1-9][0-9]?$/) }),
  z.object({ type: z.literal("bot"), seat: z.string().regex(/^s[1-9][0-9]?$/), on: z.boolean() }),
  z.object({ type: z.literal("end"), reason: z.string().trim().min(1).max(200) }),
  z.object({ type: z.literal("duration"), phase: z.string().min(1).max(40), seconds: z.number().int().min(5).max(86_400).nullable() }),
  z.object({ type: z.literal("nudge"), seat: z.string().regex(/^s[1-9][0-9]?$/) }),
  z.object({ type: z.literal("announce"), text: z.string().trim().min(1).max(300) }),
  z.object({ type: z.literal("spectators"), mode: z.enum(["live", "delayed"]), lag: z.number().int().min(1).max(10).default(1), revealAtEnd: z.boolean().default(false) }),
]);
export type HostCommand = z.infer<typeof hostCommand>;
export const hostInput = z.object({ code: roomCode, command: hostCommand });

export const chatSendInput = z.object({
  code: roomCode,
  channel: z.string().min(1).max(40),
  body: z.string().trim().min(1, "Write something first.").max(CHAT_MAX_LENGTH, `A message has at most ${CHAT_MAX_LENGTH} characters.`),
});
export const chatHistoryInput = z.object({ code: roomCode, channel: z.string().min(1).max(40), before: z.string().regex(/^\d+$/).optional() });

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
  /** Something changed in a season this socket watches: fetch its view again. */
  "season:changed": (payload: { code: string }) => void;
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
  "season:create": (input: unknown, ack: (r: Ack<{ code: string; invite: string }>) => void) => void;
  "season:join": (input: unknown, ack: (r: Ack<{ memberId: string }>) => void) => void;
  /** The season page for this socket's user; the socket then hears `season:changed` for it. */
  "season:view": (input: unknown, ack: (r: Ack<{ view: SeasonPageView }>) => void) => void;
  "season:host": (input: unknown, ack: (r: Ack<{ room?: string }>) => void) => void;
  /** The season a room belongs to, if any (for a link back from the room). */
  "season:ofRoom": (input: unknown, ack: (r: Ack<{ season: { code: string; name: string } | null }>) => void) => void;
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
