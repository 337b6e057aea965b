// Micro-benchmark of the serializer on one core (--only serialize): seeded bot
// games are played once, then, change after change as a room goes through one,
// its next event is folded into the room data and every recipient group (the
// host, the spectators, each seat) gets its payload built, diffed against the
// one it got last and encoded as the packet the server writes (none when the
// change shows the group nothing but the version and the clock). That is the
// room's whole work per change between the commit and the socket writes,
// without sockets. Each pass through a game folds its events again, so that
// every change is new objects, as on a server: a view part kept for a state
// object of an earlier pass would otherwise be found again, and the figure
// would count less work and allocation than a server does. The fold's own time
// (timed around each fold) is taken out of the figures and given apart.
// One game at a time, one room after another, runs warm: its rooms' data stay
// in the processor's caches and each function sees one game's shapes. The
// mixed run plays many rooms of several games at once, each change going to the
// next room in turn, as a loaded server sees them. Each run also counts what a
// change allocates, the fold apart: on a shared machine the CPU time of the same
// code can differ by half from run to run, the bytes allocated hardly at all.
import { Session } from "node:inspector";
import { getGame } from "../../lib/games/registry";
import type { AnyGame } from "../../lib/games/core/types";
import type { GameRules } from "../../lib/room/rules";
import { foldEvent } from "../../lib/room/fold";
import type { LoggedEvent, RoomData } from "../../lib/room/types";
import { heapBytes, type HeapNode } from "./profile";
import type { RoomSpec } from "./protocol";
import { PayloadMemo } from "../../server/rooms/payload-parts";
import { configuredPhaseSeconds, type PayloadContext } from "../../server/rooms/payloads";
import { advanceGroup, RoomFrames } from "../../server/sockets/frames";
import { groupParts, recipientGroups, roomChanges } from "../../server/test/room-changes";

/** A room going through one played game again and again, folding its events afresh on every pass. */
class Replay {
  private data: RoomData | null = null;
  /** The index of the event the next change folds. */
  at = 0;
  constructor(
    readonly rules: GameRules,
    readonly events: LoggedEvent[],
  ) {}

  /**
   * The room data after the next event (after the last one, the game starts
   * over); `clock.ms` gains the fold's time. With `memo`, the room's memory
   * follows the step as the room's does once it is durable (the views the step
   * leaves as they were are kept).
   */
  next(clock: { ms: number }, memo?: PayloadMemo): RoomData {
    const start = performance.now();
    if (this.at === this.events.length) {
      this.at = 0;
      this.data = null;
    }
    const before = this.data;
    const r = foldEvent(this.rules, this.data, this.events[this.at++]!);
    if (!r.ok) throw new Error(`the played game no longer folds: ${r.code}`);
    this.data = r.data;
    clock.ms += performance.now() - start;
    if (memo && before) memo.follow(before.state, r.data.state, r.changed);
    return r.data;
  }

}

export interface SerializeResult {
  gameId: string;
  seats: number;
  changes: number;
  /** Changes per CPU-second, each with every group's payload, patch and packet. */
  changesPerSec: number;
  /** Mean packet bytes per recipient group per change. */
  bytesPerGroup: number;
  /** µs per change of the fold that made it (not in `changesPerSec`). */
  foldUs: number;
  /** KiB allocated per change, every group's payload, patch and packet; the fold's apart. */
  kib: number;
  foldKib: number;
}

/**
 * The bytes `fn` allocates, as V8's sampling heap profiler estimates them with
 * every object counted, collected or not. It takes about one sample per KiB
 * allocated, so over the megabytes of a run the estimate moves by a few percent
 * at most.
 */
function allocated(fn: () => void): number {
  const session = new Session();
  session.connect();
  let bytes = NaN;
  // the session is this thread's own, so each post answers before it returns
  session.post("HeapProfiler.startSampling", { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  try {
    fn();
  } finally {
    session.post("HeapProfiler.stopSampling", (err, r) => {
      if (!err) bytes = heapBytes(r.profile.head as HeapNode);
    });
    session.disconnect();
  }
  return bytes;
}

type Played = ReturnType<typeof roomChanges>;

/** Plays each game of `played` through once, as a room would (every change folded afresh, every group's packet made); returns the packets' bytes. `fold.ms` gains the folds' time. */
function playAll(played: Played, groups: string[], fold: { ms: number }): number {
  let bytes = 0;
  for (const { rules, changes, events } of played) {
    const memo = new PayloadMemo();
    const frames = new RoomFrames();
    const facts = { code: "BENCH1", hostName: "Host", phaseSeconds: configuredPhaseSeconds(rules, changes[0]!.config) };
    const replay = new Replay(rules, events);
    let now = 1_800_000_000_000;
    for (let i = 0; i < events.length; i++) {
      const data = replay.next(fold, memo);
      const ctx: PayloadContext = { rules, facts, connected: () => true, now: (now += 1000), memo };
      for (const g of groups) {
        const packet = advanceGroup(frames, facts.code, g, groupParts(ctx, data, g), g === "host" ? "all" : "seen");
        if (packet) bytes += packet.length;
      }
    }
  }
  return bytes;
}

/** The same seeded games as `benchSerialize`, played through `passes` times: a fixed amount of work, for counting its instructions (instructions.ts). Returns the changes of one pass. */
export function replaySerialize(game: AnyGame, seats: number, config: object, passes: number, games = 3): number {
  const played = roomChanges(game, seats, config, games);
  const groups = recipientGroups(seats);
  for (let i = 0; i < passes; i++) playAll(played, groups, { ms: 0 });
  return played.reduce((n, p) => n + p.changes.length, 0);
}

export function benchSerialize(game: AnyGame, seats: number, config: object, ms = 1500, games = 3): SerializeResult {
  const played = roomChanges(game, seats, config, games);
  const groups = recipientGroups(seats);
  const fold = { ms: 0 };
  const bytes = playAll(played, groups, fold);
  const changes = played.reduce((n, p) => n + p.changes.length, 0);
  // warm up, then the best of three rounds of this process's CPU time, the folds' time taken out
  for (const end = performance.now() + ms / 3; performance.now() < end; ) playAll(played, groups, fold);
  let best = 0;
  let foldUs = 0;
  for (let round = 0; round < 3; round++) {
    let n = 0;
    fold.ms = 0;
    const start = performance.now();
    const cpu = process.cpuUsage();
    while (performance.now() - start < ms / 3) {
      playAll(played, groups, fold);
      n += changes;
    }
    const used = process.cpuUsage(cpu);
    const rate = n / ((used.user + used.system) / 1e6 - fold.ms / 1e3);
    if (rate > best) {
      best = rate;
      foldUs = (fold.ms * 1e3) / n;
    }
  }
  const foldOnly = () => {
    for (const { rules, events } of played) {
      const replay = new Replay(rules, events);
      for (let i = 0; i < events.length; i++) replay.next(fold);
    }
  };
  // three passes each, for a steadier estimate
  const thrice = (fn: () => void) => () => [0, 1, 2].forEach(fn);
  const folds = allocated(thrice(foldOnly)) / (3 * changes * 1024);
  const kib = allocated(thrice(() => playAll(played, groups, fold))) / (3 * changes * 1024) - folds;
  return { gameId: game.meta.id, seats, changes, changesPerSec: best, bytesPerGroup: bytes / (changes * groups.length), foldUs, kib, foldKib: folds };
}

export interface MixedSerializeResult {
  rooms: number;
  /** Mean µs of CPU per change, and per recipient group of it (the folds' time taken out). */
  usPerChange: number;
  usPerGroup: number;
  /** µs per change of the fold that made it. */
  foldUs: number;
  /** KiB allocated per change, the fold's apart. */
  kib: number;
  foldKib: number;
}

interface LiveRoom {
  rules: GameRules;
  replay: Replay;
  groups: string[];
  memo: PayloadMemo;
  frames: RoomFrames;
  facts: PayloadContext["facts"];
  now: number;
}

/**
 * `rooms` rooms of `specs` in turn, each a game of its own seed, entered at
 * different points of their games; change after change goes to the next room
 * in turn. A room that reaches its game's end starts it over with fresh frames.
 */
export function benchSerializeMixed(specs: RoomSpec[], rooms: number, ms = 3000): MixedSerializeResult {
  const live: LiveRoom[] = [];
  const perSpec = Math.ceil(rooms / specs.length);
  const played = specs.map((s) => roomChanges(getGame(s.gameId)!, s.seats, s.config, perSpec));
  const fold = { ms: 0 };
  for (let i = 0; i < rooms; i++) {
    const spec = specs[i % specs.length]!;
    const { rules, changes, events } = played[i % specs.length]![Math.floor(i / specs.length)]!;
    const replay = new Replay(rules, events);
    for (let k = (i * 37) % events.length; k > 0; k--) replay.next(fold);
    const facts = { code: `MIX${i}`, hostName: "Host", phaseSeconds: configuredPhaseSeconds(rules, changes[0]!.config) };
    live.push({ rules, replay, groups: recipientGroups(spec.seats), memo: new PayloadMemo(), frames: new RoomFrames(), facts, now: 1_800_000_000_000 });
  }
  let next = 0;
  let groups = 0;
  const step = () => {
    const r = live[next++ % live.length]!;
    if (r.replay.at === r.replay.events.length) {
      r.memo = new PayloadMemo();
      r.frames = new RoomFrames();
    }
    const data = r.replay.next(fold, r.memo);
    const ctx: PayloadContext = { rules: r.rules, facts: r.facts, connected: () => true, now: (r.now += 1000), memo: r.memo };
    for (const g of r.groups) advanceGroup(r.frames, r.facts.code, g, groupParts(ctx, data, g), g === "host" ? "all" : "seen");
    groups += r.groups.length;
  };
  // at least `minSteps` changes and `forMs` of time: with thousands of rooms a time alone could leave
  // rooms unvisited, and a room's first change (every group sent a whole payload) would be counted
  const run = (forMs: number, minSteps: number) => {
    let n = 0;
    for (const end = performance.now() + forMs; n < minSteps || performance.now() < end; n += 100) for (let k = 0; k < 100; k++) step();
    return n;
  };
  // every room through several changes first, then the best of three rounds of each room once or more
  run(ms, 5 * live.length);
  let best = Infinity;
  let bestPerGroup = Infinity;
  let foldUs = 0;
  for (let round = 0; round < 3; round++) {
    groups = 0;
    fold.ms = 0;
    const cpu = process.cpuUsage();
    const n = run(ms / 3, live.length);
    const used = process.cpuUsage(cpu);
    const us = used.user + used.system - fold.ms * 1e3;
    if (us / n < best) {
      best = us / n;
      bestPerGroup = us / groups;
      foldUs = (fold.ms * 1e3) / n;
    }
  }
  // what a change allocates, over 5,000 changes or more (every room at least once), then what the next as many folds alone allocate
  const steps = Math.max(live.length, 5000);
  const all = allocated(() => {
    for (let k = 0; k < steps; k++) step();
  });
  const folds = allocated(() => {
    for (let k = 0; k < steps; k++) live[next++ % live.length]!.replay.next(fold);
  });
  return { rooms, usPerChange: best, usPerGroup: bestPerGroup, foldUs, kib: (all - folds) / steps / 1024, foldKib: folds / steps / 1024 };
}
