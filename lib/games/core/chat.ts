// The platform's default chat: a public channel open to every seat and one
// confessional per seat (that seat and the host), always open.
import type { ChatChannelRule, SeatId } from "./types";
import { sharedText, SharedValues } from "./view-parts";

export function publicChannel(seats: SeatId[], writers: SeatId[] = seats, mutedReasons?: Record<SeatId, string>): ChatChannelRule {
  return { id: "public", kind: "public", title: "Table talk", members: seats.slice(), writers: writers.slice(), mutedReasons, public: true };
}

/** A seat's confessional is the same in every room and every state: one frozen rule per seat id, which every room's rules list. */
const confessionals = new SharedValues<SeatId, ChatChannelRule>();

export function confessionalChannel(seat: SeatId): ChatChannelRule {
  return confessionals.find(seat) ?? confessionals.keep(seat, { id: `confessional:${seat}`, kind: "confessional", title: "Confessional", members: [seat], writers: [seat], public: false });
}

/** Each pair's direct channel id, by the pair's seats in either order. */
const directIds = new Map<SeatId, Map<SeatId, string>>();

/** The id of two seats' direct channel: one string for every room, found without building a key (seat ids are the game's own, so the pairs are few). */
export function directChannelId(a: SeatId, b: SeatId): string {
  let byOther = directIds.get(a);
  if (!byOther) directIds.set(a, (byOther = new Map()));
  let id = byOther.get(b);
  if (id === undefined) byOther.set(b, (id = sharedText(a < b ? `dm:${a}:${b}` : `dm:${b}:${a}`)));
  return id;
}

/** Each pair's member list, one frozen array for every room (keyed by the pair's channel id: the pairs are few). */
const pairs = new SharedValues<string, SeatId[]>(20_000);

/** The two seats of a direct channel, sorted, as one list every room's rules share. */
export function pairMembers(a: SeatId, b: SeatId): SeatId[] {
  const id = directChannelId(a, b);
  return pairs.find(id) ?? pairs.keep(id, a < b ? [a, b] : [b, a]);
}

export function defaultChat(seats: SeatId[]): ChatChannelRule[] {
  return [publicChannel(seats), ...seats.map(confessionalChannel)];
}
