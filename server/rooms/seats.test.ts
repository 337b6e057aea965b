import { describe, expect, it } from "vitest";
import { createdRoom } from "../../lib/room/fold";
import type { RoomData } from "../../lib/room/types";
import { movedUsers } from "./seats";

const room: RoomData = createdRoom(
  {
    seats: 3,
    config: {},
    spectators: { mode: "live", lag: 0, revealAtEnd: true },
    seated: [
      { userId: "u1", name: "Ada", isBot: false },
      { userId: "u2", name: "Ben", isBot: false },
    ],
  },
  1,
  0,
);

describe("movedUsers", () => {
  it("is nobody when the seats and the requests are the very lists they were (a game's move)", () => {
    expect(movedUsers(room, { ...room, version: 2, state: {} })).toEqual([]);
  });

  it("names both holders of a seat that changed hands, and a user whose request went", () => {
    const seats = room.seats.map((s) => (s.userId === "u1" ? { ...s, userId: "u3", name: "Cy", since: 2 } : s));
    expect([...movedUsers(room, { ...room, seats })].sort()).toEqual(["u1", "u3"]);
    const asking = { ...room, requests: [{ userId: "u4", name: "Di", seat: "s3", at: 0 }] };
    expect(movedUsers(asking, { ...asking, requests: [] })).toEqual(["u4"]);
    // a list made again with the same seats in it moves nobody either
    expect(movedUsers(room, { ...room, seats: room.seats.slice() })).toEqual([]);
  });
});
