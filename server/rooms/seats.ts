// Who gets which seat: the decisions behind a claim and a release, made on the
// room's queue from the room as it stands, and turned into the event that
// records them. In the lobby a free seat is simply taken; once a game runs, an
// open seat is asked of the host, who approves or turns the request down.
import type { RoomData, RoomEvent, SeatRec } from "../../lib/room/types";
import { FROZEN_NONE } from "../../lib/games/core/view-parts";
import { looksAlike } from "../../lib/text";
import { CommandError } from "./errors";

export type ClaimDecision = { kind: "held"; seat: SeatRec } | { kind: "event"; event: RoomEvent; seat: string; requested: boolean };

/** `season`: the room's seats belong to a season's roster, so none is claimed. */
export function decideClaim(data: RoomData, host: { id: string; name: string }, user: { id: string; name: string }, wanted?: string, season = false): ClaimDecision {
  const hostId = host.id;
  if (user.id === hostId) throw new CommandError("seat/host", "The host runs the room and cannot take a seat.");
  const mine = data.seats.find((s) => s.userId === user.id);
  if (mine) return { kind: "held", seat: mine };
  if (data.status === "finished" || data.status === "aborted") throw new CommandError("seat/closed", "This game is over.");
  if (season) throw new CommandError("seat/season", "The seats of a season's room go to its roster; the host may put a bot in an empty one.");
  // nobody at the table may pass for the host or for someone already seated
  if (looksAlike(user.name, host.name) || data.seats.some((s) => s.userId && s.userId !== user.id && looksAlike(user.name, s.name)))
    throw new CommandError("seat/name", "Someone here already goes by a name that looks like yours; sign in with another name to take a seat.");
  if (data.banned.some((b) => b.userId === user.id)) throw new CommandError("seat/banned", "The host has removed you from this room.");
  if (data.status === "lobby") {
    const free = data.seats.filter((s) => !s.userId && !s.isBot);
    const target = wanted ? free.find((s) => s.seat === wanted) : free[0];
    if (!target) throw new CommandError("seat/full", wanted ? "That seat is taken." : "Every seat is taken.");
    return { kind: "event", seat: target.seat, requested: false, event: { kind: "seat", actor: target.seat, payload: { type: "claim", seat: target.seat, userId: user.id, name: user.name } } };
  }
  // a running game: an open seat, or one a bot plays on its own, goes to whoever the host approves
  const open = data.seats.filter((s) => !s.userId);
  const target = wanted ? open.find((s) => s.seat === wanted) : (open.find((s) => !s.isBot) ?? open[0]);
  if (!target) throw new CommandError("seat/full", wanted ? "That seat is taken." : "Every seat is taken.");
  return { kind: "event", seat: target.seat, requested: true, event: { kind: "seat", actor: target.seat, payload: { type: "request", seat: target.seat, userId: user.id, name: user.name } } };
}

export function decideRelease(data: RoomData, userId: string, season = false): RoomEvent {
  const mine = data.seats.find((s) => s.userId === userId);
  if (season && mine) throw new CommandError("seat/season", "Your seat in a season's room is yours for the episode.");
  if (data.status === "lobby" && mine) return { kind: "seat", actor: mine.seat, payload: { type: "release", seat: mine.seat } };
  const request = data.requests.find((r) => r.userId === userId);
  if (request) return { kind: "seat", actor: request.seat, payload: { type: "withdraw", userId } };
  if (mine) throw new CommandError("seat/locked", "Seats are fixed once the game has started; ask the host to replace you.");
  throw new CommandError("seat/none", "You have no seat in this room.");
}

/** Users whose seat changed with an event: their sockets must follow (or stop following) the seat. */
export function movedUsers(before: RoomData, after: RoomData): readonly string[] {
  // a game's move leaves the seats and the requests as they were: nothing to look through
  if (before.seats === after.seats && before.requests === after.requests) return FROZEN_NONE;
  const out = new Set<string>();
  for (let i = 0; i < after.seats.length; i++) {
    const a = before.seats[i];
    const b = after.seats[i]!;
    if (a === b || !a) continue;
    if (a.userId !== b.userId || a.isBot !== b.isBot || a.since !== b.since) {
      if (a.userId) out.add(a.userId);
      if (b.userId) out.add(b.userId);
    }
  }
  for (const r of before.requests) if (!after.requests.some((x) => x.userId === r.userId)) out.add(r.userId);
  return [...out];
}
