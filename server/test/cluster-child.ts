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
import type { ChildRequest, ChildStats, ForwardReport } from "./server-process";
import { TEST_SECRET } from "./session";

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  return raw === undefined || raw === "" ? fallback : Number(raw);
}

type Ask = { type: "bench:stats"; id: number; gc?: boolean; resetLoop?: boolean } | { type: "bench:forward"; id: number; count: number; concurrency: number; pushes: boolean };

/** An action as a forwarded command would carry it, and a payload as a push through the adapter would (sizes of the games' usual ones). */
const COMMAND = { code: "ABCDEF", userId: "guest:forwarded-user", action: { type: "vote", target: "s3", note: "x".repeat(80) }, clientId: "c1234567" };
const PUSH = { code: "ABCDEF", base: 1, frame: 2, ops: Array.from({ length: 12 }, (_, i) => ({ op: "replace", path: `/view/players/${i}/status`, value: "waiting for the vote" })) };

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
  // the far end of a forwarded command: the work a room would do is left out, only the transport is measured
  const anyIo = server.io as unknown as { on(ev: string, fn: (...a: unknown[]) => void): void; serverSideEmit(ev: string, ...a: unknown[]): void; to(g: string): { emit(ev: string, p: unknown): void } };
  anyIo.on("bench:command", (...args: unknown[]) => (args[args.length - 1] as (r: unknown) => void)({ ok: true, version: 1, clientId: COMMAND.clientId }));
  process.on("message", (m: Ask) => {
    if (m?.type === "bench:forward") {
      void (async () => {
        if (m.pushes) {
          // pushes to a group whose sockets are on other processes: each is published to every other process
          for (let i = 0; i < m.count; i++) anyIo.to("bench-group").emit("room:patch", PUSH);
          process.send!({ type: "bench:forward", id: m.id, ackMs: { p50: 0, p99: 0, max: 0 }, commandsPerSec: 0, answered: 0 });
          return;
        }
        // the adapter learns of the other processes from their heartbeats: wait until one answers
        const ask = () => new Promise<unknown[]>((resolve) => anyIo.serverSideEmit("bench:command", COMMAND, (_e: unknown, replies: unknown[] | undefined) => resolve(replies ?? [])));
        for (let i = 0; i < 100 && (await ask()).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
        const lat: number[] = [];
        let sent = 0;
        let answered = 0;
        const t0 = performance.now();
        await Promise.all(
          Array.from({ length: m.concurrency }, async () => {
            while (sent < m.count) {
              sent++;
              const at = performance.now();
              answered += (await ask()).length;
              lat.push(performance.now() - at);
            }
          }),
        );
        const seconds = (performance.now() - t0) / 1000;
        lat.sort((a, b) => a - b);
        const q = (f: number) => lat[Math.min(lat.length - 1, Math.floor(f * lat.length))]!;
        process.send!({ type: "bench:forward", id: m.id, ackMs: { p50: q(0.5), p99: q(0.99), max: lat[lat.length - 1]! }, commandsPerSec: m.count / seconds, answered });
      })();
      return;
    }
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
      alerts: { ...server.alerts.outbox.figures, ...server.alerts.figures },
      loopDelayMs,
    };
    process.send!({ ...stats, type: "bench:stats", id: m.id });
  });
  slot.join(server, () => void server.close().finally(() => process.exit(0)));
} else {
  const primary = await startPrimary({ workers: Math.max(1, int("WORKERS", 2)), port: int("PORT", 0), host: "127.0.0.1", env: {}, exec: import.meta.filename, log: () => {} });
  let next = 1;
  const askWorker = (w: Worker, req: { type: "bench:stats"; gc?: boolean; resetLoop?: boolean }) =>
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
    const all = await Promise.all(primary.workers().flatMap((s) => (s.worker && s.ready ? [askWorker(s.worker, { type: "bench:stats", gc: req.gc, resetLoop: req.resetLoop })] : [])));
    const own = process.cpuUsage();
    const sum = (f: (x: ChildStats) => number) => all.reduce((n, x) => n + f(x), 0);
    return {
      type: "stats",
      at: Date.now(),
      // the primary's own routing is part of the cost
      cpu: { user: own.user + sum((x) => x.cpu.user), system: own.system + sum((x) => x.cpu.system) },
      memory: { rss: process.memoryUsage().rss + sum((x) => x.memory.rss), heapUsed: sum((x) => x.memory.heapUsed), heapTotal: sum((x) => x.memory.heapTotal), external: sum((x) => x.memory.external), arrayBuffers: sum((x) => x.memory.arrayBuffers) },
      store: { batches: sum((x) => x.store.batches), events: sum((x) => x.store.events), writeMs: sum((x) => x.store.writeMs), slowWrites: sum((x) => x.store.slowWrites), slowestWriteMs: Math.max(...all.map((x) => x.store.slowestWriteMs)) },
      rooms: sum((x) => x.rooms),
      sockets: sum((x) => x.sockets),
      edge: all[0]!.edge,
      alerts: {
        queued: sum((x) => x.alerts.queued),
        sent: sum((x) => x.alerts.sent),
        failed: sum((x) => x.alerts.failed),
        timedOut: sum((x) => x.alerts.timedOut),
        dropped: sum((x) => x.alerts.dropped),
        // the longest any one process's queue has been
        peak: Math.max(...all.map((x) => x.alerts.peak)),
        pushes: sum((x) => x.alerts.pushes),
        posts: sum((x) => x.alerts.posts),
        expired: sum((x) => x.alerts.expired),
        limited: sum((x) => x.alerts.limited),
      },
      loopDelayMs: { p50: Math.max(...all.map((x) => x.loopDelayMs.p50)), p99: Math.max(...all.map((x) => x.loopDelayMs.p99)), max: Math.max(...all.map((x) => x.loopDelayMs.max)) },
    };
  };
  /** Forwarding commands through the adapter, measured: the CPU of every process over the commands, then over the pushes. */
  const forward = async (count: number, concurrency: number): Promise<ForwardReport> => {
    const w = primary.workers()[0]!.worker!;
    const cpu = (x: ChildStats) => (x.cpu.user + x.cpu.system) / 1000;
    const run = (pushes: boolean) =>
      new Promise<{ ackMs: ForwardReport["ackMs"]; commandsPerSec: number; answered: number }>((resolve) => {
        const id = next++;
        const on = (m: { type?: string; id?: number; ackMs: ForwardReport["ackMs"]; commandsPerSec: number; answered: number }) => {
          if (m?.type !== "bench:forward" || m.id !== id) return;
          w.off("message", on);
          resolve(m);
        };
        w.on("message", on);
        w.send({ type: "bench:forward", id, count, concurrency, pushes });
      });
    const s0 = await stats({});
    const r = await run(false);
    const s1 = await stats({});
    await run(true);
    // the other processes take the pushes in after they are sent: a second's grace (their idle timers count too: a rough figure)
    await new Promise((res) => setTimeout(res, 1000));
    const s2 = await stats({});
    return { type: "forwarded", commands: count, answered: r.answered, ackMs: r.ackMs, commandsPerSec: r.commandsPerSec, cpuMsPerCommand: (cpu(s1) - cpu(s0)) / count, pushes: count, cpuMsPerPush: (cpu(s2) - cpu(s1)) / count };
  };
  process.on("message", (msg: ChildRequest & { id: number }) => {
    const reply = (body: object) => process.send?.({ id: msg.id, ...body });
    if (msg.type === "stats") void stats(msg).then(reply);
    else if (msg.type === "forward") void forward(msg.count, msg.concurrency).then(reply);
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
