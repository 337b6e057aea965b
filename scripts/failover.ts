// `npm run test:failover`: two worker processes behind the cluster primary
// (as `npm start` runs them, without Next), rooms of about eight seats played
// over sockets at the ORG pace (one move per seat per 10 s), and one worker
// killed with SIGKILL at a random moment — five times, each on a fresh
// database. Prints, for each kill: how long until every room the dead worker
// served answers again (every seat watching it once more), how far the phase
// deadlines moved, and whether an acknowledged action was lost or applied
// twice. Figures, not assertions: the machine is shared.
// Flags: --rooms 40 --runs 5 --pace 10000
import { parseArgs } from "node:util";
import pg from "pg";
import { Rng } from "../lib/games/core/rng";
import { getGame } from "../lib/games/registry";
import type { RoomPayload } from "../lib/protocol";
import { createTestDb } from "../server/test/harness";
import { findPgBase } from "../server/test/pg-base";
import { connected, requestPatiently, SeatClient, signedInSocket } from "../server/test/seat-client";
import { ServerProcess } from "../server/test/server-process";
import { MIX_8, mix } from "./bench/scenarios";

const { values } = parseArgs({ options: { rooms: { type: "string", default: "40" }, runs: { type: "string", default: "5" }, pace: { type: "string", default: "10000" } } });
const ROOMS = Number(values.rooms);
const RUNS = Number(values.runs);
const PACE = Number(values.pace);
const CLUSTER = new URL("../server/test/cluster-child.ts", import.meta.url).pathname;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Seat {
  client: SeatClient;
  rng: Rng;
  busy: boolean;
  /** When this seat last had its room's whole payload from a watch (a reconnect watches again). */
  watchedAt: number;
}
interface Room {
  code: string;
  seats: Seat[];
  /** The phase and its deadline as last pushed before the kill. */
  before: { phase: string; deadlineAt: number | null } | null;
  /** The first payload of the same phase after the kill. */
  after: { phase: string; deadlineAt: number | null } | null;
}
interface Acked {
  clientId: string;
  code: string;
  version: number;
}

/**
 * Once more after a failure: on this shared machine a connection now and then
 * never completes its handshake (noted in docs/benchmarks.md); the set-up asks
 * again rather than hang the run.
 */
async function retryOnce<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    console.error(`  set-up: ${e instanceof Error ? e.message : String(e)}; trying once more`);
    return fn();
  }
}

const phaseOf = (p: RoomPayload) => (p.phase ? `${p.phase.round}:${p.phase.key}` : "");

async function run(n: number, base: string): Promise<string[]> {
  const db = await createTestDb(base);
  const { server, url } = await ServerProcess.start({ databaseUrl: db.url, entry: CLUSTER, env: { WORKERS: "2" }, botDelayMs: 700, heartbeatMs: 200, output: () => {} });
  const rooms: Room[] = [];
  const acked: Acked[] = [];
  let unanswered = 0;
  let killedAt = Infinity;
  let ticking = true;
  try {
    // one host opens at most 25 rooms: a host per 20; a few rooms at a time, every seat of a room at once
    const hostOf = (i: number) => ({ id: `guest:failover-host-${n}-${Math.floor(i / 20)}`, name: `Host ${Math.floor(i / 20) + 1}` });
    const lobbies = await Promise.all(
      Array.from({ length: Math.ceil(ROOMS / 20) }, async (_, h) => {
        const s = await signedInSocket(url, hostOf(h * 20));
        await connected(s);
        return s;
      }),
    );
    const specs = mix(MIX_8, ROOMS);
    let nextRoom = 0;
    // what each room being opened waits on: a run that hangs says where
    const step = new Map<number, string>();
    const watchdog = setInterval(() => {
      if (step.size) console.error(`  still opening: ${[...step].map(([i, w]) => `room ${i}: ${w}`).join("; ")}`);
    }, 30_000);
    const openRoom = async (i: number) => {
      const spec = specs[i]!;
      step.set(i, "room:create");
      const c = await requestPatiently<{ code: string }>(lobbies[Math.floor(i / 20)]!, "room:create", { gameId: spec.gameId, seats: spec.seats, config: spec.config }, 30_000);
      if (!c.ok) throw new Error(`room:create: ${c.message}`);
      const room: Room = { code: c.code, seats: [], before: null, after: null };
      const game = getGame(spec.gameId)!;
      const seated = new Set<number>();
      step.set(i, "seats");
      room.seats = await Promise.all(
        Array.from({ length: spec.seats }, async (_, s) => {
          const seat = { rng: Rng.fromSeed(`failover/${n}/${i}/${s}`), busy: false, watchedAt: Date.now() } as Seat;
          seat.client = await SeatClient.openPatiently(
            {
              url,
              user: { id: `guest:failover-${n}-${i}-${s}`, name: `Seat ${i}.${s}` },
              code: c.code,
              game,
              reconnect: true,
              onWatched: () => (seat.watchedAt = Date.now()),
              onState: (p) => {
                const cur = { phase: phaseOf(p), deadlineAt: p.clock.deadlineAt };
                if (Date.now() < killedAt) room.before = cur;
                else if (!room.after && room.before && cur.phase === room.before.phase) room.after = cur;
              },
            },
            true,
          );
          seated.add(s);
          step.set(i, `seats (${seated.size} of ${spec.seats} in)`);
          return seat;
        }),
      );
      // the host console's commands go on the room's own socket, routed to the process that serves it
      step.set(i, "console connect");
      const console_ = await retryOnce(async () => {
        const s = await signedInSocket(url, hostOf(i), false, c.code);
        await connected(s, 10_000).catch((e) => {
          s.close();
          throw e;
        });
        return s;
      });
      step.set(i, "start");
      const st = await requestPatiently(console_, "host:command", { code: c.code, command: { type: "start" } }, 30_000);
      console_.close();
      if (!st.ok) throw new Error(`start: ${st.message}`);
      step.delete(i);
      rooms.push(room);
    };
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (nextRoom < ROOMS) await openRoom(nextRoom++);
      }),
    );
    clearInterval(watchdog);
    for (const l of lobbies) l.close();

    // every seat moves at most once per PACE, spread evenly
    const rng = Rng.fromSeed(`failover/${n}`);
    let sent = 0;
    const tick = async (room: Room, seat: Seat) => {
      if (!ticking || seat.busy || !seat.client.socket.connected) return;
      const action = seat.client.nextMove(seat.rng);
      if (action === null) return;
      seat.busy = true;
      const clientId = `f${n}-${++sent}`;
      const r = await seat.client.act(action, clientId, 8_000);
      seat.busy = false;
      if (r.kind === "ack") acked.push({ clientId, code: room.code, version: r.version });
      else if (r.kind === "no-answer") unanswered++;
    };
    const timers: NodeJS.Timeout[] = [];
    for (const room of rooms)
      for (const seat of room.seats)
        timers.push(
          setTimeout(() => {
            void tick(room, seat);
            timers.push(setInterval(() => void tick(room, seat), PACE));
          }, rng.int(PACE)),
        );

    await sleep(5_000 + rng.int(10_000));
    // which rooms the victim serves, then the kill
    const victim = rng.int(2);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    const killed = await server.ask({ type: "kill-worker", slot: victim });
    killedAt = killed.at;
    const owned = await admin.query<{ code: string }>(`SELECT r."code" FROM "RoomLease" l JOIN "Room" r ON r."id" = l."roomId" WHERE l."owner" LIKE $1`, [`%/${killed.pid}/%`]);
    const moved = rooms.filter((r) => owned.rows.some((o) => o.code === r.code));
    // serving again: every seat of the room has watched it again after the kill
    let servedAt = 0;
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const waiting = moved.filter((r) => r.seats.some((s) => s.watchedAt < killedAt));
      if (waiting.length === 0) {
        servedAt = Math.max(...moved.flatMap((r) => r.seats.map((s) => s.watchedAt)));
        break;
      }
      await sleep(20);
    }
    await sleep(12_000); // play on past the takeover
    ticking = false;
    for (const t of timers) clearInterval(t);
    while (rooms.some((r) => r.seats.some((s) => s.busy))) await sleep(50);

    // every acknowledged action is in the log once, at the version its ack named
    const logged = await admin.query<{ clientId: string; seq: number; code: string }>(`SELECT e."clientId", e."seq", r."code" FROM "Event" e JOIN "Room" r ON r."id" = e."roomId" WHERE e."clientId" IS NOT NULL`);
    const byId = new Map<string, { seq: number; code: string }[]>();
    for (const e of logged.rows) byId.set(e.clientId, [...(byId.get(e.clientId) ?? []), e]);
    const lost = acked.filter((a) => !byId.get(a.clientId)?.some((e) => e.code === a.code && e.seq === a.version)).length;
    const twice = [...byId.values()].filter((v) => v.length > 1).length;
    await admin.end();
    const deviations = moved.flatMap((r) => (r.before?.deadlineAt != null && r.after?.deadlineAt != null ? [Math.abs(r.after.deadlineAt - r.before.deadlineAt)] : []));
    const sockets = rooms.reduce((k, r) => k + r.seats.length, 0);
    return [
      `run ${n}: ${rooms.length} rooms, ${sockets} sockets; worker ${victim} (pid ${killed.pid}) killed with ${moved.length} rooms`,
      `  every room serving again (each seat watching it again) ${servedAt ? `${servedAt - killedAt} ms` : "not within 30 s"} after the kill`,
      `  phase deadlines of the moved rooms still in the same phase: ${deviations.length} compared, worst deviation ${deviations.length ? Math.max(...deviations) : "–"} ms`,
      `  actions: ${acked.length} acknowledged, ${lost} of them lost, ${twice} applied twice; ${unanswered} sent and not answered (the worker died with them)`,
    ];
  } finally {
    ticking = false;
    for (const r of rooms) for (const s of r.seats) s.client.close();
    await server.stop();
    await db.drop();
  }
}

const pgBase = await findPgBase();
console.log(`failover: ${RUNS} runs, ${ROOMS} rooms of about 8 seats, one move per seat per ${PACE / 1000} s, two workers, one killed with SIGKILL at a random moment (the machine is shared: figures, not assertions)`);
try {
  for (let n = 1; n <= RUNS; n++) for (const line of await run(n, pgBase.url)) console.log(line);
} finally {
  await pgBase.stop();
}
process.exit(0);
