// The platform's default chat: a public channel open to every seat and one
// confessional per seat (that seat and the host), always open.
import type { ChatChannelRule, SeatId } from "./types";

export function publicChannel(seats: SeatId[], writers: SeatId[] = seats, mutedReasons?: Record<SeatId, string>): ChatChannelRule {
  return { id: "public", kind: "public", title: "Table talk", members: seats.slice(), writers: writers.slice(), mutedReasons, public: true };
}

export function confessionalChannel(seat: SeatId): ChatChannelRule {
  return { id: `confessional:${seat}`, kind: "confessional", title: "Confessional", members: [seat], writers: [seat], public: false };
}

export function directChannelId(a: SeatId, b: SeatId): string {
  return a < b ? `dm:${a}:${b}` : `dm:${b}:${a}`;
}

export function defaultChat(seats: SeatId[]): ChatChannelRule[] {
  return [publicChannel(seats), ...seats.map(confessionalChannel)];
}
