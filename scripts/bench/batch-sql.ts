// What the room batch statement costs PostgreSQL per run, as a one-off query
// (parsed and planned every time) and as the named statement the store uses
// (parsed and planned once per connection). Run with empty arrays, so that the
// figure is the statement's fixed cost: what a batch of one action pays at a
// slow pace, where nearly every action is a batch of its own.
import pg from "pg";
import { BATCH_SQL, batchQuery } from "../../server/rooms/batch-sql";
import { createTestDb } from "../../server/test/harness";
import { processCpuMs } from "./system";

export interface BatchSqlResult {
  oneOff: { wallUs: number; backendCpuUs: number };
  named: { wallUs: number; backendCpuUs: number };
}

export async function benchBatchSql(pgBase: string, runs = 2000): Promise<BatchSqlResult> {
  const db = await createTestDb(pgBase);
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    const pid = (await c.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
    const named = batchQuery([]);
    const time = async (q: { text: string; values: unknown[]; name?: string }) => {
      const cpu0 = processCpuMs(pid);
      const t0 = performance.now();
      for (let i = 0; i < runs; i++) await c.query(q);
      return { wallUs: ((performance.now() - t0) / runs) * 1000, backendCpuUs: ((processCpuMs(pid) - cpu0) / runs) * 1000 };
    };
    // warm both up, then alternate and keep the better of two rounds each
    await time({ text: BATCH_SQL, values: named.values });
    await time(named);
    const best = (a: BatchSqlResult["named"], b: BatchSqlResult["named"]) => (a.backendCpuUs <= b.backendCpuUs ? a : b);
    const o1 = await time({ text: BATCH_SQL, values: named.values });
    const n1 = await time(named);
    const o2 = await time({ text: BATCH_SQL, values: named.values });
    const n2 = await time(named);
    return { oneOff: best(o1, o2), named: best(n1, n2) };
  } finally {
    await c.end();
    await db.drop();
  }
}
