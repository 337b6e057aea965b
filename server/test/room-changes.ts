// Rooms played through by bots without a server: the room data after each
// event of seeded bot games, every seat held by a player, as the fold gives it.
// For tests and micro-benchmarks of what the room builds per change.
import { playWithBots } from "../../lib/games/core/commands";
import { seatIds } from "../../lib/games/core/seats";
import type { AnyGame } from "../../lib/games/core/types";
import { foldEvent } from "../../lib/room/fold";
import { GameRules } from "../../lib/room/rules";
import type { LoggedEvent, RoomData } from "../../lib/room/types";
import { payloadParts, type PayloadContext, type PayloadParts } from "../rooms/payloads";

/** The room data after each event of seeded bot games, every seat held by a player; `events[i]` is the event that gave `changes[i]`. */
export function roomChanges(game: AnyGame, seats: number, config: object, games: number): { rules: GameRules; changes: RoomData[]; events: LoggedEvent[] }[] {
  const out: { rules: GameRules; changes: RoomData[]; events: LoggedEvent[] }[] = [];
  for (let g = 0; g < games; g++) {
    const seed = `room-changes-${g}`;
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
    const logged = events.map((e, i) => ({ ...e, seq: i + 1, at: 1_800_000_000_000 + i * 1000 }) as LoggedEvent);
    for (const ev of logged) {
      const r = foldEvent(rules, data, ev);
      if (!r.ok) throw new Error(`${game.meta.id}: event ${ev.seq} does not fold: ${r.code}`);
      data = r.data;
      changes.push(r.data);
    }
    out.push({ rules, changes, events: logged });
  }
  return out;
}

/** A room's recipient groups as these helpers name them: the host, the spectators, then each seat. */
export function recipientGroups(seats: number): string[] {
  return ["host", "spectator", ...seatIds(seats)];
}

/** The payload a group of `recipientGroups` gets of `data` (live spectators: no room frames here). */
export function groupParts(ctx: PayloadContext, data: RoomData, group: string): PayloadParts {
  if (group === "host") return payloadParts(ctx, data, "host", null, "host");
  if (group === "spectator") return payloadParts(ctx, data, "spectator", null, "spectator");
  return payloadParts(ctx, data, "player", group, group);
}
