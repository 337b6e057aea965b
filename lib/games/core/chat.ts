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

/** The id of two seats' direct channel: one string for every room (seat ids are the game's own, so the pairs are few). */
export function directChannelId(a: SeatId, b: SeatId): string {
  return sharedText(a < b ? `dm:${a}:${b}` : `dm:${b}:${a}`);
}

export function defaultChat(seats: SeatId[]): ChatChannelRule[] {
  return [publicChannel(seats), ...seats.map(confessionalChannel)];
}
