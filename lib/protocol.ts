// The socket protocol, declared once and shared by server and browser: types
// and constants only. The input schemas live in protocol-input.ts and are
// imported here as types, so a page's bundle carries no zod for them.
import type { z } from "zod";
import type { Outcome, PhaseInfo, PhaseTrackEntry } from "./games/core/types";
import type { PatchOp } from "./json-patch";
import type { ErrorCode } from "./errors";
import type { clientEvents, hostCommand } from "./protocol-input";
import type { BannedUser, Notice, RoomStatus, SeatRequest, SpectatorSettings } from "./room/types";
import type { SeasonView } from "./season/view";
import type { AlertSettingReply, WebhookReply } from "./alerts/protocol";

export type { BannedUser, ErrorCode, Notice, RoomStatus, SeatRequest, SpectatorSettings };

/** The season page as sent: the host also gets the invite link's secret. */
export type SeasonPageView = SeasonView & { invite?: string };

export const ROOM_CODE_RE = /^[A-HJ-NP-Z2-9]{6}$/;
export const CHAT_MAX_LENGTH = 500;

export type Role = "host" | "player" | "spectator";

export interface SeatInfo {
  seat: string;
  /** The holder's name (also while a bot plays for them), a bot's own name, or null when open. */
  name: string | null;
  isBot: boolean;
  /** A bot plays for the holder named `name`. */
  botFor: boolean;
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

/** Everything one viewer gets about a room, after every change that shows it something (the host: after every change). */
export interface RoomPayload {
  code: string;
  gameId: string;
  gameName: string;
  status: RoomStatus;
  /** The room's version at the last change this viewer was sent (a change that showed it nothing is not sent). */
  version: number;
  role: Role;
  you: string | null;
  youName: string | null;
  /** For a player whose seat a bot plays now: the round it took over from. */
  botFrom: number | null;
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
  /** Host only: users waiting for an open seat, and users removed for good. */
  requests?: SeatRequest[];
  banned?: BannedUser[];
  /** Host only: each phase's length as the room's config sets it (seconds; 0 = untimed), before any change during the game. */
  phaseSeconds?: Record<string, number>;
}

export type Ack<T = object> = ({ ok: true } & T) | { ok: false; code: ErrorCode; message: string; retryAfterMs?: number };

/**
 * What changed between two payloads of one recipient kind: `ops` turn frame
 * `base` into frame `frame`, whose room version is `version` and whose clock
 * reading (`clock.serverNow`) is `now`. Those two change with every frame, so
 * they travel here once rather than as operations (see `applyRoomPatch`).
 */
export interface RoomPatch {
  code: string;
  version: number;
  /** Absent from the patches of a server from before the header carried it (its operations set the version and the clock reading). */
  now?: number;
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
  /** A line for one user only: the host's nudge, an answer to a request for a seat. */
  "room:nudge": (payload: { code: string; text: string }) => void;
  /** This server process no longer serves the room: reconnect (the connection is routed to the one that does) and watch it again. */
  "room:moved": (payload: { code: string; message: string }) => void;
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

/**
 * What the server's pushes mean: raised whenever they change in a way a client
 * built before cannot read. A page whose own number is lower than the server's
 * (open since before a deploy) loads itself again; a client reads the pushes of
 * a server with a lower number (a process not yet updated) as they were.
 * 2: a patch carries the room version and the clock reading in its header.
 */
export const PROTOCOL = 2;

/** What each client → server event answers when it succeeds. */
export interface Replies {
  "room:create": { code: string };
  /** `protocol`: the server's PROTOCOL (absent from servers from before it was sent). */
  "room:watch": { payload: RoomPayload; frame: number; protocol?: number };
  /** The current whole payload of a room this socket watches (after a patch that did not fit). */
  "room:sync": { payload: RoomPayload; frame: number };
  "room:unwatch": object;
  /** In the lobby the seat is taken; while a game runs the host is asked (`requested`). */
  "seat:claim": { seat: string; requested?: boolean };
  "seat:release": object;
  "game:act": { version: number; clientId?: string };
  "host:command": { version: number };
  "chat:send": { message: ChatMessage };
  "chat:history": { messages: ChatMessage[]; more: boolean };
  "room:audit": { entries: AuditEntry[] };
  "season:create": { code: string; invite: string };
  "season:join": { memberId: string };
  /** The season page for this socket's user; the socket then hears `season:changed` for it. */
  "season:view": { view: SeasonPageView };
  "season:host": { room?: string };
  /** The season a room belongs to, if any (for a link back from the room). */
  "season:ofRoom": { season: { code: string; name: string } | null };
  "alerts:subscribe": object;
  "alerts:unsubscribe": object;
  /** A player's push setting for a room (set when `mode` was sent) and the server's push key. */
  "alerts:setting": AlertSettingReply;
  /** The room's or season's Discord webhook as shown back (never its token). */
  "alerts:webhook": WebhookReply;
}

export type ClientEvent = keyof typeof clientEvents;

/** Events about one room (their input names it): a client sends them on that room's socket, the one whose handshake names the room, so that they reach the process that serves it. */
export const ROOM_EVENTS: ReadonlySet<ClientEvent> = new Set<ClientEvent>(["room:watch", "room:sync", "room:unwatch", "seat:claim", "seat:release", "game:act", "host:command", "chat:send", "chat:history", "room:audit"]);
/** What a client sends with an event (before the server's schema parses it). */
export type ClientInput<E extends ClientEvent> = z.input<(typeof clientEvents)[E]>;
/** The same, as the server's handler gets it (parsed). */
export type ParsedInput<E extends ClientEvent> = z.output<(typeof clientEvents)[E]>;
export type HostCommand = z.output<typeof hostCommand>;
export type HostCommandInput = z.input<typeof hostCommand>;

export type ClientToServer = {
  [E in ClientEvent]: (input: ClientInput<E>, ack: (r: Ack<Replies[E]>) => void) => void;
};

/** One step of a replay: an event and the line this viewer reads for it. */
export interface ReplayStep {
  seq: number;
  at: number;
  kind: string;
  line: string;
}

/** A game step by step as one viewer saw it (GET /api/rooms/CODE/replay?as=VIEWER). */
export interface ReplayInfo {
  code: string;
  gameId: string;
  gameName: string;
  status: RoomStatus;
  viewer: string;
  /** Whom this user may replay as. */
  viewers: { id: string; label: string }[];
  steps: ReplayStep[];
  /** The payload after the first step; `patches[i]` turns step i's payload into step i+1's. */
  first: RoomPayload | null;
  patches: PatchOp[][];
  /** Chat this viewer reads, with the room version it was sent at. */
  messages: (ChatMessage & { version: number })[];
}

/** A room's log as a file (GET /api/rooms/CODE/log.json): the seed, raw actions and private talk only where the room's settings allow. */
export interface ReplayExport {
  code: string;
  gameId: string;
  status: RoomStatus;
  seed?: string;
  seats: { seat: string; name: string; isBot: boolean }[];
  outcome: Outcome | null;
  events: { seq: number; kind: string; actor: string; at: number; line: string; payload?: unknown }[];
  messages: (ChatMessage & { version: number })[];
}
