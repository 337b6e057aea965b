// Who may talk: the public table is open to every seat, but a shadow-banned
// player may only read it for the rest of the game. Confessionals (seat and
// host) stay open to everyone, banned or not: they are not table talk.
import type { ChatChannelRule, SeatId } from "../core";
import { confessionalChannel, publicChannel } from "../core";
import { ViewParts } from "../core/view-parts";
import type { State } from "./types";

/** Rules kept per game (keyed by its config object), so the room sees the same array while they stay the same. */
const kept = new ViewParts<State["config"]>();

/** The rules read whether the game is over, the bans and the seats (the room hands the same array while its seat ids stay the same). */
export function chat(state: State, seats: SeatId[]): ChatChannelRule[] {
  return kept.get(state.config, "chat", [state.result === null, state.bans, seats], () => buildChat(state, seats));
}

function buildChat(state: State, seats: SeatId[]): ChatChannelRule[] {
  const over = state.result !== null;
  const writers: SeatId[] = [];
  const muted: Record<SeatId, string> = {};
  for (const seat of seats) {
    const ban = over ? undefined : state.bans.find((b) => b.seat === seat);
    if (ban) {
      const how = ban.by === "snipe" ? "by the Fact Checker's snipe" : "by the table's vote";
      muted[seat] = `Shadow-banned ${how} in round ${ban.round}: you may read the table but not write for the rest of the game.`;
    } else writers.push(seat);
  }
  const table = publicChannel(seats, writers, Object.keys(muted).length > 0 ? muted : undefined);
  return [table, ...seats.map(confessionalChannel)];
}
