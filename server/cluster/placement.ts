// Which process serves a room. The cluster primary routes a room's connections
// by its code (the handshake names it: `/socket.io/?room=CODE&…`) with
// rendezvous hashing over the live worker slots: a room goes to the slot that
// scores highest for it, so when a slot dies only its own rooms move, and they
// come back when it does. Workers use the same function to decide which
// orphaned rooms to adopt, so the primary and the workers agree.
import { createHash } from "node:crypto";
import { ROOM_CODE_RE } from "../../lib/protocol";

function score(code: string, slot: number): number {
  return createHash("sha1").update(`${code}#${slot}`).digest().readUInt32BE(0);
}

/** The live slot that serves room `code`; null when no slot is live. */
export function slotFor(code: string, live: readonly number[]): number | null {
  let best: number | null = null;
  let bestScore = -1;
  for (const slot of live) {
    const s = score(code, slot);
    if (s > bestScore || (s === bestScore && best !== null && slot < best)) {
      best = slot;
      bestScore = s;
    }
  }
  return best;
}

/** Where the head of an HTTP request ends its first line (null: not yet read in full). */
export function requestLine(head: string): string | null {
  const end = head.indexOf("\r\n");
  return end < 0 ? null : head.slice(0, end);
}

/** The room a request's first line names: a Socket.IO request whose query has a well-formed `room`; null for anything else. */
export function roomOfRequest(line: string): string | null {
  const m = /^[A-Z]+ (\S+) HTTP\/1\.[01]$/.exec(line);
  if (!m) return null;
  let url: URL;
  try {
    url = new URL(m[1]!, "http://route");
  } catch {
    return null;
  }
  if (!url.pathname.startsWith("/socket.io/")) return null;
  const room = url.searchParams.get("room")?.toUpperCase() ?? "";
  return ROOM_CODE_RE.test(room) ? room : null;
}
