// The batch writes' own connections against a real PostgreSQL: a run is
// durable once answered, a refused statement fails alone and leaves its
// connection serving, a statement is planned again on its own connection, a
// connection that dies fails what it had in flight and is replaced, and runs
// beyond the connections wait their turn.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { batchQuery, type Commit } from "../rooms/batch-sql";
import { staleLeaseOf } from "../rooms/leases";
import { filledDb } from "../test/fill-rooms";
import { StatementWriter } from "./writer";

let filled: Awaited<ReturnType<typeof filledDb>>;
let c: pg.Client;

beforeAll(async () => {
  filled = await filledDb(inject("pgBase"), 20);
  c = filled.client;
});
afterAll(() => filled.close());

function commit(roomId: string, seq: number, fence = 1): Commit {
  const at = Date.parse("2026-12-04T10:00:00.000Z");
  return {
    fence,
    event: { roomId, seq, kind: "action", actor: "s1", payload: JSON.stringify({ action: { type: "say", text: `Ünï "${seq}" 🎲` } }), clientId: `c${seq}`, at, deadlineAt: null, paused: false },
    room: { id: roomId, version: seq, status: "running", deadlineAt: null, pausedAt: null, remainingMs: null, durations: {}, endReason: null, spectators: { mode: "live", lag: 1, revealAtEnd: false } },
    seats: [],
  };
}

/** Runs `test` with a writer of so many connections, the connections it made kept in `made` (oldest first), and ends it. */
async function withWriter(connections: number, test: (w: StatementWriter, made: pg.Client[]) => Promise<void>, runsPerPlan = 1000): Promise<void> {
  const made: pg.Client[] = [];
  const w = new StatementWriter(
    () => {
      const client = new pg.Client({ connectionString: filled.url });
      made.push(client);
      return client;
    },
    { connections, runsPerPlan },
  );
  try {
    await test(w, made);
  } finally {
    await w.end();
  }
}

const events = async (roomId: string) => (await c.query<{ seq: number; payload: unknown }>(`SELECT "seq", "payload" FROM "Event" WHERE "roomId" = $1 ORDER BY "seq"`, [roomId])).rows;

describe("StatementWriter", () => {
  it("has each run written once it is answered, text beyond ASCII as it was sent", () =>
    withWriter(2, async (w) => {
      for (let seq = 1; seq <= 3; seq++) await w.run(batchQuery([commit("room-1", seq)]));
      expect(await events("room-1")).toEqual([1, 2, 3].map((seq) => ({ seq, payload: { action: { type: "say", text: `Ünï "${seq}" 🎲` } } })));
    }));

  it("fails a refused run with the database's error, and the connection goes on serving", () =>
    withWriter(1, async (w, made) => {
      await w.run(batchQuery([commit("room-2", 1)]));
      // a stale fencing token: the statement's fence refuses the whole batch
      const refused = await w.run(batchQuery([commit("room-2", 2, 99)])).then(
        () => null,
        (e: unknown) => e,
      );
      expect(staleLeaseOf(refused)?.roomIds).toEqual(["room-2"]);
      await w.run(batchQuery([commit("room-2", 2)]));
      expect((await events("room-2")).map((e) => e.seq)).toEqual([1, 2]);
      expect(made).toHaveLength(1);
    }));

  it("plans its statement again after so many runs on the connection it has, writing every run", () =>
    withWriter(
      1,
      async (w, made) => {
        const backend = async () => (await made[0]!.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
        // when the connection last parsed it (PostgreSQL's own record), and what it holds
        const prepared = async () => (await made[0]!.query<{ name: string; at: string }>("SELECT name, prepare_time::text AS at FROM pg_prepared_statements")).rows;
        const name = batchQuery([]).name;
        const planned: string[] = [];
        let pid = 0;
        // three runs a plan: the fourth and the seventh close the statement and parse it again, in their own buffer
        for (let seq = 1; seq <= 8; seq++) {
          await w.run(batchQuery([commit("room-20", seq)]));
          if (seq === 1) pid = await backend();
          const now = await prepared();
          expect(now.map((p) => p.name)).toEqual([name]);
          planned.push(now[0]!.at);
        }
        expect((await events("room-20")).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
        expect(made).toHaveLength(1);
        expect(await backend()).toBe(pid);
        const changedAt = planned.flatMap((at, i) => (i > 0 && at !== planned[i - 1] ? [i + 1] : []));
        expect(changedAt).toEqual([4, 7]);
      },
      3,
    ));

  it("replaces a connection that died: the run on it fails, the next one is written on a new one", () =>
    withWriter(1, async (w, made) => {
      await w.run(batchQuery([commit("room-3", 1)]));
      const pid = (await c.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%RoomLease%'`)).rows.map((r) => r.pid);
      expect(pid).toHaveLength(1);
      await c.query("SELECT pg_terminate_backend($1)", [pid[0]]);
      // the writer learns of it by the connection's end, or at the latest from the run it tries there
      const outcomes: (Error | null)[] = [];
      for (let seq = 2; seq <= 3; seq++) outcomes.push(await w.run(batchQuery([commit("room-3", seq)])).then(() => null, (e: Error) => e));
      const written = (await events("room-3")).map((e) => e.seq);
      expect(outcomes.filter((o) => o === null).length).toBe(written.length - 1);
      expect(written).toContain(1);
      expect(outcomes[1]).toBeNull();
      expect(made).toHaveLength(2);
    }));

  it("queues runs beyond its connections and answers every one", () =>
    withWriter(2, async (w, made) => {
      await Promise.all(Array.from({ length: 12 }, (_, i) => w.run(batchQuery([commit(`room-${4 + i}`, 1)]))));
      const n = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Event" WHERE "roomId" = ANY($1::text[])`, [Array.from({ length: 12 }, (_, i) => `room-${4 + i}`)]);
      expect(n.rows[0]!.n).toBe(12);
      expect(made.length).toBeLessThanOrEqual(2);
    }));

  it("refuses runs once ended", () =>
    withWriter(1, async (w) => {
      await w.end();
      await expect(w.run(batchQuery([commit("room-16", 1)]))).rejects.toThrow(/ended/);
    }));
});
