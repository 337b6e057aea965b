// A cluster worker's side of the primary's protocol: it is handed connections
// (with the bytes the primary read to route them), learns which slots are live
// (for placement), hears when another worker is gone (its leases are freed and
// its rooms adopted here when they fall to this slot), and stops gracefully
// when asked (rolling restart, shutdown).
import type net from "node:net";
import type { GarnetServer } from "../app-server";
import { slotFor } from "./placement";

export type ToWorker = { type: "garnet:conn"; head: string } | { type: "garnet:live"; live: number[] } | { type: "garnet:gone"; owner: string } | { type: "garnet:stop" };
export type FromWorker = { type: "garnet:ready"; owner: string };

export interface WorkerSlot {
  slot: number;
  slots: number;
  /** Whether this worker should adopt room `code` (it hashes to this slot among the live ones). */
  placed(code: string): boolean;
  /** Starts taking the primary's messages, and says this worker serves. */
  join(server: GarnetServer, stop: () => void): void;
}

/** This process's slot when it is a cluster worker (from the environment the primary forked it with), else null. */
export function workerSlot(env: NodeJS.ProcessEnv = process.env): WorkerSlot | null {
  if (env.GARNET_SLOT === undefined || !process.send) return null;
  const slot = Number(env.GARNET_SLOT);
  const slots = Number(env.GARNET_SLOTS);
  let live = Array.from({ length: slots }, (_, i) => i);
  return {
    slot,
    slots,
    placed: (code) => slotFor(code, live) === slot,
    join(server, stop) {
      process.on("message", (msg: ToWorker, handle?: net.Socket) => {
        if (msg?.type === "garnet:conn" && handle) {
          // a listening server turns Nagle's algorithm off on the connections it accepts, and a handed-on one is told
          // the same (WebSockets set it again themselves; a long-polling answer would otherwise wait on the peer's ack)
          handle.setNoDelay(true);
          server.http.emit("connection", handle);
          handle.unshift(Buffer.from(msg.head, "base64"));
          handle.resume();
        } else if (msg?.type === "garnet:live") {
          live = msg.live.includes(slot) ? msg.live : [...msg.live, slot];
        } else if (msg?.type === "garnet:gone") {
          server.rooms.ownerDied(msg.owner).catch((e) => console.error(`adopting the rooms of ${msg.owner} failed`, e));
        } else if (msg?.type === "garnet:stop") {
          stop();
        }
      });
      process.send!({ type: "garnet:ready", owner: server.rooms.owner } satisfies FromWorker);
    },
  };
}
