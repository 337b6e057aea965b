import { describe, expect, it } from "vitest";
import { Codes } from "../core";
import { Errors } from "./rules";
import { act, bothDone, dice, rejects, start, toPhase, withDice, withTools, type DiceSpec } from "./fixtures";
import { game } from "./index";
import type { State } from "./state";

/** A rigging phase with the given dice and this round's tools. */
function rigging(s1: DiceSpec, s2: DiceSpec = {}, tools = ["wrapAdd", "nudgeUp"], config: Record<string, unknown> = {}): State {
  let s = toPhase(start(config), "rigging");
  s = withDice(withDice(s, "s1", s1), "s2", s2);
  return withTools(s, tools);
}

/** Rigging phase where s2 bluffed its d8 (to 7) and rolled nothing else; s1 rolled nothing. */
function afterBluff(s1: DiceSpec, s2: DiceSpec = {}): State {
  let s = act(start(), "s2", { type: "bluff", die: "d8", value: 7 });
  s = toPhase(s, "rigging");
  return withTools(withDice(withDice(s, "s1", s1), "s2", s2), ["wrapAdd", "nudgeUp"]);
}

describe("rigging tools", () => {
  it("shows this round's tools and the next two rounds' at the start of each round", () => {
    const s = start({}, "sched");
    expect(s.toolSchedule.map((t) => t.round)).toEqual([1, 2, 3]);
    for (const t of s.toolSchedule) {
      expect(t.tools).toHaveLength(2);
      expect(new Set(t.tools).size).toBe(2);
    }
    const r2 = bothDone(bothDone(bothDone(s)));
    expect(r2.round).toBe(2);
    expect(r2.toolSchedule.map((t) => t.round)).toEqual([1, 2, 3, 4]);
    // what was announced does not change later
    expect(r2.toolSchedule.slice(0, 3)).toEqual(s.toolSchedule);
    expect(game.view(r2, "spectator").toolSchedule.map((t) => t.round)).toEqual([2, 3, 4]);
  });

  it("draws tools only from the configured pool, as many as configured", () => {
    const s = start({ tools: ["flip", "halve", "nudgeUp"], toolsPerRound: 3 });
    for (const t of s.toolSchedule) expect([...t.tools].sort()).toEqual(["flip", "halve", "nudgeUp"]);
    expect(game.configSchema.safeParse({ tools: ["flip"], toolsPerRound: 2 }).success).toBe(false);
    expect(game.configSchema.safeParse({ tools: ["flip", "flip"] }).success).toBe(false);
  });

  it("alters the primary, and the secondary becomes unrolled", () => {
    let s = rigging({ d20: 17, d6: 5 });
    s = act(s, "s1", { type: "rig", tool: "wrapAdd", primary: "d20", secondary: "d6" });
    expect(dice(s, "s1").d20).toBe(2);
    expect(dice(s, "s1").d6).toBe("unrolled");
    expect(s.players.s1?.rigs).toEqual([{ tool: "wrapAdd", primary: "d20", secondary: "d6", from: 17, to: 2, secondaryValue: 5 }]);
  });

  it("allows unlimited rigs, with the same tool again and again", () => {
    let s = rigging({ d4: 1, d6: 1, d8: 1, d12: 1, d20: 1 });
    for (const sec of ["d4", "d6", "d8", "d12"]) s = act(s, "s1", { type: "rig", tool: "nudgeUp", primary: "d20", secondary: sec });
    expect(dice(s, "s1").d20).toBe(5);
    expect(s.players.s1?.rigs).toHaveLength(4);
    // nothing left to spend
    rejects(s, "s1", { type: "rig", tool: "nudgeUp", primary: "d20", secondary: "d4" }, Errors.notRolled);
  });

  it("needs both dice rolled, two different dice, and one of this round's tools", () => {
    const s = rigging({ d20: 10, d6: 3, d8: "removed" });
    rejects(s, "s1", { type: "rig", tool: "wrapAdd", primary: "d20", secondary: "d4" }, Errors.notRolled);
    rejects(s, "s1", { type: "rig", tool: "wrapAdd", primary: "d4", secondary: "d20" }, Errors.notRolled);
    rejects(s, "s1", { type: "rig", tool: "wrapAdd", primary: "d20", secondary: "d8" }, Errors.notRolled);
    rejects(s, "s1", { type: "rig", tool: "wrapAdd", primary: "d20", secondary: "d20" }, Errors.sameDie);
    rejects(s, "s1", { type: "rig", tool: "flip", primary: "d20", secondary: "d6" }, Errors.toolUnavailable);
    rejects(s, "s1", { type: "rig", tool: "hammer", primary: "d20", secondary: "d6" }, "action/invalid");
    rejects(toPhase(start(), "action"), "s1", { type: "rig", tool: "wrapAdd", primary: "d20", secondary: "d6" }, Codes.wrongPhase);
  });

  it("keeps values legal: non-wrapping tools stop at the top face, or are refused with overflow 'reject'", () => {
    const s = act(rigging({ d6: 6, d4: 2 }), "s1", { type: "rig", tool: "nudgeUp", primary: "d6", secondary: "d4" });
    expect(dice(s, "s1").d6).toBe(6);
    const strict = rigging({ d6: 6, d4: 2 }, {}, ["wrapAdd", "nudgeUp"], { overflow: "reject" });
    rejects(strict, "s1", { type: "rig", tool: "nudgeUp", primary: "d6", secondary: "d4" }, Errors.offTheDie);
    const wrapped = act(strict, "s1", { type: "rig", tool: "wrapAdd", primary: "d6", secondary: "d4" });
    expect(dice(wrapped, "s1").d6).toBe(2);
  });
});

describe("challenges", () => {
  it("a correct challenge removes the opponent's corresponding die and unrolls their bluffed dice", () => {
    let s = afterBluff({ d4: 3 }, { d4: 2, d20: 15 });
    s = act(s, "s1", { type: "challenge", die: "d4" });
    s = bothDone(s);
    expect(s.phase).toBe("action");
    expect(dice(s, "s2")).toMatchObject({ d4: "removed", d8: "unrolled", d20: 15 });
    expect(dice(s, "s1").d4).toBe(3);
    expect(s.history[0]?.challenges).toEqual([{ challenger: "s1", target: "s2", wager: "d4", correct: true, removed: "d4", unrolled: ["d8"] }]);
  });

  it("an incorrect challenge unrolls the wagered die", () => {
    let s = rigging({ d12: 9 }, { d20: 20 });
    s = act(s, "s1", { type: "challenge", die: "d12" });
    s = bothDone(s);
    expect(dice(s, "s1").d12).toBe("unrolled");
    expect(dice(s, "s2").d20).toBe(20);
    expect(s.history[0]?.challenges).toEqual([{ challenger: "s1", target: "s2", wager: "d12", correct: false, removed: null, unrolled: [] }]);
  });

  it("judges only the most recent rolling phase: an earlier round's bluff does not make a challenge right", () => {
    // s2 bluffs in round 1 and is not challenged; in round 2 s2 only rolls: a challenge then is wrong.
    let s = act(start(), "s2", { type: "bluff", die: "d8", value: 7 });
    s = toPhase(toPhase(s, "action"), "rolling");
    expect(s.round).toBe(2);
    s = act(s, "s2", { type: "roll", die: "d6" });
    s = toPhase(s, "rigging");
    s = withDice(s, "s1", { d4: 4 });
    s = bothDone(act(s, "s1", { type: "challenge", die: "d4" }));
    expect(s.history[1]?.challenges[0]?.correct).toBe(false);
  });

  it("wagers only a rolled die, one challenge at a time that may be moved or withdrawn until done", () => {
    let s = afterBluff({ d4: 3, d6: 2 });
    rejects(s, "s1", { type: "challenge", die: "d8" }, Errors.notRolled);
    rejects(s, "s1", { type: "withdrawChallenge" }, Errors.noChallenge);
    s = act(s, "s1", { type: "challenge", die: "d4" });
    s = act(s, "s1", { type: "challenge", die: "d6" });
    expect(s.players.s1?.challenge).toBe("d6");
    s = act(s, "s1", { type: "withdrawChallenge" });
    expect(s.players.s1?.challenge).toBeNull();
    s = act(act(s, "s1", { type: "challenge", die: "d4" }), "s1", { type: "done" });
    rejects(s, "s1", { type: "withdrawChallenge" }, Codes.alreadySubmitted);
    s = act(s, "s2", { type: "done" });
    expect(s.history[0]?.challenges).toHaveLength(1);
    expect(s.history[0]?.challenges[0]?.wager).toBe("d4");
  });

  it("is judged after rigging: a wagered die cannot be spent as a secondary, but may still be rigged as a primary", () => {
    let s = afterBluff({ d4: 3, d6: 2, d20: 10 });
    s = act(s, "s1", { type: "challenge", die: "d6" });
    rejects(s, "s1", { type: "rig", tool: "wrapAdd", primary: "d20", secondary: "d6" }, Errors.wagered);
    s = act(s, "s1", { type: "rig", tool: "nudgeUp", primary: "d6", secondary: "d4" });
    expect(dice(s, "s1").d6).toBe(3);
    // a die already spent as a secondary cannot be wagered
    rejects(s, "s1", { type: "challenge", die: "d4" }, Errors.notRolled);
    s = bothDone(s);
    expect(s.history[0]?.challenges[0]).toMatchObject({ wager: "d6", correct: true, removed: "d6" });
  });

  it("uses the bluffed dice's state after rigging: a bluffed die spent as a secondary is not announced", () => {
    let s = act(start(), "s2", { type: "bluff", die: "d8", value: 7 });
    s = act(s, "s2", { type: "bluff", die: "d6", value: 5 });
    s = withTools(toPhase(s, "rigging"), ["wrapAdd", "nudgeUp"]);
    s = withDice(s, "s1", { d20: 12 });
    s = act(s, "s2", { type: "rig", tool: "nudgeUp", primary: "d8", secondary: "d6" });
    s = bothDone(act(s, "s1", { type: "challenge", die: "d20" }));
    expect(s.history[0]?.challenges[0]).toMatchObject({ correct: true, removed: "d20", unrolled: ["d8"] });
    expect(dice(s, "s2")).toMatchObject({ d6: "unrolled", d8: "unrolled" });
  });

  it("removes nothing more when the corresponding die is already removed (still a correct challenge)", () => {
    let s = afterBluff({ d12: 5 }, { d12: "removed" });
    s = bothDone(act(s, "s1", { type: "challenge", die: "d12" }));
    expect(s.history[0]?.challenges[0]).toMatchObject({ correct: true, removed: null, unrolled: ["d8"] });
    expect(dice(s, "s1").d12).toBe(5);
  });

  it("when the bluffed die is the corresponding die it ends removed, not unrolled", () => {
    let s = afterBluff({ d8: 2 });
    s = bothDone(act(s, "s1", { type: "challenge", die: "d8" }));
    expect(s.history[0]?.challenges[0]).toMatchObject({ correct: true, removed: "d8", unrolled: [] });
    expect(dice(s, "s2").d8).toBe("removed");
  });

  it("judges both players' challenges at once: removal wins over unrolling", () => {
    // both bluff their d6; each challenges wagering the d6 — both right, both d6 removed
    let s = act(act(start(), "s1", { type: "bluff", die: "d6", value: 4 }), "s2", { type: "bluff", die: "d6", value: 5 });
    s = toPhase(s, "rigging");
    s = act(act(s, "s1", { type: "challenge", die: "d6" }), "s2", { type: "challenge", die: "d6" });
    s = bothDone(s);
    expect(dice(s, "s1").d6).toBe("removed");
    expect(dice(s, "s2").d6).toBe("removed");
    expect(s.history[0]?.challenges.map((c) => c.correct)).toEqual([true, true]);
  });

  it("a wrong challenger's wager removed by the other's right challenge stays removed", () => {
    // s1 bluffed d20; s2 did not bluff. s1 wagers d20 (wrong); s2 wagers d20 (right).
    let s = act(start(), "s1", { type: "bluff", die: "d20", value: 19 });
    s = withDice(toPhase(s, "rigging"), "s2", { d20: 4 });
    s = act(act(s, "s1", { type: "challenge", die: "d20" }), "s2", { type: "challenge", die: "d20" });
    s = bothDone(s);
    expect(dice(s, "s1").d20).toBe("removed");
    expect(dice(s, "s2").d20).toBe(4);
    expect(s.history[0]?.challenges.find((c) => c.challenger === "s1")?.correct).toBe(false);
  });
});

describe("recovery", () => {
  it("each double sets one removed die back to unrolled, largest first by default", () => {
    let s = rigging({ d4: 3, d6: 3, d8: "removed", d12: "removed", d20: "removed" });
    s = bothDone(s);
    expect(dice(s, "s1")).toMatchObject({ d4: 3, d6: 3, d8: "removed", d12: "removed", d20: "unrolled" });
    expect(s.history[0]?.recovered.s1).toEqual(["d20"]);
  });

  it("follows the priority list; three equal values make one double", () => {
    let s = rigging({ d4: 2, d6: 2, d8: "removed", d12: "removed", d20: 2 });
    s = bothDone(act(s, "s1", { type: "setRecovery", priority: ["d8", "d12"] }));
    expect(dice(s, "s1")).toMatchObject({ d8: "unrolled", d12: "removed" });
    expect(s.history[0]?.recovered.s1).toEqual(["d8"]);
  });

  it("with doubles 'everyPair', three equal values make three doubles and recover two dice", () => {
    let s = rigging({ d4: 2, d6: 2, d8: "removed", d12: "removed", d20: 2 }, {}, ["wrapAdd", "nudgeUp"], { doubles: "everyPair" });
    s = bothDone(s);
    expect(dice(s, "s1")).toMatchObject({ d8: "unrolled", d12: "unrolled" });
  });

  it("counts doubles after rigging", () => {
    let s = rigging({ d4: 1, d6: 3, d8: 4, d12: 6, d20: "removed" }, {}, ["nudgeUp", "flip"]);
    s = act(s, "s1", { type: "rig", tool: "nudgeUp", primary: "d6", secondary: "d4" });
    expect(dice(s, "s1").d6).toBe(4);
    s = bothDone(s);
    expect(dice(s, "s1").d20).toBe("unrolled");
  });

  it("recovers only listed dice; an empty list recovers none; only removed dice may be listed", () => {
    let s = rigging({ d4: 3, d6: 3, d8: 1, d12: "removed", d20: "removed" });
    rejects(s, "s1", { type: "setRecovery", priority: ["d8"] }, Errors.notRemoved);
    rejects(s, "s1", { type: "setRecovery", priority: ["d12", "d12"] }, Codes.invalid);
    s = bothDone(act(s, "s1", { type: "setRecovery", priority: [] }));
    expect(dice(s, "s1")).toMatchObject({ d12: "removed", d20: "removed" });
  });

  it("counts doubles after challenges, so a successful challenge can cost the double", () => {
    // s1 bluffed its d6 to make a double with its d4; s2 challenges correctly
    let s = act(start(), "s1", { type: "bluff", die: "d6", value: 3 });
    s = withDice(toPhase(s, "rigging"), "s1", { d4: 3, d20: "removed" });
    s = withDice(s, "s2", { d12: 8 });
    s = bothDone(act(s, "s2", { type: "challenge", die: "d12" }));
    expect(dice(s, "s1")).toMatchObject({ d6: "unrolled", d20: "removed" });
    expect(s.history[0]?.recovered.s1).toEqual([]);
  });

  it("cannot recover a die removed by a challenge in the same rigging phase", () => {
    let s = act(start(), "s2", { type: "bluff", die: "d20", value: 20 });
    s = withDice(toPhase(s, "rigging"), "s2", { d4: 2, d6: 2, d8: 5, d12: 5 });
    s = withDice(s, "s1", { d20: 1 });
    s = act(s, "s1", { type: "challenge", die: "d20" });
    s = bothDone(s);
    expect(dice(s, "s2").d20).toBe("removed");
    expect(s.history[0]?.recovered.s2).toEqual([]);
    // next round it can come back
    s = toPhase(toPhase(s, "rolling"), "rigging");
    s = withDice(s, "s2", { d4: 2, d6: 2 });
    s = bothDone(s);
    expect(dice(s, "s2").d20).toBe("unrolled");
  });

  it("the clock ends rigging with the standing challenge judged and the default recovery", () => {
    let s = afterBluff({ d4: 1, d6: 1, d20: "removed" });
    s = act(s, "s1", { type: "challenge", die: "d4" });
    s = game.timeout(s);
    expect(s.phase).toBe("action");
    expect(dice(s, "s2").d4).toBe("removed");
    // s1 still has the pair 1,1
    expect(dice(s, "s1").d20).toBe("unrolled");
  });
});
