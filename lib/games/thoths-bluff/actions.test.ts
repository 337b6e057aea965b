import { describe, expect, it } from "vitest";
import { Codes } from "../core";
import { RESTRICTIONS, RESTRICTION_IDS } from "./actions";
import { Errors } from "./rules";
import { act, bothDone, dice, rejects, start, toPhase, unrestricted, withDice, type DiceSpec } from "./fixtures";
import { game } from "./index";
import type { State } from "./state";

function actionPhase(s1: DiceSpec, s2: DiceSpec = {}, base: State = start()): State {
  const s = unrestricted(toPhase(base, "action"));
  return withDice(withDice(s, "s1", s1), "s2", s2);
}

function assign(s: State, seat: string, plan: { short?: string[]; medium?: string[]; long?: string[] }): State {
  return act(s, seat, { type: "assign", ...plan });
}

function restrict(s: State, slot: string, restriction: string | null): State {
  return { ...s, actions: s.actions.map((a) => (a.slot === slot && a.startRound <= s.round && s.round <= a.endRound ? { ...a, restriction: restriction as State["actions"][number]["restriction"] } : a)) };
}

describe("action schedule", () => {
  it("runs a short action every round, a medium every two rounds and a long every three, known three rounds ahead", () => {
    const s = start();
    const ids = (round: number) => game.view(s, "spectator").actionSchedule.find((r) => r.round === round)?.actions.map((a) => a.id);
    expect(ids(1)).toEqual(["short-1", "medium-1", "long-1"]);
    expect(ids(2)).toEqual(["short-2", "medium-1", "long-1"]);
    expect(ids(3)).toEqual(["short-3", "medium-3", "long-1"]);
    const long = s.actions.find((a) => a.id === "long-1");
    expect(long).toMatchObject({ startRound: 1, endRound: 3, size: 3 });
    expect(s.actions.find((a) => a.id === "medium-3")).toMatchObject({ startRound: 3, endRound: 4, size: 2 });
    let r4 = s;
    for (let i = 0; i < 3; i++) r4 = bothDone(bothDone(bothDone(r4)));
    expect(r4.round).toBe(4);
    expect(game.view(r4, "s1").actionSchedule.map((r) => r.actions.map((a) => a.id))).toEqual([
      ["short-4", "medium-3", "long-4"],
      ["short-5", "medium-5", "long-4"],
      ["short-6", "medium-5", "long-4"],
    ]);
  });

  it("draws restrictions from the configured pool, only those that fit the action's size", () => {
    const none = start({ restrictionPercent: 0 });
    expect(none.actions.every((a) => a.restriction === null)).toBe(true);
    const all = start({ restrictionPercent: 100, restrictions: ["distinctValues", "even"] }, "r");
    expect(all.actions.every((a) => a.restriction !== null)).toBe(true);
    for (const a of all.actions) if (a.size === 1) expect(a.restriction).toBe("even");
    const empty = start({ restrictions: [], restrictionPercent: 100 });
    expect(empty.actions.every((a) => a.restriction === null)).toBe(true);
    expect(RESTRICTION_IDS.length).toBeGreaterThanOrEqual(5);
    for (const id of RESTRICTION_IDS) expect(RESTRICTIONS[id].text.length).toBeGreaterThan(10);
  });
});

describe("assigning dice", () => {
  it("accepts rolled dice, each to one action, no more than the action takes", () => {
    const s = actionPhase({ d4: 4, d6: 6, d8: 8, d12: 12, d20: 20 });
    const ok = assign(s, "s1", { short: ["d20"], medium: ["d12", "d8"], long: ["d6", "d4"] });
    expect(ok.players.s1?.plan).toEqual({ short: ["d20"], medium: ["d8", "d12"], long: ["d4", "d6"] });
    rejects(s, "s1", { type: "assign", short: ["d20", "d12"] }, Errors.badAssignment);
    rejects(s, "s1", { type: "assign", short: ["d20"], medium: ["d20"] }, Errors.badAssignment);
    rejects(s, "s1", { type: "assign", medium: ["d8", "d8"] }, Errors.badAssignment);
    rejects(s, "s1", { type: "assign", long: ["d4", "d6", "d8", "d12"] }, Errors.badAssignment);
  });

  it("refuses unrolled and removed dice", () => {
    const s = actionPhase({ d4: "unrolled", d6: "removed", d20: 5 });
    expect(rejects(s, "s1", { type: "assign", short: ["d4"] }, Errors.badAssignment).message).toMatch(/not rolled/);
    expect(rejects(s, "s1", { type: "assign", short: ["d6"] }, Errors.badAssignment).message).toMatch(/removed/);
  });

  it("may be replaced until done, and is only for the action phase", () => {
    let s = actionPhase({ d4: 4, d20: 20 });
    s = assign(s, "s1", { short: ["d4"] });
    s = assign(s, "s1", { short: ["d20"] });
    expect(s.players.s1?.plan?.short).toEqual(["d20"]);
    s = act(s, "s1", { type: "done" });
    rejects(s, "s1", { type: "assign", short: ["d4"] }, Codes.alreadySubmitted);
    rejects(start(), "s1", { type: "assign", short: ["d4"] }, Codes.wrongPhase);
  });

  it("turns used dice unrolled at the end of the phase and keeps the others", () => {
    let s = actionPhase({ d4: 4, d6: 6, d20: 20 }, { d8: 3 });
    s = assign(s, "s1", { short: ["d20"], medium: ["d4"] });
    s = bothDone(s);
    expect(s.round).toBe(2);
    expect(dice(s, "s1")).toMatchObject({ d4: "unrolled", d6: 6, d20: "unrolled" });
    expect(dice(s, "s2").d8).toBe(3);
  });

  it("sends the saved plan when the clock runs out (nothing when none was saved)", () => {
    let s = actionPhase({ d20: 20 }, { d20: 1 });
    s = assign(s, "s1", { short: ["d20"] });
    s = game.timeout(s);
    expect(s.history[0]?.submissions.s1).toEqual([{ slot: "short", actionId: "short-1", dice: [{ die: "d20", value: 20 }] }]);
    expect(s.history[0]?.submissions.s2).toEqual([]);
    expect(s.players.s2?.health).toBe(44);
  });
});

describe("restrictions", () => {
  const dice5: DiceSpec = { d4: 3, d6: 4, d8: 4, d12: 7, d20: 20 };
  it("even / odd values only", () => {
    const even = restrict(actionPhase(dice5), "short", "even");
    rejects(even, "s1", { type: "assign", short: ["d4"] }, Errors.badAssignment);
    assign(even, "s1", { short: ["d6"] });
    const odd = restrict(actionPhase(dice5), "short", "odd");
    rejects(odd, "s1", { type: "assign", short: ["d6"] }, Errors.badAssignment);
    assign(odd, "s1", { short: ["d12"] });
  });

  it("no d20 / small dice only", () => {
    const noIco = restrict(actionPhase(dice5), "long", "noD20");
    rejects(noIco, "s1", { type: "assign", long: ["d20"] }, Errors.badAssignment);
    assign(noIco, "s1", { long: ["d12", "d8", "d6"] });
    const small = restrict(actionPhase(dice5), "medium", "smallDice");
    rejects(small, "s1", { type: "assign", medium: ["d4", "d12"] }, Errors.badAssignment);
    assign(small, "s1", { medium: ["d4", "d8"] });
  });

  it("values must all differ, also with dice sent in an earlier round", () => {
    let s = restrict(actionPhase(dice5), "medium", "distinctValues");
    rejects(s, "s1", { type: "assign", medium: ["d6", "d8"] }, Errors.badAssignment);
    s = bothDone(assign(s, "s1", { medium: ["d6"] }));
    s = unrestricted(toPhase(s, "action"));
    s = restrict(withDice(s, "s1", { d4: 4, d12: 5 }), "medium", "distinctValues");
    expect(rejects(s, "s1", { type: "assign", medium: ["d4"] }, Errors.badAssignment).message).toMatch(/differ/);
    assign(s, "s1", { medium: ["d12"] });
  });

  it("dice must all differ over the action's rounds", () => {
    let s = restrict(actionPhase(dice5), "long", "distinctDice");
    s = bothDone(assign(s, "s1", { long: ["d20"] }));
    s = restrict(withDice(unrestricted(toPhase(s, "action")), "s1", { d20: 18, d12: 2 }), "long", "distinctDice");
    rejects(s, "s1", { type: "assign", long: ["d20"] }, Errors.badAssignment);
    // without the restriction the same die may go again in a later round
    assign(unrestricted(s), "s1", { long: ["d20"] });
  });
});

describe("resolving actions", () => {
  it("the higher total wins and deals the damage", () => {
    let s = actionPhase({ d20: 12 }, { d12: 11 });
    s = bothDone(assign(assign(s, "s1", { short: ["d20"] }), "s2", { short: ["d12"] }));
    expect(s.players.s1?.health).toBe(45);
    expect(s.players.s2?.health).toBe(44);
    expect(s.history[0]?.resolutions).toEqual([
      { actionId: "short-1", slot: "short", damage: 1, results: [{ seat: "s1", total: 12, completed: true }, { seat: "s2", total: 11, completed: true }], winners: ["s1"] },
    ]);
  });

  it("equal totals tie and both players take the damage", () => {
    let s = actionPhase({ d8: 6 }, { d12: 6 });
    s = bothDone(assign(assign(s, "s1", { short: ["d8"] }), "s2", { short: ["d12"] }));
    expect([s.players.s1?.health, s.players.s2?.health]).toEqual([44, 44]);
    expect(s.history[0]?.resolutions[0]?.winners).toEqual(["s1", "s2"]);
  });

  it("two uncompleted actions tie", () => {
    const s = bothDone(actionPhase({}, {}));
    expect([s.players.s1?.health, s.players.s2?.health]).toEqual([44, 44]);
  });

  it("a completed action beats an uncompleted one whatever the values", () => {
    // medium-1 over rounds 1 and 2: s1 completes it with 1 + 1, s2 sends a single 12
    let s = actionPhase({ d4: 1, d6: 1 }, { d12: 12 });
    s = bothDone(assign(assign(s, "s1", { medium: ["d4", "d6"] }), "s2", { medium: ["d12"] }));
    expect(s.history[0]?.resolutions.map((r) => r.actionId)).toEqual(["short-1"]);
    s = bothDone(toPhase(s, "action"));
    const med = s.history[1]?.resolutions.find((r) => r.actionId === "medium-1");
    expect(med).toMatchObject({ winners: ["s1"], results: [{ seat: "s1", total: 2, completed: true }, { seat: "s2", total: 12, completed: false }] });
  });

  it("sums values sent over an action's rounds (a long action resolves in its third round)", () => {
    let s = actionPhase({ d20: 20 }, { d12: 10, d8: 8 });
    s = bothDone(assign(assign(s, "s1", { long: ["d20"] }), "s2", { long: ["d12", "d8"] }));
    s = withDice(unrestricted(toPhase(s, "action")), "s1", { d20: 19 });
    s = bothDone(assign(s, "s1", { long: ["d20"] }));
    s = withDice(withDice(unrestricted(toPhase(s, "action")), "s1", { d4: 1 }), "s2", { d20: 1 });
    expect(s.round).toBe(3);
    s = bothDone(assign(assign(s, "s1", { long: ["d4"] }), "s2", { long: ["d20"] }));
    const long = s.history[2]?.resolutions.find((r) => r.actionId === "long-1");
    expect(long).toMatchObject({ damage: 3, winners: ["s1"], results: [{ total: 40, completed: true }, { total: 19, completed: true }] });
  });

  it("resolves every action whose time is up in the same round together", () => {
    // round 2: short-2 and medium-1 resolve
    let s = bothDone(actionPhase({}, {}));
    s = withDice(withDice(unrestricted(toPhase(s, "action")), "s1", { d4: 4, d6: 6, d8: 8 }), "s2", {});
    s = bothDone(assign(s, "s1", { short: ["d8"], medium: ["d4", "d6"] }));
    expect(s.history[1]?.resolutions.map((r) => [r.actionId, r.winners])).toEqual([
      ["short-2", ["s1"]],
      ["medium-1", ["s1"]],
    ]);
    // round 1: tie of nothing (both -1); round 2: s2 takes 2 + 1
    expect([s.players.s1?.health, s.players.s2?.health]).toEqual([44, 41]);
  });
});
