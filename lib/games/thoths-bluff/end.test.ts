import { describe, expect, it } from "vitest";
import { Codes, runCommand } from "../core";
import { act, bothDone, rejects, setHealth, start, toPhase, unrestricted, withDice } from "./fixtures";
import { game } from "./index";
import type { State } from "./state";

/** Plays a round in which nobody sends anything: every resolving action ties. */
function idleRound(s: State): State {
  return bothDone(bothDone(bothDone(s)));
}

function actionRound(s: State, health: Record<string, number>): State {
  return setHealth(unrestricted(toPhase(s, "action")), health);
}

describe("winning", () => {
  it("a player wins when the opponent's health is 0 or less", () => {
    let s = withDice(actionRound(start(), { s1: 5, s2: 1 }), "s1", { d20: 20 });
    s = bothDone(act(s, "s1", { type: "assign", short: ["d20"] }));
    expect(s.phase).toBe("finished");
    expect(game.phase(s)).toMatchObject({ key: "finished", finished: true, waitingOn: [] });
    const out = game.outcome(s);
    expect(out).toMatchObject({ winners: ["s1"], losers: ["s2"] });
    expect(out?.ranking).toEqual([
      { seat: "s1", place: 1, score: 5, note: "Survives the Death Match" },
      { seat: "s2", place: 2, score: 0, note: "Eliminated" },
    ]);
    expect(out?.awards).toEqual([
      { seat: "s1", label: "Survivor of Thoth's Bluff" },
      { seat: "s2", label: "Eliminated" },
    ]);
  });

  it("is null while the game runs", () => {
    expect(game.outcome(start())).toBeNull();
  });

  it("when both are dead the player with more health wins", () => {
    // round 2: short-2 and medium-1 resolve; s1 wins the short, the medium ties (both uncompleted)
    let s = idleRound(start());
    s = withDice(actionRound(s, { s1: 2, s2: 1 }), "s1", { d20: 20 });
    s = bothDone(act(s, "s1", { type: "assign", short: ["d20"] }));
    expect([s.players.s1?.health, s.players.s2?.health]).toEqual([0, -2]);
    expect(s.result).toMatchObject({ winners: ["s1"], reason: "moreHealth" });
  });

  it("when both are dead with equal health, three more rounds are played in full, then more health wins", () => {
    let s = bothDone(actionRound(start(), { s1: 1, s2: 1 }));
    expect(s.phase).toBe("rolling");
    expect(s.round).toBe(2);
    expect(s.extra).toEqual({ block: 1, lastRound: 4 });
    expect(game.view(s, "spectator").extra).toEqual({ block: 1, lastRound: 4 });
    // round 2: s1 gets ahead, but the block is played to its end
    s = withDice(toPhase(s, "action"), "s1", { d20: 20, d12: 12, d8: 8 });
    s = unrestricted(s);
    s = bothDone(act(s, "s1", { type: "assign", short: ["d20"], medium: ["d12", "d8"] }));
    expect(s.phase).toBe("rolling");
    expect(s.round).toBe(3);
    s = idleRound(idleRound(s));
    expect(s.phase).toBe("finished");
    expect(s.result).toMatchObject({ winners: ["s1"], reason: "extraRounds" });
    expect(s.round).toBe(4);
  });

  it("repeats the extra rounds while still tied, then goes to the host's final tiebreak", () => {
    let s = setHealth(start({ maxExtraBlocks: 2, extraRounds: 1 }), { s1: 1, s2: 1 });
    s = idleRound(s);
    expect(s.extra).toEqual({ block: 1, lastRound: 2 });
    s = idleRound(s);
    expect(s.extra).toEqual({ block: 2, lastRound: 3 });
    s = idleRound(s);
    expect(s.phase).toBe("tiebreak");
    expect(game.phase(s)).toMatchObject({ key: "tiebreak", durationMs: null, waitingOnHost: true, waitingOn: [] });
    rejects(s, "s1", { type: "pickWinner", seat: "s1" }, Codes.hostOnly);
    rejects(s, "s1", { type: "done" }, Codes.wrongPhase);
    rejects(s, "host", { type: "pickWinner", seat: "s7" }, Codes.invalid);
    const picked = act(s, "host", { type: "pickWinner", seat: "s2" });
    expect(picked.result).toMatchObject({ winners: ["s2"], losers: ["s1"], reason: "host" });
    // a host who advances without picking gets the seeded coin
    const coin = game.timeout(s);
    expect(coin.phase).toBe("finished");
    expect(coin.result?.reason).toBe("coin");
    expect(coin.result?.winners).toHaveLength(1);
  });

  it("the host may pick a winner only in the final tiebreak", () => {
    rejects(start(), "host", { type: "pickWinner", seat: "s1" }, Codes.wrongPhase);
  });

  it("finalTiebreak 'coin' and 'draw'", () => {
    const tie = (finalTiebreak: string) => idleRound(setHealth(start({ maxExtraBlocks: 0, finalTiebreak }), { s1: 1, s2: 1 }));
    expect(tie("coin").result?.reason).toBe("coin");
    const draw = tie("draw");
    expect(draw.result).toMatchObject({ winners: [], losers: [], reason: "draw" });
    expect(game.outcome(draw)?.ranking.map((r) => r.place)).toEqual([1, 1]);
  });

  it("refuses every action and timeout once finished", () => {
    const s = tieFinished();
    rejects(s, "s1", { type: "roll", die: "d4" }, Codes.finished);
    rejects(s, "host", { type: "pickWinner", seat: "s1" }, Codes.finished);
    const r = runCommand(game, s, { kind: "timeout", phase: `${s.round}:finished` });
    expect(r.ok).toBe(false);
  });
});

function tieFinished(): State {
  return idleRound(setHealth(start({ maxExtraBlocks: 0, finalTiebreak: "draw" }), { s1: 1, s2: 1 }));
}

describe("phase info", () => {
  it("changes key or round whenever a new phase begins and times each phase from the config", () => {
    let s = start({ phaseSeconds: { rolling: 20, rigging: 30, action: 40 } });
    const seen: string[] = [];
    for (let i = 0; i < 7; i++) {
      const p = game.phase(s);
      seen.push(`${p.round}:${p.key}:${p.durationMs}`);
      s = game.timeout(s);
    }
    expect(seen).toEqual(["1:rolling:20000", "1:rigging:30000", "1:action:40000", "2:rolling:20000", "2:rigging:30000", "2:action:40000", "3:rolling:20000"]);
  });

  it("lists the seats that still owe their Done", () => {
    let s = start();
    expect(game.phase(s).waitingOn).toEqual(["s1", "s2"]);
    s = act(s, "s2", { type: "done" });
    expect(game.phase(s).waitingOn).toEqual(["s1"]);
  });

  it("validates the config: ranges and defaults", () => {
    const c = game.configSchema.parse({});
    expect(c.startingHealth).toBe(45);
    expect(c.phaseSeconds).toEqual({ rolling: 60, rigging: 60, action: 60 });
    expect(game.configSchema.safeParse({ startingHealth: 0 }).success).toBe(false);
    expect(game.configSchema.safeParse({ phaseSeconds: { rolling: 1 } }).success).toBe(false);
    expect(game.configSchema.safeParse({ restrictionPercent: 101 }).success).toBe(false);
    expect(game.configSchema.safeParse({ tools: ["saw"] }).success).toBe(false);
  });
});
