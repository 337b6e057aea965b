// The parent's side of child-server.ts: start a room server as a process of its
// own, wait until it serves, ask it for figures, kill it with SIGKILL.
import { spawn, type ChildProcess } from "node:child_process";
import type { GcPauses } from "./gc-pauses";
import { createServer } from "node:net";
import path from "node:path";
import type { Clock } from "../../lib/room/types";
import type { Edge } from "../edge";
import type { OutboxFigures } from "../alerts/outbox";
import type { AlertFigures } from "../alerts/service";
import type { HistogramData } from "../histogram";
import type { Stage, Wait } from "../stage-times";

export type ChildRequest =
  | { type: "stats"; gc?: boolean; resetLoop?: boolean }
  | { type: "inspect"; codes: string[] }
  | { type: "crash-after-commits"; batches: number }
  /** Reads push subscriptions and webhooks from the database again (after a benchmark wrote them). */
  | { type: "alerts-refresh" }
  /** Starts a CPU profile (or a sampling heap profile: `heap`), or stops it and writes it to `file` (.cpuprofile, .heapprofile). */
  | { type: "profile"; start: boolean; file?: string; heap?: boolean }
  /** Writes a heap snapshot of the server (what it holds after a full collection) to `file` (.heapsnapshot). */
  | { type: "heap-snapshot"; file: string }
  /** cluster-child.ts only: kill -9 the worker of this slot. */
  | { type: "kill-worker"; slot: number }
  /** cluster-child.ts only: worker 0 forwards `count` commands to the others through the adapter (serverSideEmit with ack), `concurrency` at a time; then pushes `count` payloads through it. */
  | { type: "forward"; count: number; concurrency: number };

export interface ChildStats {
  type: "stats";
  at: number;
  cpu: NodeJS.CpuUsage;
  memory: NodeJS.MemoryUsage;
  store: { batches: number; events: number; writeMs: number; slowWrites: number; slowestWriteMs: number };
  /** The time summed in each stage of handling commands (ms; see server/stage-times.ts); the echo floor has none. */
  stages?: Record<Stage, number>;
  /** What commands waited for on the server since the last reset (see server/stage-times.ts); the floor and the cluster have none. */
  waits?: Record<Wait, HistogramData>;
  rooms: number;
  sockets: number;
  edge: ReturnType<Edge["stats"]>;
  loopDelayMs: { p50: number; p99: number; max: number };
  /** The collector's pauses since the last reset (gc-pauses.ts); the cluster has none. */
  gc?: GcPauses;
  /** The alerts' outbox and what went out (see server/alerts). */
  alerts: OutboxFigures & AlertFigures;
}

export interface RoomInternals {
  code: string;
  version: number;
  status: string;
  state: unknown;
  clock: Clock;
}

export type ChildReply = ChildStats | { type: "inspect"; rooms: RoomInternals[] } | { type: "armed" } | { type: "killed"; at: number; pid: number | null } | ForwardReport;

/** What forwarding through the adapter costs (cluster-child.ts): per command, the round trip and the CPU of every process; per pushed payload, the CPU. */
export interface ForwardReport {
  type: "forwarded";
  commands: number;
  /** Answers the commands got (one per other process and command when every one arrived). */
  answered: number;
  ackMs: { p50: number; p99: number; max: number };
  commandsPerSec: number;
  cpuMsPerCommand: number;
  pushes: number;
  cpuMsPerPush: number;
}

export interface ServerProcessOptions {
  databaseUrl: string;
  /** Fixed so that clients can reconnect to the same address after a restart; 0 picks one. */
  port?: number;
  botDelayMs?: number;
  heartbeatMs?: number;
  snapshotEvery?: number;
  /** Extra node flags, e.g. --cpu-prof or --expose-gc. */
  nodeArgs?: string[];
  env?: Record<string, string>;
  /** Another program that speaks the same IPC (default: child-server.ts). */
  entry?: string;
  /** Lines the server writes that are not its own announcements. */
  output?: (line: string) => void;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
  /** Set when the server killed itself on request (see crashAfterCommits). */
  killed?: { at: number; point: string; batch: number };
}

const ENTRY = path.join(import.meta.dirname, "child-server.ts");

/** Request and reply over a child's IPC channel: each request carries an id that its reply echoes. */
export function ipcAsker<Req extends object, Reply>(child: ChildProcess): (req: Req) => Promise<Reply> {
  let next = 1;
  const waiting = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  let exited: Error | null = null;
  child.on("message", (m: { id?: number }) => {
    const w = m.id === undefined ? undefined : waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id!);
    w.resolve(m as Reply);
  });
  // a child that dies must not leave its asker waiting forever
  child.once("exit", (code, signal) => {
    exited = new Error(`child process ${child.pid} exited (${signal ?? `code ${code}`}) with requests unanswered`);
    for (const w of waiting.values()) w.reject(exited);
    waiting.clear();
  });
  return (req) =>
    new Promise((resolve, reject) => {
      if (exited) return reject(exited);
      const id = next++;
      waiting.set(id, { resolve, reject });
      child.send({ id, ...req }, (e) => {
        if (e) {
          waiting.delete(id);
          reject(e);
        }
      });
    });
}

/** A free TCP port on loopback (free when asked: good enough for a test run). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export class ServerProcess {
  private readonly send: (req: ChildRequest) => Promise<ChildReply>;
  private killedInfo: Exit["killed"];
  readonly exited: Promise<Exit>;
  readonly ready: Promise<{ port: number; startedAt: number; readyAt: number; rooms: number }>;

  private constructor(
    private readonly child: ChildProcess,
    readonly spawnedAt: number,
    ready: Promise<{ port: number; startedAt: number; readyAt: number; rooms: number }>,
  ) {
    this.exited = new Promise((resolve) => {
      // "close", not "exit": by then the last lines it wrote have been read
      child.once("close", (code, signal) => resolve({ code, signal, at: Date.now(), killed: this.killedInfo }));
    });
    this.ready = ready;
    this.send = ipcAsker(child);
  }

  /** The child's process id (for tools that watch it from outside, such as a sampling profiler). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  static async start(o: ServerProcessOptions): Promise<{ server: ServerProcess; port: number; url: string; readyAt: number; rooms: number }> {
    const spawnedAt = Date.now();
    const child = spawn(process.execPath, [...(o.nodeArgs ?? []), "--import", "tsx", o.entry ?? ENTRY], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: {
        ...process.env,
        ...o.env,
        DATABASE_URL: o.databaseUrl,
        PORT: String(o.port ?? 0),
        BOT_DELAY_MS: String(o.botDelayMs ?? 700),
        HEARTBEAT_MS: String(o.heartbeatMs ?? 200),
        SNAPSHOT_EVERY: String(o.snapshotEvery ?? 50),
      },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    let resolveReady!: (r: { port: number; startedAt: number; readyAt: number; rooms: number }) => void;
    let rejectReady!: (e: Error) => void;
    const ready = new Promise<{ port: number; startedAt: number; readyAt: number; rooms: number }>((res, rej) => {
      resolveReady = res;
      rejectReady = rej;
    });
    const server = new ServerProcess(child, spawnedAt, ready);
    let errors = "";
    let buffered = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      buffered += chunk;
      let nl: number;
      while ((nl = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (!line.startsWith("@garnet ")) {
          o.output?.(line);
          continue;
        }
        const ev = JSON.parse(line.slice(8)) as { event: string } & Record<string, unknown>;
        if (ev.event === "ready") resolveReady(ev as never);
        if (ev.event === "killed") server.killedInfo = { at: ev.at as number, point: ev.point as string, batch: ev.batch as number };
      }
    });
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      errors += chunk;
      o.output?.(chunk.trimEnd());
    });
    void server.exited.then((e) => rejectReady(new Error(`the server exited before it served (${e.signal ?? e.code}):\n${errors.slice(-4000)}`)));
    const r = await ready;
    return { server, port: r.port, url: `http://127.0.0.1:${r.port}`, readyAt: r.readyAt, rooms: r.rooms };
  }

  ask(req: { type: "stats"; gc?: boolean; resetLoop?: boolean }): Promise<ChildStats>;
  ask(req: { type: "inspect"; codes: string[] }): Promise<{ type: "inspect"; rooms: RoomInternals[] }>;
  ask(req: { type: "crash-after-commits"; batches: number } | { type: "profile"; start: boolean; file?: string; heap?: boolean } | { type: "heap-snapshot"; file: string } | { type: "alerts-refresh" }): Promise<{ type: "armed" }>;
  ask(req: { type: "kill-worker"; slot: number }): Promise<{ type: "killed"; at: number; pid: number | null }>;
  ask(req: { type: "forward"; count: number; concurrency: number }): Promise<ForwardReport>;
  ask(req: ChildRequest): Promise<ChildReply> {
    return this.send(req);
  }

  /** kill -9; resolves with the exit once the process is gone. */
  async kill(): Promise<Exit & { sentAt: number }> {
    const sentAt = Date.now();
    this.child.kill("SIGKILL");
    return { ...(await this.exited), sentAt };
  }

  /** A clean shutdown (SIGTERM: the server drains and closes). */
  async stop(): Promise<Exit> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGTERM");
    return this.exited;
  }
}
