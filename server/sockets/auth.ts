// Identity comes from the Auth.js session cookie in the handshake, never from a payload.
import type { IncomingMessage } from "node:http";
import type { Socket } from "socket.io";
import { decode } from "next-auth/jwt";
import { isSessionName } from "../../lib/auth/names";

export interface SessionUser {
  id: string;
  name: string;
}

const COOKIE_NAMES = ["__Secure-authjs.session-token", "authjs.session-token"];

export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    const v = part.slice(i + 1).trim();
    try {
      out.set(k, decodeURIComponent(v));
    } catch {
      out.set(k, v);
    }
  }
  return out;
}

/** The session token under `name`, joined from its chunks (`name.0`, `name.1`, …) when chunked. */
function readToken(cookies: Map<string, string>, name: string): string | null {
  const whole = cookies.get(name);
  if (whole) return whole;
  const chunks: string[] = [];
  for (let i = 0; cookies.has(`${name}.${i}`); i++) chunks.push(cookies.get(`${name}.${i}`)!);
  return chunks.length ? chunks.join("") : null;
}

export async function userFromCookie(header: string | undefined, secret: string): Promise<SessionUser | null> {
  const cookies = parseCookies(header);
  for (const name of COOKIE_NAMES) {
    const token = readToken(cookies, name);
    if (!token) continue;
    try {
      const jwt = await decode({ token, secret, salt: name });
      const id = typeof jwt?.sub === "string" ? jwt.sub : null;
      const display = isSessionName(jwt?.name) ? jwt.name : null;
      if (id && display) return { id, name: display };
    } catch {
      // a bad or stale cookie is the same as none
    }
  }
  return null;
}

/**
 * Lets go of the handshake's HTTP parts once the socket's middleware has read
 * them (the session cookie, the client's address). Socket.IO keeps the request
 * a connection began with for the connection's whole life unless told not to
 * (its memory guide says to drop it where nothing reads it later, as here), and
 * the handshake a copy of its headers: a few KiB a socket, the session cookie
 * and its token among them. The handshake's query (the room it names) stays.
 */
export function forgetHandshake(socket: Socket): void {
  socket.handshake.headers = {};
  // engine.io types the request as always there: nothing reads it after the middleware
  (socket.conn as unknown as { request: IncomingMessage | null }).request = null;
}
