// Room ownership with fencing: a process whose lease on a room was taken can
// never append to that room's log again. Its late writes are refused inside the
// write's own transaction (not merged), it drops the room and tells its
// clients, and the process that took the lease goes on from the log.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { RoomPayload } from "../lib/protocol";
import type { GarnetServer } from "./app-server";
import { Leases, StaleLease } from "./rooms/leases";
import { commitOf } from "./rooms/commit";
import { foldRows } from "./test/fold-rows";
import { fixtureGame } from "./test/fixture-game";
import { client, createTestDb, startTestServer, type Client } from "./test/harness";

const host = { id: "guest:h", name: "Host Hana" };
const alice = { id: "guest:a", name: "Alice" };
const bob = { id: "guest:b", name: "Bob" };

let db: { url: string; drop(): Promise<void> };
let a: GarnetServer;
let b: GarnetServer;
const open: Client[] = [];

beforeAll(async () => {
  db = await createTestDb(inject("pgBase"));
  // two processes on one database; leases long enough that only a takeover moves a room
  a = await startTestServer(db.url, [fixtureGame], { owner: "process-a", leaseTtlMs: 60_000 });
  b = await startTestServer(db.url, [fixtureGame], { owner: "process-b", leaseTtlMs: 60_000 });
});
afterAll(async () => {
  for (const c of open) c.close();
  await a?.close();
  await b?.close();
  await db?.drop();
});

async function on(server: GarnetServer, user: { id: string; name: string }): Promise<Client> {
  const c = await client(server.url, user);
  open.push(c);
  return c;
}

/** A running two-seat game on `server` hosted by `by`, long phases, with both players seated there. */
async function runningGame(server: GarnetServer, by = host, rounds = 5): Promise<{ code: string; h: Client; p1: Client; p2: Client }> {
  const h = await on(server, by);
  const created = await h.req<{ code: string }>("room:create", { gameId: "fixture", seats: 2, config: { rounds, pickSeconds: 600 } });
  if (!created.ok) throw new Error(created.message);
  const code = created.code;
  const p1 = await on(server, alice);
  const p2 = await on(server, bob);
  for (const p of [p1, p2]) {
    await p.req("room:watch", { code });
    await p.req("seat:claim", { code });
  }
  await h.req("room:watch", { code });
  expect((await h.req("host:command", { code, command: { type: "start" } })).ok).toBe(true);
  return { code, h, p1, p2 };
}

const eventCount = (roomId: string) => a.db.event.count({ where: { roomId } });

describe("room leases with fencing", () => {
  it("the process that created a room holds its lease (token 1) and another is refused with room/moved", async () => {
    const { code } = await runningGame(a);
    const room = a.rooms.loaded(code)!;
    expect(room.fence).toBe(1);
    expect(await a.db.roomLease.findUniqueOrThrow({ where: { roomId: room.id } })).toMatchObject({ owner: "process-a", token: 1 });
    const other = await on(b, alice);
    expect(await other.req("game:act", { code, action: { type: "pick", value: 3 } })).toMatchObject({ ok: false, code: "room/moved" });
    expect(b.rooms.loaded(code)).toBeUndefined();
  });

  it("a process whose lease was taken cannot append: its late writes are refused, not merged; the new owner goes on from the log", async () => {
    const { code, p1 } = await runningGame(a);
    const old = a.rooms.loaded(code)!;
    expect((await p1.req<{ version: number }>("game:act", { code, action: { type: "pick", value: 4 } })).ok).toBe(true);
    const before = await eventCount(old.id);
    const versionBefore = old.version;
    const moved = new Promise<{ code: string }>((resolve) => p1.socket.once("room:moved", resolve));

    // process B takes the room: A is declared dead, B frees its leases and adopts its running rooms
    await b.rooms.ownerDied("process-a");
    const taken = b.rooms.loaded(code)!;
    expect(taken.fence).toBe(2);
    expect(taken.version).toBe(versionBefore);
    expect(await a.db.roomLease.findUniqueOrThrow({ where: { roomId: old.id } })).toMatchObject({ owner: "process-b", token: 2 });

    // A's late write: a player still connected to A moves
    const late = await on(a, bob);
    const r = await late.req("game:act", { code, action: { type: "pick", value: 9 } });
    expect(r).toMatchObject({ ok: false, code: "room/moved" });
    expect(await eventCount(old.id)).toBe(before);
    // A dropped the room and told the sockets that watched it
    expect(a.rooms.loaded(code)).toBeUndefined();
    expect(old.closed).toBe(true);
    expect(await moved).toMatchObject({ code });

    // the new owner continues from the log: the same move goes through there
    const bobOnB = await on(b, bob);
    await bobOnB.req("room:watch", { code });
    const ok = await bobOnB.req<{ version: number }>("game:act", { code, action: { type: "pick", value: 9 } });
    expect(ok).toMatchObject({ ok: true, version: versionBefore + 1 });
    const events = await a.db.event.findMany({ where: { roomId: old.id }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(foldRows(fixtureGame, taken.seed, events).state).toEqual(taken.state);
  });

  it("a write in flight while the lease is taken is refused when it arrives", async () => {
    const { code, p2 } = await runningGame(a);
    const room = a.rooms.loaded(code)!;
    const before = await eventCount(room.id);
    let release!: () => void;
    const held = new Promise<null>((resolve) => (release = () => resolve(null)));
    let reached!: () => void;
    const atWrite = new Promise<void>((resolve) => (reached = resolve));
    a.rooms.store.fault = () => {
      reached();
      return held;
    };
    const pending = p2.req("game:act", { code, action: { type: "pick", value: 2 } });
    await atWrite; // the batch is on its way to the database
    a.rooms.store.fault = null;
    await b.rooms.ownerDied("process-a");
    release();
    expect(await pending).toMatchObject({ ok: false, code: "room/moved" });
    expect(await eventCount(room.id)).toBe(before);
    expect(b.rooms.loaded(code)!.version).toBe(room.version);
  });

  it("a late batch is refused whole for the stale room and written for the others in it", async () => {
    const stale = await runningGame(a);
    const fresh = await runningGame(a);
    const staleRoom = a.rooms.loaded(stale.code)!;
    const freshRoom = a.rooms.loaded(fresh.code)!;
    // another process takes one of the two rooms behind A's back
    await a.db.roomLease.update({ where: { roomId: staleRoom.id }, data: { owner: "process-c", token: { increment: 1 }, expiresAt: new Date(Date.now() + 60_000) } });

    const mk = (room: typeof staleRoom) => {
      const ev = { kind: "clock" as const, actor: "server", payload: { type: "downtime", ms: 1 }, seq: room.version + 1, at: Date.now() };
      const c = room.correction(1, ev.at)!;
      return commitOf(room.id, room.fence, room.data, c.data, c.event, null, false);
    };
    const staleBefore = await eventCount(staleRoom.id);
    const [s, f] = await Promise.allSettled([a.rooms.store.append(mk(staleRoom)), a.rooms.store.append(mk(freshRoom))]);
    expect(s.status).toBe("rejected");
    expect((s as PromiseRejectedResult).reason).toBeInstanceOf(StaleLease);
    expect(f.status).toBe("fulfilled");
    expect(await eventCount(staleRoom.id)).toBe(staleBefore);
    expect(await a.db.event.count({ where: { roomId: freshRoom.id, seq: freshRoom.version + 1 } })).toBe(1);
  });

  it("renewal finds a lease another process took: the room is dropped and its clients are told to reconnect", async () => {
    const { code, p1, p2 } = await runningGame(a);
    const room = a.rooms.loaded(code)!;
    const told = Promise.all([p1, p2].map((p) => new Promise<{ code: string }>((resolve) => p.socket.once("room:moved", resolve))));
    await a.db.roomLease.update({ where: { roomId: room.id }, data: { owner: "process-c", token: { increment: 1 } } });
    expect(await a.rooms.renew()).toBeGreaterThanOrEqual(1);
    expect(a.rooms.loaded(code)).toBeUndefined();
    expect((await told).map((m) => m.code)).toEqual([code, code]);
    expect(room.armed()).toEqual({ phase: false, bots: false });
  });

  it("a lease given up stays given up: renewal extends only the leases still held, and another process may take the room at once", async () => {
    const { code } = await runningGame(a);
    const room = a.rooms.loaded(code)!;
    // what the sweep does when it unloads a finished room nobody watches
    await a.rooms.leases.release({ roomId: room.id, token: room.fence });
    const renewed = await a.rooms.leases.renew();
    expect(renewed.map((l) => l.roomId)).not.toContain(room.id);
    expect((await a.db.roomLease.findUniqueOrThrow({ where: { roomId: room.id } })).expiresAt.getTime()).toBe(0);
    expect(await b.rooms.leases.acquire(code)).toEqual({ ok: true, lease: { roomId: room.id, token: room.fence + 1 } });
    // the copy left in memory finds out at its next renewal and stops
    expect(await a.rooms.renew()).toBeGreaterThanOrEqual(1);
    expect(a.rooms.loaded(code)).toBeUndefined();
  });

  it("renewing the leases while batches of many rooms are written never deadlocks: both take the leases in room order", async () => {
    // two dozen rooms, each written in every batch below, while the renewal updates every lease of the process;
    // three hosts of eight (a host keeps at most 25 rooms open), ten rounds each (twenty moves)
    const rooms: { code: string; p1: Client; p2: Client }[] = [];
    for (let i = 0; i < 24; i++) rooms.push(await runningGame(a, { id: `guest:dl-host${Math.floor(i / 8)}`, name: "Host Hana" }, 10));
    const failedBefore = a.rooms.store.stats.failedBatches;
    // two renewal loops run throughout, as often as the database lets them
    let moving = true;
    let renewals = 0;
    const refused: string[] = [];
    const renewing = [0, 1].map(async () => {
      while (moving) {
        const renewed = await a.rooms.leases.renew().catch((e: { code?: string; message?: string }) => {
          refused.push(`${e.code}: ${e.message}`);
          return null;
        });
        if (renewed) expect(renewed.length).toBeGreaterThanOrEqual(rooms.length);
        renewals++;
      }
    });
    for (let move = 0; move < 20; move++) {
      const acks = await Promise.all(rooms.map((r) => (move % 2 ? r.p2 : r.p1).req("game:act", { code: r.code, action: { type: "pick", value: 1 + (move % 9) } })));
      for (const ack of acks) expect(ack).toMatchObject({ ok: true });
    }
    moving = false;
    // a deadlock (40P01) would have failed a renewal or a batch (written again commit by commit)
    await Promise.all(renewing);
    expect(refused).toEqual([]);
    expect(renewals).toBeGreaterThan(20);
    expect(a.rooms.store.stats.failedBatches).toBe(failedBefore);
  });

  it("a renewal passes over a lease a write batch holds rather than waiting for it, still counts it held, and waits for it once it is past half its life", async () => {
    // a lease of an owner no server renews on its timer: a timed renewal landing between the steps
    // below would extend the lease the test shortens, and the renewal under test would have nothing to wait for
    const owner = "process-probe";
    const roomId = "probe-lease";
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    const leases = new Leases(pool, owner, 60_000);
    await a.db.user.upsert({ where: { id: host.id }, create: host, update: {} });
    await a.db.room.create({ data: { id: roomId, code: "PRB001", gameId: "fixture", hostId: host.id, config: {}, seed: "s", status: "running" } });
    await a.db.roomLease.create({ data: { roomId, owner, token: 1, expiresAt: new Date(Date.now() + 60_000) } });
    const expiry = async () => (await a.db.roomLease.findUniqueOrThrow({ where: { roomId } })).expiresAt.getTime();
    const batch = new pg.Client({ connectionString: db.url });
    await batch.connect();
    try {
      // what a write batch's fence holds until it commits
      const holdLease = async () => {
        await batch.query("BEGIN");
        await batch.query(`SELECT 1 FROM "RoomLease" WHERE "roomId" = $1 FOR SHARE`, [roomId]);
      };
      await holdLease();
      const before = await expiry();
      const renewed = await leases.renew();
      expect(renewed).toContainEqual({ roomId, token: 1 });
      expect(await expiry()).toBe(before);
      await batch.query("COMMIT");

      // passed over again and again, the lease comes within half its life of its end: the renewal waits for the batch
      await a.db.roomLease.update({ where: { roomId }, data: { expiresAt: new Date(Date.now() + 5_000) } });
      await holdLease();
      let done = false;
      const renewing = leases.renew().then((r) => ((done = true), r));
      // the renewal's statement is seen waiting on the lease's lock, not done
      const waiting = async () => (await batch.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%RoomLease%'`)).rows[0]!.n;
      let seen = 0;
      for (const end = Date.now() + 10_000; seen === 0 && Date.now() < end; ) seen = await waiting();
      expect(seen).toBe(1);
      expect(done).toBe(false);
      await batch.query("COMMIT");
      expect(await renewing).toContainEqual({ roomId, token: 1 });
      expect(await expiry()).toBeGreaterThan(Date.now() + 50_000);
    } finally {
      await batch.query("ROLLBACK").catch(() => undefined);
      await batch.end();
      await pool.end();
      await a.db.room.delete({ where: { id: roomId } });
    }
  });

  it("a renewal extends every lease of a process, a hundred to a statement", async () => {
    const owner = a.rooms.leases.owner;
    const ids = Array.from({ length: 250 }, (_, i) => `renew-${String(i).padStart(3, "0")}`);
    await a.db.user.upsert({ where: { id: host.id }, create: host, update: {} });
    await a.db.room.createMany({ data: ids.map((id, i) => ({ id, code: `RN${String(i).padStart(4, "0")}`, gameId: "fixture", hostId: host.id, config: {}, seed: "s", status: "running" })) });
    const soon = new Date(Date.now() + 20_000);
    await a.db.roomLease.createMany({ data: ids.map((roomId) => ({ roomId, owner, token: 1, expiresAt: soon })) });
    try {
      const renewed = new Set((await a.rooms.leases.renew()).map((l) => l.roomId));
      for (const id of ids) expect(renewed.has(id)).toBe(true);
      const leases = await a.db.roomLease.findMany({ where: { roomId: { in: ids } } });
      expect(leases).toHaveLength(ids.length);
      for (const l of leases) expect(l.expiresAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    } finally {
      await a.db.room.deleteMany({ where: { id: { in: ids } } });
    }
  });

  it("a restart takes its rooms' leases in one statement: free ones and a dead owner's, each with a new token, never a live holder's", async () => {
    const held = await runningGame(a);
    const dead = await runningGame(a);
    const expired = await runningGame(a);
    const lease = (code: string) => a.db.roomLease.findFirstOrThrow({ where: { room: { code } } });
    await a.db.roomLease.update({ where: { roomId: (await lease(dead.code)).roomId }, data: { owner: "process-gone" } });
    await a.db.roomLease.update({ where: { roomId: (await lease(expired.code)).roomId }, data: { expiresAt: new Date(0) } });

    const got = await b.rooms.leases.acquireAll([held.code, dead.code, expired.code, "NOSUCH"], ["process-gone"]);
    expect([...got.keys()].sort()).toEqual([dead.code, expired.code].sort());
    for (const code of [dead.code, expired.code]) {
      expect(await lease(code)).toMatchObject({ owner: "process-b", token: 2, roomId: got.get(code)!.roomId });
      expect(got.get(code)!.token).toBe(2);
    }
    expect(await lease(held.code)).toMatchObject({ owner: "process-a", token: 1 });
    expect(await b.rooms.leases.acquireAll([])).toEqual(new Map());
  });

  it("a graceful close gives every lease up: another process takes the rooms at once, with the deadline they had", async () => {
    const { code } = await runningGame(a);
    const deadline = a.rooms.loaded(code)!.clock.deadlineAt;
    await a.close();
    const got = (await b.rooms.get(code))!;
    expect(got.fence).toBeGreaterThan(1);
    expect(got.clock.deadlineAt).toBe(deadline);
    expect(got.armed().phase).toBe(true);
    const w = await (await on(b, alice)).req<{ payload: RoomPayload }>("room:watch", { code });
    expect(w.ok && w.payload.you).toBe("s1");
  });
});
