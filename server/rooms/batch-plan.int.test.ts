// The batch statement looks rooms, leases and seats up by key however many
// rooms the database holds: a batch of one commit must not read a table whole,
// or every action costs more with every room ever made. Checked on the plan
// the store's named statement settles on (the generic one), with thousands of
// rooms in the tables. And a lease renewal's chunk reads the process's leases
// in room order from where the chunk before ended, by the index, unsorted.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { StatementWriter } from "../db/writer";
import { filledDb, fillRooms } from "../test/fill-rooms";
import { createTestDb } from "../test/harness";
import { BATCH_SQL, batchParams, batchQuery, type Commit } from "./batch-sql";
import { RENEW_CHUNK_SQL } from "./leases";

const ROOMS = 5000;
let filled: Awaited<ReturnType<typeof filledDb>>;
let c: pg.Client;

beforeAll(async () => {
  filled = await filledDb(inject("pgBase"), ROOMS);
  c = filled.client;
});
afterAll(() => filled.close());

function commit(roomId: string, seq = 1): Commit {
  const at = Date.parse("2026-11-30T10:00:00.000Z");
  return {
    fence: 1,
    event: { roomId, seq, kind: "action", actor: "s1", payload: JSON.stringify({ action: { type: "pick" } }), clientId: "c1", at, deadlineAt: null, paused: false },
    room: { id: roomId, version: seq, status: "running", deadlineAt: null, pausedAt: null, remainingMs: null, durations: {}, endReason: null, spectators: { mode: "live", lag: 1, revealAtEnd: false } },
    seats: [{ roomId, seatId: "s2", userId: null, name: "Bot", isBot: true }],
  };
}

/** Every node of the plan: its type, and the table and index it reads, where it reads one. */
function planNodes(plan: Record<string, unknown>, out: { type: string; rel?: string; index?: string }[] = []): { type: string; rel?: string; index?: string }[] {
  const rel = plan["Relation Name"];
  const index = plan["Index Name"];
  out.push({ type: String(plan["Node Type"]), ...(typeof rel === "string" ? { rel } : {}), ...(typeof index === "string" ? { index } : {}) });
  for (const p of (plan.Plans as Record<string, unknown>[] | undefined) ?? []) planNodes(p, out);
  return out;
}

/** Every scan of one of these tables in the plan, with how it reads it. */
function scans(plan: Record<string, unknown>): string[] {
  return planNodes(plan).flatMap((n) => (n.rel && ["Room", "RoomLease", "Seat"].includes(n.rel) && n.type.endsWith("Scan") ? [`${n.type} on ${n.rel}`] : []));
}

/** The scans of Room, RoomLease and Seat in the plan `statement` (a prepared statement's name) has for a batch of these commits. */
async function planScans(client: pg.ClientBase, statement: string, commits: Commit[]): Promise<string[]> {
  const values = batchParams(commits).map((v) => client.escapeLiteral(v));
  const r = await client.query<{ "QUERY PLAN": { Plan: Record<string, unknown> }[] }>(`EXPLAIN (FORMAT JSON) EXECUTE ${statement}(${values.join(", ")})`);
  return scans(r.rows[0]!["QUERY PLAN"][0]!.Plan);
}

describe("the batch statement's plan", () => {
  it("reads Room, RoomLease and Seat by key with thousands of rooms, in the generic plan the named statement keeps", async () => {
    await c.query(`PREPARE batch(jsonb, jsonb, jsonb, jsonb) AS ${BATCH_SQL}`);
    await c.query("SET plan_cache_mode = force_generic_plan");
    const found = await planScans(c, "batch", [commit("room-42")]);
    expect(found.sort()).toEqual(["Index Scan on Room", "Index Scan on RoomLease", "Index Scan on Seat"]);
  });

  it("writes the batch it plans so: the event, the room row and the seat", async () => {
    await c.query(batchQuery([commit("room-7")]));
    const ev = await c.query(`SELECT "seq" FROM "Event" WHERE "roomId" = 'room-7'`);
    const room = await c.query(`SELECT "version" FROM "Room" WHERE "id" = 'room-7'`);
    const seat = await c.query(`SELECT "name", "isBot" FROM "Seat" WHERE "roomId" = 'room-7' AND "seatId" = 's2'`);
    expect(ev.rows).toEqual([{ seq: 1 }]);
    expect(room.rows).toEqual([{ version: 1 }]);
    expect(seat.rows).toEqual([{ name: "Bot", isBot: true }]);
  });
});

describe("a lease renewal's plan", () => {
  it("reads a chunk of the process's leases by owner and room from where the last chunk ended, without sorting them", async () => {
    // thousands of leases of one owner (the filled rooms'), a chunk from the middle of them
    const r = await c.query<{ "QUERY PLAN": { Plan: Record<string, unknown> }[] }>(`EXPLAIN (FORMAT JSON) ${RENEW_CHUNK_SQL}`, ["filled", 10_000, "room-2500", 100]);
    const found = planNodes(r.rows[0]!["QUERY PLAN"][0]!.Plan).map((n) => `${n.type}${n.rel ? ` on ${n.rel}` : ""}${n.index ? ` using ${n.index}` : ""}`);
    expect(found).toContain('Index Scan on RoomLease using RoomLease_owner_roomId_idx');
    expect(found.filter((n) => n.startsWith("Sort"))).toEqual([]);
    expect(found.filter((n) => n.startsWith("Seq Scan"))).toEqual([]);
  });
});

describe("the batch writes' plans", () => {
  let small: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    small = await createTestDb(inject("pgBase"));
  });
  afterAll(() => small.drop());

  /** How the named batch statement, as `client` (idle) keeps it, reads Room. */
  async function roomScan(client: pg.Client): Promise<string[]> {
    return (await planScans(client, `"${batchQuery([]).name}"`, [commit("room-1", 1000)])).filter((x) => x.endsWith(" on Room"));
  }

  it("plans the batch against the tables as they grow: the statement is planned again after so many runs, on the same connection", async () => {
    const fill = new pg.Client({ connectionString: small.url });
    await fill.connect();
    const uses = 40;
    // the writer's connections, as the store's are made, the latest kept here to look at its plan
    let latest: pg.Client | null = null;
    const writer = new StatementWriter(() => (latest = new pg.Client({ connectionString: small.url })), { connections: 1, runsPerPlan: uses });
    try {
      // a server started with a dozen rooms: its connection settles on a plan for a table that small
      await fillRooms(fill, 12);
      for (let seq = 1; seq <= 10; seq++) await writer.run(batchQuery([commit("room-1", seq)]));
      const first = latest!;
      expect(await roomScan(first)).toEqual(["Seq Scan on Room"]);
      // thousands of rooms later, with nothing analyzing the tables meanwhile
      await fillRooms(fill, ROOMS, { analyze: false });
      for (let seq = 11; seq <= 10 + uses; seq++) await writer.run(batchQuery([commit("room-1", seq)]));
      expect(latest).toBe(first);
      expect(await roomScan(first)).toEqual(["Index Scan on Room"]);
    } finally {
      await writer.end();
      await fill.end();
    }
  });
});
