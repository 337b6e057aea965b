// One write per socket per batch. When a batch of changes commits, every
// socket that gets a patch is held: its packets (the patch, the sender's ack
// right after it, a second room's patch) wait in engine.io's write buffer, and
// once the batch's work is done each held socket writes them all in one go —
// one system call instead of one per packet. Nothing is held longer than the
// current turn of the event loop. Only WebSocket transports are held, and only
// when nothing of theirs is in flight.
import type { Socket as EngineSocket } from "engine.io";

interface Transport {
  name: string;
  writable: boolean;
  /** The `ws` WebSocket, and its TCP socket. */
  socket?: { _socket?: { cork?: () => void; uncork?: () => void } };
}

const held = new Set<EngineSocket>();
let releasing = false;

/** Holds the socket's packets until the end of this turn of the event loop. */
export function holdWrites(conn: EngineSocket): void {
  const t = conn.transport as unknown as Transport;
  if (t.name !== "websocket" || !t.writable || held.has(conn)) return;
  t.writable = false;
  held.add(conn);
  if (!releasing) {
    releasing = true;
    setImmediate(release);
  }
}

function release(): void {
  releasing = false;
  for (const conn of held) {
    const t = conn.transport as unknown as Transport;
    if (t.name !== "websocket") continue;
    t.writable = true;
    if (conn.readyState !== "open") continue;
    // the frames of all packets leave in one write
    const tcp = t.socket?._socket;
    tcp?.cork?.();
    (conn as unknown as { flush(): void }).flush();
    tcp?.uncork?.();
  }
  held.clear();
}
