// Micro-benchmark of the serializer on one core (--only serialize): seeded bot
// games are folded once into the room data of each change, then, change after
// change as a room goes through them, every recipient group (the host, the
// spectators, each seat) gets its payload built, diffed against the one it got
// last and encoded as the packet the server writes. That is the room's whole
// work per change between the commit and the socket writes, without sockets.
import { playWithBots } from "../../lib/games/core/commands";
import { seatIds } from "../../lib/games/core/seats";
import type { AnyGame } from "../../lib/games/core/types";
import { foldEvent } from "../../lib/room/fold";
import { GameRules } from "../../lib/room/rules";
import type { LoggedEvent, RoomData } from "../../lib/room/types";
import { PayloadMemo } from "../../server/rooms/payload-parts";
import { buildPayload, configuredPhaseSeconds, type PayloadContext } from "../../server/rooms/payloads";
import { advanceGroup, type GroupFrames } from "../../server/sockets/frames";

export interface SerializeResult {
  gameId: string;
  seats: number;
  changes: number;
  /** Changes per CPU-second, each with every group's payload, patch and packet. */
  changesPerSec: number;
  /** Mean packet bytes per recipient group per change. */
  bytesPerGroup: number;
}

/** The room data after each event of seeded bot games, every seat held by a player. */
function roomChanges(game: AnyGame, seats: number, config: object, games: number): { rules: GameRules; changes: RoomData[] }[] {
  const out: { rules: GameRules; changes: RoomData[] }[] = [];
  for (let g = 0; g < games; g++) {
    const seed = `serialize-bench-${g}`;
    const rules = new GameRules(game, seed);
    const ids = seatIds(seats);
    const parsed = game.configSchema.parse(config);
    const { log } = playWithBots(game, { seats: ids, config: parsed, seed });
    const seated = ids.map((_, i) => ({ userId: `u${i}`, name: `Player ${String.fromCharCode(65 + i)}`, isBot: false }));
    const events: Omit<LoggedEvent, "seq" | "at">[] = [
      { kind: "create", actor: "host", payload: { seats, config: parsed, spectators: { mode: "live", lag: 0, revealAtEnd: true }, seated } },
      { kind: "start", actor: "host", payload: { seats: ids, config: parsed } },
      ...log.map((c) => (c.kind === "action" ? { kind: "action", actor: c.actor, payload: { action: c.action } } : { kind: "timeout", actor: "clock", payload: { phase: c.phase } })),
    ] as Omit<LoggedEvent, "seq" | "at">[];
    let data: RoomData | null = null;
    const changes: RoomData[] = [];
    events.forEach((e, i) => {
      const r = foldEvent(rules, data, { ...e, seq: i + 1, at: 1_800_000_000_000 + i * 1000 } as LoggedEvent);
      if (!r.ok) throw new Error(`${game.meta.id}: event ${i + 1} does not fold: ${r.code}`);
      data = r.data;
      changes.push(r.data);
    });
    out.push({ rules, changes });
  }
  return out;
}

export function benchSerialize(game: AnyGame, seats: number, config: object, ms = 1500, games = 3): SerializeResult {
  const played = roomChanges(game, seats, config, games);
  const groups = ["host", "spectator", ...seatIds(seats)];
  let bytes = 0;
  const playAll = (count: boolean) => {
    for (const { rules, changes } of played) {
      const memo = new PayloadMemo();
      const frames: GroupFrames = new Map();
      const facts = { code: "BENCH1", hostName: "Host", phaseSeconds: configuredPhaseSeconds(rules, changes[0]!.config) };
      let now = 1_800_000_000_000;
      for (const data of changes) {
        const ctx: PayloadContext = { rules, facts, connected: () => true, now: (now += 1000), memo };
        for (const g of groups) {
          const payload = g === "host" ? buildPayload(ctx, data, "host", null, "host") : g === "spectator" ? buildPayload(ctx, data, "spectator", null, "spectator") : buildPayload(ctx, data, "player", g, g);
          const packet = advanceGroup(frames, facts.code, g, payload);
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
