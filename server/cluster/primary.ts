// The cluster primary (`npm start` with WORKERS > 1): forks one worker per
// slot, listens on the public port and hands each incoming connection to a
// worker. A connection whose first request is a Socket.IO handshake naming a
// room goes to the live slot that room hashes to (placement.ts), so that all of
// a room's sockets meet on the process that serves the room; anything else
// (pages, the API, the shared socket) goes round the live workers. When a
// worker exits the primary stops routing to it at once, tells the others that
// its leases are free (they adopt its rooms from the log) and forks it again.
// SIGUSR2 restarts the workers one at a time.
import cluster, { type Worker } from "node:cluster";
import net from "node:net";
import { setupPrimary } from "@socket.io/cluster-adapter";
import { readHead } from "./head";
import { roomOfRequest, slotFor } from "./placement";
import type { FromWorker, ToWorker } from "./worker";

export interface PrimaryOptions {
  workers: number;
  port: number;
  host: string;
  /** Environment every worker gets besides the primary's own (the database URL, when last seen alive). */
  env: Record<string, string>;
  log: (m: string) => void;
  /** The worker program (default: the primary's own entry, as node:cluster does). */
  exec?: string;
}

interface Slot {
  index: number;
  worker: Worker | null;
  owner: string | null;
  ready: boolean;
  /** Stopped on purpose (a rolling restart or shutdown): not forked again by the exit handler. */
  stopping: boolean;
  /** Consecutive crashes, for a growing pause before forking again. */
  crashes: number;
}

export interface Primary {
  port: number;
  /** The workers as they stand (tests and benchmarks ask them for figures, or kill one). */
  workers(): { slot: number; worker: Worker | null; ready: boolean }[];
  /** Restarts every worker, one at a time, each once its successor serves. */
  roll(): Promise<void>;
  close(): Promise<void>;
}

export async function startPrimary(o: PrimaryOptions): Promise<Primary> {
  setupPrimary();
  if (o.exec) cluster.setupPrimary({ exec: o.exec });
  const slots: Slot[] = Array.from({ length: o.workers }, (_, index) => ({ index, worker: null, owner: null, ready: false, stopping: false, crashes: 0 }));
  let closing = false;
  let turn = 0;
  const waiters = new Map<number, (() => void)[]>();

  const live = () => slots.filter((s) => s.ready).map((s) => s.index);
  /** False when the worker cannot be told (gone); `failed` runs if the message (and handle) could not be passed after all. */
  const send = (s: Slot, msg: ToWorker, handle?: net.Socket, failed?: () => void) => {
    if (!s.worker?.isConnected()) return false;
    // send's own return value only says whether its queue is long: the callback says whether it went
    const done = (e: Error | null) => e && failed?.();
    if (handle) s.worker.send(msg, handle, done);
    else s.worker.send(msg, done);
    return true;
  };
  const tellLive = () => {
    const msg: ToWorker = { type: "garnet:live", live: live() };
    for (const s of slots) if (s.ready) send(s, msg);
  };

  function fork(s: Slot, generation: "first" | "again"): void {
    const worker = cluster.fork({ ...o.env, GARNET_SLOT: String(s.index), GARNET_SLOTS: String(o.workers), GARNET_GENERATION: generation });
    s.worker = worker;
    s.stopping = false;
    worker.on("message", (m: FromWorker) => {
      if (m?.type !== "garnet:ready") return;
      s.owner = m.owner;
      s.ready = true;
      s.crashes = 0;
      o.log(`worker ${s.index} (pid ${worker.process.pid}) serves`);
      tellLive();
      for (const w of waiters.get(s.index) ?? []) w();
      waiters.delete(s.index);
    });
  }

  cluster.on("exit", (worker, code, signal) => {
    const s = slots.find((x) => x.worker === worker);
    if (!s) return;
    const owner = s.owner;
    s.worker = null;
    s.ready = false;
    s.owner = null;
    // routing already skips it; the others free its leases and adopt its rooms at once
    tellLive();
    if (owner) for (const other of slots) if (other.ready) send(other, { type: "garnet:gone", owner });
    if (closing || s.stopping) return;
    s.crashes++;
    o.log(`worker ${s.index} exited (${signal ?? code}); forking it again`);
    setTimeout(() => !closing && fork(s, "again"), Math.min(10_000, 250 * 2 ** (s.crashes - 1)));
  });

  /**
   * The connection is paused, but its handle still reads (draining the head
   * starts it again), and this process keeps its copy of the connection until
   * the handle has been sent while the worker already answers on it: a handle
   * still reading here would take, and drop, what the client sends next (its
   * namespace handshake). So it stops reading at the handle itself, just before
   * the hand-off. (A process that keeps the connection, like a proxy, must not.)
   */
  function stopReading(conn: net.Socket): void {
    const handle = (conn as unknown as { _handle?: { reading?: boolean; readStop?: () => number } })._handle;
    if (!handle?.readStop) return;
    handle.reading = false;
    handle.readStop();
  }

  function route(conn: net.Socket, head: Buffer, line: string | null): void {
    stopReading(conn);
    const room = line ? roomOfRequest(line) : null;
    const l = live();
    const slot = l.length === 0 ? null : room ? slotFor(room, l) : l[turn++ % l.length]!;
    const s = slot === null ? null : slots[slot]!;
    const refuse = () => conn.end("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nRetry-After: 1\r\nConnection: close\r\n\r\n");
    if (!s || !send(s, { type: "garnet:conn", head: head.toString("base64") }, conn, () => !conn.destroyed && refuse())) refuse();
  }

  const server = net.createServer({ pauseOnConnect: true }, (conn) => readHead(conn, (head, line) => route(conn, head, line)));

  const ready = (index: number) => new Promise<void>((resolve) => (slots[index]!.ready ? resolve() : waiters.set(index, [...(waiters.get(index) ?? []), resolve])));
  for (const s of slots) fork(s, "first");
  await Promise.all(slots.map((s) => ready(s.index)));
  await new Promise<void>((resolve) => server.listen(o.port, o.host, resolve));
  const port = (server.address() as net.AddressInfo).port;

  async function stop(s: Slot): Promise<void> {
    const worker = s.worker;
    if (!worker) return;
    s.stopping = true;
    s.ready = false;
    tellLive();
    const gone = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
    send(s, { type: "garnet:stop" });
    const kill = setTimeout(() => worker.process.kill("SIGKILL"), 20_000);
    await gone;
    clearTimeout(kill);
  }

  let rolling: Promise<void> | null = null;
  return {
    port,
    workers: () => slots.map((s) => ({ slot: s.index, worker: s.worker, ready: s.ready })),
    roll() {
      rolling ??= (async () => {
        for (const s of slots) {
          if (closing) break;
          o.log(`rolling restart: worker ${s.index}`);
          await stop(s);
          fork(s, "again");
          await ready(s.index);
        }
      })().finally(() => (rolling = null));
      return rolling;
    },
    async close() {
      closing = true;
      server.close();
      await Promise.all(slots.map((s) => stop(s)));
    },
  };
}
