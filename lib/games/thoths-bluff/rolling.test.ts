import { describe, expect, it } from "vitest";
import { Codes, Rng } from "../core";
import { Errors } from "./rules";
import { act, bothDone, dice, rejects, start, withDice } from "./fixtures";
import { game } from "./index";

describe("setup", () => {
  it("gives each player 45 health and five unrolled dice, and opens round 1 with the rolling phase", () => {
    const s = start();
    expect(s.round).toBe(1);
    expect(s.phase).toBe("rolling");
    for (const seat of ["s1", "s2"]) {
      expect(s.players[seat]?.health).toBe(45);
      expect(dice(s, seat)).toEqual({ d4: "unrolled", d6: "unrolled", d8: "unrolled", d12: "unrolled", d20: "unrolled" });
    }
  });

  it("takes the starting health and phase lengths from the config", () => {
    const s = start({ startingHealth: 6, phaseSeconds: { rolling: 30 } });
    expect(s.players.s1?.health).toBe(6);
    expect(game.phase(s).durationMs).toBe(30_000);
    expect(game.phase(toRigging(s)).durationMs).toBe(60_000);
  });

  it("needs exactly two seats", () => {
    expect(() => game.setup({ seats: ["s1", "s2", "s3"], config: game.configSchema.parse({}), seed: "x" })).toThrow(RangeError);
  });
});

function toRigging(s: ReturnType<typeof start>) {
  return game.timeout(s);
}

describe("rolling phase", () => {
  it("rolls a die at once with a value drawn from the state's generator", () => {
    const s = start();
    const after = act(s, "s1", { type: "roll", die: "d20" });
    const expected = new Rng(s.rng).range(1, 20);
    expect(dice(after, "s1").d20).toBe(expected);
    expect(after.players.s1?.rolls).toEqual([{ die: "d20", value: expected, bluff: false }]);
    expect(after.rng).not.toEqual(s.rng);
    // the roller sees the value in their own view straight away
    expect(game.view(after, "s1").me?.dice.find((d) => d.die === "d20")?.value).toBe(expected);
  });

  it("keeps every rolled value on the die's faces", () => {
    let s = start({}, "faces");
    for (let i = 0; i < 40; i++) {
      s = act(s, "s1", { type: "roll", die: "d4" });
      const v = dice(s, "s1").d4 as number;
      expect(v >= 1 && v <= 4).toBe(true);
      s = { ...s, players: { ...s.players, s1: { ...s.players.s1!, rolls: [] } } };
    }
  });

  it("allows any dice in any order, each once per phase", () => {
    let s = start();
    s = act(s, "s1", { type: "roll", die: "d12" });
    s = act(s, "s1", { type: "roll", die: "d4" });
    expect(s.players.s1?.rolls.map((r) => r.die)).toEqual(["d12", "d4"]);
    rejects(s, "s1", { type: "roll", die: "d12" }, Errors.alreadyRolled);
    rejects(s, "s1", { type: "bluff", die: "d4", value: 2 }, Errors.alreadyRolled);
  });

  it("bluffing sets the chosen value without drawing randomness", () => {
    const s = start();
    const after = act(s, "s2", { type: "bluff", die: "d8", value: 7 });
    expect(dice(after, "s2").d8).toBe(7);
    expect(after.rng).toEqual(s.rng);
    expect(after.players.s2?.rolls).toEqual([{ die: "d8", value: 7, bluff: true }]);
  });

  it("refuses a bluff value the die cannot show", () => {
    const s = start();
    rejects(s, "s1", { type: "bluff", die: "d6", value: 7 }, Errors.badValue);
    rejects(s, "s1", { type: "bluff", die: "d6", value: 0 }, Errors.badValue);
    rejects(s, "s1", { type: "bluff", die: "d6", value: 2.5 }, "action/invalid");
  });

  it("once you bluff you cannot roll normally again in that phase, but may keep bluffing", () => {
    let s = act(start(), "s1", { type: "roll", die: "d4" });
    s = act(s, "s1", { type: "bluff", die: "d6", value: 6 });
    rejects(s, "s1", { type: "roll", die: "d8" }, Errors.bluffing);
    s = act(s, "s1", { type: "bluff", die: "d8", value: 1 });
    // the other player is not affected
    s = act(s, "s2", { type: "roll", die: "d8" });
    // next round's rolling phase starts fresh
    let next = bothDone(bothDone(bothDone(s)));
    expect(next.round).toBe(2);
    next = act(next, "s1", { type: "roll", die: "d20" });
    expect(next.players.s1?.bluffing).toBe(false);
  });

  it("cannot roll or bluff a removed die", () => {
    const s = withDice(start(), "s1", { d6: "removed" });
    rejects(s, "s1", { type: "roll", die: "d6" }, Errors.dieRemoved);
    rejects(s, "s1", { type: "bluff", die: "d6", value: 3 }, Errors.dieRemoved);
  });

  it("lets a die that kept its value be rolled again, unless the config forbids it", () => {
    const s = withDice(start(), "s1", { d20: 3 });
    const again = act(s, "s1", { type: "roll", die: "d20" });
    expect(again.players.s1?.rolls).toHaveLength(1);
    const strict = withDice(start({ rerollKeptDice: false }), "s1", { d20: 3 });
    rejects(strict, "s1", { type: "roll", die: "d20" }, Errors.alreadyRolled);
    rejects(strict, "s1", { type: "bluff", die: "d20", value: 20 }, Errors.alreadyRolled);
  });

  it("is only for the rolling phase, for seats, and ends when both are done", () => {
    let s = start();
    rejects(s, "host", { type: "roll", die: "d6" }, Codes.notAPlayer);
    rejects(s, "s9", { type: "roll", die: "d6" }, Codes.notAPlayer);
    s = act(s, "s1", { type: "done" });
    rejects(s, "s1", { type: "roll", die: "d6" }, Codes.alreadySubmitted);
    expect(game.phase(s).waitingOn).toEqual(["s2"]);
    expect(s.phase).toBe("rolling");
    s = act(s, "s2", { type: "done" });
    expect(s.phase).toBe("rigging");
    rejects(s, "s1", { type: "roll", die: "d6" }, Codes.wrongPhase);
  });

  it("the clock ends the phase with what was rolled (nothing more)", () => {
    let s = act(start(), "s1", { type: "roll", die: "d6" });
    s = game.timeout(s);
    expect(s.phase).toBe("rigging");
    expect(s.history[0]?.rolls.s1).toHaveLength(1);
    expect(s.history[0]?.rolls.s2).toEqual([]);
  });

  it("rolled values persist across rounds when unused", () => {
    let s = act(start(), "s1", { type: "bluff", die: "d12", value: 11 });
    s = bothDone(bothDone(bothDone(s)));
    expect(s.round).toBe(2);
    expect(dice(s, "s1").d12).toBe(11);
  });
});
