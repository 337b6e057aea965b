// The batched write path: one statement per batch, whole or nothing, and a
// failed batch retried commit by commit so that only the bad commit fails.
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createDb, createSqlPool, type Db, type SqlPool } from "./db/client";
import { Store, type Commit, type RoomRow } from "./rooms/store";
import { createTestDb } from "./test/harness";
import { until } from "./test/until";
import { insertLedgerRows } from "./season/ledger-store";
import type { LedgerRow } from "../lib/season/types";

let dbInfo: { url: string; drop(): Promise<void> };
let db: Db;
let sql: SqlPool;

beforeAll(async () => {
  dbInfo = await createTestDb(inject("pgBase"));
  db = createDb(dbInfo.url, 2);
  sql = createSqlPool(dbInfo.url, 2);
  await db.user.create({ data: { id: "guest:h", name: "Host" } });
});
afterAll(async () => {
  await db.$disconnect();
  await sql.end();
  await dbInfo.drop();
});

async function newRoom(id: string): Promise<void> {
  await db.room.create({
    data: { id, code: id.slice(0, 6).toUpperCase(), gameId: "fixture", hostId: "guest:h", config: {}, seed: "s", seats: { create: [{ seatId: "s1", position: 0, name: "" }, { seatId: "s2", position: 1, name: "" }] }, lease: { create: { owner: "this-test", token: 1, expiresAt: new Date(Date.now() + 3_600_000) } } },
  });
}

const at = new Date("2026-11-21T10:00:00.123Z");
function commit(roomId: string, seq: number, extra: { room?: Partial<RoomRow>; payload?: string; snapshot?: string; seats?: Commit["seats"] } = {}): Commit {
  return {
    fence: 1,
    event: { roomId, seq, kind: "action", actor: "s1", payload: extra.payload ?? JSON.stringify({ action: { type: "pick", value: seq, text: `quote " and \\ and {braces}` } }), clientId: `c${seq}`, at: at.getTime(), deadlineAt: at.getTime() + 30_000, paused: false },
    room: { id: roomId, version: seq, status: "running", deadlineAt: at.getTime() + 30_000, pausedAt: null, remainingMs: null, durations: {}, endReason: null, spectators: { mode: "live", lag: 1, revealAtEnd: false }, ...extra.room },
    seats: extra.seats ?? [],
    ...(extra.snapshot ? { snapshot: { roomId, seq, state: extra.snapshot } } : {}),
  };
}

/** Text that must arrive as it was sent: JSON's and SQL's quoting characters, and text beyond ASCII. */
/** A store whose batch writes are held until the test lets each go (`held[i]()`), with each batch's room ids. */
function heldStore(): { store: Store; batches: string[][]; held: (() => void)[] } {
  const store = new Store(db, sql);
  const batches: string[][] = [];
  const held: (() => void)[] = [];
  store.fault = (commits) => {
    batches.push(commits.map((c) => c.event.roomId));
    return new Promise((go) => held.push(() => go(null)));
  };
  return { store, batches, held };
}

const NAME = `Bot "1" \\ 'quoted' {x} Ünï 🎲`;

describe("Store", () => {
  it("writes a batch of several rooms in one go: events, snapshots, seats and rooms", async () => {
    await newRoom("room-a-0001");
    await newRoom("room-b-0001");
    const store = new Store(db, sql);
    await Promise.all([
      store.append(commit("room-a-0001", 1, { room: { durations: { vote: 45_000 }, spectators: { mode: "delayed", lag: 2, revealAtEnd: true } }, seats: [{ roomId: "room-a-0001", seatId: "s1", userId: null, name: NAME, isBot: true }] })),
      store.append(commit("room-b-0001", 1, { room: { pausedAt: at.getTime(), remainingMs: 12_345, deadlineAt: null, status: "finished" }, snapshot: JSON.stringify({ totals: [1, 2] }) })),
    ]);
    expect(store.stats).toMatchObject({ batches: 1, events: 2, failedBatches: 0 });

    const a = await db.room.findUniqueOrThrow({ where: { id: "room-a-0001" }, include: { seats: { orderBy: { seatId: "asc" } }, events: { orderBy: { seq: "asc" } } } });
    expect(a).toMatchObject({ version: 1, status: "running", durations: { vote: 45_000 }, endReason: null, spectatorMode: "delayed", spectatorLag: 2, spectatorReveal: true });
    expect(a.seats.map((s) => [s.seatId, s.name, s.isBot])).toEqual([["s1", NAME, true], ["s2", "", false]]);
    expect(a.events[0]).toMatchObject({ seq: 1, clientId: "c1", at, deadlineAt: new Date(at.getTime() + 30_000), paused: false });
    expect(a.events[0]!.payload).toEqual({ action: { type: "pick", value: 1, text: `quote " and \\ and {braces}` } });

    const b = await db.room.findUniqueOrThrow({ where: { id: "room-b-0001" } });
    expect(b).toMatchObject({ version: 1, status: "finished", pausedAt: at, remainingMs: 12_345, deadlineAt: null });
    expect((await db.snapshot.findUniqueOrThrow({ where: { roomId_seq: { roomId: "room-b-0001", seq: 1 } } })).state).toEqual({ totals: [1, 2] });
  });

  it("reads a room back as it was written: the row, its host and season link, the latest snapshot at or below its version and the events after it", async () => {
    await db.season.create({ data: { id: "season-r", code: "SEASNR", invite: "invite-secret-r", name: "S", hostId: "guest:h", settings: {} } });
    await newRoom("room-r-0001");
    await db.seasonRoom.create({ data: { roomId: "room-r-0001", seasonId: "season-r", episode: 2, stage: "death", members: { s1: "m-1" }, context: { tokens: { s1: 1 } } } });
    const store = new Store(db, sql);
    for (let seq = 1; seq <= 5; seq++) await store.append(commit("room-r-0001", seq, seq === 2 ? { snapshot: JSON.stringify({ at: 2 }) } : seq === 4 ? { snapshot: JSON.stringify({ at: 4 }) } : {}));
    // a snapshot beyond the room's version (a write the room row does not count yet) is not the one
    await db.snapshot.create({ data: { roomId: "room-r-0001", seq: 9, state: { at: 9 } } });

    const loaded = await store.loadRoom("ROOM-R");
    expect(loaded).toMatchObject({ id: "room-r-0001", code: "ROOM-R", gameId: "fixture", hostId: "guest:h", hostName: "Host", seed: "s", version: 5, snapshot: { at: 4 } });
    expect(loaded!.season).toEqual({ seasonId: "season-r", episode: 2, stage: "death", members: { s1: "m-1" }, context: { tokens: { s1: 1 } } });
    const event = (seq: number) => ({ seq, kind: "action", actor: "s1", payload: { action: { type: "pick", value: seq, text: `quote " and \\ and {braces}` } }, at: at.getTime(), clientId: `c${seq}` });
    expect(loaded!.events).toEqual([event(5)]);
    expect(await store.events("room-r-0001", 0, 3)).toEqual([1, 2, 3].map(event));
    expect(await store.events("room-r-0001", 3)).toEqual([4, 5].map(event));

    await newRoom("room-s-0001");
    expect(await store.loadRoom("ROOM-S")).toMatchObject({ version: 0, snapshot: null, events: [], season: null });
    expect(await store.loadRoom("NOSUCH")).toBeNull();
    expect((await store.loadRooms(["ROOM-S", "NOSUCH", "ROOM-R"])).map((r) => [r.code, r.version, r.events.length]).sort()).toEqual([["ROOM-R", 5, 1], ["ROOM-S", 0, 0]]);
  });

  it("a commit the database refuses fails alone: the other rooms of its batch are written", async () => {
    for (const id of ["room-c-0001", "room-d-0001", "room-e-0001"]) await newRoom(id);
    const store = new Store(db, sql);
    await store.append(commit("room-c-0001", 1));
    const results = await Promise.allSettled([
      store.append(commit("room-d-0001", 1)),
      store.append(commit("room-c-0001", 1)), // seq 1 again
      store.append(commit("room-e-0001", 1, { payload: JSON.stringify({ text: "a\u0000" }) })), // PostgreSQL refuses a NUL in jsonb
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    expect(store.stats.failedBatches).toBe(1);
    expect(store.stats.failedCommits).toBe(2);
    expect((await db.room.findUniqueOrThrow({ where: { id: "room-d-0001" } })).version).toBe(1);
    expect(await db.event.count({ where: { roomId: "room-c-0001" } })).toBe(1);
    expect(await db.event.count({ where: { roomId: "room-e-0001" } })).toBe(0);
    expect((await db.room.findUniqueOrThrow({ where: { id: "room-e-0001" } })).version).toBe(0);
  });

  it("writes a room's several commits of one batch in order, and none after one that fails: the room's log has no gap", async () => {
    for (const id of ["room-f-0001", "room-g-0001"]) await newRoom(id);
    const store = new Store(db, sql);
    // one batch: room f's events 1-3, room g's events 1-3 of which the second is refused
    const results = await Promise.allSettled([
      store.append(commit("room-f-0001", 1)),
      store.append(commit("room-g-0001", 1)),
      store.append(commit("room-f-0001", 2, { seats: [{ roomId: "room-f-0001", seatId: "s2", userId: null, name: "first", isBot: true }] })),
      store.append(commit("room-g-0001", 2, { payload: JSON.stringify({ text: "a\u0000" }) })),
      store.append(commit("room-f-0001", 3, { room: { status: "finished", deadlineAt: null }, seats: [{ roomId: "room-f-0001", seatId: "s2", userId: null, name: "last", isBot: true }] })),
      store.append(commit("room-g-0001", 3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected", "fulfilled", "rejected"]);
    expect((await db.event.findMany({ where: { roomId: "room-f-0001" }, orderBy: { seq: "asc" } })).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(await db.room.findUniqueOrThrow({ where: { id: "room-f-0001" }, include: { seats: { where: { seatId: "s2" } } } })).toMatchObject({ version: 3, status: "finished", seats: [{ name: "last" }] });
    expect((await db.event.findMany({ where: { roomId: "room-g-0001" } })).map((e) => e.seq)).toEqual([1]);
    expect((await db.room.findUniqueOrThrow({ where: { id: "room-g-0001" } })).version).toBe(1);
  });

  it("lets a commit that comes during a write join the next batch, and starts that batch at once when many wait", async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `wroom${i}-0001`);
    for (const id of ids) await newRoom(id);
    const { store, batches, held } = heldStore();
    const first = store.append(commit(ids[0]!, 1));
    expect(await until(() => batches.length === 1)).toBe(true);
    // one commit during the write: it waits for it, and is written with whatever comes meanwhile
    const waiting = [store.append(commit(ids[1]!, 1))];
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    expect(batches.length).toBe(1);
    held[0]!();
    await first;
    expect(await until(() => batches.length === 2)).toBe(true);
    expect(batches[1]).toEqual([ids[1]]);
    // the second write is in flight: eight more commits start the next one beside it, without waiting
    for (const id of ids.slice(2)) waiting.push(store.append(commit(id, 1)));
    expect(await until(() => batches.length === 3)).toBe(true);
    expect(batches[2]).toEqual(ids.slice(2));
    held[1]!();
    held[2]!();
    await Promise.all(waiting);
    expect(store.stats).toMatchObject({ batches: 3, events: 10, failedBatches: 0 });
    await store.drain();
  });

  it("with no write in flight, lets a commit wait a moment for others to join its batch", async () => {
    const ids = ["room-v-0001", "room-w-0001", "room-x-0001"];
    for (const id of ids) await newRoom(id);
    const { store, batches, held } = heldStore();
    // the store's clock and timers are the test's: the gather is timed, so a busy machine cannot move a commit to another batch
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setImmediate", "performance"] });
    let pair: Promise<void>[];
    try {
      pair = [store.append(commit(ids[0]!, 1))];
      await vi.advanceTimersByTimeAsync(1);
      expect(batches).toEqual([]);
      pair.push(store.append(commit(ids[1]!, 1)));
      await vi.advanceTimersByTimeAsync(2);
      // its moment is two milliseconds: by the third, the two have gone together
      expect(batches).toEqual([[ids[0], ids[1]]]);
    } finally {
      vi.useRealTimers();
    }
    held[0]!();
    await Promise.all(pair);
    // a commit alone goes by itself once its moment is over
    const late = store.append(commit(ids[2]!, 1));
    expect(await until(() => batches.length === 2)).toBe(true);
    held[1]!();
    await late;
    expect(store.stats).toMatchObject({ batches: 2, events: 3, failedBatches: 0 });
    await store.drain();
  });

  it("writes the next batch while one is in flight once that one has taken a while, and holds a third until one of two is done", async () => {
    const ids = ["room-p-0001", "room-q-0001", "room-t-0001", "room-u-0001"];
    for (const id of ids) await newRoom(id);
    const { store, batches, held } = heldStore();
    const first = store.append(commit(ids[0]!, 1));
    expect(await until(() => batches.length === 1)).toBe(true);
    const second = store.append(commit(ids[1]!, 1));
    expect(await until(() => batches.length === 2)).toBe(true);
    const third = [store.append(commit(ids[2]!, 1)), store.append(commit(ids[3]!, 1))];
    // two writes are in flight: the third batch gathers and is not started
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[ids[0]], [ids[1]]]);
    // the second finishes before the first: its room's write is durable, and the third batch starts
    held[1]!();
    await second;
    expect((await db.room.findUniqueOrThrow({ where: { id: ids[1]! } })).version).toBe(1);
    expect((await db.room.findUniqueOrThrow({ where: { id: ids[0]! } })).version).toBe(0);
    expect(await until(() => batches.length === 3)).toBe(true);
    expect(batches[2]).toEqual([ids[2], ids[3]]);
    held[0]!();
    held[2]!();
    await Promise.all([first, ...third]);
    for (const id of ids) expect((await db.room.findUniqueOrThrow({ where: { id } })).version).toBe(1);
    expect(store.stats).toMatchObject({ batches: 3, events: 4, failedBatches: 0 });
    await store.drain();
  });

  it("writes a game over with its season ledger rows in one transaction: all of them, or none when any part fails", async () => {
    await db.season.create({ data: { id: "season-1", code: "SEASN1", invite: "invite-secret-1", name: "S", hostId: "guest:h", settings: {} } });
    await newRoom("room-l-0001");
    await newRoom("room-m-0001");
    await newRoom("room-n-0001");
    const row = (roomId: string, seasonId: string, kind: LedgerRow["kind"], seat: string, amount: number): LedgerRow => ({ seasonId, episode: 1, memberId: `m-${seat}`, roomId, eventSeq: 1, seat, kind, amount, data: kind === "ec" ? { candidates: ["m-s2"] } : null });
    const store = new Store(db, sql);
    await Promise.all([
      store.append({ ...commit("room-l-0001", 1, { room: { status: "finished", deadlineAt: null } }), ledger: [row("room-l-0001", "season-1", "garnets", "s1", -3), row("room-l-0001", "season-1", "ec", "s1", 1)] }),
      // a commit without rows batches as before, next to it
      store.append(commit("room-n-0001", 1)),
    ]);
    expect((await db.room.findUniqueOrThrow({ where: { id: "room-n-0001" } })).version).toBe(1);
    expect((await db.room.findUniqueOrThrow({ where: { id: "room-l-0001" } })).version).toBe(1);
    const rows = await db.ledgerEntry.findMany({ where: { roomId: "room-l-0001" }, orderBy: { kind: "asc" } });
    expect(rows.map((r) => [r.kind, r.seat, r.amount, r.eventSeq])).toEqual([["ec", "s1", 1, 1], ["garnets", "s1", -3, 1]]);
    expect(rows[0]!.data).toEqual({ candidates: ["m-s2"] });

    // a row that cannot be written (no such season) takes the event and the room change down with it
    await expect(store.append({ ...commit("room-m-0001", 1, { room: { status: "finished", deadlineAt: null } }), ledger: [row("room-m-0001", "no-such-season", "tokens", "s2", 2)] })).rejects.toThrow();
    expect(await db.event.count({ where: { roomId: "room-m-0001" } })).toBe(0);
    expect((await db.room.findUniqueOrThrow({ where: { id: "room-m-0001" } })).version).toBe(0);
    expect(await db.ledgerEntry.count({ where: { roomId: "room-m-0001" } })).toBe(0);

    // a game over that follows its room's commit in the batch waits for it, and is not written when that one failed
    await newRoom("room-o-0001");
    const after = await Promise.allSettled([
      store.append(commit("room-o-0001", 1, { payload: JSON.stringify({ text: "a\u0000" }) })),
      store.append({ ...commit("room-o-0001", 2, { room: { status: "finished", deadlineAt: null } }), ledger: [row("room-o-0001", "season-1", "garnets", "s1", 1)] }),
    ]);
    expect(after.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(await db.event.count({ where: { roomId: "room-o-0001" } })).toBe(0);
    expect(await db.ledgerEntry.count({ where: { roomId: "room-o-0001" } })).toBe(0);

    // the same rows written again (room, event, kind, seat) are not counted twice
    await insertLedgerRows(sql, [row("room-l-0001", "season-1", "garnets", "s1", -3)]);
    expect(await db.ledgerEntry.count({ where: { roomId: "room-l-0001" } })).toBe(2);
  });
});
