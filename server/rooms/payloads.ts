// The serializer: what each kind of viewer (the host, a seat, the spectators)
// is sent about a room, built from the folded room data alone. A view is built
// by the game by copying what that viewer may see; a delayed spectator gets the
// public payload as it stood some phases ago.
import type { Viewer } from "../../lib/games/core/types";
import type { RoomPayload, Role } from "../../lib/protocol";
import type { GameRules } from "../../lib/room/rules";
import type { RoomData } from "../../lib/room/types";
import { channelsUnder } from "./chat";
import { PayloadMemo, viewerKey, type SharedParts } from "./payload-parts";

/** What does not change over a room's life. */
export interface RoomFacts {
  code: string;
  hostName: string;
  /** Each phase's length as the config sets it (seconds), for the host's console. */
  phaseSeconds?: Record<string, number>;
}

/** A phase's length from the room config as the host entered it, else the game's default (seconds; 0 = untimed). */
export function configuredPhaseSeconds(rules: GameRules, config: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of rules.game.phaseTrack) {
    if (!t.length) continue;
    let v: unknown = config;
    for (const k of t.length.path) v = typeof v === "object" && v !== null ? (v as Record<string, unknown>)[k] : undefined;
    out[t.key] = typeof v === "number" ? v : t.length.defaultSeconds;
  }
  return out;
}

export interface PayloadContext {
  rules: GameRules;
  facts: RoomFacts;
  /** Whether some socket of the seat's holder is connected now. */
  connected: (seat: string) => boolean;
  now: number;
  /** The room's memory of what it last sent: shared parts and views are then reused (see payload-parts.ts). */
  memo?: PayloadMemo;
  /** What the payloads of the change this context builds share, worked out on first use. */
  shared?: { data: RoomData; parts: SharedParts; payload: SharedPayload };
}

const SHARED_KEYS = ["code", "gameId", "gameName", "status", "version", "hostName", "seats", "phase", "phaseTrack", "clock", "outcome", "notices", "endReason", "spectators", "durations"] as const satisfies readonly (keyof RoomPayload)[];
const SHARED_KEY_SET: ReadonlySet<string> = new Set(SHARED_KEYS);

/** The members every viewer's payload of one change has in common. */
export type SharedPayload = Pick<RoomPayload, (typeof SHARED_KEYS)[number]>;
/** The members that depend on who reads the payload. */
export type OwnPayload = Omit<RoomPayload, keyof SharedPayload>;

/**
 * A payload in two parts: what every viewer of the change shares (one object
 * for all of them, so that it is diffed and encoded once per change, see
 * frames.ts) and what is the viewer's own. Their members never overlap.
 */
export interface PayloadParts {
  shared: SharedPayload;
  own: OwnPayload;
}

/** A whole payload split into its two parts (for payloads not built from the live room, such as a delayed spectator's). */
export function splitPayload(p: RoomPayload): PayloadParts {
  const shared: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) (SHARED_KEY_SET.has(k) ? shared : own)[k] = v;
  return { shared: shared as SharedPayload, own: own as OwnPayload };
}

/** The whole payload of its two parts. */
export function joinPayload(p: PayloadParts): RoomPayload {
  return { ...p.shared, ...p.own };
}

function sharedOf(ctx: PayloadContext, data: RoomData): { parts: SharedParts; payload: SharedPayload } {
  if (ctx.shared?.data === data) return ctx.shared;
  const { rules } = ctx;
  const memo = ctx.memo ?? new PayloadMemo();
  const parts = memo.parts(rules, data, ctx.connected, ctx.now);
  const payload: SharedPayload = {
    code: ctx.facts.code,
    gameId: rules.game.meta.id,
    gameName: rules.game.meta.name,
    status: data.status,
    version: data.version,
    hostName: ctx.facts.hostName,
    seats: parts.seats,
    phase: parts.phase,
    phaseTrack: rules.game.phaseTrack,
    clock: parts.clock,
    outcome: data.state === null ? null : rules.outcome(data.state),
    notices: parts.notices,
    endReason: data.endReason,
    spectators: parts.spectators,
    durations: data.durations,
  };
  ctx.shared = { data, parts, payload };
  return ctx.shared;
}

/** The payload `viewer` gets of `data`, as a `role`, in its two parts. */
export function payloadParts(ctx: PayloadContext, data: RoomData, role: Role, seat: string | null, viewer: Viewer): PayloadParts {
  const { rules } = ctx;
  const rec = seat ? data.seats.find((s) => s.seat === seat) : undefined;
  const state = data.state;
  const shared = sharedOf(ctx, data);
  const memo = ctx.memo;
  const view = state === null ? null : memo ? memo.view(rules, state, viewer) : rules.game.view(state, viewer);
  const channels = memo ? memo.channels(shared.parts, role, seat) : channelsUnder(shared.parts.chat, role, seat);
  // a viewer's own part whose view, seat and channels stayed the same is the same object (the host's shows the room's requests too)
  const key = memo && role !== "host" && viewer !== "host" ? viewerKey(role, seat) : null;
  let own = key !== null ? memo!.lastOwn(key, view, rec, channels) : undefined;
  if (!own) {
    own = {
      role,
      you: role === "player" ? seat : null,
      youName: role === "player" ? (rec?.name ?? null) : null,
      botFrom: role === "player" && rec?.isBot ? rec.botFrom : null,
      view,
      channels,
      ...(role === "host" ? { requests: data.requests, banned: data.banned, phaseSeconds: ctx.facts.phaseSeconds ?? {} } : {}),
    };
    if (key !== null) memo!.keepOwn(key, view, rec, channels, own);
  }
  return { shared: shared.payload, own };
}

/** The payload `viewer` gets of `data`, as a `role`. */
export function buildPayload(ctx: PayloadContext, data: RoomData, role: Role, seat: string | null, viewer: Viewer): RoomPayload {
  return joinPayload(payloadParts(ctx, data, role, seat, viewer));
}

export function isOver(data: RoomData): boolean {
  return data.status === "finished" || data.status === "aborted";
}

/** Whether spectators see the game as it stands (live mode, or no game running). */
export function spectatorsLive(data: RoomData): boolean {
  return data.spectators.mode === "live" || data.status !== "running";
}

const MAX_FRAMES = 12;

/** A phase start kept for delayed spectators: the room data then, its public payload built on first use. */
interface SpectatorFrame {
  version: number;
  data: RoomData;
  payload?: RoomPayload;
}

/**
 * The public payload as each recent phase began, for delayed spectators. A
 * frame keeps the room data of its phase start (immutable, and sharing much
 * with the live data); its payload is built only once a delayed spectator asks
 * for it, so a room nobody watches pays nothing at phase changes. Frames are
 * kept only while the room's spectators are delayed: a dozen phase starts of
 * a game in its later rounds hold a third of the room's memory, and most rooms
 * never delay their spectators. When a delay is turned on, the room takes the
 * frames from its log (Room.keepFrames).
 */
export class SpectatorFrames {
  private frames: SpectatorFrame[] = [];

  /** Records a frame when `after` entered a new phase while spectators are delayed; forgets them all while they are live. */
  observe(ctx: PayloadContext, before: RoomData | null, after: RoomData): void {
    if (after.spectators.mode !== "delayed") {
      if (this.frames.length > 0) this.frames = [];
      return;
    }
    this.record(ctx, before, after);
  }

  /** Forgets every frame (before frames are taken again from a log with `record`). */
  clear(): void {
    this.frames = [];
  }

  /** Records a frame when `after` entered a new phase, whatever the spectators' mode (a log's steps, folded again). */
  record(ctx: PayloadContext, before: RoomData | null, after: RoomData): void {
    const id = ctx.rules.phaseId(after.state);
    if (id === null || (before && ctx.rules.phaseId(before.state) === id)) return;
    this.frames.push({ version: after.version, data: after });
    if (this.frames.length > MAX_FRAMES) this.frames.shift();
  }

  /** The room version a delayed spectator is at (null while spectators are live). */
  version(data: RoomData): number | null {
    if (spectatorsLive(data)) return null;
    return this.frames[this.frames.length - 1 - data.spectators.lag]?.version ?? 0;
  }

  /** What a spectator gets: live, all-seeing at the end when the room says so, or some phases behind. */
  payload(ctx: PayloadContext, data: RoomData): RoomPayload {
    return joinPayload(this.parts(ctx, data));
  }

  /** The spectator payload in its two parts (a delayed one shares nothing with the live payloads). */
  parts(ctx: PayloadContext, data: RoomData): PayloadParts {
    if (isOver(data) && data.spectators.revealAtEnd) return payloadParts(ctx, data, "spectator", null, "host");
    if (spectatorsLive(data)) return payloadParts(ctx, data, "spectator", null, "spectator");
    const lag = data.spectators.lag;
    const frame = this.frames[this.frames.length - 1 - lag];
    // a delayed spectator sees no live clock
    const behind = { clock: { deadlineAt: null, paused: false, remainingMs: null, serverNow: ctx.now, durationMs: null }, spectators: { ...data.spectators, behindBy: lag } };
    if (!frame) return splitPayload({ ...buildPayload(ctx, data, "spectator", null, "spectator"), phase: null, view: null, outcome: null, notices: [], ...behind });
    // built apart from the room's memory of its live payloads, which follows the live data only
    frame.payload ??= buildPayload({ rules: ctx.rules, facts: ctx.facts, connected: ctx.connected, now: ctx.now }, frame.data, "spectator", null, "spectator");
    return splitPayload({ ...frame.payload, seats: sharedOf(ctx, data).parts.seats, ...behind });
  }
}
