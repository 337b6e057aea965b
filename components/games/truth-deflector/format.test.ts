import { describe, expect, it } from "vitest";
import { botMove } from "@/lib/games/core/commands";
import { Rng } from "@/lib/games/core/rng";
import { game } from "@/lib/games/truth-deflector";
import { act, start } from "@/lib/games/truth-deflector/test-helpers";
import type { State } from "@/lib/games/truth-deflector";
import { challengeBlock, describeAnswer, draftFrom, draftProblem, needsWisdom, niceScale, ordinal, payoutLines, pointTotals, sameAsLocked, toAction } from "./format";

const nameOf = (s: string) => `Name-${s}`;

function me(state: State, seat = "s1") {
  const v = game.view(state, seat).me;
  if (!v) throw new Error("no seat view");
  return v;
}

describe("the round draft", () => {
  it("asks for a claim and a secret, then for Wisdom's pair when Wisdom is chosen", () => {
    const s = start(11);
    const m = me(s);
    const d = draftFrom(null);
    expect(draftProblem(d, m)).toMatch(/claim and the trait you secretly submit/);
    expect(draftProblem({ ...d, claim: "Courage" }, m)).toMatch(/secretly submit/);
    const lie = { ...d, claim: "Courage" as const, secret: "Wisdom" as const };
    expect(needsWisdom(lie, m)).toBe(true);
    expect(draftProblem(lie, m)).toMatch(/Wisdom should trace/);
    expect(draftProblem({ ...lie, pair: { claimed: "Power", submitted: "Power" } }, m)).toMatch(/two different/);
    const ready = { ...lie, pair: { claimed: "Courage" as const, submitted: "Wisdom" as const } };
    expect(draftProblem(ready, m)).toBeNull();
    expect(toAction(ready, m)).toEqual({ type: "submit", claim: "Courage", secret: "Wisdom", challenges: [], wisdom: { kind: "pair", claimed: "Courage", submitted: "Wisdom" }, cleanse: false, resurrect: false });
  });

  it("drops a Wisdom question that is no longer needed and sends what the engine accepts", () => {
    const s = start(11);
    const m = me(s);
    const d = { ...draftFrom(null), claim: "Power" as const, secret: "Power" as const, pair: { claimed: "Courage" as const, submitted: "Wisdom" as const }, challenges: ["s2", "s3"] };
    const a = toAction(d, m);
    expect(a).not.toHaveProperty("wisdom");
    const next = act(s, "s1", a);
    expect(sameAsLocked(d, me(next))).toBe(true);
    expect(sameAsLocked({ ...d, challenges: ["s3", "s2"] }, me(next))).toBe(true);
    expect(sameAsLocked({ ...d, challenges: ["s2"] }, me(next))).toBe(false);
    expect(draftFrom(me(next).submission)).toMatchObject({ claim: "Power", secret: "Power", challenges: ["s2", "s3"] });
  });

  it("blocks a third challenge with the reason", () => {
    expect(challengeBlock("s4", ["s2", "s3"], 2)).toMatch(/already challenge 2/);
    expect(challengeBlock("s2", ["s2", "s3"], 2)).toBeNull();
    expect(challengeBlock("s4", ["s2"], 2)).toBeNull();
  });
});

describe("sentences", () => {
  it("spells out the text's example: claimed Courage, submitted Wisdom", () => {
    const rules = game.view(start(11), "spectator").rules;
    const lines = payoutLines("Courage", "Wisdom", rules);
    expect(lines[0]).toMatch(/claim Power plus the number who claim Courage/);
    expect(lines.some((l) => l.startsWith("+8 for Courage"))).toBe(true);
    expect(lines.some((l) => l.startsWith("Wisdom:"))).toBe(true);
    expect(payoutLines("Power", "Power", rules)).toEqual([expect.stringMatching(/Wisdom plus .* Courage/), "+3 for Power."]);
  });

  it("writes places as ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal)).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]);
  });

  it("describes each kind of Wisdom answer", () => {
    expect(describeAnswer({ kind: "pairTrace", claimed: "Courage", submitted: "Wisdom", seats: [] }, nameOf)).toBe("Nobody claimed Courage and submitted Wisdom.");
    expect(describeAnswer({ kind: "pairTrace", claimed: "Courage", submitted: "Wisdom", seats: ["s2", "s5"] }, nameOf)).toBe("Claimed Courage, submitted Wisdom: Name-s2 and Name-s5.");
    expect(describeAnswer({ kind: "playerCheck", target: "s3", lied: true }, nameOf)).toBe("Name-s3 lied this round.");
    expect(describeAnswer({ kind: "lieCount", count: 1 }, nameOf)).toBe("1 player lied about their trait this round.");
    expect(describeAnswer({ kind: "tdCount", count: 2 }, nameOf)).toMatch(/^2 players are Truth Deflectors/);
  });
});

describe("score breakdown", () => {
  it("adds up to the game's own total for every seat after a bot game", () => {
    let s = start(11, { rounds: 4 }, "dash-sum");
    const rng = Rng.fromSeed("dash-sum/bots");
    for (let guard = 0; guard < 1000 && s.stage === "round"; guard++) {
      const seat = s.seats.find((x) => !s.pending[x]);
      const a = seat ? botMove(game, s, seat, rng) : null;
      s = seat && a ? act(s, seat, a) : game.timeout(s);
    }
    for (const seat of s.seats) {
      const m = me(s, seat);
      expect(pointTotals(m.history).total).toBe(m.points);
    }
  });

  it("scales the chart around zero with round steps", () => {
    expect(niceScale([])).toEqual({ min: 0, max: 10, ticks: [0, 5, 10] });
    const sc = niceScale([-7, 38]);
    expect(sc.min).toBeLessThanOrEqual(-7);
    expect(sc.max).toBeGreaterThanOrEqual(38);
    expect(sc.ticks).toContain(0);
  });
});
