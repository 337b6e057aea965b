// Helpers for integration tests: a fresh migrated database per test file, a
// server on a random port, signed-in socket clients.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import pg from "pg";
import { io as connect, type Socket } from "socket.io-client";
import type { AnyGame } from "../../lib/games/core/types";
import { ROOM_CODE_RE, type Ack, type ChatMessage, type RoomPayload } from "../../lib/protocol";
import { RoomFeeds } from "../../lib/room-feed";
import { connected, request } from "./seat-client";
import { migrateDeploy } from "../db/migrate";
import { startGarnetServer, type GarnetServer, type GarnetServerOptions } from "../app-server";
import { oneAddressEdge } from "../edge";
import { sessionCookie, TEST_SECRET } from "./session";

export { sessionCookie };

export async function createTestDb(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `garnet_t_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  await migrateDeploy(url, process.cwd());
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export function startTestServer(databaseUrl: string, games: AnyGame[], extra: Partial<GarnetServerOptions> = {}): Promise<GarnetServer> {
  return startGarnetServer({
    databaseUrl,
    authSecret: TEST_SECRET,
    port: 0,
    host: "127.0.0.1",
    botDelayMs: 5,
    heartbeatMs: 50,
    lookupGame: (id) => games.find((g) => g.meta.id === id),
    log: () => {},
    // every test client comes from 127.0.0.1; tests of the limits pass their own
    edge: oneAddressEdge(),
    ...extra,
  });
}

type User = { id: string; name: string };

export interface Client {
  socket: Socket;
  states: RoomPayload[];
  /** Chat messages pushed to this socket. */
  inbox: ChatMessage[];
  req<T = object>(event: string, input: unknown): Promise<Ack<T>>;
  last(): RoomPayload | undefined;
  waitFor(pred: (p: RoomPayload) => boolean, timeoutMs?: number): Promise<RoomPayload>;
  close(): void;
}

export async function client(url: string, user?: { id: string; name: string }): Promise<Client> {
  const socket = connect(url, { transports: ["websocket"], extraHeaders: user ? { cookie: await sessionCookie(user) } : {}, reconnection: false, forceNew: true });
  const states: RoomPayload[] = [];
  const inbox: ChatMessage[] = [];
  socket.on("chat:message", (p: { message: ChatMessage }) => inbox.push(p.message));
  const waiters: { pred: (p: RoomPayload) => boolean; resolve: (p: RoomPayload) => void }[] = [];
  // the same feeds the browser watches rooms through
  const feeds = new RoomFeeds(
    (event, input) => request(socket, event, input),
    (p) => {
      states.push(p);
      for (const w of [...waiters]) if (w.pred(p)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p);
      }
    },
  );
  feeds.listen(socket);
  await connected(socket);
  return {
    socket,
    states,
    inbox,
    async req(event, input) {
      const code = (input as { code?: unknown } | null)?.code;
      if (event === "room:watch" && typeof code === "string" && ROOM_CODE_RE.test(code)) {
        const as = (input as { as?: "spectator" }).as;
        return (await feeds.watch(code, as)) as never;
      }
      return request(socket, event, input);
    },
    last: () => states[states.length - 1],
    waitFor(pred, timeoutMs = 10_000) {
      const hit = [...states].reverse().find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const w = { pred, resolve };
        waiters.push(w);
        setTimeout(() => {
          const i = waiters.indexOf(w);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error("timed out waiting for a room state"));
          }
        }, timeoutMs);
      });
    },
    close: () => socket.close(),
  };
}

/**
 * Registers the usual lifecycle for a test file: a fresh migrated database and a
 * server before the tests, everything closed and dropped after them.
 */
export function useTestServer(games: AnyGame[], extra: Partial<GarnetServerOptions> = {}) {
  let db: { url: string; drop(): Promise<void> } | null = null;
  let server: GarnetServer | null = null;
  const open: Client[] = [];
  beforeAll(async () => {
    db = await createTestDb(inject("pgBase"));
    server = await startTestServer(db.url, games, extra);
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await server?.close();
    await db?.drop();
  });
  return {
    get server(): GarnetServer {
      if (!server) throw new Error("the test server is not started");
      return server;
    },
    /** The test database, for a second process on it. */
    get dbUrl(): string {
      if (!db) throw new Error("the test database is not made");
      return db.url;
    },
    /** Stops the server (its clients lose their connection) and starts another on the same database. */
    async restart(): Promise<GarnetServer> {
      await server?.close();
      server = await startTestServer(db!.url, games, extra);
      return server;
    },
    async client(user?: { id: string; name: string }): Promise<Client> {
      const c = await client(this.server.url, user);
      open.push(c);
      return c;
    },
    /**
     * A room created and watched by `host`, with each of `players` watching it and
     * seated in turn (first seat first); not started.
     */
    async seatedRoom(host: User, players: User[], room: { gameId: string; seats?: number; config?: object; spectators?: object }): Promise<{ h: Client; seated: Client[]; code: string }> {
      const h = await this.client(host);
      const created = await h.req<{ code: string }>("room:create", { gameId: room.gameId, seats: room.seats ?? players.length, config: room.config ?? {}, ...(room.spectators ? { spectators: room.spectators } : {}) });
      if (!created.ok) throw new Error(created.message);
      const code = created.code;
      await h.req("room:watch", { code });
      const seated: Client[] = [];
      for (const user of players) {
        const p = await this.client(user);
        await p.req("room:watch", { code });
        const r = await p.req<{ seat: string }>("seat:claim", { code });
        if (!r.ok) throw new Error(`${user.name} could not take a seat: ${r.message}`);
        seated.push(p);
      }
      return { h, seated, code };
    },
  };
}
