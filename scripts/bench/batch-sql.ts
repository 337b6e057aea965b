// What the room batch statement costs PostgreSQL per run, as a one-off query
// (parsed and planned every time) and as the named statement the store uses
// (parsed and planned once per connection). Run with empty arrays, so that the
// figure is the statement's fixed cost: what a batch of one action pays at a
// slow pace, where nearly every action is a batch of its own. And what the
// server pays per commit to make a batch's parameters and have node-postgres
// turn them into the text it sends (the commits of a seeded Secret Sinner game
// of nine seats, a snapshot every 50 events, three commits per batch). And what a
// batch of one real commit (an event, its room row, one seat in ten) costs with a
// few hundred and with tens of thousands of rooms in the database: the statement
// looks each room up by key, so the two should be alike. And what a batch write
// of one commit costs the server itself, sent as a node-postgres query through
// the pool (as the store wrote until the thirty-fourth pass) and through the
// store's own connections (db/writer.ts). And what the run that plans the
// statement anew takes, now that it does so on the connection it has (Close
// and Parse in its own buffer), beside a run on a new connection (as the
// writer replaced its connections until the thirty-fifth pass).
import pg from "pg";
import { getGame } from "../../lib/games/registry";
import { createSqlPool, createWriter } from "../../server/db/client";
import { BATCH_SQL, batchQuery, type Commit } from "../../server/rooms/batch-sql";
import { commitOf } from "../../server/rooms/commit";
import { fillRooms } from "../../server/test/fill-rooms";
import { createTestDb } from "../../server/test/harness";
import { roomChanges } from "../../server/test/room-changes";
import { CONFIG } from "./scenarios";
import { processCpuMs } from "./system";

/** node-postgres's own conversion of a parameter to the text it sends (exported at run time, not in its types). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(v: unknown): unknown } }).utils;

export interface BatchSqlResult {
  oneOff: { wallUs: number; backendCpuUs: number };
  named: { wallUs: number; backendCpuUs: number };
  /** The server's side: a batch's parameters made and converted, per commit. */
  params: { usPerCommit: number; bytesPerCommit: number };
  /** A batch of one commit, by how many rooms (each with eight seats and a lease) the database holds. */
  oneCommit: { rooms: number; wallUs: number; backendCpuUs: number }[];
  /** The server's CPU per batch write of one commit (µs, the median of five rounds): a pool query, and the store's writer. */
  serverCpu: { poolQueryUs: number; writerUs: number };
  /** A batch write of one commit, wall time (ms, medians of 30): an ordinary run, the run that plans the statement again, a new connection's first run (its connect included). */
  replan: { ordinaryMs: number; replanMs: number; newConnectionMs: number };
}

/** The middle of some timings (the upper middle of an even count). */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A batch's parameters made and converted as node-postgres sends them, per commit (best of three rounds). */
export function benchBatchParams(ms = 1500): BatchSqlResult["params"] {
  const { changes, events } = roomChanges(getGame("secret-sinner")!, 9, CONFIG["secret-sinner"]!, 1)[0]!;
  const commits: Commit[] = changes.slice(1).map((after, i) =>
    commitOf(`room-${i % 40}`, 1, changes[i]!, after, events[i + 1]!, `client-${i}`, after.version % 50 === 0),
  );
  const batches: Commit[][] = [];
  for (let i = 0; i < commits.length; i += 3) batches.push(commits.slice(i, i + 3));
  let bytes = 0;
  const round = () => {
    bytes = 0;
    for (const b of batches) for (const v of batchQuery(b).values) bytes += String(prepareValue(v) ?? "").length;
  };
  let best = Infinity;
  for (let r = 0; r < 4; r++) {
    let n = 0;
    const start = performance.now();
    while (performance.now() - start < ms / 4) {
      round();
      n++;
    }
    // the first round warms up
    if (r > 0) best = Math.min(best, ((performance.now() - start) * 1000) / (n * commits.length));
  }
  return { usPerCommit: best, bytesPerCommit: bytes / commits.length };
}

export async function benchBatchSql(pgBase: string, runs = 2000): Promise<BatchSqlResult> {
  const db = await createTestDb(pgBase);
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    const pid = (await c.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
    const named = batchQuery([]);
    const time = (q: pg.QueryConfig) => timed(c, pid, runs, () => q);
    // warm both up, then alternate and keep the better of two rounds each
    await time({ text: BATCH_SQL, values: named.values });
    await time(named);
    const o1 = await time({ text: BATCH_SQL, values: named.values });
    const n1 = await time(named);
    const o2 = await time({ text: BATCH_SQL, values: named.values });
    const n2 = await time(named);
    const oneCommit = [];
    const versions = new Map<string, number>();
    for (const rooms of [300, 20_000]) oneCommit.push({ rooms, ...(await timeOneCommit(c, pid, rooms, versions)) });
    const serverCpu = await serverCpuPerWrite(db.url, 20_000, versions);
    const replan = await replanCost(db.url, 20_000, versions);
    return { oneOff: better(o1, o2), named: better(n1, n2), params: benchBatchParams(), oneCommit, serverCpu, replan };
  } finally {
    await c.end();
    await db.drop();
  }
}

type Timing = { wallUs: number; backendCpuUs: number };

/** The one of two timings with the less backend CPU. */
const better = (a: Timing, b: Timing): Timing => (a.backendCpuUs <= b.backendCpuUs ? a : b);

/** Wall time and the backend's CPU per query, over `runs` queries that `query` makes one after the other. */
async function timed(c: pg.Client, pid: number, runs: number, query: () => pg.QueryConfig): Promise<Timing> {
  const cpu0 = processCpuMs(pid);
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) await c.query(query());
  return { wallUs: ((performance.now() - t0) / runs) * 1000, backendCpuUs: ((processCpuMs(pid) - cpu0) / runs) * 1000 };
}

/** A batch of one real commit to one of `rooms` rooms, its event the room's next (`versions` holds each room's last). */
function oneCommitOf(rooms: number, versions: Map<string, number>, n: number): Commit {
  const roomId = `room-${1 + ((n * 7919) % rooms)}`;
  const seq = (versions.get(roomId) ?? 1_000_000) + 1;
  versions.set(roomId, seq);
  const at = Date.now();
  return {
    fence: 1,
    event: { roomId, seq, kind: "action", actor: "s3", payload: '{"action":{"type":"lock","letter":"J","target":"K"}}', clientId: `c${n}`, at, deadlineAt: at, paused: false },
    room: { id: roomId, version: seq, status: "running", deadlineAt: at, pausedAt: null, remainingMs: null, durations: {}, endReason: null, spectators: { mode: "live", lag: 1, revealAtEnd: false } },
    seats: n % 10 === 0 ? [{ roomId, seatId: "s2", userId: null, name: "Bot", isBot: true }] : [],
  };
}

/**
 * The server's own CPU per batch write of one commit, one write after another:
 * a node-postgres query through the pool, against the store's writer, in
 * alternating rounds (the median of five each, after one round each to warm up).
 */
async function serverCpuPerWrite(url: string, rooms: number, versions: Map<string, number>, runs = 1000): Promise<BatchSqlResult["serverCpu"]> {
  const pool = createSqlPool(url, 2);
  const writer = createWriter(pool, 2);
  let n = 0;
  const ways = {
    pool: () => pool.query(batchQuery([oneCommitOf(rooms, versions, n++)])),
    writer: () => writer.run(batchQuery([oneCommitOf(rooms, versions, n++)])),
  };
  const rounds: Record<keyof typeof ways, number[]> = { pool: [], writer: [] };
  try {
    for (let r = 0; r < 6; r++) {
      for (const k of ["pool", "writer"] as const) {
        const cpu = process.cpuUsage();
        for (let i = 0; i < runs; i++) await ways[k]();
        const used = process.cpuUsage(cpu);
        if (r > 0) rounds[k].push((used.user + used.system) / runs);
      }
    }
  } finally {
    await writer.end();
    await pool.end();
  }
  return { poolQueryUs: median(rounds.pool), writerUs: median(rounds.writer) };
}

/**
 * The wall time of the writer's run that plans the statement again on its
 * connection, beside its ordinary runs and beside the first run on a new
 * connection (connected, then parsed and run), each the median of 30.
 */
async function replanCost(url: string, rooms: number, versions: Map<string, number>, every = 20, times = 30): Promise<BatchSqlResult["replan"]> {
  const pool = createSqlPool(url, 1);
  let n = 0;
  const write = async (w: ReturnType<typeof createWriter>) => {
    const t = performance.now();
    await w.run(batchQuery([oneCommitOf(rooms, versions, n++)]));
    return performance.now() - t;
  };
  const ordinary: number[] = [];
  const replan: number[] = [];
  const fresh: number[] = [];
  const writer = createWriter(pool, 1, every);
  try {
    // the first `every` runs parse it once; every run after a multiple of `every` plans it again
    for (let i = 1; i <= every * (times + 1); i++) {
      const ms = await write(writer);
      if (i > every) (i % every === 1 ? replan : ordinary).push(ms);
    }
    for (let i = 0; i < times; i++) {
      const one = createWriter(pool, 1, every);
      try {
        fresh.push(await write(one));
      } finally {
        await one.end();
      }
    }
  } finally {
    await writer.end();
    await pool.end();
  }
  return { ordinaryMs: median(ordinary), replanMs: median(replan), newConnectionMs: median(fresh) };
}

/**
 * Fills the database up to `rooms` rooms (each with a lease and eight seats),
 * then times batches of one commit each, the best of three rounds; `versions`
 * holds each room's last event number, across database sizes.
 */
async function timeOneCommit(c: pg.Client, pid: number, rooms: number, versions: Map<string, number>): Promise<Timing> {
  await fillRooms(c, rooms);
  let n = 0;
  const round = (runs: number) => timed(c, pid, runs, () => batchQuery([oneCommitOf(rooms, versions, ++n)]));
  await round(200);
  let best = await round(500);
  for (let r = 0; r < 2; r++) best = better(best, await round(500));
  return best;
}
