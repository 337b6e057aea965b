// One write per socket per batch. When a batch of changes commits, every
// socket that gets a patch is held: its packets (the patch, the sender's ack
// right after it, a second room's patch) wait in engine.io's write buffer, and
// once the batch's work is done each held socket writes them all in one go —
// one system call instead of one per packet. Nothing is held past the current
// turn of the event loop, nor longer than a few milliseconds when a large batch
// keeps the turn busy. Only WebSocket transports are held, and only when nothing
// of theirs is in flight.
import type { Socket as EngineSocket } from "engine.io";
import type { ServerToClient } from "../../lib/protocol";
import { stageTimes } from "../stage-times";

interface Transport {
  name: string;
  writable: boolean;
  /** The `ws` WebSocket, and its TCP socket. */
  socket?: { _socket?: { cork?: () => void; uncork?: () => void } };
}

/** The longest a packet waits for the others of its batch (ms). */
const HOLD_MS = 5;

const held = new Set<EngineSocket>();
let releasing = false;
let heldSince = 0;

/** Holds the socket's packets until the end of this turn of the event loop. */
export function holdWrites(conn: EngineSocket): void {
  const t = conn.transport as unknown as Transport;
  if (t.name !== "websocket" || !t.writable || held.has(conn)) return;
  if (held.size === 0) heldSince = performance.now();
  else if (performance.now() - heldSince > HOLD_MS) {
    release();
    heldSince = performance.now();
  }
  t.writable = false;
  held.add(conn);
  if (!releasing) {
    releasing = true;
    setImmediate(releaseAll);
  }
}

/** Writes every held socket's packets; its time counts as the writes stage, also when a long batch makes it run inside the payloads stage (which leaves it out). */
function release(): void {
  const started = performance.now();
  for (const conn of held) {
    const t = conn.transport as unknown as Transport;
    if (t.name !== "websocket") continue;
    t.writable = true;
    // a socket closing meanwhile waits for its buffer to drain: it is flushed all the same
    if (conn.readyState === "closed") continue;
    // the frames of all packets leave in one write
    const tcp = t.socket?._socket;
    tcp?.cork?.();
    (conn as unknown as { flush(): void }).flush();
    tcp?.uncork?.();
  }
  held.clear();
  stageTimes.writes += performance.now() - started;
}

function releaseAll(): void {
  releasing = false;
  release();
}

/**
 * A Socket.IO event of the main namespace as the text Socket.IO itself would
 * write ("2" for an event, then the name and arguments as JSON): encoded once
 * and written to any number of sockets. Payloads are JSON, never binary.
 */
export function eventPacket<E extends keyof ServerToClient>(event: E, ...args: Parameters<ServerToClient[E]>): string {
  return `2${JSON.stringify([event, ...args])}`;
}

/**
 * The text `eventPacket("room:patch", { code, version, now, base, frame, ops })`
 * gives, put together from parts encoded apart: its head (patchHead), its frame
 * numbers as text and its operations, already encoded as the elements of a JSON
 * array (without its brackets). The frame numbers count microseconds, past what
 * V8 keeps as small integers: each one's text is made once, when the frame is
 * (frames.ts), rather than for every packet that names it.
 */
export function framedPatch(head: string, base: string, frame: string, opsJson: string): string {
  return `${head}${base},"frame":${frame},"ops":[${opsJson}]}]`;
}

/** A patch's text before its base frame number: the same for every patch of one change. */
export function patchHead(code: string, version: number, now: number): string {
  return `2["room:patch",{"code":${JSON.stringify(code)},"version":${version},"now":${now},"base":`;
}
