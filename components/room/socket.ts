"use client";
// One Socket.IO connection per tab, shared by every component.
import { io, type Socket } from "socket.io-client";
import type { Ack, ClientEvent, ClientInput, ClientToServer, Replies, ServerToClient } from "@/lib/protocol";

export type GarnetSocket = Socket<ServerToClient, ClientToServer>;

let socket: GarnetSocket | null = null;
/** The user the socket's handshake was made for (null: signed out; undefined: not told yet). */
let identity: string | null | undefined;

export function getSocket(): GarnetSocket {
  if (!socket) socket = io({ withCredentials: true, transports: ["websocket", "polling"] });
  return socket;
}

/**
 * The shared socket, for the session's user (its id, null when signed out). The
 * server reads identity from the handshake only, so when the user changed since
 * the socket connected (a sign-in without a reload) it reconnects: the new
 * handshake carries the new session cookie, and every `connect` listener watches
 * its room again.
 */
export function connectAs(user: string | null): GarnetSocket {
  const s = getSocket();
  if (identity !== undefined && identity !== user && s.active) {
    s.disconnect();
    s.connect();
  }
  identity = user;
  return s;
}

/** Emits with an ack and a timeout; resolves to a typed error when the server does not answer. Input and answer are typed from the event's schema. */
export function request<E extends ClientEvent>(event: E, input: ClientInput<E>, timeoutMs = 10_000): Promise<Ack<Replies[E]>> {
  const s = getSocket();
  const timed = s.timeout(timeoutMs) as unknown as { emit(e: string, i: unknown, cb: (err: unknown, r: Ack<Replies[E]>) => void): void };
  return new Promise((resolve) => {
    timed.emit(event, input, (err, r) => {
      if (err) resolve({ ok: false, code: "net/timeout", message: "The server did not answer in time. Check your connection; your last action may not have been received." });
      else resolve(r);
    });
  });
}
