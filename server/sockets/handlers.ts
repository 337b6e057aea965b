// Thin edges: parse with zod, take the user from the socket, enqueue, ack.
import type { Server, Socket } from "socket.io";
import { z } from "zod";
import type { ChatChannelRule } from "../../lib/games/core/types";
import type { Ack, ChatMessage, ClientToServer, Role, RoomPayload, ServerToClient } from "../../lib/protocol";
import { actInput, chatHistoryInput, chatSendInput, createRoomInput, hostInput, seatInput, watchInput } from "../../lib/protocol-input";
import type { RoomManager } from "../rooms/manager";
import { advanceFrame, currentFrame, dropFrame, type Frame } from "./frames";
import { CommandError, type Room } from "../rooms/room";
import type { SessionUser } from "./auth";

type IO = Server<ClientToServer, ServerToClient>;
type Sock = Socket<ClientToServer, ServerToClient, object, SocketData>;

export interface SocketData {
  user: SessionUser | null;
  /** room code → how this socket watches it */
  watching: Map<string, { role: Role; seat: string | null; roomId: string; explicitSpectator: boolean }>;
  bucket: { tokens: number; at: number };
}

const RATE_PER_SEC = 20;
const BURST = 40;

function allow(s: Sock): boolean {
  const b = s.data.bucket;
  const now = Date.now();
  b.tokens = Math.min(BURST, b.tokens + ((now - b.at) / 1000) * RATE_PER_SEC);
  b.at = now;
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

function fail(code: string, message: string): Ack<never> {
  return { ok: false, code, message };
}

function describeZod(e: z.ZodError): string {
  const i = e.issues[0];
  return i ? `${i.path.length ? i.path.join(".") + ": " : ""}${i.message}` : "invalid input";
}

export const groupHost = (room: Room) => `${room.id}:host`;
export const groupSpec = (room: Room) => `${room.id}:spec`;
export const groupSeat = (room: Room, seat: string) => `${room.id}:seat:${seat}`;

function hasMembers(io: IO, group: string): boolean {
  return (io.sockets.adapter.rooms.get(group)?.size ?? 0) > 0;
}

/** Sends a group what changed: a patch against its last frame, or the whole payload when it has none. */
function push(io: IO, room: Room, group: string, build: () => RoomPayload): void {
  if (!hasMembers(io, group)) return dropFrame(room, group);
  const out = advanceFrame(room, group, build());
  if (!out) return;
  if ("full" in out) io.to(group).emit("room:state", out.full.payload, out.full.frame);
  else io.to(group).emit("room:patch", out.patch);
}

/** Pushes each recipient kind its payload: computed once per kind, not per socket, and only for kinds that are listening. */
export function broadcast(io: IO, room: Room): void {
  push(io, room, groupHost(room), () => room.payload("host", null));
  push(io, room, groupSpec(room), () => room.payload("spectator", null));
  for (const s of room.seats) push(io, room, groupSeat(room, s.seat), () => room.payload("player", s.seat));
}

function groupOf(room: Room, role: Role, seat: string | null): string {
  return role === "host" ? groupHost(room) : role === "player" && seat ? groupSeat(room, seat) : groupSpec(room);
}

/** The frame a socket that watches as `role` builds on. */
function frameFor(room: Room, role: Role, seat: string | null): Frame {
  return currentFrame(room, groupOf(room, role, seat), () => room.payload(role, seat));
}

/** Delivers a stored chat message to its channel's readers: the host, the member seats, and spectators of public channels. */
export function deliverChat(io: IO, room: Room, rule: ChatChannelRule, message: ChatMessage): void {
  // delayed spectators read public talk only through history, up to the moment they are at
  const groups = [groupHost(room), ...rule.members.map((s) => groupSeat(room, s)), ...(rule.public && room.spectatorsLive() ? [groupSpec(room)] : [])];
  io.to(groups).emit("chat:message", { code: room.code, message });
}

function leaveRoom(io: IO, socket: Sock, rooms: RoomManager, code: string): void {
  const w = socket.data.watching.get(code);
  if (!w) return;
  socket.data.watching.delete(code);
  const room = rooms.loaded(code);
  if (!room || room.id !== w.roomId) return;
  if (w.role === "host") void socket.leave(groupHost(room));
  else if (w.role === "spectator") void socket.leave(groupSpec(room));
  else if (w.seat) {
    void socket.leave(groupSeat(room, w.seat));
    room.presence.set(w.seat, Math.max(0, (room.presence.get(w.seat) ?? 1) - 1));
    broadcast(io, room);
  }
}

/**
 * Subscribes a socket to the room as whatever its user is there now. With
 * `sendFrame`, the socket is sent its group's frame at once, so that the patches
 * that follow apply (a watch sends it in its reply instead).
 */
function subscribe(io: IO, socket: Sock, rooms: RoomManager, room: Room, asSpectator = false, sendFrame = false): { role: Role; seat: string | null } {
  leaveRoom(io, socket, rooms, room.code);
  const user = asSpectator ? null : socket.data.user;
  let role: Role = "spectator";
  let seat: string | null = null;
  if (user && user.id === room.hostId) role = "host";
  else if (user) {
    const s = room.seatOfUser(user.id);
    if (s) {
      role = "player";
      seat = s.seat;
    }
  }
  socket.data.watching.set(room.code, { role, seat, roomId: room.id, explicitSpectator: asSpectator });
  if (role === "host") void socket.join(groupHost(room));
  else if (role === "spectator") void socket.join(groupSpec(room));
  else if (seat) {
    void socket.join(groupSeat(room, seat));
    room.presence.set(seat, (room.presence.get(seat) ?? 0) + 1);
  }
  if (sendFrame) {
    const f = frameFor(room, role, seat);
    socket.emit("room:state", f.payload, f.frame);
  }
  return { role, seat };
}

/** After a seat change, every socket of the user on this server that watches the room follows it. */
function resubscribeUser(io: IO, rooms: RoomManager, room: Room, userId: string): void {
  for (const s of io.sockets.sockets.values()) {
    const sock = s as Sock;
    const w = sock.data.watching.get(room.code);
    if (sock.data.user?.id === userId && w && !w.explicitSpectator) subscribe(io, sock, rooms, room, false, true);
  }
  broadcast(io, room);
}

export function registerHandlers(io: IO, socket: Sock, rooms: RoomManager): void {
  /** Wraps a handler: rate limit, typed errors, never a crash, always one ack. */
  function on<E extends keyof ClientToServer>(event: E, handler: (input: unknown) => Promise<object>): void {
    socket.on(event, (async (input: unknown, ack?: unknown) => {
      const reply = typeof ack === "function" ? (ack as (r: unknown) => void) : () => {};
      if (!allow(socket)) return reply(fail("rate/limited", "Too many messages; slow down."));
      try {
        const r = await handler(input);
        reply({ ok: true, ...r });
      } catch (e) {
        if (e instanceof CommandError) return reply(fail(e.code, e.message));
        if (e instanceof z.ZodError) return reply(fail("input/invalid", describeZod(e)));
        console.error(`socket ${String(event)} failed`, e);
        reply(fail("server/error", "Something went wrong on the server; nothing was changed."));
      }
    }) as never);
  }

  function requireUser(): SessionUser {
    if (!socket.data.user) throw new CommandError("auth/required", "Sign in first.");
    return socket.data.user;
  }

  async function roomOr404(code: string): Promise<Room> {
    const room = await rooms.get(code);
    if (!room) throw new CommandError("room/not_found", `There is no room ${code}.`);
    return room;
  }

  on("room:create", async (input) => {
    const user = requireUser();
    const { gameId, seats, config, spectators } = createRoomInput.parse(input);
    const room = await rooms.createRoom(user.id, gameId, seats, config, spectators);
    return { code: room.code };
  });

  on("room:watch", async (input) => {
    const { code, as } = watchInput.parse(input);
    const room = await roomOr404(code);
    const { role, seat } = subscribe(io, socket, rooms, room, as === "spectator");
    if (role === "player") broadcast(io, room);
    const f = frameFor(room, role, seat);
    return { payload: f.payload, frame: f.frame };
  });

  on("room:sync", async (input) => {
    const { code } = watchInput.parse(input);
    const room = await roomOr404(code);
    const w = socket.data.watching.get(room.code);
    if (!w || w.roomId !== room.id) throw new CommandError("room/not_watching", "Open the room first.");
    const f = frameFor(room, w.role, w.seat);
    return { payload: f.payload, frame: f.frame };
  });

  on("room:unwatch", async (input) => {
    const { code } = watchInput.parse(input);
    leaveRoom(io, socket, rooms, code);
    return {};
  });

  on("seat:claim", async (input) => {
    const user = requireUser();
    const { code, seat } = seatInput.parse(input);
    const room = await roomOr404(code);
    const s = await room.claimSeat(user.id, user.name, seat);
    if (!socket.data.watching.get(room.code) || socket.data.watching.get(room.code)?.explicitSpectator) subscribe(io, socket, rooms, room);
    resubscribeUser(io, rooms, room, user.id);
    return { seat: s.seat };
  });

  on("seat:release", async (input) => {
    const user = requireUser();
    const { code } = seatInput.parse(input);
    const room = await roomOr404(code);
    await room.releaseSeat(user.id);
    resubscribeUser(io, rooms, room, user.id);
    return {};
  });

  on("game:act", async (input) => {
    const user = requireUser();
    const { code, action, clientId } = actInput.parse(input);
    const room = await roomOr404(code);
    const version = await room.act(user.id, action, clientId ?? null);
    return { version, ...(clientId ? { clientId } : {}) };
  });

  on("host:command", async (input) => {
    const user = requireUser();
    const parsed = z.object({ code: z.string(), command: z.object({ type: z.literal("game"), action: z.unknown() }) }).safeParse(input);
    if (parsed.success) {
      const { code } = watchInput.parse({ code: parsed.data.code });
      const room = await roomOr404(code);
      return { version: await room.host(user.id, { type: "game", action: parsed.data.command.action }) };
    }
    const { code, command } = hostInput.parse(input);
    const room = await roomOr404(code);
    const displaced = command.type === "kick" || command.type === "bot" ? room.seats.find((s) => s.seat === command.seat)?.userId : null;
    const version = await room.host(user.id, command);
    if (displaced) resubscribeUser(io, rooms, room, displaced);
    return { version };
  });

  on("chat:send", async (input) => {
    const user = requireUser();
    const { code, channel, body } = chatSendInput.parse(input);
    const room = await roomOr404(code);
    const { message } = await room.sendChat(user.id, channel, body);
    return { message };
  });

  on("room:audit", async (input) => {
    const user = requireUser();
    const { code } = watchInput.parse(input);
    const room = await roomOr404(code);
    if (room.hostId !== user.id) throw new CommandError("host/only", "Only the host can read the audit log during the game.");
    return { entries: await room.audit() };
  });

  on("chat:history", async (input) => {
    const { code, channel, before } = chatHistoryInput.parse(input);
    const room = await roomOr404(code);
    const w = socket.data.watching.get(code);
    if (!w) throw new CommandError("room/not_watching", "Open the room first.");
    return room.chatHistory(w.role, w.seat, channel, before);
  });

  socket.on("disconnect", () => {
    for (const code of [...socket.data.watching.keys()]) leaveRoom(io, socket, rooms, code);
  });
}
