// Many machines, simulated: two separate server instances (processes with
// their own instance names) on one PostgreSQL, Redis between them, behind a
// front that hashes each room's connections by its code (server/test/front.ts,
// the stand-in for the nginx front of docs/deploy.md). A game is played
// through the front; the instance that serves the room is killed with SIGKILL;
// its lease runs out, the players' reconnections reach the other instance,
// which takes the room over from the log and the game goes on to its end.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Rng } from "../lib/games/core/rng";
import { createDb, type Db } from "./db/client";
import { foldRows } from "./test/fold-rows";
import { fixtureGame } from "./test/fixture-game";
import { startFront, type Front } from "./test/front";
import { createTestDb } from "./test/harness";
import { connected, request, SeatClient, signedInSocket } from "./test/seat-client";
import { freePort, ServerProcess } from "./test/server-process";

const host = { id: "guest:mm-host", name: "Host Hana" };
const players = [
  { id: "guest:mm-a", name: "Alice" },
  { id: "guest:mm-b", name: "Bob" },
];

let testDb: { url: string; drop(): Promise<void> };
let db: Db;
let front: Front;
const servers: ServerProcess[] = [];
const ports: number[] = [];

beforeAll(async () => {
  testDb = await createTestDb(inject("pgBase"));
  db = createDb(testDb.url, 2);
  // channels of this run only: other runs may share the Redis
  const prefix = `garnet-test-${randomBytes(4).toString("hex")}`;
  for (const name of ["machine-a", "machine-b"]) {
    const port = await freePort();
    const { server } = await ServerProcess.start({ databaseUrl: testDb.url, port, botDelayMs: 50, env: { INSTANCE_ID: name, REDIS_URL: "redis://127.0.0.1:6379", REDIS_PREFIX: prefix, LEASE_TTL_MS: "1500" } });
    servers.push(server);
    ports.push(port);
  }
  front = await startFront(ports);
});
afterAll(async () => {
  await front?.close();
  await Promise.all(servers.map((s) => s.stop()));
  await db?.$disconnect();
  await testDb?.drop();
});

describe("two instances behind a front that hashes on the room code", () => {
  it("a game is played through the front; its instance is killed; the room continues on the other", async () => {
    const url = `http://127.0.0.1:${front.port}`;
    // the room is made on whichever instance the front picks; its sockets, named for it, are routed by its code
    const lobby = await signedInSocket(url, host);
    await connected(lobby);
    const created = await request<{ code: string }>(lobby, "room:create", { gameId: "fixture", seats: 2, config: { rounds: 6, pickSeconds: 600 } });
    if (!created.ok) throw new Error(created.message);
    lobby.close();
    const code = created.code;
    const seats = await Promise.all(players.map((user) => SeatClient.open({ url, user, code, game: fixtureGame, reconnect: true }, true)));
    const console_ = await signedInSocket(url, host, true, code);
    await connected(console_);
    expect((await request(console_, "host:command", { code, command: { type: "start" } })).ok).toBe(true);

    const rng = Rng.fromSeed("many-machines");
    const acked: number[] = [];
    /** One move per seat, each retried until an answer (a refusal while the room moves is asked again). */
    async function round(): Promise<void> {
      for (const s of seats) {
        for (let tries = 0; ; tries++) {
          await waitUntil(() => s.socket.connected && s.payload?.status === "running" && s.nextMove(rng) !== null, 20_000);
          const r = await s.act(s.nextMove(rng), `mm-${acked.length}-${tries}`);
          if (r.kind === "ack") {
            acked.push(r.version);
            break;
          }
          if (tries > 100) throw new Error(`no move went through: ${JSON.stringify(r)}`);
          await new Promise((res) => setTimeout(res, 100));
        }
      }
    }
    await round();
    await round();
    const room = await db.room.findUniqueOrThrow({ where: { code }, include: { lease: true } });
    const owner = room.lease!.owner;
    const victim = owner.startsWith("machine-a/") ? 0 : 1;
    expect(owner.startsWith(victim === 0 ? "machine-a/" : "machine-b/")).toBe(true);
    const versionAtKill = room.version;

    await servers[victim]!.kill();
    // the game goes on: the players' next moves are served by the other instance, which took the lease
    await round();
    await round();
    const after = await db.room.findUniqueOrThrow({ where: { code }, include: { lease: true } });
    expect(after.lease!.owner.startsWith(victim === 0 ? "machine-b/" : "machine-a/")).toBe(true);
    expect(after.lease!.token).toBeGreaterThan(room.lease!.token);
    expect(after.version).toBeGreaterThan(versionAtKill);

    // nothing acknowledged was lost or applied twice, and the log folds to what the players see
    const events = await db.event.findMany({ where: { roomId: room.id }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    for (const v of acked) expect(events.find((e) => e.seq === v)?.kind).toBe("action");
    const actions = events.filter((e) => e.clientId !== null).map((e) => e.clientId);
    expect(new Set(actions).size).toBe(actions.length);
    const folded = foldRows(fixtureGame, room.seed, events);
    await waitUntil(() => seats.every((s) => s.payload?.version === folded.version), 10_000);
    for (const s of seats) s.close();
    console_.close();
  });
});

async function waitUntil(cond: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}
