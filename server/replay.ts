// A finished game (or, for its host, a running one) step by step, as one kind
// of viewer saw it: the room's log folded by the one fold, each step's payload
// built by the same serializer the live room uses, sent as a first payload and
// the patches between steps. Who may replay as whom follows the room's
// settings: the public view once the game is over; your own seat; every seat
// and the all-seeing view only for the host, or for everyone when the room was
// set to reveal everything at the end.
import type { Viewer } from "../lib/games/core/types";
import { diffJson, type PatchOp } from "../lib/json-patch";
import type { AuditEntry, ChatMessage, ReplayExport, ReplayInfo, RoomPayload } from "../lib/protocol";
import { eventLine } from "../lib/room/describe";
import { chatRules } from "./rooms/chat";
import { CommandError } from "./rooms/errors";
import { buildPayload, isOver } from "./rooms/payloads";
import type { Room } from "./rooms/room";
import type { Store } from "./rooms/store";

export interface ReplayAccess {
  /** Viewers this user may replay as, best first. */
  viewers: Viewer[];
  /** Whether the raw log (seed, every action, private talk) may go to this user. */
  raw: boolean;
}

/** Who may replay what of `room`. Before the end only the host replays, as anyone. */
export function replayAccess(room: Room, userId: string | null): ReplayAccess {
  const seats = room.seats.map((s) => s.seat);
  if (userId !== null && userId === room.hostId) return { viewers: ["host", "spectator", ...seats], raw: true };
  if (!isOver(room.data)) return { viewers: [], raw: false };
  if (room.data.spectators.revealAtEnd) return { viewers: ["spectator", "host", ...seats], raw: true };
  const mine = userId ? room.seatOfUser(userId)?.seat : undefined;
  return { viewers: mine ? [mine, "spectator"] : ["spectator"], raw: false };
}

function label(room: Room, v: Viewer): string {
  if (v === "host") return "All-seeing (host)";
  if (v === "spectator") return "Public (spectator)";
  const s = room.seats.find((x) => x.seat === v);
  return `${s?.name || `Seat ${v.slice(1)}`} (seat ${v.slice(1)})`;
}

/** The replay of `room` as `viewer`, for a user `access` allows it to. */
export async function buildReplay(store: Store, room: Room, access: ReplayAccess, viewer: Viewer): Promise<ReplayInfo> {
  if (!access.viewers.includes(viewer)) throw new CommandError("replay/viewer", "This replay is not open to you as that viewer.");
  const role = viewer === "host" ? "host" : viewer === "spectator" ? "spectator" : "player";
  const seat = role === "player" ? viewer : null;
  const ctx = { rules: room.rules, facts: { code: room.code, hostName: room.hostName }, connected: () => true, now: 0 };
  const steps: ReplayInfo["steps"] = [];
  const patches: PatchOp[][] = [];
  const readable = new Set<string>();
  let first: RoomPayload | null = null;
  let prev: RoomPayload | null = null;
  let since = 0;
  await room.walkLog((before, ev, after) => {
    // the clock stands still at each step: what was left then
    const c = after.clock;
    const frozen = { ...after, clock: { deadlineAt: null, paused: c.paused || c.deadlineAt !== null, remainingMs: c.paused ? c.remainingMs : c.deadlineAt === null ? null : Math.max(0, c.deadlineAt - ev.at) } };
    const p = buildPayload({ ...ctx, now: ev.at }, frozen, role, seat, viewer);
    if (prev) patches.push(diffJson(prev, p));
    else first = p;
    prev = p;
    steps.push({ seq: ev.seq, at: ev.at, kind: ev.kind, line: eventLine(room.rules, before, ev, after, viewer) });
    if (seat) since = after.seats.find((s) => s.seat === seat)?.since ?? since;
    for (const r of chatRules(room.rules, after)) if (viewer === "host" || (viewer === "spectator" ? r.public : r.members.includes(viewer))) readable.add(r.id);
  });
  const all = await store.messages(room.id, null);
  const messages = all
    .filter((m) => readable.has(m.channel) && (viewer !== seat || m.channel === "public" || m.version >= since))
    .reverse()
    .map((m) => ({ ...strip(m), version: m.version }));
  return { code: room.code, gameId: room.game.meta.id, gameName: room.game.meta.name, status: room.status, viewer, viewers: access.viewers.map((v) => ({ id: v, label: label(room, v) })), steps, first, patches, messages };
}

function strip(m: ChatMessage): ChatMessage {
  return { id: m.id, channel: m.channel, author: m.author, name: m.name, body: m.body, at: m.at };
}

/** The log as a file: every event as this user may read it; the seed, raw actions and private talk only with raw access. */
export async function buildExport(store: Store, room: Room, access: ReplayAccess): Promise<ReplayExport> {
  const viewer: Viewer = access.raw ? "host" : (access.viewers[0] ?? "spectator");
  const events: ReplayExport["events"] = [];
  await room.walkLog((before, ev, after) => {
    events.push({ seq: ev.seq, kind: ev.kind, actor: ev.actor, at: ev.at, line: eventLine(room.rules, before, ev, after, viewer), ...(access.raw ? { payload: ev.payload } : {}) });
  });
  const messages = (await store.messages(room.id, access.raw ? null : "public")).reverse();
  return {
    code: room.code,
    gameId: room.game.meta.id,
    status: room.status,
    ...(access.raw ? { seed: room.seed } : {}),
    seats: room.seats.map((s) => ({ seat: s.seat, name: s.name, isBot: s.isBot })),
    outcome: room.outcome(),
    events,
    messages: messages.map((m) => ({ ...strip(m), version: m.version })),
  };
}

/** The host's audit log: every event of the room, in order, as the host reads it. */
export async function buildAudit(store: Store, room: Room): Promise<AuditEntry[]> {
  const out: AuditEntry[] = [];
  await room.walkLog((before, ev, after) => out.push({ seq: ev.seq, kind: ev.kind, actor: ev.actor, line: eventLine(room.rules, before, ev, after, "host"), at: ev.at, payload: ev.payload }));
  return out;
}
