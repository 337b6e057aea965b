"use client";
// The browser's sockets: one per room it has open, whose handshake names the
// room (`?room=CODE`) so that the cluster primary or a load balancer can route
// the connection to the server process that serves the room, and one shared by
// everything that is not one room's (creating rooms, seasons). A socket the
// server closes (the room moved to another process, a restart) connects again
// by itself, routed anew, and every `connect` listener watches its room again.
import { io, type Socket } from "socket.io-client";
import { ROOM_EVENTS, type Ack, type ClientEvent, type ClientInput, type ClientToServer, type Replies, type ServerToClient } from "@/lib/protocol";

export type GarnetSocket = Socket<ServerToClient, ClientToServer>;

const sockets = new Map<string | null, GarnetSocket>();
const holds = new Map<string, number>();
/** The user the sockets' handshakes were made for (null: signed out; undefined: not told yet). */
let identity: string | null | undefined;

/** How long a connection the server opened may take to finish its handshake before it is made again. */
const HANDSHAKE_MS = 8_000;

/** A short pause before connecting again, spread so that a room's clients do not all arrive at once. */
const soon = (fn: () => void) => setTimeout(fn, 100 + Math.random() * 300);

/** The socket of room `room`, or the shared one (no room). */
export function getSocket(room: string | null = null): GarnetSocket {
  let s = sockets.get(room);
  if (!s) {
    const made: GarnetSocket = io({
      withCredentials: true,
      forceNew: true,
      // a room's connection is routed by its query, so long-polling stays on the same process too; the shared one uses one TCP connection
      transports: room ? ["websocket", "polling"] : ["websocket"],
      query: room ? { room } : {},
      reconnectionDelay: 250,
      reconnectionDelayMax: 2_000,
      randomizationFactor: 0.5,
    });
    made.on("disconnect", (reason) => {
      if (reason === "io server disconnect" && sockets.get(room) === made) soon(() => made.connect());
    });
    made.on("room:moved", () => reroute(made));
    // a connection the server opened but whose handshake it never finishes is made again, rather than left "connecting"
    let watchdog: ReturnType<typeof setTimeout> | null = null;
    const calm = () => watchdog && clearTimeout(watchdog);
    made.io.on("open", () => {
      calm();
      watchdog = setTimeout(() => !made.connected && reroute(made), HANDSHAKE_MS);
    });
    made.on("connect", calm);
    made.io.on("close", calm);
    s = made;
    sockets.set(room, s);
  }
  return s;
}

/** The room is served by another process now: connect again, and the connection is routed there. */
function reroute(s: GarnetSocket): void {
  if (!s.active) return;
  s.disconnect();
  soon(() => s.connect());
}

/** Keeps a room's socket open while something shows the room; the returned function lets go (the last one closes it). */
export function holdRoomSocket(room: string): () => void {
  holds.set(room, (holds.get(room) ?? 0) + 1);
  return () => {
    holds.set(room, (holds.get(room) ?? 1) - 1);
    // a moment's grace: a component that mounts again at once keeps the connection
    setTimeout(() => {
      if ((holds.get(room) ?? 0) > 0) return;
      holds.delete(room);
      sockets.get(room)?.close();
      sockets.delete(room);
    }, 1_000);
  };
}

/**
 * A socket for the session's user (its id, null when signed out). The server
 * reads identity from the handshake only, so when the user changed since the
 * sockets connected (a sign-in without a reload) every one reconnects with the
 * new session cookie.
 */
export function connectAs(user: string | null, room: string | null = null): GarnetSocket {
  const s = getSocket(room);
  if (identity !== undefined && identity !== user) {
    for (const other of sockets.values()) {
      if (!other.active) continue;
      other.disconnect();
      other.connect();
    }
  }
  identity = user;
  return s;
}

/** Emits with an ack and a timeout on the event's socket; resolves to a typed error when the server does not answer. Input and answer are typed from the event's schema. */
export function request<E extends ClientEvent>(event: E, input: ClientInput<E>, timeoutMs = 10_000): Promise<Ack<Replies[E]>> {
  const code = ROOM_EVENTS.has(event) ? (input as { code?: unknown }).code : undefined;
  const s = getSocket(typeof code === "string" ? code : null);
  const timed = s.timeout(timeoutMs) as unknown as { emit(e: string, i: unknown, cb: (err: unknown, r: Ack<Replies[E]>) => void): void };
  return new Promise((resolve) => {
    timed.emit(event, input, (err, r) => {
      if (err) resolve({ ok: false, code: "net/timeout", message: "The server did not answer in time. Check your connection; your last action may not have been received." });
      else {
        if (!r.ok && r.code === "room/moved" && typeof code === "string") reroute(s);
        resolve(r);
      }
    });
  });
}
