// Garnet as `npm start` runs it with WORKERS > 1, without Next: a cluster
// primary routing connections to worker processes that each run the room
// server. Started by the failover script and the cluster benchmark through
// ServerProcess (the same IPC as child-server.ts: "ready" on stdout, figures on
// request, summed over the workers), plus a request that kills one worker with
// SIGKILL.
import cluster, { type Worker } from "node:cluster";
import { writeSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startGarnetServer } from "../app-server";
import { startPrimary } from "../cluster/primary";
import { workerSlot } from "../cluster/worker";
import { edgeFromEnv, oneAddressEdge } from "../edge";
import { gameOrFixture } from "./fixture-game";
import type { ChildRequest, ChildStats } from "./server-process";
import { TEST_SECRET } from "./session";

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  return raw === undefined || raw === "" ? fallback : Number(raw);
}

type Ask = { type: "bench:stats"; id: number; gc?: boolean; resetLoop?: boolean };

if (cluster.isWorker) {
  const slot = workerSlot()!;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const server = await startGarnetServer({
    databaseUrl: process.env.DATABASE_URL!,
    authSecret: TEST_SECRET,
    port: 0,
    listen: "exclusive",
    botDelayMs: int("BOT_DELAY_MS", 700),
    heartbeatMs: int("HEARTBEAT_MS", 200),
    snapshotEvery: int("SNAPSHOT_EVERY", 50),
    instanceId: process.env.INSTANCE_ID ?? "main",
    leaseTtlMs: int("LEASE_TTL_MS", 10_000),
    lookupGame: gameOrFixture,
    edge: oneAddressEdge(edgeFromEnv(process.env)),
    crossProcess: process.env.REDIS_URL ? { kind: "redis", url: process.env.REDIS_URL, prefix: process.env.REDIS_PREFIX ?? "garnet" } : { kind: "cluster" },
    soleOfInstance: false,
    placed: slot.placed,
    lastBeat: process.env.GARNET_GENERATION === "first" ? null : Date.now(),
    log: () => {},
  });
  process.on("message", (m: Ask) => {
    if (m?.type !== "bench:stats") return;
    const gc = (globalThis as { gc?: () => void }).gc;
    if (m.gc && gc) gc();
    const loopDelayMs = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
    if (m.resetLoop) loop.reset();
    const stats: ChildStats = {
      type: "stats",
      at: Date.now(),
      cpu: process.cpuUsage(),
      memory: process.memoryUsage(),
      store: { ...server.rooms.store.stats },
      rooms: server.rooms.live().length,
      sockets: server.io.engine.clientsCount,
      edge: server.edge.stats(),
      loopDelayMs,
    };
    process.send!({ ...stats, type: "bench:stats", id: m.id });
  });
  slot.join(server, () => void server.close().finally(() => process.exit(0)));
} else {
  const primary = await startPrimary({ workers: Math.max(1, int("WORKERS", 2)), port: int("PORT", 0), host: "127.0.0.1", env: {}, exec: import.meta.filename, log: () => {} });
  let next = 1;
  const askWorker = (w: Worker, req: Omit<Ask, "id">) =>
    new Promise<ChildStats>((resolve) => {
      const id = next++;
      const on = (m: Omit<ChildStats, "type"> & { type?: string; id?: number }) => {
        if (m?.type !== "bench:stats" || m.id !== id) return;
        w.off("message", on);
        resolve({ ...m, type: "stats" });
      };
      w.on("message", on);
      w.send({ ...req, id });
    });
  /** Every live worker's figures, summed (the loop delay: the worst worker's). */
  const stats = async (req: { gc?: boolean; resetLoop?: boolean }): Promise<ChildStats> => {
    const all = await Promise.all(primary.workers().flatMap((s) => (s.worker && s.ready ? [askWorker(s.worker, { type: "bench:stats", ...req })] : [])));
    const own = process.cpuUsage();
    const sum = (f: (x: ChildStats) => number) => all.reduce((n, x) => n + f(x), 0);
    return {
      type: "stats",
      at: Date.now(),
      // the primary's own routing is part of the cost
      cpu: { user: own.user + sum((x) => x.cpu.user), system: own.system + sum((x) => x.cpu.system) },
      memory: { rss: process.memoryUsage().rss + sum((x) => x.memory.rss), heapUsed: sum((x) => x.memory.heapUsed), heapTotal: sum((x) => x.memory.heapTotal), external: sum((x) => x.memory.external), arrayBuffers: sum((x) => x.memory.arrayBuffers) },
      store: { batches: sum((x) => x.store.batches), events: sum((x) => x.store.events) },
      rooms: sum((x) => x.rooms),
      sockets: sum((x) => x.sockets),
      edge: all[0]!.edge,
      loopDelayMs: { p50: Math.max(...all.map((x) => x.loopDelayMs.p50)), p99: Math.max(...all.map((x) => x.loopDelayMs.p99)), max: Math.max(...all.map((x) => x.loopDelayMs.max)) },
    };
  };
  process.on("message", (msg: ChildRequest & { id: number }) => {
    const reply = (body: object) => process.send?.({ id: msg.id, ...body });
    if (msg.type === "stats") void stats(msg).then(reply);
    else if (msg.type === "kill-worker") {
      const w = primary.workers()[msg.slot]?.worker;
      const at = Date.now();
      w?.process.kill("SIGKILL");
      reply({ type: "killed", at, pid: w?.process.pid ?? null });
    } else reply({ type: "armed" });
  });
  let closing = false;
  process.on("SIGTERM", () => {
    if (closing) return;
    closing = true;
    void primary.close().finally(() => process.exit(0));
  });
  writeSync(1, `@garnet ${JSON.stringify({ event: "ready", port: primary.port, startedAt: Date.now(), readyAt: Date.now(), rooms: 0 })}\n`);
}
