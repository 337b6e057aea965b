// Delivery between server processes, through Socket.IO's own adapters: the
// cluster adapter over the IPC channel of node:cluster on one machine (nothing
// to install), the Redis adapter when REDIS_URL is set (many machines). A
// room's pushes never need it — every socket of a room is connected to the
// process that serves the room — so they go out locally; what crosses is what
// is not one room's: a season's "changed" notice, and the request that another
// process hand a room over to this one.
import { createAdapter as clusterAdapter } from "@socket.io/cluster-adapter";
import type { Server } from "socket.io";
import type { AlertNote } from "../alerts/service";
import type { RoomManager } from "../rooms/manager";

export type CrossProcess = { kind: "cluster" } | { kind: "redis"; url: string; /** Prefix of the adapter's channels (several deployments on one Redis). */ prefix: string };

/** Events servers send each other (serverSideEmit). */
export interface ServerSideEvents {
  /** Whoever of the servers is `holder` gives room `code` up; answers whether it did. */
  "garnet:handover": (code: string, holder: string, ack: (released: boolean) => void) => void;
  /** A player subscribed to pushes, or a host set a webhook, on another server. */
  "garnet:alerts": (note: AlertNote) => void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyIO = Server<any, any, ServerSideEvents, any>;

const HANDOVER_TIMEOUT_MS = 3_000;

/** Installs the adapter; returns what closes it. */
export async function attachAdapter(io: AnyIO, via: CrossProcess): Promise<() => Promise<void>> {
  if (via.kind === "cluster") {
    // a worker that died stops counting among the ones asked within a few seconds
    io.adapter(clusterAdapter({ heartbeatInterval: 1_000, heartbeatTimeout: 3_000 }));
    return async () => undefined;
  }
  // loaded only here: the Redis client takes about 0.4 s to import, which every start would pay
  const [{ createAdapter: redisAdapter }, { createClient }] = await Promise.all([import("@socket.io/redis-adapter"), import("redis")]);
  const pub = createClient({ url: via.url });
  const sub = pub.duplicate();
  for (const c of [pub, sub]) c.on("error", (e: Error) => console.error(`redis: ${e.message}`));
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(redisAdapter(pub, sub, { key: via.prefix, requestsTimeout: HANDOVER_TIMEOUT_MS }));
  return async () => {
    await Promise.allSettled([pub.quit(), sub.quit()]);
  };
}

/**
 * Hands rooms between processes: this process answers other processes' requests
 * for the rooms it holds, and the returned function asks the holder of a room
 * for it (true once the holder has given it up).
 */
export function handovers(io: AnyIO, rooms: () => RoomManager): (code: string, holder: string) => Promise<boolean> {
  io.on("garnet:handover", (code, holder, ack) => {
    const mine = rooms();
    if (holder !== mine.owner) return ack(false);
    mine.release(code).then(ack, () => ack(false));
  });
  return (code, holder) =>
    new Promise((resolve) => {
      // the adapter gives up on servers that do not answer; this bounds the wait whatever the adapter does
      const timer = setTimeout(() => resolve(false), HANDOVER_TIMEOUT_MS + 500);
      // a server that did not answer in time is an error, but the holder's yes among the answers is enough
      io.serverSideEmit("garnet:handover", code, holder, (_err: Error | null, replies: boolean[] | undefined) => {
        clearTimeout(timer);
        resolve(Boolean(replies?.includes(true)));
      });
    });
}

/** Alert changes made on one server reach the others at once (the room's owner sends its pushes). */
export function shareAlerts(io: AnyIO, alerts: { tellOthers: ((n: AlertNote) => void) | null; heard(n: AlertNote): Promise<void> }): void {
  io.on("garnet:alerts", (note) => void alerts.heard(note).catch((e) => console.error(`alerts: a note from another server failed: ${String(e)}`)));
  alerts.tellOthers = (note) => io.serverSideEmit("garnet:alerts", note);
}
