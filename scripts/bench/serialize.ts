// Micro-benchmark of the serializer on one core (--only serialize): seeded bot
// games are folded once into the room data of each change, then, change after
// change as a room goes through them, every recipient group (the host, the
// spectators, each seat) gets its payload built, diffed against the one it got
// last and encoded as the packet the server writes (none when the change shows
// the group nothing but the version and the clock). That is the room's whole
// work per change between the commit and the socket writes, without sockets.
// One game at a time, one room after another, runs warm: its rooms' data stay
// in the processor's caches and each function sees one game's shapes. The
// mixed run plays many rooms of several games at once, each change going to the
// next room in turn, as a loaded server sees them.
import { getGame } from "../../lib/games/registry";
import type { AnyGame } from "../../lib/games/core/types";
import type { GameRules } from "../../lib/room/rules";
import type { RoomData } from "../../lib/room/types";
import type { RoomSpec } from "./protocol";
import { PayloadMemo } from "../../server/rooms/payload-parts";
import { configuredPhaseSeconds, type PayloadContext } from "../../server/rooms/payloads";
import { advanceGroup, RoomFrames } from "../../server/sockets/frames";
import { groupParts, recipientGroups, roomChanges } from "../../server/test/room-changes";

export interface SerializeResult {
  gameId: string;
  seats: number;
  changes: number;
  /** Changes per CPU-second, each with every group's payload, patch and packet. */
  changesPerSec: number;
  /** Mean packet bytes per recipient group per change. */
  bytesPerGroup: number;
}

export function benchSerialize(game: AnyGame, seats: number, config: object, ms = 1500, games = 3): SerializeResult {
  const played = roomChanges(game, seats, config, games);
  const groups = recipientGroups(seats);
  let bytes = 0;
  const playAll = (count: boolean) => {
    for (const { rules, changes } of played) {
      const memo = new PayloadMemo();
      const frames = new RoomFrames();
      const facts = { code: "BENCH1", hostName: "Host", phaseSeconds: configuredPhaseSeconds(rules, changes[0]!.config) };
      let now = 1_800_000_000_000;
      for (const data of changes) {
        const ctx: PayloadContext = { rules, facts, connected: () => true, now: (now += 1000), memo };
        for (const g of groups) {
          const packet = advanceGroup(frames, facts.code, g, groupParts(ctx, data, g), g === "host" ? "all" : "seen");
          if (count && packet) bytes += packet.length;
        }
      }
    }
  };
  playAll(true);
  const changes = played.reduce((n, p) => n + p.changes.length, 0);
  // warm up, then the best of three rounds of this process's CPU time
  for (const end = performance.now() + ms / 3; performance.now() < end; ) playAll(false);
  let best = 0;
  for (let round = 0; round < 3; round++) {
    let n = 0;
    const start = performance.now();
    const cpu = process.cpuUsage();
    while (performance.now() - start < ms / 3) {
      playAll(false);
      n += changes;
    }
    const used = process.cpuUsage(cpu);
    best = Math.max(best, n / ((used.user + used.system) / 1e6));
  }
  return { gameId: game.meta.id, seats, changes, changesPerSec: best, bytesPerGroup: bytes / (changes * groups.length) };
}

export interface MixedSerializeResult {
  rooms: number;
  /** Mean µs of CPU per change, and per recipient group of it. */
  usPerChange: number;
  usPerGroup: number;
}

interface LiveRoom {
  rules: GameRules;
  changes: RoomData[];
  groups: string[];
  at: number;
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
  for (let i = 0; i < rooms; i++) {
    const spec = specs[i % specs.length]!;
    const { rules, changes } = played[i % specs.length]![Math.floor(i / specs.length)]!;
    const facts = { code: `MIX${i}`, hostName: "Host", phaseSeconds: configuredPhaseSeconds(rules, changes[0]!.config) };
    live.push({ rules, changes, groups: recipientGroups(spec.seats), at: (i * 37) % changes.length, memo: new PayloadMemo(), frames: new RoomFrames(), facts, now: 1_800_000_000_000 });
  }
  let next = 0;
  let groups = 0;
  const step = () => {
    const r = live[next++ % live.length]!;
    const ctx: PayloadContext = { rules: r.rules, facts: r.facts, connected: () => true, now: (r.now += 1000), memo: r.memo };
    const data = r.changes[r.at]!;
    for (const g of r.groups) advanceGroup(r.frames, r.facts.code, g, groupParts(ctx, data, g), g === "host" ? "all" : "seen");
    groups += r.groups.length;
    if (++r.at === r.changes.length) {
      r.at = 0;
      r.memo = new PayloadMemo();
      r.frames = new RoomFrames();
    }
  };
  const run = (forMs: number) => {
    let n = 0;
    for (const end = performance.now() + forMs; performance.now() < end; n += 100) for (let k = 0; k < 100; k++) step();
    return n;
  };
  // every room through many changes first, then the best of three rounds
  run(ms);
  let best = Infinity;
  let bestPerGroup = Infinity;
  for (let round = 0; round < 3; round++) {
    groups = 0;
    const cpu = process.cpuUsage();
    const n = run(ms / 3);
    const used = process.cpuUsage(cpu);
    const us = used.user + used.system;
    if (us / n < best) {
      best = us / n;
      bestPerGroup = us / groups;
    }
  }
  return { rooms, usPerChange: best, usPerGroup: bestPerGroup };
}
