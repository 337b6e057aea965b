// One load run: a server (Garnet's room server on a fresh database, or the
// bare echo floor) in its own process, driver workers that set up the rooms
// and play them at a steady pace, a warm-up, a measured window, a drain.
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { createDb } from "../../server/db/client";
import { createTestDb } from "../../server/test/harness";
import { ipcAsker, ServerProcess, type ChildStats } from "../../server/test/server-process";
import type { GcPauses } from "../../server/test/gc-pauses";
import type { HistogramData } from "../../server/histogram";
import type { Stage, Wait } from "../../server/stage-times";
import { SERVER_NODE_FLAGS } from "../server-flags.mjs";
import { Histogram } from "../../server/histogram";
import { perfNodeFlags, splitPerf, startPerf, type PerfSplit } from "./perf-split";
import { subscribeSeated, type PushSetup } from "./pushes";
import type { RoomSpec, WindowReport, WorkerReply, WorkerRequest } from "./protocol";
import { machineTicks, pgCpuBetween, pgSample, processCpuMs } from "./system";

export interface LoadOptions {
  name: string;
  mode: "garnet" | "echo";
  pgBase: string;
  rooms: RoomSpec[];
  paceMs: number;
  workers: number;
  warmupS: number;
  windowS: number;
  /**
   * Garnet: before the warm-up, play every room a random way into its game
   * (worker.ts, "age"), for at most this many seconds; 0 starts the window
   * with every game a few seconds old. The floor has no games to age.
   */
  ageS?: number;
  /** Echo: chance a tick sends, to run the floor at Garnet's achieved rate. */
  sendChance?: number;
  /** Pushes on: every seated user subscribed at this (slow) local push service. */
  push?: PushSetup;
  /** Write a CPU profile of the server over the window to this file. */
  profileFile?: string;
  /** A sampling heap profile of the server over the window, written here (every allocation, collected or not). */
  heapProfileFile?: string;
  /** A heap snapshot of the server after the window and the drain (what it holds after a full collection, its sockets still open), written here. */
  heapSnapshotFile?: string;
  /** Record the server with Linux perf over the window to this file, and split its samples (perf-split.ts). */
  perfFile?: string;
  /** More Node.js flags for the server (and the floor), for diagnosis: --trace-gc, say. */
  serverFlags?: string[];
  /**
   * Garnet as a cluster of this many worker processes behind the primary
   * (server/test/cluster-child.ts); its figures are the sum over the processes.
   * Set (even to 1) for runs that compare process counts: every socket is then
   * routed by its room, the same way at every count.
   */
  processes?: number;
  /** Each room is also watched by its host's console, a socket of its own per room (worker.ts); the floor gets the same sockets. */
  consoles?: boolean;
  /** Another checkout's room server to run instead of this one's (its server/test/child-server.ts, with its own dependencies): `--against`. */
  serverEntry?: string;
  /** Waits for the runs beside this one to reach the same point (`--against` runs two at once): before the warm-up, and before the window. */
  sync?: (point: "warm-up" | "window") => Promise<void>;
  log: (line: string) => void;
}

type Summary = ReturnType<Histogram["summary"]>;

export interface LoadResult {
  name: string;
  mode: "garnet" | "echo";
  rooms: number;
  sockets: number;
  paceMs: number;
  setupS: number;
  /** Garnet's rooms played into their games before the warm-up (null when they were not). */
  aged: { actions: number; rooms: number; reached: number; seconds: number; refused: Record<string, number> } | null;
  windowS: number;
  ticksPerSec: number;
  sentPerSec: number;
  actionsPerSec: number;
  /** Of the ticks outside a room change, the share that sent an action. */
  sendShare: number;
  ack: Summary;
  view: Summary;
  viewAll: Summary;
  refused: Record<string, number>;
  /** Over the whole run, after the drain. */
  run: {
    sent: number;
    acked: number;
    refused: number;
    unanswered: number;
    viewsMissing: number;
    logged: number | null;
    /** Finished rooms the driver could not replace (their seats idle from then on). */
    unreplaced: number;
    /** Sockets the server dropped for not reading what it sent them (its cap on unsent bytes); null for the floor. */
    droppedSlow: number | null;
  };
  roomsRecycled: number;
  /** How long the heap profile ran (s), when there was one: its allocations are per this stretch. */
  heapProfileS: number | null;
  /** What the seats received per acknowledged action, KiB (every seat's payload and the ack). */
  receivedKiBPerAction: number;
  /** Of an action's other seats, how many on average it showed nothing (they are not sent it; the floor sends every one). */
  unseenPerAction: number;
  server: {
    cpuMsPerAction: number;
    /** Of that, the kernel's part (system time: mostly socket writes and reads). */
    systemMsPerAction: number;
    /** Of that, the time in each stage of handling commands (server/stage-times.ts); null for the floor. */
    stagesMsPerAction: Record<Stage, number> | null;
    /** Over the window, what commands waited for on the server (server/stage-times.ts); null for the floor. */
    waits: Record<Wait, Summary> | null;
    cpuShare: number;
    loopP99Ms: number;
    loopMaxMs: number;
    /** The collector's pauses over the window (null where the server does not report them: the cluster). */
    gc: GcPauses | null;
    heapPerRoomKiB: number;
    /** The same after the window, per room the server holds then: the games at every stage, and the rooms finished in the run (unloaded a minute after their end). */
    heapPerRoomAfterKiB: number;
    roomsAfter: number;
    rssPerRoomKiB: number;
    rssMiB: number;
  };
  db: { eventsPerSec: number; batchesPerSec: number; commitsPerSec: number; rowsWrittenPerSec: number; pgCpuMsPerAction: number; writeMsMean: number; slowWritesPerSec: number; slowestWriteMs: number } | null;
  driver: { cpuShare: number; loopP99Ms: number; rssMiB: number };
  machine: { busyShare: number; otherCpuShare: number };
  /** With pushes on: what the alerts did over the window (queued, sent, timed out, dropped; the queue's peak over the run). */
  pushes: { subscribed: number; queuedPerSec: number; sentPerSec: number; timedOut: number; dropped: number; failed: number; limited: number; peak: number; receiverGot: number } | null;
  /** With perfFile: the server's on-CPU samples over the window, by thread and stage. */
  perf: PerfSplit | null;
}

const WORKER = path.join(import.meta.dirname, "worker.ts");
const ECHO = path.join(import.meta.dirname, "echo-server.ts");
const CLUSTER = path.join(import.meta.dirname, "../../server/test/cluster-child.ts");

function startWorker(): { ask: (r: WorkerRequest) => Promise<WorkerReply>; pid: number; done: Promise<void> } {
  const child = spawn(process.execPath, ["--import", "tsx", WORKER], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return {
    ask: ipcAsker<WorkerRequest, WorkerReply>(child),
    pid: child.pid!,
    done: new Promise((resolve) => child.once("exit", () => resolve())),
  };
}

function summaryOf(d: HistogramData): Summary {
  const h = new Histogram();
  h.merge(d);
  return h.summary();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;

/** Each stage's time over the window, per acknowledged action (ms). */
function perAction(s0: Record<Stage, number>, s1: Record<Stage, number>, acked: number): Record<Stage, number> {
  const out = { ...s1 };
  for (const k of Object.keys(out) as Stage[]) out[k] = (s1[k] - s0[k]) / Math.max(1, acked);
  return out;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const testDb = o.mode === "garnet" ? await createTestDb(o.pgBase) : null;
  const dbName = testDb ? new URL(testDb.url).pathname.slice(1) : "";
  const admin = testDb ? new pg.Client({ connectionString: o.pgBase }) : null;
  await admin?.connect();
  const { server, url } = await ServerProcess.start({
    databaseUrl: testDb?.url ?? "none",
    entry: o.mode === "echo" ? ECHO : o.processes !== undefined ? CLUSTER : o.serverEntry,
    env: o.processes !== undefined || o.push ? { ...(o.processes !== undefined ? { WORKERS: String(o.processes) } : {}), ...o.push?.env } : undefined,
    // the flags `npm start` runs the server with, for Garnet and the floor alike
    // a profiled server maps its frames to TypeScript lines (child-server.ts), which needs the source maps
    nodeArgs: ["--expose-gc", ...SERVER_NODE_FLAGS, ...(o.perfFile ? perfNodeFlags(o.perfFile) : []), ...(o.profileFile || o.heapProfileFile ? ["--enable-source-maps"] : []), ...(o.serverFlags ?? [])],
    botDelayMs: 700,
    heartbeatMs: 200,
    snapshotEvery: 50,
    output: (line) => o.log(`  server: ${line}`),
  });
  const workers = Array.from({ length: o.workers }, () => startWorker());
  try {
    const base = await server.ask({ type: "stats", gc: true });
    const began = Date.now();
    const share = (w: number) => o.rooms.filter((_, i) => i % o.workers === w);
    const ready = await Promise.all(
      workers.map((w, i) => w.ask({ type: "setup", url, mode: o.mode, worker: i, rooms: share(i), paceMs: o.paceMs, sendChance: o.sendChance ?? 1, routed: o.processes !== undefined, consoles: o.consoles })),
    );
    const setupS = (Date.now() - began) / 1000;
    const sockets = ready.reduce((n, r) => n + (r.type === "ready" ? r.sockets : 0), 0);
    let subscribed = 0;
    if (o.push && testDb) {
      subscribed = await subscribeSeated(testDb.url, o.push.receiver.url);
      await server.ask({ type: "alerts-refresh" });
      o.log(`  pushes on: ${subscribed} seated users subscribed at a push service that answers after ${o.push.receiver.delayMs} ms`);
    }
    const afterSetup = await server.ask({ type: "stats", gc: true });
    o.log(`  ${o.mode}: ${o.rooms.length} rooms, ${sockets} sockets ready in ${setupS.toFixed(1)} s`);
    let aged: LoadResult["aged"] = null;
    if (o.mode === "garnet" && o.ageS) {
      const t = Date.now();
      const replies = await Promise.all(workers.map((w) => w.ask({ type: "age", maxMs: o.ageS! * 1000 })));
      aged = { actions: 0, rooms: 0, reached: 0, seconds: (Date.now() - t) / 1000, refused: {} };
      for (const r of replies) {
        if (r.type !== "aged") continue;
        [aged.actions, aged.rooms, aged.reached] = [aged.actions + r.actions, aged.rooms + r.rooms, aged.reached + r.reached];
        for (const [k, n] of Object.entries(r.refused)) aged.refused[k] = (aged.refused[k] ?? 0) + n;
      }
      const refused = Object.entries(aged.refused).map(([k, n]) => `${k} ${n}`).join(", ");
      o.log(`  rooms aged: ${aged.reached} of ${aged.rooms} played a random way into their games (${aged.actions} actions in ${aged.seconds.toFixed(1)} s${refused ? `; refused: ${refused}` : ""})`);
    }
    await o.sync?.("warm-up");
    o.log(`  warming up ${o.warmupS} s`);

    await Promise.all(workers.map((w) => w.ask({ type: "go" })));
    await sleep(o.warmupS * 1000);
    await o.sync?.("window");

    if (o.profileFile) await server.ask({ type: "profile", start: true });
    if (o.heapProfileFile) await server.ask({ type: "profile", start: true, heap: true });
    const heapFrom = performance.now();
    const perf = o.perfFile && server.pid ? startPerf(server.pid, o.perfFile) : null;
    const s0 = await server.ask({ type: "stats", resetLoop: true });
    const pg0 = admin ? await pgSample(admin, dbName) : null;
    const m0 = machineTicks();
    const got0 = o.push?.receiver.received.length ?? 0;
    const w0 = workers.map((w) => processCpuMs(w.pid));
    await Promise.all(workers.map((w) => w.ask({ type: "window" })));
    await sleep(o.windowS * 1000);
    const reports = (await Promise.all(workers.map((w) => w.ask({ type: "collect" })))).map((r) => (r as { window: WindowReport }).window);
    const s1: ChildStats = await server.ask({ type: "stats" });
    const pg1 = admin ? await pgSample(admin, dbName) : null;
    const m1 = machineTicks();
    const got1 = o.push?.receiver.received.length ?? 0;
    const w1 = workers.map((w) => processCpuMs(w.pid));
    if (o.profileFile) await server.ask({ type: "profile", start: false, file: o.profileFile });
    const heapProfileS = o.heapProfileFile ? (performance.now() - heapFrom) / 1000 : null;
    if (o.heapProfileFile) await server.ask({ type: "profile", start: false, heap: true, file: o.heapProfileFile });
    await perf?.stop();
    const perfSplit = perf && o.perfFile && server.pid ? splitPerf(o.perfFile, server.pid) : null;
    // the heap as the window leaves it, games at every stage (the setup figure is of games just begun)
    const afterWindow = await server.ask({ type: "stats", gc: true });

    const stopped = await Promise.all(workers.map((w) => w.ask({ type: "stop", drainMs: 10_000 })));
    const run = { sent: 0, acked: 0, refused: 0, unanswered: 0, viewsMissing: 0, logged: null as number | null, unreplaced: 0, droppedSlow: null as number | null };
    for (const s of stopped) {
      if (s.type !== "stopped") continue;
      run.sent += s.sent;
      run.acked += s.acked;
      run.refused += s.refused;
      run.unanswered += s.unanswered;
      run.viewsMissing += s.viewsMissing;
      run.unreplaced += s.unreplaced;
    }
    run.droppedSlow = (await server.ask({ type: "stats" })).edge?.droppedSlow ?? null;
    // after the drain: the snapshot stops the server for seconds, which nothing in flight should wait out
    if (o.heapSnapshotFile) await server.ask({ type: "heap-snapshot", file: o.heapSnapshotFile });
    if (testDb) {
      const db = createDb(testDb.url, 1);
      run.logged = await db.event.count({ where: { clientId: { not: null } } });
      await db.$disconnect();
    }

    const windowS = (s1.at - s0.at) / 1000;
    const merged = { ack: new Histogram(), view: new Histogram(), viewAll: new Histogram() };
    const refused: Record<string, number> = {};
    let ticks = 0, sent = 0, acked = 0, recycling = 0, recycled = 0, received = 0, unseen = 0, driverLoop = 0, driverRss = 0;
    for (const r of reports) {
      merged.ack.merge(r.ack);
      merged.view.merge(r.view);
      merged.viewAll.merge(r.viewAll);
      for (const [k, v] of Object.entries(r.refused)) refused[k] = (refused[k] ?? 0) + v;
      ticks += r.ticks;
      sent += r.sent;
      acked += r.acked;
      recycling += r.recycling;
      recycled += r.recycled;
      received += r.received;
      unseen += r.unseen;
      driverLoop = Math.max(driverLoop, r.loopDelayP99Ms);
      driverRss += r.rssBytes;
    }
    const serverCpu = cpuMs(s1.cpu) - cpuMs(s0.cpu);
    const machineMs = (m1.total - m0.total) * 10;
    const driverCpu = w1.reduce((n, c, i) => n + c - w0[i]!, 0);
    const pgCpu = pg0 && pg1 ? pgCpuBetween(pg0, pg1) : 0;
    const rooms = o.rooms.length;
    return {
      name: o.name,
      mode: o.mode,
      rooms,
      sockets,
      paceMs: o.paceMs,
      setupS,
      aged,
      windowS,
      ticksPerSec: ticks / windowS,
      sentPerSec: sent / windowS,
      actionsPerSec: acked / windowS,
      sendShare: sent / Math.max(1, ticks - recycling),
      ack: merged.ack.summary(),
      view: merged.view.summary(),
      viewAll: merged.viewAll.summary(),
      refused,
      run,
      roomsRecycled: recycled,
      heapProfileS,
      receivedKiBPerAction: received / 1024 / Math.max(1, acked),
      unseenPerAction: unseen / Math.max(1, acked),
      server: {
        cpuMsPerAction: serverCpu / Math.max(1, acked),
        systemMsPerAction: (s1.cpu.system - s0.cpu.system) / 1000 / Math.max(1, acked),
        stagesMsPerAction: s0.stages && s1.stages ? perAction(s0.stages, s1.stages, acked) : null,
        waits: s1.waits ? { queue: summaryOf(s1.waits.queue), durable: summaryOf(s1.waits.durable) } : null,
        cpuShare: serverCpu / (windowS * 1000),
        loopP99Ms: s1.loopDelayMs.p99,
        loopMaxMs: s1.loopDelayMs.max,
        gc: s1.gc ?? null,
        heapPerRoomKiB: (afterSetup.memory.heapUsed - base.memory.heapUsed) / rooms / 1024,
        heapPerRoomAfterKiB: (afterWindow.memory.heapUsed - base.memory.heapUsed) / Math.max(rooms, afterWindow.rooms) / 1024,
        roomsAfter: Math.max(rooms, afterWindow.rooms),
        rssPerRoomKiB: (afterSetup.memory.rss - base.memory.rss) / rooms / 1024,
        rssMiB: s1.memory.rss / 2 ** 20,
      },
      db:
        pg0 && pg1
          ? {
              eventsPerSec: (s1.store.events - s0.store.events) / windowS,
              batchesPerSec: (s1.store.batches - s0.store.batches) / windowS,
              writeMsMean: (s1.store.writeMs - s0.store.writeMs) / Math.max(1, s1.store.batches - s0.store.batches),
              slowWritesPerSec: (s1.store.slowWrites - s0.store.slowWrites) / windowS,
              slowestWriteMs: s1.store.slowestWriteMs,
              commitsPerSec: (pg1.commits - pg0.commits) / windowS,
              rowsWrittenPerSec: (pg1.inserted - pg0.inserted + pg1.updated - pg0.updated) / windowS,
              pgCpuMsPerAction: pgCpu / Math.max(1, acked),
            }
          : null,
      driver: { cpuShare: driverCpu / (windowS * 1000), loopP99Ms: driverLoop, rssMiB: driverRss / 2 ** 20 },
      machine: {
        busyShare: ((m1.busy - m0.busy) * 10) / machineMs,
        otherCpuShare: Math.max(0, (m1.busy - m0.busy) * 10 - serverCpu - driverCpu - pgCpu) / machineMs,
      },
      pushes: o.push
        ? {
            subscribed,
            queuedPerSec: (s1.alerts.queued - s0.alerts.queued) / windowS,
            sentPerSec: (s1.alerts.pushes - s0.alerts.pushes) / windowS,
            timedOut: s1.alerts.timedOut - s0.alerts.timedOut,
            dropped: s1.alerts.dropped - s0.alerts.dropped,
            failed: s1.alerts.failed - s0.alerts.failed,
            limited: s1.alerts.limited - s0.alerts.limited,
            peak: s1.alerts.peak,
            receiverGot: got1 - got0,
          }
        : null,
      perf: perfSplit,
    };
  } finally {
    await Promise.all(workers.map((w) => w.ask({ type: "exit" }).catch(() => undefined)));
    await Promise.all(workers.map((w) => Promise.race([w.done, sleep(5000)])));
    await server.stop();
    await admin?.end();
    await testDb?.drop();
  }
}
