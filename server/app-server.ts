// Builds the Garnet server: one http.Server hosting Next's handler (optional,
// so integration tests can run the room server alone) and Socket.IO.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { getGame } from "../lib/games/registry";
import type { AnyGame } from "../lib/games/core/types";
import type { ClientToServer, ServerToClient } from "../lib/protocol";
import { createDb, createSqlPool, type Db } from "./db/client";
import { RoomManager } from "./rooms/manager";
import { userFromCookie } from "./sockets/auth";
import { broadcast, deliverChat, registerHandlers, type SocketData } from "./sockets/handlers";
import { handleApi } from "./http/api";
import { createEdge, DEFAULT_EDGE, type Edge, type EdgeConfig } from "./edge";

export interface GarnetServerOptions {
  databaseUrl: string;
  authSecret: string;
  port: number;
  host?: string;
  botDelayMs?: number;
  heartbeatMs?: number;
  snapshotEvery?: number;
  instanceId?: string;
  lookupGame?: (id: string) => AnyGame | undefined;
  /** Origins, proxies, rate limits and socket caps (default: DEFAULT_EDGE; `npm start` reads them from the environment). */
  edge?: EdgeConfig;
  /** Next's request handler; without it only the API and sockets are served. */
  nextHandler?: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
  log?: (m: string) => void;
}

export interface GarnetServer {
  url: string;
  port: number;
  db: Db;
  rooms: RoomManager;
  io: Server<ClientToServer, ServerToClient, object, SocketData>;
  /** Rate limits (`edge.limits`), client addresses (`edge.addressOf`) and the edge's figures. */
  edge: Edge;
  close(): Promise<void>;
}

export async function startGarnetServer(o: GarnetServerOptions): Promise<GarnetServer> {
  const log = o.log ?? ((m: string) => console.log(m));
  const db = createDb(o.databaseUrl);
  const sql = createSqlPool(o.databaseUrl);
  const knownUsers = new Set<string>();
  const edge = createEdge(o.edge ?? DEFAULT_EDGE);
  // eslint-disable-next-line prefer-const
  let io: Server<ClientToServer, ServerToClient, object, SocketData>;
  const rooms = new RoomManager(
    db,
    {
      changed: (room) => broadcast(io, room),
      chat: (room, rule, message) => deliverChat(io, room, rule, message),
      nudge: (room, seat, text) => io.to(`${room.id}:seat:${seat}`).emit("room:nudge", { code: room.code, text }),
    },
    {
      botDelayMs: o.botDelayMs ?? 700,
      snapshotEvery: o.snapshotEvery ?? 50,
      heartbeatMs: o.heartbeatMs ?? 200,
      instanceId: o.instanceId ?? "main",
      lookupGame: o.lookupGame ?? getGame,
      sql,
    },
  );

  const http = createServer((req, res) => {
    void (async () => {
      try {
        if (edge.http(req, res)) return;
        if (await handleApi(req, res, { rooms, authSecret: o.authSecret, limits: edge.limits, address: edge.addressOf(req) })) return;
        if (o.nextHandler) return await o.nextHandler(req, res);
        res.statusCode = 404;
        res.end("not found");
      } catch (e) {
        console.error("request failed", e);
        if (!res.headersSent) res.statusCode = 500;
        res.end("server error");
      }
    })();
  });

  io = new Server(http, { maxHttpBufferSize: 64 * 1024, serveClient: false, connectionStateRecovery: undefined, allowRequest: edge.allowRequest });
  edge.attach(io.engine);
  io.use((socket, next) => {
    void (async () => {
      const user = await userFromCookie(socket.handshake.headers.cookie, o.authSecret);
      socket.data.user = user;
      socket.data.watching = new Map();
      socket.data.bucket = { tokens: 40, at: Date.now() };
      if (user) {
        if (!knownUsers.has(user.id)) {
          await db.user.upsert({ where: { id: user.id }, create: { id: user.id, name: user.name }, update: { name: user.name } });
          knownUsers.add(user.id);
        }
        void socket.join(`user:${user.id}`);
      }
      next();
    })().catch((e) => next(e instanceof Error ? e : new Error(String(e))));
  });
  io.on("connection", (socket) => registerHandlers(io, socket, rooms));

  const recovered = await rooms.recover();
  rooms.startHeartbeat();
  if (recovered.rooms) log(`recovered ${recovered.rooms} live room(s); ${recovered.downtimeMs} ms of downtime not counted against phases`);

  await new Promise<void>((resolve) => http.listen(o.port, o.host ?? "0.0.0.0", resolve));
  const port = (http.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    db,
    rooms,
    io,
    edge,
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((r) => io.close(() => r()));
      await rooms.close();
      await db.$disconnect();
      await sql.end();
      http.closeAllConnections?.();
    },
  };
}
