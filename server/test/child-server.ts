// A Garnet room server in a process of its own, without Next: what the crash
// tests and the benchmark start, kill and restart. Configured by environment;
// talks to its parent over IPC (see server-process.ts): "ready" once it serves,
// figures and room internals on request, and on request it dies by SIGKILL
// right after a batch of commands is durable, before any of them is
// acknowledged or broadcast.
import { writeFileSync, writeSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { findSourceMap } from "node:module";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { watchGcPauses } from "./gc-pauses";
import { writeHeapSnapshot } from "node:v8";
import { startGarnetServer } from "../app-server";
import { alertsFromEnv } from "../alerts/config";
import { edgeFromEnv, oneAddressEdge } from "../edge";
import { gameOrFixture } from "./fixture-game";
import { TEST_SECRET } from "./session";
import { stageTimes, waitTimes } from "../stage-times";
import type { ChildReply, ChildRequest } from "./server-process";

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  return raw === undefined || raw === "" ? fallback : Number(raw);
}

/** A line on stdout the parent reads even if the process dies right after writing it. */
function announce(event: object): void {
  writeSync(1, `@garnet ${JSON.stringify(event)}\n`);
}

const startedAt = Date.now();
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const gcPauses = watchGcPauses();

const server = await startGarnetServer({
  databaseUrl: process.env.DATABASE_URL!,
  authSecret: process.env.AUTH_SECRET ?? TEST_SECRET,
  port: int("PORT", 0),
  host: "127.0.0.1",
  botDelayMs: int("BOT_DELAY_MS", 700),
  heartbeatMs: int("HEARTBEAT_MS", 200),
  snapshotEvery: int("SNAPSHOT_EVERY", 50),
  instanceId: process.env.INSTANCE_ID ?? "main",
  leaseTtlMs: int("LEASE_TTL_MS", 10_000),
  // several instances on one database (many machines, simulated): Redis between them
  crossProcess: process.env.REDIS_URL ? { kind: "redis", url: process.env.REDIS_URL, prefix: process.env.REDIS_PREFIX ?? "garnet" } : undefined,
  lookupGame: gameOrFixture,
  // its clients (benchmark, crash tests, slow-reader figures) all come from 127.0.0.1; socket caps from the environment
  edge: oneAddressEdge(edgeFromEnv(process.env)),
  // pushes only where the parent gave keys (the benchmark's --pushes)
  alerts: process.env.VAPID_PUBLIC_KEY ? alertsFromEnv(process.env, "", null) : undefined,
  log: () => {},
});

// The crash switch: counts durable batches and dies inside the first one past
// the mark. Every waiter of a batch is released in one synchronous loop and this
// reaction is queued first, so nothing of that batch reaches a socket.
let crashIn: number | null = null;
let batchSeen = -1;
const store = server.rooms.store;
const append = store.append.bind(store);
store.append = (commit) =>
  append(commit).then(() => {
    if (crashIn === null || store.stats.batches === batchSeen) return;
    batchSeen = store.stats.batches;
    if (--crashIn > 0) return;
    announce({ event: "killed", at: Date.now(), point: "after-commit", batch: store.stats.batches });
    process.kill(process.pid, "SIGKILL");
  });

function reply(id: number, body: ChildReply): void {
  process.send?.({ id, ...body });
}

// A CPU profile of a chosen stretch (the same format as node --cpu-prof), for the benchmark's window;
// or a sampling heap profile of it that keeps the objects collected meanwhile, so it tells what was
// allocated, not what is left (the format of node --heap-prof).
const profilers: { cpu: Session | null; heap: Session | null } = { cpu: null, heap: null };
async function profile(start: boolean, heap: boolean, file?: string): Promise<void> {
  const kind = heap ? "heap" : "cpu";
  if (start) {
    const session = new Session();
    session.connect();
    profilers[kind] = session;
    if (heap) {
      await session.post("HeapProfiler.startSampling", { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
      return;
    }
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 500 });
    await session.post("Profiler.start");
    return;
  }
  const session = profilers[kind];
  if (!session) return;
  const { profile } = heap ? await session.post("HeapProfiler.stopSampling") : await session.post("Profiler.stop");
  toSourceLines("head" in profile ? treeNodes(profile.head) : profile.nodes);
  if (file) writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
  profilers[kind] = null;
}

interface Frame {
  callFrame: { url: string; lineNumber: number; columnNumber: number };
}

/** A heap profile's nodes (a tree) as one list, as a CPU profile has them. */
function treeNodes<N extends { children: N[] }>(head: N): N[] {
  const out: N[] = [];
  const stack = [head];
  for (let n = stack.pop(); n; n = stack.pop()) {
    out.push(n);
    stack.push(...n.children);
  }
  return out;
}

/**
 * Puts each frame of our TypeScript at its line and column in the source, where
 * the process runs with source maps (the benchmark starts it so when it
 * profiles): as loaded, a module's code stands on a line or two, and every
 * function would show as line 1.
 */
function toSourceLines(frames: Frame[]): void {
  for (const f of frames) {
    const { url, lineNumber, columnNumber } = f.callFrame;
    // an empty object where the map has nothing for the place
    const entry = (url.startsWith("file:") && !url.includes("/node_modules/") ? findSourceMap(url)?.findEntry(lineNumber, columnNumber) : undefined) as { originalLine?: number; originalColumn?: number } | undefined;
    if (entry?.originalLine !== undefined && entry.originalColumn !== undefined) {
      f.callFrame.lineNumber = entry.originalLine;
      f.callFrame.columnNumber = entry.originalColumn;
    }
  }
}

process.on("message", (msg: ChildRequest & { id: number }) => {
  switch (msg.type) {
    case "stats": {
      const gc = (globalThis as { gc?: () => void }).gc;
      if (msg.gc && gc) gc();
      const delay = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
      const waits = { queue: waitTimes.queue.data(), durable: waitTimes.durable.data() };
      const gcs = gcPauses.read();
      if (msg.resetLoop) {
        loop.reset();
        gcPauses.reset();
        waitTimes.queue.reset();
        waitTimes.durable.reset();
      }
      reply(msg.id, {
        type: "stats",
        at: Date.now(),
        cpu: process.cpuUsage(),
        memory: process.memoryUsage(),
        store: { ...store.stats },
        stages: { ...stageTimes },
        waits,
        rooms: server.rooms.live().length,
        sockets: server.io.engine.clientsCount,
        edge: server.edge.stats(),
        loopDelayMs: delay,
        gc: gcs,
        alerts: { ...server.alerts.outbox.figures, ...server.alerts.figures },
      });
      return;
    }
    case "inspect": {
      // a room that is not live (say, finished before a restart) is loaded from the database like any other
      void Promise.all(msg.codes.map((code) => server.rooms.get(code))).then((live) => {
        const rooms = live.flatMap((r) => (r ? [{ code: r.code, version: r.version, status: r.status, state: r.state, clock: r.clock }] : []));
        reply(msg.id, { type: "inspect", rooms });
      });
      return;
    }
    case "profile":
      void profile(msg.start, msg.heap === true, msg.file).then(() => reply(msg.id, { type: "armed" }));
      return;
    case "heap-snapshot":
      writeHeapSnapshot(msg.file);
      reply(msg.id, { type: "armed" });
      return;
    case "alerts-refresh":
      void server.alerts.refresh().then(() => reply(msg.id, { type: "armed" }));
      return;
    case "crash-after-commits":
      crashIn = msg.batches;
      batchSeen = store.stats.batches;
      reply(msg.id, { type: "armed" });
      return;
  }
});

let closing = false;
process.on("SIGTERM", () => {
  if (closing) return;
  closing = true;
  void server.close().finally(() => process.exit(0));
});

announce({ event: "ready", port: server.port, startedAt, readyAt: Date.now(), rooms: server.rooms.live().length });
