import { describe, expect, it } from "vitest";
import { Rng, botMove, playWithBots, replay, runCommand, type GameCommand } from "../core";
import { game } from "./index";
import type { State } from "./state";

const SEATS = ["s1", "s2"];

/** Keeps a log of accepted commands, as the server does. */
class Table {
  log: GameCommand[] = [];
  state: State;
  constructor(
    readonly config: Record<string, unknown>,
    readonly seed: string,
  ) {
    this.state = game.setup({ seats: SEATS, config: game.configSchema.parse(config), seed });
  }
  act(actor: string, action: unknown): this {
    const cmd: GameCommand = { kind: "action", actor, action };
    const r = runCommand(game, this.state, cmd);
    if (!r.ok) throw new Error(`${actor} ${JSON.stringify(action)} rejected: ${r.message}`);
    this.state = r.state as State;
    this.log.push(cmd);
    return this;
  }
  done(...seats: string[]): this {
    for (const s of seats) this.act(s, { type: "done" });
    return this;
  }
  value(seat: string, die: string): number | string {
    const d = this.state.players[seat]?.dice.find((x) => x.kind === die);
    return d?.status === "rolled" ? (d.value as number) : (d?.status as string);
  }
}

describe("a short-health game from setup to outcome", () => {
  it("plays three rounds of rolling, bluffing, rigging, a challenge, a recovery and actions to a result", () => {
    const t = new Table({ startingHealth: 4, restrictionPercent: 0, tools: ["wrapAdd", "nudgeUp"] }, "scenario");
    expect(t.state.toolSchedule.every((r) => [...r.tools].sort().join() === "nudgeUp,wrapAdd")).toBe(true);

    // Round 1 — rolling: s1 rolls four dice for real, s2 bluffs three.
    t.act("s1", { type: "roll", die: "d20" }).act("s1", { type: "roll", die: "d12" }).act("s1", { type: "roll", die: "d4" }).act("s1", { type: "roll", die: "d6" });
    t.act("s2", { type: "bluff", die: "d20", value: 20 }).act("s2", { type: "bluff", die: "d12", value: 12 }).act("s2", { type: "bluff", die: "d8", value: 8 });
    const v20 = t.value("s1", "d20") as number;
    const v12 = t.value("s1", "d12") as number;
    const v6 = t.value("s1", "d6") as number;
    t.done("s1", "s2");
    expect(t.state.phase).toBe("rigging");
    expect(game.view(t.state, "s1").history[0]?.rolls?.[1]).toEqual({
      seat: "s2",
      rolls: [
        { die: "d20", value: 20 },
        { die: "d12", value: 12 },
        { die: "d8", value: 8 },
      ],
    });

    // Rigging: s1 nudges its d20 up (spending the d4) and challenges, wagering the d12.
    t.act("s1", { type: "rig", tool: "nudgeUp", primary: "d20", secondary: "d4" }).act("s1", { type: "challenge", die: "d12" });
    t.done("s1", "s2");
    expect(t.value("s1", "d20")).toBe(Math.min(20, v20 + 1));
    expect(t.value("s1", "d4")).toBe("unrolled");
    expect([t.value("s2", "d12"), t.value("s2", "d20"), t.value("s2", "d8")]).toEqual(["removed", "unrolled", "unrolled"]);

    // Action: s1 sends d20 to the short action and d12 to the medium; s2 has nothing rolled.
    t.act("s1", { type: "assign", short: ["d20"], medium: ["d12"] }).done("s1", "s2");
    expect(t.state.round).toBe(2);
    expect(t.state.players.s2?.health).toBe(3);
    const r1 = game.view(t.state, "spectator").history[0];
    expect(r1?.challenges).toEqual([{ challenger: "s1", target: "s2", wager: "d12", correct: true, removed: "d12", unrolled: ["d8", "d20"] }]);
    expect(r1?.resolutions?.map((r) => [r.actionId, r.winners])).toEqual([["short-1", ["s1"]]]);

    // Round 2 — s1 bluffs; s2 bluffs a double to recover its d12.
    t.act("s1", { type: "bluff", die: "d4", value: 4 }).act("s1", { type: "bluff", die: "d20", value: 15 });
    t.act("s2", { type: "bluff", die: "d4", value: 4 }).act("s2", { type: "bluff", die: "d6", value: 4 });
    t.act("s2", { type: "bluff", die: "d20", value: 20 }).act("s2", { type: "bluff", die: "d8", value: 8 });
    t.done("s1", "s2");
    t.act("s2", { type: "setRecovery", priority: ["d12"] }).done("s1", "s2");
    expect(t.value("s2", "d12")).toBe("unrolled");
    t.act("s1", { type: "assign", short: ["d20"], medium: ["d6"] });
    t.act("s2", { type: "assign", short: ["d20"], long: ["d8"] });
    t.done("s1", "s2");
    // short-2: 20 beats 15 (s1 −1); medium-1: s1 completed it (v12 + v6), s2 sent nothing (s2 −2)
    expect([t.state.players.s1?.health, t.state.players.s2?.health]).toEqual([3, 1]);
    const r2 = game.view(t.state, "s2").history[1];
    expect(r2?.resolutions?.find((r) => r.actionId === "medium-1")?.results[0]).toEqual({ seat: "s1", total: v12 + v6, completed: true });
    expect(r2?.challenges).toEqual([]);
    expect(game.view(t.state, "s1").history[1]?.submitted).toContainEqual({ seat: "s2", slot: "long", actionId: "long-1", values: [8] });

    // Round 3 — s1 bluffs a 12; the long action ends with both incomplete (a tie: both −3).
    t.act("s1", { type: "bluff", die: "d12", value: 12 }).done("s1", "s2").done("s1", "s2");
    t.act("s1", { type: "assign", short: ["d12"] }).act("s2", { type: "assign", short: ["d4"] }).done("s1", "s2");
    expect(t.state.phase).toBe("finished");
    expect([t.state.players.s1?.health, t.state.players.s2?.health]).toEqual([0, -3]);
    const out = game.outcome(t.state);
    expect(out?.winners).toEqual(["s1"]);
    expect(out?.losers).toEqual(["s2"]);
    expect(out?.summary).toMatch(/both fell/);
    expect(game.view(t.state, "spectator").outcome).toEqual(out);

    // Replaying the log from the seed gives the same state, byte for byte.
    const again = replay(game, { seats: SEATS, config: t.config, seed: t.seed }, t.log);
    expect(again).toEqual(t.state);
    expect(JSON.stringify(again)).toBe(JSON.stringify(t.state));
  });
});

function deepFreeze<T>(x: T): T {
  if (x && typeof x === "object" && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

describe("bots", () => {
  it("finish games over many seeds with legal moves only, and each game replays exactly", () => {
    const reasons = new Map<string, number>();
    for (let i = 0; i < 300; i++) {
      // a third at full health, the rest short games, some with the other house switches
      const config = i % 3 === 0 ? {} : i % 3 === 1 ? { startingHealth: 6 } : { startingHealth: 8, overflow: "reject", doubles: "everyPair", rerollKeptDice: false, challengeReveal: "riggingEnd" };
      const seed = `bots-${i}`;
      const r = playWithBots(game, { seats: SEATS, config, seed, skipChance: i % 5 === 0 ? 0.3 : 0 });
      const st = r.state as State;
      expect(game.outcome(st)).not.toBeNull();
      reasons.set(st.result?.reason ?? "?", (reasons.get(st.result?.reason ?? "?") ?? 0) + 1);
      if (i % 10 === 0) expect(replay(game, { seats: SEATS, config, seed }, r.log)).toEqual(r.state);
    }
    expect(reasons.get("death")).toBeGreaterThan(200);
  }, 120_000);

  it("play plausibly: they roll, bluff sometimes, rig, challenge sometimes and fill actions", () => {
    const counts = { roll: 0, bluff: 0, rig: 0, challenge: 0, assign: 0, correct: 0 };
    for (let i = 0; i < 40; i++) {
      const r = playWithBots(game, { seats: SEATS, seed: `plausible-${i}` });
      for (const c of r.log) if (c.kind === "action") counts[(c.action as { type: keyof typeof counts }).type] += 1;
      for (const h of (r.state as State).history) counts.correct += h.challenges.filter((c) => c.correct).length;
    }
    expect(counts.roll).toBeGreaterThan(counts.bluff);
    expect(counts.bluff).toBeGreaterThan(0);
    expect(counts.rig).toBeGreaterThan(0);
    expect(counts.challenge).toBeGreaterThan(0);
    expect(counts.correct).toBeGreaterThan(0);
    expect(counts.assign).toBeGreaterThan(0);
  }, 60_000);

  it("return null for a spectator, the host, or a seat that is done", () => {
    const s = game.setup({ seats: SEATS, config: game.configSchema.parse({}), seed: "b" });
    const rng = Rng.fromSeed("x");
    expect(game.bot(game.view(s, "spectator"), { seat: "s1", rng, phase: game.phase(s) })).toBeNull();
    expect(game.bot(game.view(s, "host"), { seat: "s1", rng, phase: game.phase(s) })).toBeNull();
    const r = runCommand(game, s, { kind: "action", actor: "s1", action: { type: "done" } });
    expect(r.ok && botMove(game, r.state as State, "s1", rng)).toBeNull();
  });

  it("never mutate a state: apply, timeout and view work on frozen states", () => {
    let s = deepFreeze(game.setup({ seats: SEATS, config: game.configSchema.parse({ startingHealth: 5 }), seed: "frozen" }));
    const rng = Rng.fromSeed("frozen-bots");
    for (let step = 0; step < 5000 && s.phase !== "finished"; step++) {
      let moved = false;
      for (const seat of SEATS) {
        const a = botMove(game, s, seat, rng);
        if (!a) continue;
        const r = runCommand(game, s, { kind: "action", actor: seat, action: a });
        expect(r.ok).toBe(true);
        if (r.ok) s = deepFreeze(r.state as State);
        moved = true;
        break;
      }
      if (!moved) s = deepFreeze(game.timeout(s));
    }
    expect(s.phase).toBe("finished");
    // the state is plain JSON
    expect(JSON.parse(JSON.stringify(s))).toStrictEqual(s);
  });
});
