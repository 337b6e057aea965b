import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { RoomPayload } from "../lib/protocol";
import type { GarnetServer } from "./app-server";
import { foldRows } from "./test/fold-rows";
import { fixtureGame } from "./test/fixture-game";
import { client, createTestDb, startTestServer, type Client } from "./test/harness";

const host = { id: "guest:h", name: "Host Hana" };
const alice = { id: "guest:a", name: "Alice" };
const bob = { id: "guest:b", name: "Bob" };

let db: { url: string; drop(): Promise<void> };
let server: GarnetServer;
const open: Client[] = [];

beforeAll(async () => {
  db = await createTestDb(inject("pgBase"));
});
afterAll(async () => {
  for (const c of open) c.close();
  await server?.close();
  await db?.drop();
});

async function c(user: { id: string; name: string }): Promise<Client> {
  const cl = await client(server.url, user);
  open.push(cl);
  return cl;
}

describe("a server restart in mid-game", () => {
  it("loses nothing: same state, same version, the phase keeps its remaining time, players carry on", async () => {
    server = await startTestServer(db.url, [fixtureGame], { snapshotEvery: 3 });
    const h = await c(host);
    const created = await h.req<{ code: string }>("room:create", { gameId: "fixture", seats: 2, config: { rounds: 4, pickSeconds: 20 } });
    if (!created.ok) throw new Error(created.message);
    const code = created.code;
    const a = await c(alice);
    const b = await c(bob);
    for (const p of [a, b]) {
      await p.req("room:watch", { code });
      await p.req("seat:claim", { code });
    }
    await h.req("host:command", { code, command: { type: "start" } });
    // two full rounds (crossing a snapshot) and one pick into the third
    for (const [p, v] of [[a, 5], [b, 4], [a, 2], [b, 8], [a, 9]] as const) {
      const r = await p.req<{ version: number }>("game:act", { code, action: { type: "pick", value: v } });
      expect(r.ok).toBe(true);
    }
    const before = (await server.rooms.get(code))!;
    const stateBefore = JSON.stringify(before.state);
    const versionBefore = before.version;
    expect(await server.db.snapshot.count({ where: { roomId: before.id } })).toBeGreaterThan(0);

    await server.close(); // its last act is a final heartbeat
    const remainingBefore = before.clock.deadlineAt! - Date.now();
    const down = Date.now();
    await new Promise((r) => setTimeout(r, 1500)); // the server is down for a while
    server = await startTestServer(db.url, [fixtureGame], { snapshotEvery: 3 });
    const after = (await server.rooms.get(code))!;
    // one event more: the clock correction for the time the server was away
    expect(after.version).toBe(versionBefore + 1);
    const correction = await server.db.event.findUniqueOrThrow({ where: { roomId_seq: { roomId: after.id, seq: after.version } } });
    expect(correction).toMatchObject({ kind: "clock", actor: "server" });
    expect(after.state).toEqual(JSON.parse(stateBefore));
    const remainingAfter = after.clock.deadlineAt! - Date.now();
    // the 1.5 s of downtime did not eat into the phase (within the heartbeat's resolution)
    expect(Date.now() - down).toBeGreaterThan(1500);
    expect(Math.abs(remainingAfter - remainingBefore)).toBeLessThan(400);

    // the same users reconnect and the game goes on from where it was
    const b2 = await c(bob);
    const w = await b2.req<{ payload: RoomPayload }>("room:watch", { code });
    expect(w.ok && w.payload.you).toBe("s2");
    const r = await b2.req<{ version: number }>("game:act", { code, action: { type: "pick", value: 1 } });
    expect(r).toMatchObject({ ok: true, version: versionBefore + 2 });
    expect(after.phase()?.round).toBe(4);

    // the state equals a replay of the whole log from the seed
    const events = await server.db.event.findMany({ where: { roomId: after.id }, orderBy: { seq: "asc" } });
    expect(foldRows(fixtureGame, after.seed, events).state).toEqual(after.state);
  });

  it("never loses an acknowledged action: it is in the log before the ack arrives", async () => {
    const h = await c(host);
    const created = await h.req<{ code: string }>("room:create", { gameId: "fixture", seats: 2, config: { rounds: 2 } });
    if (!created.ok) throw new Error(created.message);
    const code = created.code;
    const a = await c(alice);
    await a.req("room:watch", { code });
    await a.req("seat:claim", { code });
    await h.req("host:command", { code, command: { type: "start", fillWithBots: false } }).then((r) => expect(r.ok).toBe(false));
    await h.req("host:command", { code, command: { type: "bot", seat: "s2", on: true } });
    // bots are slow here so that the check below races nothing but the player
    await h.req("host:command", { code, command: { type: "start" } });
    const ack = await a.req<{ version: number }>("game:act", { code, action: { type: "pick", value: 3 }, clientId: "durable-1" });
    expect(ack.ok).toBe(true);
    const row = await server.db.event.findFirst({ where: { room: { code }, clientId: "durable-1" } });
    expect(row).not.toBeNull();
    if (ack.ok) expect(row!.seq).toBe(ack.version);
  });

  it("a room that cannot be rebuilt does not hold the others back: it is left out, with its lease given up", async () => {
    await server?.close();
    server = await startTestServer(db.url, [fixtureGame]);
    const [h, a, b] = await Promise.all([c(host), c(alice), c(bob)]);
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await h.req<{ code: string }>("room:create", { gameId: "fixture", seats: 2, config: { rounds: 4, pickSeconds: 600 } });
      if (!created.ok) throw new Error(created.message);
      for (const p of [a, b]) {
        await p.req("room:watch", { code: created.code });
        await p.req("seat:claim", { code: created.code });
      }
      expect((await h.req("host:command", { code: created.code, command: { type: "start" } })).ok).toBe(true);
      codes.push(created.code);
    }
    const [good1, broken, good2] = codes as [string, string, string];
    const brokenId = server.rooms.loaded(broken)!.id;
    await server.close();
    // its log lost (a restore gone wrong, say): there is nothing to fold
    await server.db.snapshot.deleteMany({ where: { roomId: brokenId } });
    await server.db.event.deleteMany({ where: { roomId: brokenId } });

    server = await startTestServer(db.url, [fixtureGame]);
    expect(server.rooms.loaded(good1)?.status).toBe("running");
    expect(server.rooms.loaded(good2)?.status).toBe("running");
    expect(server.rooms.loaded(broken)).toBeUndefined();
    expect((await server.db.roomLease.findUniqueOrThrow({ where: { roomId: brokenId } })).expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
