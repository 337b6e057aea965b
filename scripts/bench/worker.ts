// A driver process of the load benchmark: plays its share of the rooms over
// real sockets, one socket per seat, every room wholly inside this process so
// that one monotonic clock times an action, its ack and every other seat's
// payload. An action's id comes back in its ack with the room version it
// became; the other seats' payloads carry that version, so each latency is
// the exact pair (send, arrival), whichever of ack and payload lands first.
import type { Socket } from "socket.io-client";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { playWithBots } from "../../lib/games/core/commands";
import { Rng } from "../../lib/games/core/rng";
import { seatIds } from "../../lib/games/core/seats";
import type { AnyGame } from "../../lib/games/core/types";
import { getGame } from "../../lib/games/registry";
import type { RoomPayload } from "../../lib/protocol";
import { connected, requestPatiently, SeatClient, signedInSocket } from "../../server/test/seat-client";
import { isDeepStrictEqual } from "node:util";
import { Histogram } from "../../server/histogram";
import type { RoomSpec, WindowReport, WorkerReply, WorkerRequest } from "./protocol";

type Setup = Extract<WorkerRequest, { type: "setup" }>;

/** A payload without what a change its holder was not sent leaves behind: the room version and the clock reading. */
const unversioned = (p: RoomPayload) => ({ ...p, version: 0, clock: { ...p.clock, serverNow: 0 } });

interface Expected {
  sentAt: number;
  waiting: Set<number>;
  last: number;
}

class Stats {
  ack = new Histogram();
  view = new Histogram();
  viewAll = new Histogram();
  ticks = 0;
  recycling = 0;
  sent = 0;
  acked = 0;
  refused: Record<string, number> = {};
  recycled = 0;
  /** Text received by the seats' sockets (payloads and acks), characters. */
  received = 0;
  /** Other seats an action showed nothing, so that they were not sent it. */
  unseen = 0;
}

let cfg: Setup;
/** Host accounts: the server lets one host keep at most 25 rooms open, as a real host would. */
const hosts: Socket[] = [];
const ROOMS_PER_HOST = 20;
let stats = new Stats();
/** Over the whole run; `unreplaced`: finished rooms that could not be replaced (their seats idle from then on). */
const total = { sent: 0, acked: 0, refused: 0, unanswered: 0, unreplaced: 0 };
const loop = monitorEventLoopDelay({ resolution: 10 });
let going = false;
let stopping = false;
const rooms: Room[] = [];

class Seat {
  client!: SeatClient;
  timer: NodeJS.Timeout | null = null;
  inFlight = false;
  n = 0;

  constructor(
    readonly room: Room,
    readonly index: number,
    readonly id: string,
    readonly rng: Rng,
  ) {}

  tick(): void {
    if (!going || stopping) return;
    stats.ticks++;
    if (this.room.recycling) return void stats.recycling++;
    if (this.inFlight) return;
    const action = this.room.game ? this.client.nextMove(this.rng) : this.rng.chance(cfg.sendChance) ? { type: "echo" } : null;
    if (action === null) return;
    void this.send(action);
  }

  /**
   * Acts as soon as the last action is answered while the room is short of
   * `target` actions (see "age"), but no more often than a socket may send
   * (server/limits.ts, socket_event: 20 messages per second).
   */
  async age(target: number, until: number): Promise<void> {
    const room = this.room;
    const code = room.code;
    let last = 0;
    while (room.code === code && !room.recycling && room.actions < target && performance.now() < until) {
      const action = this.client.nextMove(this.rng);
      if (action === null) {
        await pause(20);
        continue;
      }
      const wait = last + AGING_GAP_MS - performance.now();
      if (wait > 0) await pause(wait);
      last = performance.now();
      const refused = await this.send(action);
      if (refused === null) continue;
      if (refused !== "net/timeout") agingRefused[refused] = (agingRefused[refused] ?? 0) + 1;
      // a refused move is tried again on a later view, not at once
      await pause(20);
    }
  }

  /** Sends the action; resolves to null once it is acknowledged, else to why not. */
  send(action: unknown): Promise<string | null> {
    const room = this.room;
    const code = room.code;
    const clientId = `${this.id}.${++this.n}`;
    const sentAt = performance.now();
    this.inFlight = true;
    stats.sent++;
    total.sent++;
    return this.client.request<{ version: number; clientId?: string }>("game:act", { code, action, clientId }, 30_000).then((r) => {
      this.inFlight = false;
      const now = performance.now();
      if (r.ok && r.clientId !== clientId) {
        stats.refused["bench/wrong-client-id"] = (stats.refused["bench/wrong-client-id"] ?? 0) + 1;
        return "bench/wrong-client-id";
      } else if (r.ok) {
        stats.acked++;
        total.acked++;
        stats.ack.add(now - sentAt);
        if (room.code === code) {
          room.actions++;
          room.acked(this.index, r.version, sentAt);
        }
        return null;
      } else if (r.code === "net/timeout") {
        total.unanswered++;
      } else {
        stats.refused[r.code] = (stats.refused[r.code] ?? 0) + 1;
        total.refused++;
      }
      return r.code;
    });
  }
}

class Room {
  code = "";
  /** Actions of this room's game acknowledged so far. */
  actions = 0;
  seats: Seat[] = [];
  recycling = true;
  /** Payloads that arrived before the ack of their version: version → seat → time. */
  private early = new Map<number, Map<number, number>>();
  private expected = new Map<number, Expected>();
  /** The latest version each seat was sent: a seat that got a later one without this one was not sent it (nothing of it showed in its payload). */
  private latest: number[] = [];
  missing = 0;
  /** The host's console watching the room (with --consoles): a socket of its own, signed in as the room's host, sent every change. */
  console: SeatClient | null = null;

  constructor(
    readonly spec: RoomSpec,
    readonly game: AnyGame | null,
    readonly index: number,
  ) {}

  arrived(seat: number, p: RoomPayload): void {
    const now = performance.now();
    const v = p.version;
    const before = this.latest[seat] ?? 0;
    this.latest[seat] = Math.max(before, v);
    // versions between the last one this seat got and this one showed it nothing: it waits for them no more
    if (v > before + 1) for (const [w, e] of this.expected) if (w < v && e.waiting.delete(seat)) this.settled(w, e, true);
    const e = this.expected.get(v);
    if (e) {
      if (!e.waiting.delete(seat)) return;
      stats.view.add(now - e.sentAt);
      e.last = now;
      this.settled(v, e, false);
    } else {
      let m = this.early.get(v);
      if (!m) {
        m = new Map();
        this.early.set(v, m);
        this.forget(v);
      }
      if (!m.has(seat)) m.set(seat, now);
    }
    if ((p.status === "finished" || p.status === "aborted") && !this.recycling && !stopping) void this.recycle();
  }

  /** A version some seat no longer waits for: once none does, the time until the last seat that was sent it had it. */
  private settled(v: number, e: Expected, skipped: boolean): void {
    if (skipped) stats.unseen++;
    if (e.waiting.size > 0) return;
    if (e.last > 0) stats.viewAll.add(e.last - e.sentAt);
    this.expected.delete(v);
  }

  acked(sender: number, v: number, sentAt: number): void {
    const early = this.early.get(v);
    this.early.delete(v);
    const e: Expected = { sentAt, waiting: new Set(), last: 0 };
    for (const s of this.seats) {
      if (s.index === sender) continue;
      const at = early?.get(s.index);
      if (at !== undefined) {
        stats.view.add(at - sentAt);
        e.last = Math.max(e.last, at);
      } else if ((this.latest[s.index] ?? 0) > v) stats.unseen++;
      else e.waiting.add(s.index);
    }
    if (e.waiting.size === 0) {
      if (e.last > 0) stats.viewAll.add(e.last - sentAt);
    } else this.expected.set(v, e);
  }

  /** Drops bookkeeping for versions long gone (timeouts and host commands have no ack to wait for). */
  private forget(latest: number): void {
    for (const v of this.early.keys()) if (v < latest - 64) this.early.delete(v);
    for (const [v, e] of this.expected) {
      if (v < latest - 64) {
        this.missing += e.waiting.size;
        this.expected.delete(v);
      }
    }
  }

  /**
   * Versions seats still wait for once every action is answered: each such
   * seat asks for its payload as it stands. When that differs from the one it
   * holds only in the version and the clock reading, those versions showed it
   * nothing (the server sends a change only to whom it shows something); else
   * they stay missing.
   */
  async settleUnseen(): Promise<void> {
    const waiting = new Set<number>();
    for (const e of this.expected.values()) for (const s of e.waiting) waiting.add(s);
    await Promise.all(
      [...waiting].map(async (index) => {
        const client = this.seats[index]!.client;
        const held = client.payload;
        const r = await client.request<{ payload: RoomPayload }>("room:sync", { code: this.code });
        if (!held || !r.ok || !isDeepStrictEqual(unversioned(held), unversioned(r.payload))) return;
        for (const [v, e] of this.expected) if (e.waiting.delete(index)) this.settled(v, e, true);
      }),
    );
  }

  pendingViews(): number {
    let n = this.missing;
    for (const e of this.expected.values()) n += e.waiting.size;
    return n;
  }

  /** Opens a room of the same kind, moves every seat into it and starts it. */
  async open(first: boolean): Promise<void> {
    this.recycling = true;
    const host = hosts[Math.floor(this.index / ROOMS_PER_HOST)]!;
    const created = await requestPatiently<{ code: string }>(host, "room:create", { gameId: this.spec.gameId, seats: this.spec.seats, config: this.spec.config }, 60_000);
    if (!created.ok) throw new Error(`room:create ${this.spec.gameId}: ${created.message}`);
    this.missing += [...this.expected.values()].reduce((n, e) => n + e.waiting.size, 0);
    this.early.clear();
    this.expected.clear();
    this.latest = [];
    this.actions = 0;
    this.code = created.code;
    await Promise.all(
      this.seats.map(async (s) => {
        if (first || cfg.routed) {
          s.client?.close();
          // digits inside a word fold to look-alike letters (lib/text), so the name keeps its numbers apart
          const user = { id: `guest:bench-${s.id}`, name: `Seat ${s.id.replace(/\D+/g, " ").trim()}` };
          s.client = await SeatClient.openPatiently({ url: cfg.url, user, code: this.code, game: this.game ?? undefined, onState: (p) => this.arrived(s.index, p) }, true);
          s.client.socket.io.engine.on("data", (d: unknown) => {
            if (typeof d === "string") stats.received += d.length;
          });
        } else await s.client.move(this.code, true);
      }),
    );
    if (cfg.consoles) await this.watchAsHost(first);
    // routed: the host's commands go on a socket of the room's own, which reaches the process that serves it (the room's console, when it has one)
    const own = cfg.routed && !this.console;
    const console_ = this.console && cfg.routed ? this.console.socket : own ? await signedInSocket(cfg.url, hostUser(Math.floor(this.index / ROOMS_PER_HOST)), false, this.code) : host;
    if (own) await connected(console_);
    const started = await requestPatiently(console_, "host:command", { code: this.code, command: { type: "start" } }, 60_000);
    if (own) console_.close();
    if (!started.ok) throw new Error(`start ${this.spec.gameId}: ${started.message}`);
    this.recycling = false;
  }

  /** The host's console follows the room from before its start: the same socket moves on to the next room, but where sockets are routed by their room. */
  private async watchAsHost(first: boolean): Promise<void> {
    if (this.console && !first && !cfg.routed) return this.console.move(this.code);
    this.console?.close();
    this.console = await SeatClient.openPatiently({ url: cfg.url, user: hostUser(Math.floor(this.index / ROOMS_PER_HOST)), code: this.code });
  }

  private async recycle(): Promise<void> {
    try {
      await this.open(false);
      stats.recycled++;
    } catch (e) {
      // once the run is over the server is stopped under the rooms still being replaced: that is no failure
      if (stopping) return;
      total.unreplaced++;
      console.error(`room ${this.index}: could not open the next room`, e);
    }
  }
}

const hostUser = (h: number) => ({ id: `guest:bench-host-${cfg.worker}-${h}`, name: `Host ${cfg.worker}.${h}` });

async function setup(c: Setup): Promise<WorkerReply> {
  cfg = c;
  for (let h = 0; h * ROOMS_PER_HOST < c.rooms.length; h++) {
    const host = await signedInSocket(c.url, hostUser(h));
    await connected(host);
    hosts.push(host);
  }
  c.rooms.forEach((spec, i) => {
    const game = c.mode === "garnet" ? getGame(spec.gameId) : null;
    if (c.mode === "garnet" && !game) throw new Error(`no game ${spec.gameId}`);
    const room = new Room(spec, game ?? null, i);
    for (let s = 0; s < spec.seats; s++) room.seats.push(new Seat(room, s, `w${c.worker}r${i}s${s}`, Rng.fromSeed(`bench/${c.worker}/${i}/${s}`)));
    rooms.push(room);
  });
  // a few rooms at a time: the server is not benchmarked on its sign-in storm
  let nextRoom = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (nextRoom < rooms.length) await rooms[nextRoom++]!.open(true);
    }),
  );
  return { type: "ready", rooms: rooms.length, sockets: rooms.reduce((n, r) => n + r.seats.length + (r.console ? 1 : 0), 0) };
}

const pause = (ms: number) => new Promise((res) => setTimeout(res, ms));
/** The least time between two moves of one seat while the rooms are played into their games (ms). */
const AGING_GAP_MS = 70;
/** Moves refused while the rooms were played into their games, by code. */
const agingRefused: Record<string, number> = {};

/** The actions of one seeded bot game of each kind of room. */
const gameActions = new Map<string, number>();
function actionsOfOneGame(spec: RoomSpec, game: AnyGame): number {
  const key = JSON.stringify(spec);
  let n = gameActions.get(key);
  if (n === undefined) {
    const { log } = playWithBots(game, { seats: seatIds(spec.seats), config: spec.config, seed: `bench/age/${key}` });
    n = log.filter((c) => c.kind === "action").length;
    gameActions.set(key, n);
  }
  return n;
}

async function age(maxMs: number): Promise<WorkerReply> {
  const until = performance.now() + maxMs;
  const rng = Rng.fromSeed(`bench/${cfg.worker}/age`);
  const targets = rooms.map((r) => (r.game ? rng.int(actionsOfOneGame(r.spec, r.game)) : 0));
  const codes = rooms.map((r) => r.code);
  await Promise.all(rooms.flatMap((r, i) => r.seats.map((s) => s.age(targets[i]!, until))));
  const actions = rooms.reduce((n, r) => n + r.actions, 0);
  // a room that finished its game meanwhile went on to its next one: that is a stage of a game too
  const reached = rooms.filter((r, i) => r.code !== codes[i] || r.actions >= targets[i]!).length;
  return { type: "aged", actions, rooms: rooms.length, reached, refused: agingRefused };
}

function go(): void {
  going = true;
  const rng = Rng.fromSeed(`bench/${cfg.worker}/offsets`);
  for (const r of rooms)
    for (const s of r.seats) {
      // spread the seats evenly over the period
      setTimeout(() => {
        s.tick();
        s.timer = setInterval(() => s.tick(), cfg.paceMs);
      }, rng.int(cfg.paceMs));
    }
}

function report(): WindowReport {
  return {
    ack: stats.ack.data(),
    view: stats.view.data(),
    viewAll: stats.viewAll.data(),
    ticks: stats.ticks,
    recycling: stats.recycling,
    sent: stats.sent,
    acked: stats.acked,
    refused: stats.refused,
    recycled: stats.recycled,
    received: stats.received,
    unseen: stats.unseen,
    loopDelayP99Ms: loop.percentile(99) / 1e6,
    rssBytes: process.memoryUsage().rss,
  };
}

async function stop(drainMs: number): Promise<WorkerReply> {
  stopping = true;
  for (const r of rooms) for (const s of r.seats) if (s.timer) clearInterval(s.timer);
  const until = performance.now() + drainMs;
  while (performance.now() < until && rooms.some((r) => r.seats.some((s) => s.inFlight))) await pause(50);
  // the last pushes land (until the count of views waited for stands still), then seats still waiting look at what they hold
  const pending = () => rooms.reduce((n, r) => n + r.pendingViews(), 0);
  for (let last = pending(), still = performance.now(); last > 0 && performance.now() < until - drainMs / 2 && performance.now() - still < 300; ) {
    await pause(50);
    const now = pending();
    if (now !== last) [last, still] = [now, performance.now()];
  }
  for (const r of rooms) if (r.pendingViews() > 0) await r.settleUnseen();
  const inFlight = rooms.reduce((n, r) => n + r.seats.filter((s) => s.inFlight).length, 0);
  return { type: "stopped", sent: total.sent, acked: total.acked, refused: total.refused, unanswered: total.unanswered + inFlight, unreplaced: total.unreplaced, viewsMissing: rooms.reduce((n, r) => n + r.pendingViews(), 0) };
}

process.on("message", (msg: WorkerRequest & { id: number }) => {
  const answer = (r: Promise<WorkerReply> | WorkerReply) =>
    void Promise.resolve(r).then(
      (body) => process.send?.({ id: msg.id, ...body }),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  switch (msg.type) {
    case "setup":
      return answer(setup(msg));
    case "age":
      return answer(age(msg.maxMs));
    case "go":
      go();
      return answer({ type: "ok" });
    case "window":
      stats = new Stats();
      loop.reset();
      loop.enable();
      return answer({ type: "ok" });
    case "collect":
      return answer({ type: "report", window: report() });
    case "stop":
      return answer(stop(msg.drainMs));
    case "exit":
      for (const r of rooms) for (const c of [...r.seats.map((s) => s.client), r.console]) c?.close();
      for (const h of hosts) h.close();
      answer({ type: "ok" });
      setTimeout(() => process.exit(0), 100);
      return;
  }
});
