// A bot move the room refuses would be drawn again unchanged until the room
// changes: the seat is not asked again at that version, and the operator hears
// of it once per seat and phase, not on every tick.
import { describe, expect, it } from "vitest";
import { fixtureGame } from "../test/fixture-game";
import { roomChanges } from "../test/room-changes";
import { BotSeats } from "./bots";

describe("bot seats", () => {
  it("log a refused move once per seat and phase", () => {
    const { rules, changes } = roomChanges(fixtureGame, 3, { rounds: 3 }, 1)[0]!;
    const running = changes.filter((d) => d.status === "running");
    const first = running[0]!;
    const later = running.find((d) => rules.phaseId(d.state) !== rules.phaseId(first.state))!;
    const lines: string[] = [];
    const bots = new BotSeats((m) => lines.push(m));
    const refusal = { code: "input/invalid", message: "Only plain JSON values are accepted." };
    for (let i = 0; i < 5; i++) bots.refused(rules, first, "s2", refusal);
    bots.refused(rules, first, "s3", refusal);
    expect(lines).toEqual(["the bot's move for s2 was refused (input/invalid)", "the bot's move for s3 was refused (input/invalid)"]);
    bots.refused(rules, later, "s2", refusal);
    expect(lines).toHaveLength(3);
  });

  it("do not ask a seat whose move was refused again until the room changes", () => {
    const { rules, changes } = roomChanges(fixtureGame, 3, { rounds: 3 }, 1)[0]!;
    const asBots = (d: (typeof changes)[number]) => ({ ...d, seats: d.seats.map((s) => ({ ...s, isBot: true })) });
    const running = changes.filter((d) => d.status === "running");
    const now = asBots(running[0]!);
    const bots = new BotSeats(() => {});
    const refusal = { code: "game/illegal", message: "No." };
    const asked: string[] = [];
    for (let move = bots.next(rules, now); move; move = bots.next(rules, now)) {
      asked.push(move.seat);
      bots.refused(rules, now, move.seat, refusal);
    }
    // every seat with a move was asked once, then none: the room waits for a change or its clock
    expect(asked.sort()).toEqual(["s1", "s2", "s3"]);
    expect(bots.next(rules, asBots(running[1]!))).not.toBeNull();
  });
});
