// Thin edges: parse (edge.ts), take the user from the socket, enqueue on the
// room, ack. Every socket of a room is connected to the process that serves
// the room (routed there by the room its handshake names), so a room's pushes
// go to this process's sockets only (watchers.ts), never through the adapter.
// Which group a socket listens in (the host, the spectators, one seat) follows
// the room's seats; when a seat changes hands the room's queue says so
// (seatsMoved) and the sockets of the users concerned follow at once.
import type { Server } from "socket.io";
import type { ChatChannelRule } from "../../lib/games/core/types";
import { PROTOCOL, type ChatMessage, type ClientToServer, type Role, type ServerToClient } from "../../lib/protocol";
import type { RoomManager } from "../rooms/manager";
import { buildAudit } from "../replay";
import { chatHistory } from "../rooms/chat";
import { joinPayload, spectatorsLive, type PayloadContext, type PayloadParts } from "../rooms/payloads";
import { CommandError, type Room } from "../rooms/room";
import type { SessionUser } from "./auth";
import type { Limits } from "../limits";
import { userOf, type Handlers, type Sock, type SocketData } from "./edge";
import { advanceFrame, dropFrame, dropFrames, frameOf, type Follow, type Frame } from "./frames";
import { HOST_GROUP, SPECTATOR_GROUP, watchingOf } from "./watchers";
import { eventPacket, holdWrites } from "./writes";

export type { SocketData };
type IO = Server<ClientToServer, ServerToClient, object, SocketData>;

export const groupUser = (userId: string) => `user:${userId}`;

/** Sockets watching the room, in every group. */
export function watcherCount(io: IO, room: Room): number {
  return watchingOf(io).find(room.id)?.count ?? 0;
}

/** Whether some socket listens as the seat's holder: read from the group itself, so it cannot drift. */
export function seatConnected(io: IO, room: Room, seat: string): boolean {
  return (watchingOf(io).find(room.id)?.seat(seat)?.size ?? 0) > 0;
}

/** Sends a group what changed: a patch against its last frame, or the whole payload when it has none; the host follows every change, the others only what they can see. Returns whether the group has listeners. */
function push(room: Room, group: string, sockets: Set<Sock> | undefined, build: () => PayloadParts, follow: Follow): boolean {
  if (!sockets?.size) {
    dropFrame(room, group);
    return false;
  }
  const packet = advanceFrame(room, group, build(), follow);
  if (packet) writeAll(sockets, packet);
  return true;
}

/** Writes a packet encoded once to each socket of a group (one, mostly; none when the group is missing), without Socket.IO's broadcast machinery. */
function writeAll(sockets: Iterable<Sock> | undefined, packet: string): void {
  if (!sockets) return;
  for (const socket of sockets) {
    const conn = socket.conn;
    if (conn.readyState !== "open") continue;
    // the patch and whatever follows it this turn (the sender's ack) go out in one write
    holdWrites(conn);
    conn.write(packet);
  }
}

/** Pushes each recipient kind its payload: computed once per kind, not per socket, and only for kinds that are listening. */
export function broadcast(io: IO, room: Room): void {
  const w = watchingOf(io).find(room.id);
  if (!w) return unwatched(room);
  // the context is made on first use: a room nobody watches builds nothing
  let ctx: PayloadContext | undefined;
  let watched = push(room, HOST_GROUP, w.host, () => room.payloadParts("host", null, (ctx ??= room.payloadContext())), "all");
  watched = push(room, SPECTATOR_GROUP, w.spectators, () => room.payloadParts("spectator", null, (ctx ??= room.payloadContext())), "seen") || watched;
  for (const s of room.seats) watched = push(room, s.seat, w.seat(s.seat), () => room.payloadParts("player", s.seat, (ctx ??= room.payloadContext())), "seen") || watched;
  // nobody left to watch: the room lets its views go until someone comes back
  if (!watched) unwatched(room);
}

/** A room nobody watches lets its views go, and the last frame each group was sent with them, until someone comes back. */
function unwatched(room: Room): void {
  dropFrames(room);
  room.forgetViews();
}

/** The group a socket watching as `role` listens in: its frames' name (frames.ts), and its watchers' (watchers.ts). */
function groupOf(role: Role, seat: string | null): string {
  return role === "host" ? HOST_GROUP : role === "player" && seat ? seat : SPECTATOR_GROUP;
}

/**
 * The frame a socket that starts watching as `role` builds on: built now, so
 * that its clock reading is the server's time now (the group's last frame may
 * be of a change long ago, or of one it was not sent). The group's sockets
 * that hold the last frame get the step to it.
 */
function frameFor(io: IO, room: Room, role: Role, seat: string | null): Frame {
  const group = groupOf(role, seat);
  const had = frameOf(room, group) !== undefined;
  const packet = advanceFrame(room, group, room.payloadParts(role, seat), "now");
  const sockets = watchingOf(io).find(room.id)?.group(group);
  if (had && packet) writeAll(sockets, packet);
  return frameOf(room, group)!;
}

/** Delivers a stored chat message to its channel's readers: the host, the member seats, and spectators of public channels. */
export function deliverChat(io: IO, room: Room, rule: ChatChannelRule, message: ChatMessage): void {
  const w = watchingOf(io).find(room.id);
  if (!w) return;
  const packet = eventPacket("chat:message", { code: room.code, message });
  writeAll(w.host, packet);
  for (const seat of rule.members) writeAll(w.seat(seat), packet);
  // delayed spectators read public talk only through history, up to the moment they are at
  if (rule.public && spectatorsLive(room.data)) writeAll(w.spectators, packet);
}

/** A line for one seat's holder or one user's sockets. */
export function tell(io: IO, room: Room, to: { seat: string } | { userId: string }, text: string): void {
  if ("userId" in to) {
    io.local.to(groupUser(to.userId)).emit("room:nudge", { code: room.code, text });
    return;
  }
  const sockets = watchingOf(io).find(room.id)?.seat(to.seat);
  if (sockets?.size) writeAll(sockets, eventPacket("room:nudge", { code: room.code, text }));
}

/**
 * This process no longer serves the room (another took its lease, or it handed
 * the room over): every socket watching it here stops watching and is told, so
 * that it reconnects and is routed to the process that serves it now.
 */
export function movedAway(io: IO, room: Room): void {
  const w = watchingOf(io).find(room.id);
  if (!w) return;
  const message = "Another server serves this room now; reconnecting finds it there.";
  for (const socket of [...w.all()]) {
    leave(io, socket, room, room.code);
    socket.emit("room:moved", { code: room.code, message });
    // the room's own socket is closed too, so that it connects again and is routed anew (after the line above is sent)
    if (String(socket.handshake.query.room ?? "").toUpperCase() === room.code) socket.disconnect(true);
  }
}

/** After a socket stopped watching: a seat's presence changed (everyone is told), or the room may have nobody left to build views for. */
function leftBehind(io: IO, room: Room, player: boolean): void {
  if (player) broadcast(io, room);
  else if (watcherCount(io, room) === 0) unwatched(room);
}

/** Stops a socket watching a room; true when it was listening as a seat of `room` (presence changed). */
function leave(io: IO, socket: Sock, room: Room | undefined, code: string): boolean {
  const w = socket.data.watching.get(code);
  if (!w) return false;
  socket.data.watching.delete(code);
  const watching = watchingOf(io);
  watching.find(w.roomId)?.remove(groupOf(w.role, w.seat), socket);
  watching.forgetIfEmpty(w.roomId);
  return room !== undefined && room.id === w.roomId && w.role === "player";
}

/** How `user` watches `room` now. */
function roleIn(room: Room, user: SessionUser | null): { role: Role; seat: string | null } {
  if (user && user.id === room.hostId) return { role: "host", seat: null };
  const s = user ? room.seatOfUser(user.id) : undefined;
  return s ? { role: "player", seat: s.seat } : { role: "spectator", seat: null };
}

/** Subscribes a socket to the room as whatever its user is there now; returns whether seat presence changed. */
function subscribe(io: IO, socket: Sock, room: Room, asSpectator: boolean): { role: Role; seat: string | null; presence: boolean } {
  const was = leave(io, socket, room, room.code);
  const { role, seat } = asSpectator ? { role: "spectator" as const, seat: null } : roleIn(room, socket.data.user);
  socket.data.watching.set(room.code, { role, seat, roomId: room.id, explicitSpectator: asSpectator });
  watchingOf(io).of(room.id).add(groupOf(role, seat), socket);
  return { role, seat, presence: was || role === "player" };
}

/** The room's queue says these users' seats changed: each of their sockets watching the room follows, with a whole payload to build on. */
export function seatsMoved(io: IO, room: Room, userIds: readonly string[]): void {
  for (const userId of userIds) {
    for (const id of io.sockets.adapter.rooms.get(groupUser(userId)) ?? []) {
      const socket = io.sockets.sockets.get(id) as Sock | undefined;
      const w = socket?.data.watching.get(room.code);
      if (!socket || !w || w.explicitSpectator) continue;
      const { role, seat } = subscribe(io, socket, room, false);
      const f = frameFor(io, room, role, seat);
      socket.emit("room:state", joinPayload(f), f.frame);
    }
  }
}

function limited(r: ReturnType<Limits["take"]>): void {
  if (!r.ok) throw new CommandError("rate/limited", r.message, r.retryAfterMs);
}

/** The room for a code; guessing codes costs from the address's budget for lookups of rooms that do not exist. */
export async function roomByCode(rooms: RoomManager, limits: Limits, address: string, code: string, load: (code: string) => Promise<Room | null>): Promise<Room> {
  const live = rooms.loaded(code);
  if (live) return live;
  limited(limits.check("unknown_code", address));
  const room = await load(code);
  if (!room) {
    limits.take("unknown_code", address);
    throw new CommandError("room/not_found", `There is no room ${code}.`);
  }
  return room;
}

/** A room by its code for this socket: only a socket routed here for the room (its handshake names it) takes it over from another process. */
function roomOr404(rooms: RoomManager, limits: Limits, socket: Sock, code: string): Promise<Room> {
  const routedFor = String(socket.handshake.query.room ?? "").toUpperCase();
  return roomByCode(rooms, limits, socket.data.address, code, (c) => rooms.get(c, routedFor === c));
}

/** The room events' handlers, made once per server (edge.ts calls them with the socket an event came on). */
export function roomHandlers(io: IO, rooms: RoomManager, limits: Limits): Handlers {
  return {
    async "room:create"(socket, { gameId, seats, config, spectators }) {
      const user = userOf(socket);
      limited(limits.take("room_create", socket.data.address));
      const room = await rooms.createRoom(user.id, gameId, seats, config, spectators);
      return { code: room.code };
    },

    async "room:watch"(socket, { code, as }) {
      const room = await roomOr404(rooms, limits, socket, code);
      room.touch();
      const { role, seat, presence } = subscribe(io, socket, room, as === "spectator");
      if (presence) broadcast(io, room);
      const f = frameFor(io, room, role, seat);
      return { payload: joinPayload(f), frame: f.frame, protocol: PROTOCOL };
    },

    async "room:sync"(socket, { code }) {
      const room = await roomOr404(rooms, limits, socket, code);
      const w = socket.data.watching.get(room.code);
      if (!w || w.roomId !== room.id) throw new CommandError("room/not_watching", "Open the room first.");
      const f = frameFor(io, room, w.role, w.seat);
      return { payload: joinPayload(f), frame: f.frame };
    },

    async "room:unwatch"(socket, { code }) {
      const room = rooms.loaded(code);
      const player = leave(io, socket, room, code);
      if (room) leftBehind(io, room, player);
      return {};
    },

    async "seat:claim"(socket, { code, seat }) {
      const user = userOf(socket);
      const room = await roomOr404(rooms, limits, socket, code);
      const r = await room.claimSeat(user, seat);
      // a socket that went away while its claim was on the queue is not subscribed again
      if (socket.connected && !socket.data.watching.has(room.code)) {
        const sub = subscribe(io, socket, room, false);
        if (sub.presence) broadcast(io, room);
      }
      return r.requested ? { seat: r.seat, requested: true } : { seat: r.seat };
    },

    async "seat:release"(socket, { code }) {
      const user = userOf(socket);
      const room = await roomOr404(rooms, limits, socket, code);
      await room.releaseSeat(user.id);
      return {};
    },

    async "game:act"(socket, { code, action, clientId }) {
      const user = userOf(socket);
      const room = await roomOr404(rooms, limits, socket, code);
      const version = await room.act(user.id, action, clientId ?? null);
      return { version, ...(clientId ? { clientId } : {}) };
    },

    async "host:command"(socket, { code, command }) {
      const user = userOf(socket);
      const room = await roomOr404(rooms, limits, socket, code);
      return { version: await room.host(user.id, command) };
    },

    async "chat:send"(socket, { code, channel, body }) {
      const user = userOf(socket);
      const room = await roomOr404(rooms, limits, socket, code);
      // one player cannot flood a channel (the host is not limited here)
      if (user.id !== room.hostId) limited(limits.take("chat", `${room.id}/${user.id}`));
      return { message: await room.sendChat(user.id, channel, body) };
    },

    async "room:audit"(socket, { code }) {
      const user = userOf(socket);
      const room = await roomOr404(rooms, limits, socket, code);
      if (room.hostId !== user.id) throw new CommandError("host/only", "Only the host can read the audit log during the game.");
      return { entries: await buildAudit(rooms.store, room) };
    },

    async "chat:history"(socket, { code, channel, before }) {
      const room = await roomOr404(rooms, limits, socket, code);
      const w = socket.data.watching.get(code);
      if (!w || w.roomId !== room.id) throw new CommandError("room/not_watching", "Open the room first.");
      return chatHistory(rooms.store, room, w.role, w.seat, channel, before);
    },
  };
}

/**
 * What a socket's going leaves behind, made once per server (Socket.IO calls it
 * with the socket as `this`): it leaves every room it watched, and each is
 * told of the seat it no longer holds there.
 */
export function disconnectHandler(io: IO, rooms: RoomManager, limits: Limits): (this: Sock) => void {
  return function (this: Sock): void {
    limits.forget("socket_event", this.id);
    for (const code of [...this.data.watching.keys()]) {
      const room = rooms.loaded(code);
      const player = leave(io, this, room, code);
      if (room) leftBehind(io, room, player);
    }
  };
}
