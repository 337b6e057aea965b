// Restart under load: rooms whose seats are all the server's bots play for a
// while, the server is killed with SIGKILL, and a new one is started on the
// same port. Measured from the restart: when it listens again, when every room
// has answered a watch with its state, and when every room has committed a new
// move (its bots are back). The heap per room (after a full collection) is read
// once before the kill and once after every room moved again: what rooms built
// here hold against what rooms loaded from their snapshots and logs hold.
import { SERVER_NODE_FLAGS } from "../server-flags.mjs";
import { createDb } from "../../server/db/client";
import { createTestDb } from "../../server/test/harness";
import { connected, requestPatiently, signedInSocket } from "../../server/test/seat-client";
import { freePort, ServerProcess } from "../../server/test/server-process";
import type { RoomSpec } from "./protocol";

export interface RestartResult {
  rooms: number;
  eventsBeforeKill: number;
  /** Restart (spawn) to listening, ms; of which the process's own start (imports) and recovery. */
  listeningMs: number;
  bootMs: number;
  recoveredRooms: number;
  allWatchedMs: number;
  allMovedMs: number | null;
  /** Heap per room the server holds after a full collection (KiB): before the kill, and after the restart once every room moved again (null if not all did). */
  heapPerRoomKiB: { beforeKill: number; afterRestart: number | null };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runRestart(o: { pgBase: string; rooms: RoomSpec[]; playS: number; botDelayMs: number; log: (l: string) => void }): Promise<RestartResult> {
  const testDb = await createTestDb(o.pgBase);
  const db = createDb(testDb.url, 2);
  const port = await freePort();
  const start = () => ServerProcess.start({ databaseUrl: testDb.url, port, botDelayMs: o.botDelayMs, heartbeatMs: 200, snapshotEvery: 50, nodeArgs: ["--expose-gc", ...SERVER_NODE_FLAGS], output: (l) => o.log(`  server: ${l}`) });
  let server = (await start()).server;
  const heapNow = async () => {
    const st = await server.ask({ type: "stats", gc: true });
    return { heap: st.memory.heapUsed, rooms: st.rooms };
  };
  const base = (await heapNow()).heap;
  const hostUser = { id: "guest:bench-restart-host", name: "Host Hana" };
  try {
    // one host keeps at most 25 rooms open, so the rooms are spread over hosts of 20
    const hosts = await Promise.all(
      Array.from({ length: Math.ceil(o.rooms.length / 20) }, async (_, h) => {
        const s = await signedInSocket(`http://127.0.0.1:${port}`, h === 0 ? hostUser : { id: `${hostUser.id}-${h}`, name: `Host ${h}` });
        await connected(s);
        return s;
      }),
    );
    const codes: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < o.rooms.length) {
          const i = next++;
          const spec = o.rooms[i]!;
          const host = hosts[Math.floor(i / 20)]!;
          const c = await requestPatiently<{ code: string }>(host, "room:create", { gameId: spec.gameId, seats: spec.seats, config: spec.config }, 60_000);
          if (!c.ok) throw new Error(`room:create: ${c.message}`);
          const s = await requestPatiently(host, "host:command", { code: c.code, command: { type: "start", fillWithBots: true } }, 60_000);
          if (!s.ok) throw new Error(`start: ${s.message}`);
          codes.push(c.code);
        }
      }),
    );
    for (const h of hosts) h.close();
    o.log(`  ${codes.length} rooms of bots playing for ${o.playS} s`);
    await sleep(o.playS * 1000);

    const heapBeforeKill = await heapNow();
    await server.kill();
    const atCrash = new Map((await db.room.findMany({ where: { code: { in: codes } }, select: { code: true, version: true, status: true } })).map((r) => [r.code, r]));
    const running = codes.filter((c) => atCrash.get(c)?.status === "running");
    const eventsBeforeKill = await db.event.count();

    const restarted = await start();
    server = restarted.server;
    const spawned = server.spawnedAt;
    const ready = await server.ready;

    // watch every room at once, as returning players would: a socket per 20 rooms
    // keeps each under the server's per-socket rate limit
    const probes = await Promise.all(Array.from({ length: Math.ceil(running.length / 20) }, async (_, i) => {
      const s = await signedInSocket(`http://127.0.0.1:${port}`, { id: `guest:bench-restart-probe-${i}`, name: `Probe ${i}` });
      await connected(s);
      return s;
    }));
    let slowest = 0;
    await Promise.all(
      running.map(async (code, i) => {
        const r = await requestPatiently<{ payload: { version: number } }>(probes[i % probes.length]!, "room:watch", { code }, 30_000);
        if (!r.ok || r.payload.version < atCrash.get(code)!.version) throw new Error(`room ${code} did not come back: ${JSON.stringify(r).slice(0, 200)}`);
        slowest = Math.max(slowest, Date.now());
      }),
    );
    for (const p of probes) p.close();

    let allMovedMs: number | null = null;
    let still: { code: string; gameId: string; deadlineAt: Date | null }[] = [];
    for (const until = Date.now() + 20_000; Date.now() < until; await sleep(50)) {
      const rows = await db.room.findMany({ where: { code: { in: running } }, select: { code: true, gameId: true, version: true, status: true, deadlineAt: true } });
      still = rows.filter((r) => r.status === "running" && r.version <= atCrash.get(r.code)!.version);
      if (still.length === 0) {
        allMovedMs = Date.now() - spawned;
        break;
      }
    }
    // a room whose bots have nothing to do until a phase timer ends has not stalled: say which
    const heapAfter = allMovedMs === null ? null : await heapNow();
    const perRoom = (at: { heap: number; rooms: number }) => (at.heap - base) / Math.max(1, at.rooms) / 1024;
    for (const r of still.slice(0, 5)) o.log(`  not moved within 20 s: ${r.code} (${r.gameId}), phase deadline ${r.deadlineAt ? `${Math.round((r.deadlineAt.getTime() - Date.now()) / 1000)} s from now` : "none"}`);
    return {
      rooms: running.length,
      eventsBeforeKill,
      listeningMs: ready.readyAt - spawned,
      bootMs: ready.startedAt - spawned,
      recoveredRooms: ready.rooms,
      allWatchedMs: slowest - spawned,
      allMovedMs,
      heapPerRoomKiB: { beforeKill: perRoom(heapBeforeKill), afterRestart: heapAfter === null ? null : perRoom(heapAfter) },
    };
  } finally {
    await server.stop();
    await db.$disconnect();
    await testDb.drop();
  }
}
