// Builds the Garnet server: one http.Server hosting Next's handler (optional,
// so integration tests can run the room server alone) and Socket.IO.
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { getGame } from "../lib/games/registry";
import type { AnyGame } from "../lib/games/core/types";
import type { ClientToServer, ServerToClient } from "../lib/protocol";
import { createDb, createSqlPool, type Db } from "./db/client";
import { RoomManager } from "./rooms/manager";
import { Store } from "./rooms/store";
import { forgetHandshake, userFromCookie } from "./sockets/auth";
import { broadcast, deliverChat, disconnectHandler, groupUser, movedAway, roomHandlers, seatConnected, seatsMoved, tell, watcherCount, type SocketData } from "./sockets/handlers";
import { eventListener } from "./sockets/edge";
import { handleApi } from "./http/api";
import { createEdge, DEFAULT_EDGE, type Edge, type EdgeConfig } from "./edge";
import { Seasons } from "./season/service";
import { handleSeasonApi } from "./season/http";
import { seasonChanged, seasonHandlers } from "./season/sockets";
import { DEFAULT_ALERTS, type AlertsConfig } from "./alerts/config";
import { Alerts } from "./alerts/service";
import { alertHandlers } from "./alerts/sockets";
import { AlertStore } from "./alerts/store";
import { attachAdapter, handovers, shareAlerts, type CrossProcess, type ServerSideEvents } from "./cluster/adapter";

export interface GarnetServerOptions {
  databaseUrl: string;
  authSecret: string;
  port: number;
  host?: string;
  botDelayMs?: number;
  heartbeatMs?: number;
  /** Lobbies nobody started expire after this long; finished rooms nobody watches leave memory after `unloadIdleMs`. */
  lobbyTtlMs?: number;
  unloadIdleMs?: number;
  snapshotEvery?: number;
  instanceId?: string;
  /** This process's name in the room leases (default: unique per start). */
  owner?: string;
  /** How long a room lease lasts unless renewed (default 10 s): how soon another process may take the rooms of one that vanished without a word. */
  leaseTtlMs?: number;
  /** Delivery between processes (cluster IPC or Redis); unset, this process is alone. */
  crossProcess?: CrossProcess;
  /** See ManagerOptions: false for a cluster worker, whose siblings hold live leases under the same instance. */
  soleOfInstance?: boolean;
  /** Which orphaned rooms this process adopts (cluster placement); default all. */
  placed?: (code: string) => boolean;
  /** When the instance was last seen alive, for the downtime recovery takes off phases (default: its heartbeat row; null: unknown, none taken). */
  lastBeat?: number | null;
  /** How to listen: on `port` (default), or `exclusive` on a loopback port of its own (a cluster worker, which is handed its clients' connections). */
  listen?: "port" | "exclusive";
  lookupGame?: (id: string) => AnyGame | undefined;
  /** Origins, proxies, rate limits and socket caps (default: DEFAULT_EDGE; `npm start` reads them from the environment). */
  edge?: EdgeConfig;
  /** Web Push keys and delivery bounds (default: no pushes; `npm start` makes keys into the data folder). */
  alerts?: AlertsConfig;
  /** Next's request handler; without it only the API and sockets are served. */
  nextHandler?: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
  log?: (m: string) => void;
}

type IO = Server<ClientToServer, ServerToClient, ServerSideEvents, SocketData>;

export interface GarnetServer {
  url: string;
  port: number;
  db: Db;
  rooms: RoomManager;
  seasons: Seasons;
  io: IO;
  /** The HTTP server (a cluster worker hands it the connections the primary routes to it). */
  http: HttpServer;
  /** Rate limits (`edge.limits`), client addresses (`edge.addressOf`) and the edge's figures. */
  edge: Edge;
  /** Pushes and Discord posts (its outbox's figures, for tests and benchmarks). */
  alerts: Alerts;
  close(): Promise<void>;
}

export async function startGarnetServer(o: GarnetServerOptions): Promise<GarnetServer> {
  const log = o.log ?? ((m: string) => console.log(m));
  const db = createDb(o.databaseUrl);
  const sql = createSqlPool(o.databaseUrl);
  const store = new Store(db, sql);
  const knownUsers = new Set<string>();
  const edge = createEdge(o.edge ?? DEFAULT_EDGE);
  // eslint-disable-next-line prefer-const
  let io: IO;
  let handover: ((code: string, holder: string) => Promise<boolean>) | null = null;
  const rooms = new RoomManager(
    store,
    {
      changed: (room) => {
        broadcast(io, room);
        seasons.roomChanged(room);
      },
      connected: (room, seat) => seatConnected(io, room, seat),
      watchers: (room) => watcherCount(io, room),
      seatsMoved: (room, users) => seatsMoved(io, room, users),
      chat: (room, rule, message) => deliverChat(io, room, rule, message),
      tell: (room, to, text) => tell(io, room, to, text),
      // a room served here from now on, whenever it was loaded, has its deadline warning armed as it stands
      started: (room) => alerts.arm(room),
      committed: (room, before, after, ev) => alerts.committed(room, before, after, ev),
      moved: (room) => movedAway(io, room),
    },
    {
      botDelayMs: o.botDelayMs ?? 700,
      snapshotEvery: o.snapshotEvery ?? 50,
      heartbeatMs: o.heartbeatMs ?? 200,
      instanceId: o.instanceId ?? "main",
      owner: o.owner,
      leaseTtlMs: o.leaseTtlMs,
      soleOfInstance: o.soleOfInstance,
      placed: o.placed,
      lastBeat: o.lastBeat,
      handover: (code, holder) => handover?.(code, holder) ?? Promise.resolve(false),
      lobbyTtlMs: o.lobbyTtlMs,
      unloadIdleMs: o.unloadIdleMs,
      lookupGame: o.lookupGame ?? getGame,
    },
  );

  const lookupGame = o.lookupGame ?? getGame;
  const alerts: Alerts = new Alerts(new AlertStore(db), (code) => rooms.loaded(code), edge.limits, o.alerts ?? DEFAULT_ALERTS, log);
  await alerts.start();
  const seasons: Seasons = new Seasons(db, rooms, lookupGame, (code) => seasonChanged(io, code));

  const http = createServer((req, res) => {
    void (async () => {
      try {
        if (edge.http(req, res)) return;
        if (await handleSeasonApi(req, res, { seasons, authSecret: o.authSecret })) return;
        if (await handleApi(req, res, { rooms, store, authSecret: o.authSecret, limits: edge.limits, address: edge.addressOf(req), seasonLogOpen: (id) => seasons.logOpen(id) })) return;
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
  const closeAdapter = o.crossProcess ? await attachAdapter(io, o.crossProcess) : null;
  if (o.crossProcess) {
    handover = handovers(io, () => rooms);
    shareAlerts(io, alerts);
  }
  io.use((socket, next) => {
    void (async () => {
      // the session cookie and the address are read once, here: the socket keeps neither the request
      // nor its headers (nor the session token) for its life
      const cookie = socket.handshake.headers.cookie;
      socket.data.address = edge.addressOf(socket.request);
      forgetHandshake(socket);
      const user = await userFromCookie(cookie, o.authSecret);
      socket.data.user = user;
      socket.data.watching = new Map();
      if (user) {
        if (!knownUsers.has(user.id)) {
          await store.rememberUser(user.id, user.name);
          knownUsers.add(user.id);
        }
        // the user's sockets, found by the user when a seat of theirs changes hands
        void socket.join(groupUser(user.id));
      }
      next();
    })().catch((e) => next(e instanceof Error ? e : new Error(String(e))));
  });
  // one listener for every event of every socket, and one for its going: nothing is made per socket
  const onEvent = eventListener(edge.limits, roomHandlers(io, rooms, edge.limits), seasonHandlers(seasons), alertHandlers(alerts, rooms, edge.limits));
  const onDisconnect = disconnectHandler(io, rooms, edge.limits);
  io.on("connection", (socket) => {
    socket.onAny(onEvent);
    socket.on("disconnect", onDisconnect);
  });

  const recovered = await rooms.recover();
  rooms.startHeartbeat();
  rooms.startRenewing();
  rooms.startSweeping();
  if (recovered.rooms) log(`recovered ${recovered.rooms} live room(s); ${recovered.downtimeMs} ms of downtime not counted against phases`);

  await new Promise<void>((resolve) => (o.listen === "exclusive" ? http.listen({ port: 0, host: "127.0.0.1", exclusive: true }, resolve) : http.listen(o.port, o.host ?? "0.0.0.0", resolve)));
  const port = (http.address() as AddressInfo).port;

  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    db,
    rooms,
    seasons,
    io,
    http,
    edge,
    alerts,
    close() {
      closing ??= (async () => {
        // the rooms first: what is queued is written and every lease given up, so the clients that reconnect elsewhere find their rooms free
        await rooms.close();
        io.disconnectSockets(true);
        await new Promise<void>((r) => io.close(() => r()));
        await closeAdapter?.();
        await alerts.close();
        await db.$disconnect();
        await store.close();
        await sql.end();
        http.closeAllConnections?.();
      })();
      return closing;
    },
  };
}
