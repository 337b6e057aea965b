import { describe, expect, it } from "vitest";
import { Rng } from "../core";
import { act, bothDone, setHealth, start, toPhase, unrestricted, withDice, withTools } from "./fixtures";
import { game, planProblem } from "./index";
import { playWithBots, replay, runCommand } from "../core";
import { RIG_PAIRS, rigOption, rigOptions } from "./rig-options";
import type { State } from "./state";

const json = (x: unknown) => JSON.stringify(x);

/** s1 bluffs its d6 (to 5) and its d8 (to 8); s2 rolls its d20. */
function bluffRound(config: Record<string, unknown> = {}): State {
  let s = start(config, "views");
  s = act(s, "s1", { type: "roll", die: "d4" });
  s = act(s, "s1", { type: "bluff", die: "d6", value: 5 });
  s = act(s, "s1", { type: "bluff", die: "d8", value: 8 });
  s = act(s, "s2", { type: "roll", die: "d20" });
  return s;
}

describe("bluffs never show to the opponent or a spectator", () => {
  it("a bluff and a real roll of the same value give identical opponent and spectator views, the whole game long", () => {
    const base = start({}, "same");
    const realValue = new Rng(base.rng).range(1, 6);
    let rolled = act(base, "s1", { type: "roll", die: "d6" });
    let bluffed = act(base, "s1", { type: "bluff", die: "d6", value: realValue });
    expect(rolled.players.s1?.dice).toEqual(bluffed.players.s1?.dice);
    // the same moves afterwards (no further rolls, so both games stay comparable)
    const moves: [string, unknown][] = [
      ["s1", { type: "done" }],
      ["s2", { type: "done" }],
      ["s1", { type: "done" }],
      ["s2", { type: "done" }],
      ["s1", { type: "assign", short: ["d6"] }],
      ["s1", { type: "done" }],
      ["s2", { type: "done" }],
      ["s1", { type: "done" }],
    ];
    for (const [seat, m] of moves) {
      for (const viewer of ["s2", "spectator"]) expect(game.view(bluffed, viewer)).toEqual(game.view(rolled, viewer));
      expect(game.describe?.(m as never, seat)).toBeTruthy();
      rolled = act(rolled, seat, m);
      bluffed = act(bluffed, seat, m);
    }
    expect(bluffed.round).toBe(2);
    for (const viewer of ["s2", "spectator"]) expect(game.view(bluffed, viewer)).toEqual(game.view(rolled, viewer));
    // ... but the roller and the host can tell
    expect(game.view(bluffed, "s1")).not.toEqual(game.view(rolled, "s1"));
    expect(game.view(bluffed, "host")).not.toEqual(game.view(rolled, "host"));
  });

  it("the audit line of a bluff reads like that of a roll", () => {
    expect(game.describe?.({ type: "bluff", die: "d6", value: 6 }, "s1")).toBe(game.describe?.({ type: "roll", die: "d6" }, "s1"));
    expect(game.describe?.({ type: "challenge", die: "d6" }, "s1")).toBe(game.describe?.({ type: "rig", tool: "flip", primary: "d6", secondary: "d4" }, "s1"));
  });

  it("no bluff flag reaches s2 or the spectator, during the game or after it", () => {
    let s = bluffRound();
    const check = (st: State) => {
      expect(json(game.view(st, "s2"))).not.toContain('"bluffed":true');
      expect(json(game.view(st, "spectator"))).not.toContain("bluff");
    };
    check(s);
    s = bothDone(s);
    check(s);
    s = bothDone(bothDone(s));
    check(s);
    s = setHealth(toPhase(s, "action"), { s1: 1, s2: 2 });
    s = bothDone(s);
    expect(s.phase).toBe("finished");
    check(s);
  });
});

describe("seat views", () => {
  it("a seat sees its own dice and roll log with its bluffs marked, and the opponent's rolls only after the phase", () => {
    const s = bluffRound();
    const v1 = game.view(s, "s1");
    expect(v1.viewer).toBe("seat");
    expect(v1.seat).toBe("s1");
    expect(v1.me?.rolls.map((r) => [r.die, r.bluffed])).toEqual([
      ["d4", false],
      ["d6", true],
      ["d8", true],
    ]);
    expect(v1.me?.bluffing).toBe(true);
    expect(v1.me?.dice.find((d) => d.die === "d8")).toMatchObject({ status: "rolled", value: 8, sides: 8, name: "Octo" });
    expect(v1.panels).toBeNull();
    // during the rolling phase the opponent's rolls are hidden
    expect(v1.history[0]?.rolls).toBeNull();
    const v2 = game.view(s, "s2");
    expect(json(v2)).not.toContain('"value":8');
    expect(v2.me?.rolls).toHaveLength(1);

    const after = bothDone(s);
    const seen = game.view(after, "s2").history[0]?.rolls;
    expect(seen).toEqual([
      { seat: "s1", rolls: [{ die: "d4", value: after.players.s1?.rolls[0]?.value }, { die: "d6", value: 5 }, { die: "d8", value: 8 }] },
      { seat: "s2", rolls: [{ die: "d20", value: after.players.s2?.rolls[0]?.value }] },
    ]);
    expect(game.view(after, "spectator").history[0]?.rolls).toEqual(seen);
  });

  it("never shows the opponent's rigs, challenge before its announcement, or recovery", () => {
    let s = toPhase(start({}, "secret"), "rigging");
    s = withTools(s, ["flip", "wrapCopy"]);
    s = withDice(s, "s1", { d4: 3, d6: 3, d8: 7, d12: "removed", d20: 11 });
    s = act(s, "s1", { type: "rig", tool: "flip", primary: "d20", secondary: "d8" });
    expect(s.players.s1?.dice.find((d) => d.kind === "d20")?.value).toBe(10);
    s = act(s, "s1", { type: "challenge", die: "d20" });
    const secrets = ['"secondaryValue"', '"wager"', '"challenge":"d20"', '"recovered":["d12"]'];
    const hidden = (st: State) => {
      for (const viewer of ["s2", "spectator"]) for (const secret of secrets) expect(json(game.view(st, viewer))).not.toContain(secret);
    };
    hidden(s);
    expect(json(game.view(s, "s1"))).toContain('"challenge":"d20"');
    expect(json(game.view(s, "host"))).toContain('"secondaryValue"');
    s = bothDone(s); // s2 did not bluff: the challenge is wrong; s1 recovers the d12 with its 3-3 double
    expect(s.players.s1?.dice.find((d) => d.kind === "d12")?.status).toBe("unrolled");
    hidden(s);
    // the challenger learns its result at once; the announcement waits for the round's end
    const mine = game.view(s, "s1").me?.history[0]?.myChallenge;
    expect(mine).toEqual({ wager: "d20", correct: false, announcement: null });
    expect(game.view(s, "s1").history[0]?.challenges).toBeNull();
    s = bothDone(s);
    expect(s.round).toBe(2);
    // announced to everyone: the wager and that it was lost; rigs and recovery stay secret
    const announced = [{ challenger: "s1", target: "s2", wager: "d20", correct: false, removed: null, unrolled: [] }];
    for (const viewer of ["s1", "s2", "spectator", "host"]) expect(game.view(s, viewer).history[0]?.challenges).toEqual(announced);
    for (const viewer of ["s2", "spectator"]) {
      expect(json(game.view(s, viewer))).not.toContain('"secondaryValue"');
      expect(json(game.view(s, viewer))).not.toContain('"recovered":["d12"]');
    }
    expect(game.view(s, "s1").me?.history[0]?.recovered).toEqual(["d12"]);
  });

  it("the target of a correct challenge sees it at once (its dice changed), the spectator only at the round's end", () => {
    let s = act(start({}, "hit"), "s2", { type: "bluff", die: "d12", value: 12 });
    s = withDice(toPhase(s, "rigging"), "s1", { d12: 4 });
    s = bothDone(act(s, "s1", { type: "challenge", die: "d12" }));
    const lost = game.view(s, "s2").me?.history[0]?.lostToChallenge;
    expect(lost).toEqual({ challenger: "s1", target: "s2", wager: "d12", correct: true, removed: "d12", unrolled: [] });
    expect(game.view(s, "spectator").history[0]?.challenges).toBeNull();
    expect(game.view(s, "s1").me?.history[0]?.myChallenge).toEqual({ wager: "d12", correct: true, announcement: null });
  });

  it("challengeReveal 'riggingEnd' announces challenges when the rigging phase ends", () => {
    let s = withDice(toPhase(start({ challengeReveal: "riggingEnd" }), "rigging"), "s1", { d4: 1 });
    s = bothDone(act(s, "s1", { type: "challenge", die: "d4" }));
    expect(game.view(s, "spectator").history[0]?.challenges).toEqual([{ challenger: "s1", target: "s2", wager: "d4", correct: false, removed: null, unrolled: [] }]);
  });

  it("action reveals show values per action, not dice, and both healths", () => {
    let s = withDice(withDice(unrestricted(toPhase(start(), "action")), "s1", { d20: 14, d4: 2 }), "s2", { d12: 9 });
    s = act(s, "s1", { type: "assign", short: ["d20"], long: ["d4"] });
    s = act(s, "s2", { type: "assign", short: ["d12"] });
    const during = game.view(s, "s2");
    expect(during.history[0]?.submitted).toBeNull();
    expect(json(during)).not.toContain('"long":["d4"]');
    s = bothDone(s);
    const v = game.view(s, "spectator");
    expect(v.history[0]?.submitted).toEqual([
      { seat: "s1", slot: "short", actionId: "short-1", values: [14] },
      { seat: "s1", slot: "long", actionId: "long-1", values: [2] },
      { seat: "s2", slot: "short", actionId: "short-1", values: [9] },
    ]);
    expect(v.history[0]?.resolutions?.[0]?.winners).toEqual(["s1"]);
    expect(v.history[0]?.health).toEqual([
      { seat: "s1", health: 45 },
      { seat: "s2", health: 44 },
    ]);
    expect(v.players.map((p) => p.health)).toEqual([45, 44]);
    // the running long action shows the revealed value; its dice only to their owner
    const long = v.running.find((a) => a.slot === "long");
    expect(long?.revealed).toEqual([
      { seat: "s1", values: [2] },
      { seat: "s2", values: [] },
    ]);
    expect(long?.mine).toBeNull();
    expect(game.view(s, "s1").running.find((a) => a.slot === "long")?.mine).toEqual({ dice: ["d4"], values: [2], stillTakes: 2 });
    expect(json(game.view(s, "s2"))).not.toContain('"die":"d4","value":2');
  });
});

describe("spectator and host", () => {
  it("the spectator gets public information only", () => {
    const s = bluffRound();
    const v = game.view(s, "spectator");
    expect(v.viewer).toBe("spectator");
    expect(v.seat).toBeNull();
    expect(v.me).toBeNull();
    expect(v.panels).toBeNull();
    expect(json(v)).not.toContain('"status"');
    expect(v.toolSchedule).toHaveLength(3);
    expect(v.actionSchedule).toHaveLength(3);
    expect(v.rules.tools.length).toBe(9);
  });

  it("the host sees every seat's dice, bluffs, rigs, challenges and plans", () => {
    let s = bluffRound();
    s = withTools(bothDone(s), ["nudgeUp", "flip"]);
    s = act(s, "s1", { type: "rig", tool: "nudgeUp", primary: "d6", secondary: "d4" });
    s = act(s, "s2", { type: "challenge", die: "d20" });
    const v = game.view(s, "host");
    expect(v.viewer).toBe("host");
    expect(v.me).toBeNull();
    expect(v.panels?.map((p) => p.seat)).toEqual(["s1", "s2"]);
    const p1 = v.panels?.[0];
    expect(p1?.rolls.filter((r) => r.bluffed).map((r) => r.die)).toEqual(["d6", "d8"]);
    expect(p1?.rigs).toHaveLength(1);
    expect(v.panels?.[1]?.challenge).toBe("d20");
    expect(p1?.legal).toBeNull();
  });

  it("after the game secrets stay hidden unless the room reveals them at the end", () => {
    const finish = (config: Record<string, unknown>) => bothDone(setHealth(toPhase(bluffRound(config), "action"), { s1: 1, s2: 1 }));
    const closed = finish({ maxExtraBlocks: 0, finalTiebreak: "draw" });
    expect(closed.phase).toBe("finished");
    expect(game.view(closed, "spectator").panels).toBeNull();
    expect(game.view(closed, "spectator").outcome?.winners).toEqual([]);
    const open = finish({ maxExtraBlocks: 0, finalTiebreak: "draw", revealSecretsAtEnd: true });
    const v = game.view(open, "s2");
    expect(v.panels?.[0]?.history[0]?.rolls.filter((r) => r.bluffed)).toHaveLength(2);
    expect(v.outcome?.summary).toMatch(/draw/i);
  });
});

describe("legal moves in the view", () => {
  it("rolling: per die, with reasons for what is disabled", () => {
    let s = withDice(start(), "s1", { d12: "removed" });
    s = act(s, "s1", { type: "roll", die: "d4" });
    let legal = game.view(s, "s1").me?.legal;
    if (legal?.phase !== "rolling") throw new Error("expected rolling moves");
    expect(legal.roll.d6).toEqual({ ok: true });
    expect(legal.roll.d4).toMatchObject({ ok: false, reason: expect.stringMatching(/already rolled/) });
    expect(legal.roll.d12).toMatchObject({ ok: false, reason: expect.stringMatching(/removed/) });
    s = act(s, "s1", { type: "bluff", die: "d6", value: 2 });
    legal = game.view(s, "s1").me?.legal;
    if (legal?.phase !== "rolling") throw new Error("expected rolling moves");
    expect(legal.roll.d8).toMatchObject({ ok: false, reason: expect.stringMatching(/bluffing/) });
    expect(legal.bluff.d8).toEqual({ ok: true });
    expect(game.view(act(s, "s1", { type: "done" }), "s1").me?.legal).toBeNull();
  });

  it("rigging: every tool, primary and secondary with its result or the reason", () => {
    let s = withTools(toPhase(start(), "rigging"), ["wrapAdd", "flip"]);
    s = withDice(s, "s1", { d20: 17, d6: 5, d8: 2 });
    s = act(s, "s1", { type: "challenge", die: "d8" });
    const legal = game.view(s, "s1").me?.legal;
    if (legal?.phase !== "rigging") throw new Error("expected rigging moves");
    expect(legal.rigs.map((r) => r.tool)).toEqual(["wrapAdd", "flip"]);
    const all = rigOptions(legal.rigs);
    expect(all).toHaveLength(2 * 5 * 4);
    expect(rigOption(legal.rigs, "wrapAdd", "d20", "d6")).toEqual({ tool: "wrapAdd", primary: "d20", secondary: "d6", check: { ok: true }, result: 2 });
    expect(rigOption(legal.rigs, "flip", "d20", "d8")?.check).toMatchObject({ ok: false, reason: expect.stringMatching(/wagered/) });
    expect(all.filter((r) => r.primary === "d4").every((r) => !r.check.ok)).toBe(true);
    // each option is one number or reason in a list per tool, not an object naming its tool and dice
    expect(legal.rigs[0]!.outcomes[RIG_PAIRS.findIndex(([p, q]) => p === "d20" && q === "d6")]).toBe(2);
    expect(legal.challenge.d4).toMatchObject({ ok: false });
    expect(legal.challenge.d20).toEqual({ ok: true });
    expect(legal.withdrawChallenge).toEqual({ ok: true });
    expect(legal.recoverable).toEqual([]);
  });

  it("rigging: recovery preview", () => {
    const s = withDice(toPhase(start(), "rigging"), "s1", { d4: 3, d6: 3, d8: "removed", d12: "removed" });
    const legal = game.view(s, "s1").me?.legal;
    if (legal?.phase !== "rigging") throw new Error("expected rigging moves");
    expect(legal.recoverable).toEqual(["d8", "d12"]);
    expect(legal.doublesNow).toBe(1);
    expect(legal.wouldRecover).toEqual(["d12"]);
  });

  it("action: per running action and die, whether it may go there", () => {
    let s = withDice(toPhase(start(), "action"), "s1", { d4: 2, d6: 3, d20: 20 });
    s = { ...s, actions: s.actions.map((a) => (a.id === "short-1" ? { ...a, restriction: "even" as const } : { ...a, restriction: null })) };
    const legal = game.view(s, "s1").me?.legal;
    if (legal?.phase !== "action") throw new Error("expected action moves");
    expect(legal.slots.map((x) => [x.slot, x.actionId, x.stillTakes])).toEqual([
      ["short", "short-1", 1],
      ["medium", "medium-1", 2],
      ["long", "long-1", 3],
    ]);
    const short = legal.slots[0];
    expect(short?.dice.d4).toEqual({ ok: true });
    expect(short?.dice.d6).toMatchObject({ ok: false, reason: expect.stringMatching(/even/) });
    expect(short?.dice.d8).toMatchObject({ ok: false, reason: expect.stringMatching(/not rolled/) });
  });

  it("planProblem on the view agrees with the engine for every assignment", () => {
    let s = withDice(toPhase(start({ restrictionPercent: 100 }, "plans"), "action"), "s1", { d4: 2, d6: 3, d8: 4, d12: "removed", d20: 20 });
    s = act(s, "s1", { type: "assign", long: ["d8"] });
    const v = game.view(s, "s1");
    const kinds = ["d4", "d6", "d8", "d12", "d20"] as const;
    let accepted = 0;
    // every way to put each die in one slot or none (4^5 plans), plus a die in two slots
    for (let code = 0; code < 4 ** 5; code++) {
      const plan = { short: [] as string[], medium: [] as string[], long: [] as string[] };
      kinds.forEach((k, i) => {
        const slot = [null, "short", "medium", "long"][Math.floor(code / 4 ** i) % 4] as keyof typeof plan | null;
        if (slot) plan[slot].push(k);
      });
      const r = runCommand(game, s, { kind: "action", actor: "s1", action: { type: "assign", ...plan } });
      const problem = planProblem(v, plan as never);
      expect(problem === null).toBe(r.ok);
      if (!r.ok) expect(r.message).toBe(problem);
      if (r.ok) accepted++;
    }
    expect(accepted).toBeGreaterThan(3);
    expect(planProblem(game.view(unrestricted(s), "s1"), { short: ["d4"], medium: ["d4"], long: [] })).toMatch(/two actions/);
    expect(planProblem(game.view(s, "spectator"), { short: [], medium: [], long: [] })).toMatch(/Only a seat/);
  });
});

// Kept and shared parts: what a move leaves as it was is the very object of the
// view before, so the room's diff passes over it (that each equals one built
// afresh is the fuzzers' check).
describe("parts a move leaves as they were", () => {
  it("a recovery list keeps the rig options; a rig changes some outcomes, not the list's shape", () => {
    let s = withTools(toPhase(start(), "rigging"), ["wrapAdd", "flip"]);
    s = withDice(s, "s1", { d4: "removed", d20: 17, d6: 5, d8: 2, d12: 4 });
    const rigsOf = (st: State) => {
      const legal = game.view(st, "s1").me?.legal;
      if (legal?.phase !== "rigging") throw new Error("expected rigging moves");
      return legal.rigs;
    };
    const before = rigsOf(s);
    expect(rigsOf(act(s, "s1", { type: "setRecovery", priority: ["d4"] }))).toBe(before);
    const after = rigsOf(act(s, "s1", { type: "rig", tool: "flip", primary: "d20", secondary: "d6" }));
    expect(after).not.toBe(before);
    // the same tools, each with one outcome per pair: the room's diff sends the outcomes that changed
    expect(after.map((t) => [t.tool, t.outcomes.length])).toEqual(before.map((t) => [t.tool, RIG_PAIRS.length]));
    const changed = after.reduce((n, t, i) => n + t.outcomes.filter((o, j) => o !== before[i]!.outcomes[j]).length, 0);
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThan(RIG_PAIRS.length * after.length);
  });

  it("the opponent's roll, rig or plan leaves a seat's view and the spectator's the same object", () => {
    let s = start({}, "kept-views");
    const views = (st: State) => [game.view(st, "s1"), game.view(st, "spectator")];
    let before = views(s);
    s = act(s, "s2", { type: "roll", die: "d20" });
    views(s).forEach((v, i) => expect(v).toBe(before[i]));
    s = toPhase(act(act(s, "s2", { type: "roll", die: "d12" }), "s1", { type: "roll", die: "d12" }), "rigging");
    s = withDice(s, "s2", { d20: 17, d12: 4 });
    before = views(s);
    const host = game.view(s, "host");
    s = act(s, "s2", { type: "rig", tool: game.view(s, "s2").toolSchedule[0]!.tools[0]!, primary: "d20", secondary: "d12" });
    views(s).forEach((v, i) => expect(v).toBe(before[i]));
    // the host sees the rig
    expect(game.view(s, "host").panels?.[1]?.rigs).toHaveLength(1);
    expect(host.panels?.[1]?.rigs).toHaveLength(0);
  });

  it("the seat's past rounds stay the same objects while it rolls; its dice are shared between its panel and the host's", () => {
    let s = start({}, "kept");
    for (const seat of ["s1", "s2"]) {
      for (const die of ["d4", "d6", "d8", "d12", "d20"]) s = act(s, seat, { type: "roll", die });
    }
    s = bothDone(bothDone(bothDone(s)));
    expect(s.round).toBe(2);
    const before = game.view(s, "s1").me!;
    const next = act(s, "s1", { type: "roll", die: "d4" });
    const me = game.view(next, "s1").me!;
    expect(me.history).toHaveLength(2);
    expect(me.history[0]).toBe(before.history[0]);
    expect(json(me.history[1]?.rolls)).not.toBe(json(before.history[1]?.rolls));
    expect(game.view(next, "host").panels?.[0]?.dice).toBe(me.dice);
  });

  it("a phase's end within a round leaves each running action's entry the same object, for a seat and for the spectator", () => {
    const s = start({}, "kept-running");
    const entries = (st: State) => [...game.view(st, "s1").running, ...game.view(st, "spectator").running];
    const before = entries(s);
    const rigging = toPhase(s, "rigging");
    expect(rigging.round).toBe(s.round);
    const after = entries(rigging);
    expect(after).toHaveLength(before.length);
    after.forEach((e, i) => expect(e).toBe(before[i]));
    // the seat's entry adds its own dice to the spectator's very object
    expect(game.view(s, "s1").running[0]?.mine).not.toBeNull();
    expect(game.view(s, "spectator").running[0]?.mine).toBeNull();
  });
});

describe("parts a seat's own move leaves as they were", () => {
  it("its roll shows in its panel and its round under way as one list, and leaves the public parts the same objects", () => {
    const s = start({}, "own-move");
    const before = game.view(s, "s1");
    const next = act(s, "s1", { type: "roll", die: "d8" });
    const v = game.view(next, "s1");
    expect(v).not.toBe(before);
    expect(v.me!.rolls).toHaveLength(1);
    expect(v.me!.history[v.me!.history.length - 1]!.rolls).toBe(v.me!.rolls);
    for (const k of ["seats", "rules", "toolSchedule", "actionSchedule", "history", "outcome"] as const) expect(v[k]).toBe(before[k]);
    // the opponent's view and the spectator's share the public parts with it
    expect(game.view(next, "s2").actionSchedule).toBe(v.actionSchedule);
    expect(game.view(next, "spectator").history).toBe(v.history);
  });

  it("the action phase's end rebuilds the schedule with the same slot infos for the actions still on it, which every room shares", () => {
    let s = unrestricted(toPhase(start({}, "slots"), "action"));
    s = withDice(s, "s1", { d4: 3, d6: 5, d8: 2, d12: 4, d20: 17 });
    const before = game.view(s, "s1").actionSchedule.flatMap((r) => r.actions);
    // the submissions are recorded in the actions, and the next round starts
    const next = bothDone(act(s, "s1", { type: "assign", short: ["d6"] }));
    expect(next.actions).not.toBe(s.actions);
    expect(next.round).toBe(s.round + 1);
    const after = game.view(next, "s1").actionSchedule.flatMap((r) => r.actions);
    const kept = after.filter((a) => before.some((b) => b.id === a.id));
    expect(kept.length).toBeGreaterThan(1);
    for (const a of kept) expect(a).toBe(before.find((b) => b.id === a.id));
    // another room whose schedule has the same action shows the very same object
    const other = unrestricted(toPhase(start({}, "slots"), "action"));
    expect(game.view(other, "s2").actionSchedule[0]!.actions[0]).toBe(before[0]);
  });
});

describe("records a viewer sees whole", () => {
  it("are the state's own objects, not copies: a seat's rigs, recoveries and submissions, and every round's challenges and resolutions", () => {
    const seats = ["s1", "s2"];
    const config = game.configSchema.parse({});
    const { log } = playWithBots(game, { seats, config, seed: "whole-records" });
    const s = replay(game, { seats, config, seed: "whole-records" }, log.slice(0, Math.floor(log.length * 0.8))) as State;
    const done = s.history.filter((rec) => rec.stage === "done");
    expect(done.length).toBeGreaterThan(2);
    let checked = 0;
    for (const seat of seats) {
      const v = game.view(s, seat);
      s.history.forEach((rec, i) => {
        const mine = v.me!.history[i]!;
        for (const [shown, own] of [
          [mine.rigs, rec.rigs[seat]],
          [mine.recovered, rec.recovered[seat]],
          [mine.submitted, rec.submissions[seat]],
        ] as const) {
          if (own === undefined) continue;
          expect(shown).toBe(own);
          checked++;
        }
        const pub = v.history[i]!;
        if (rec.stage === "done") {
          expect(pub.challenges).toBe(rec.challenges);
          expect(pub.resolutions).toBe(rec.resolutions);
        }
      });
    }
    expect(checked).toBeGreaterThan(done.length * 4);
  });
});

describe("the views a move can change", () => {
  const changed = (before: State, after: State, actor: string) => game.changedViews!(before, after, actor, null as never);
  const views = (s: State) => ["s1", "s2", "spectator"].map((v) => json(game.view(s, v)));

  it("are the mover's alone for a roll, a bluff or a challenge: the opponent's and the spectators' stay as they were", () => {
    let s = start({}, "claims");
    for (const move of [{ type: "roll", die: "d4" }, { type: "bluff", die: "d6", value: 3 }]) {
      const next = act(s, "s1", move);
      expect(changed(s, next, "s1")).toEqual(["s1"]);
      expect(views(next).slice(1)).toEqual(views(s).slice(1));
      s = next;
    }
    s = toPhase(act(s, "s2", { type: "roll", die: "d20" }), "rigging");
    const next = act(s, "s2", { type: "challenge", die: "d20" });
    expect(changed(s, next, "s2")).toEqual(["s2"]);
    expect(views(next)[0]).toBe(views(s)[0]);
  });

  it("are anyone's when a seat finishes its phase, which everyone sees", () => {
    const s = start({}, "claims");
    expect(changed(s, act(s, "s1", { type: "done" }), "s1")).toBeNull();
  });
});
