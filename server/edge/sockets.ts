// The socket edge: which handshakes are let in (the app's own origins, the
// per-address connection limits) and how much a socket may leave unsent before
// it is dropped (a client that never reads must not grow the server's memory).
import type { IncomingMessage } from "node:http";
import type { Server as Engine, Socket as EngineSocket } from "engine.io";
import type { Limits } from "../limits";
import { clientAddress, requestOrigin, requestTarget } from "./address";
import type { EdgeConfig } from "./config";

export interface SocketEdgeStats {
  refusedOrigin: number;
  refusedBusy: number;
  droppedSlow: number;
  /** The most unsent bytes any socket held (the cap bounds it, plus the packet that crossed it). */
  peakUnsent: number;
  /** Unsent bytes of all open sockets together, now. */
  unsentNow: number;
}

/**
 * Whether a handshake comes from one of the app's own pages. Browsers always
 * send Origin on WebSocket handshakes and on cross-origin requests, so a page
 * on another origin (another port of the same host included) is refused. A
 * request without Origin is a same-origin polling request or a client that is
 * not a browser (tests, scripts), which holds no one else's cookie; a browser
 * that says through Sec-Fetch-Site that the request is cross-site is refused
 * all the same.
 */
export function originAllowed(req: IncomingMessage, cfg: Pick<EdgeConfig, "trustProxy" | "allowedOrigins">): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) {
    const site = req.headers["sec-fetch-site"];
    return site === undefined || site === "same-origin" || site === "none";
  }
  let claimed: URL;
  try {
    claimed = new URL(origin);
  } catch {
    return false; // "null" and anything else that is not an origin
  }
  if (cfg.allowedOrigins.includes(claimed.origin)) return true;
  // the app's own origin: the host (and port) this request addressed. The scheme is
  // not compared: behind a TLS proxy the server sees http, and another party cannot
  // serve a page on this very host and port.
  const own = requestOrigin(req, cfg.trustProxy);
  return own !== null && new URL(own).host === claimed.host;
}

/** Packet bytes as queued (text length for strings: close enough to bytes for JSON). */
function packetBytes(packet: { data?: unknown }): number {
  const d = packet.data;
  return typeof d === "string" ? d.length : d instanceof ArrayBuffer || ArrayBuffer.isView(d) ? d.byteLength : 0;
}

/** Bytes the transport has taken but the kernel has not: the WebSocket's own buffer. */
function transportBuffered(conn: EngineSocket): number {
  const ws = (conn.transport as unknown as { socket?: { bufferedAmount?: number } }).socket;
  return typeof ws?.bufferedAmount === "number" ? ws.bufferedAmount : 0;
}

/** Drops a socket at once, with what it held: a WebSocket is destroyed rather than closed, since a close frame would queue behind the unsent bytes. */
function drop(conn: EngineSocket): void {
  const ws = (conn.transport as unknown as { socket?: { terminate?: () => void } }).socket;
  if (conn.transport.name === "websocket" && typeof ws?.terminate === "function") ws.terminate();
  conn.close(true);
}

/** An open socket's client address, and its bytes waiting in engine.io's write buffer. */
interface Held {
  conn: EngineSocket;
  address: string;
  queued: number;
}

/**
 * Where a socket keeps its own Held: on the socket, read on every packet it
 * is sent. A process-wide map from socket to record cost a hashed look-up in
 * a table of every open socket per packet, most of them a cache miss.
 */
const HELD = Symbol("held");
type Tracked = EngineSocket & { [HELD]?: Held };

export function socketEdge(cfg: EdgeConfig, limits: Limits) {
  const open = new Map<string, number>();
  const stats: Omit<SocketEdgeStats, "unsentNow"> = { refusedOrigin: 0, refusedBusy: 0, droppedSlow: 0, peakUnsent: 0 };
  const held = new Set<Held>();
  const cap = cfg.socketBufferBytes;

  /** engine.io's allowRequest: runs on each new handshake, before a socket exists. The message reaches the client. */
  function allowRequest(req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void): void {
    if (!requestTarget(req, cfg.trustProxy).host) return callback("http/bad_host: the Host header is missing or malformed", false);
    if (!originAllowed(req, cfg)) {
      stats.refusedOrigin++;
      return callback("origin/forbidden: sockets open only from this app's own pages", false);
    }
    const address = clientAddress(req, cfg.trustProxy);
    if (cfg.maxSocketsPerAddress !== null && (open.get(address) ?? 0) >= cfg.maxSocketsPerAddress) {
      stats.refusedBusy++;
      return callback(`rate/limited: at most ${cfg.maxSocketsPerAddress} connections at once from one address`, false);
    }
    const r = limits.take("connect", address);
    if (!r.ok) return callback(`${r.code}: ${r.message}`, false);
    callback(null, true);
  }

  // one listener of each kind for every socket (engine.io calls it with the socket as `this`): nothing is made per socket
  function onPacket(this: Tracked, packet: { data?: unknown }): void {
    const h = this[HELD];
    if (!h) return;
    h.queued += packetBytes(packet);
    const unsent = h.queued + transportBuffered(this);
    if (unsent > stats.peakUnsent) stats.peakUnsent = unsent;
    if (cap !== null && unsent > cap && this.readyState === "open") {
      stats.droppedSlow++;
      h.queued = 0;
      drop(this);
    }
  }
  function onFlush(this: Tracked): void {
    const h = this[HELD];
    if (h) h.queued = 0;
  }
  function onClose(this: Tracked): void {
    const h = this[HELD];
    if (!h) return;
    this[HELD] = undefined;
    held.delete(h);
    const n = (open.get(h.address) ?? 1) - 1;
    if (n > 0) open.set(h.address, n);
    else open.delete(h.address);
  }

  /** Counts each address's open sockets and caps each socket's unsent bytes. */
  function attach(engine: Engine): void {
    engine.on("connection", (conn: EngineSocket) => {
      const address = clientAddress(conn.request, cfg.trustProxy);
      open.set(address, (open.get(address) ?? 0) + 1);
      const h: Held = { conn, address, queued: 0 };
      (conn as Tracked)[HELD] = h;
      held.add(h);
      conn.on("close", onClose);
      conn.on("flush", onFlush);
      conn.on("packetCreate", onPacket);
    });
  }

  function figures(): SocketEdgeStats {
    let unsentNow = 0;
    for (const h of held) unsentNow += h.queued + transportBuffered(h.conn);
    return { ...stats, unsentNow };
  }

  return { allowRequest, attach, figures };
}
