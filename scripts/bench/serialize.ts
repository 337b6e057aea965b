// Micro-benchmark of the serializer on one core (--only serialize): seeded bot
// games are folded once into the room data of each change, then, change after
// change as a room goes through them, every recipient group (the host, the
// spectators, each seat) gets its payload built, diffed against the one it got
// last and encoded as the packet the server writes. That is the room's whole
// work per change between the commit and the socket writes, without sockets.
import type { AnyGame } from "../../lib/games/core/types";
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
          const packet = advanceGroup(frames, facts.code, g, groupParts(ctx, data, g));
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
