// The server's edge, in one object: what app-server.ts wires into the HTTP
// server and Socket.IO. Rooms and handlers take `limits` and `addressOf` from it.
import type { IncomingMessage } from "node:http";
import { Limits } from "../limits";
import { clientAddress } from "./address";
import type { EdgeConfig } from "./config";
import { httpEdge } from "./http";
import { socketEdge } from "./sockets";

export type { EdgeConfig } from "./config";
export { DEFAULT_EDGE, edgeFromEnv, oneAddressEdge } from "./config";

export function createEdge(cfg: EdgeConfig) {
  const limits = new Limits(cfg.limits);
  const sockets = socketEdge(cfg, limits);
  return {
    config: cfg,
    limits,
    /** Runs first for every HTTP request; true when it answered. */
    http: httpEdge(cfg, limits),
    /** engine.io's allowRequest (origin and connection limits). */
    allowRequest: sockets.allowRequest,
    /** Watches the engine's sockets (open count per address, unsent-bytes cap). */
    attach: sockets.attach,
    /** The limit key of a request's or a socket's client (`addressOf(socket.request)`). */
    addressOf: (req: IncomingMessage) => clientAddress(req, cfg.trustProxy),
    stats: () => ({ ...sockets.figures(), refused: { ...limits.refused }, keys: limits.keys() }),
  };
}

export type Edge = ReturnType<typeof createEdge>;
