import { describe, expect, it } from "vitest";
import { clamp, countDoubles, wrap } from "./dice";
import { TOOL_IDS, rigResult, toolInfo } from "./tools";

describe("dice arithmetic", () => {
  it("wraps as the rule text's d20 examples say: 1-1=20 and 17+5=2", () => {
    expect(wrap(1 - 1, 20)).toBe(20);
    expect(wrap(17 + 5, 20)).toBe(2);
    expect(wrap(-13, 6)).toBe(5);
    expect(wrap(40, 20)).toBe(20);
    expect(wrap(3, 4)).toBe(3);
  });

  it("clamps onto the faces", () => {
    expect(clamp(7, 6)).toBe(6);
    expect(clamp(0, 6)).toBe(1);
    expect(clamp(4, 6)).toBe(4);
  });

  it("counts doubles as disjoint pairs", () => {
    expect(countDoubles([1, 2, 3, 4, 5])).toBe(0);
    expect(countDoubles([4, 4, 2])).toBe(1);
    expect(countDoubles([4, 4, 4])).toBe(1);
    expect(countDoubles([4, 4, 4, 4])).toBe(2);
    expect(countDoubles([3, 3, 6, 6, 1])).toBe(2);
    expect(countDoubles([4, 4, 4], "everyPair")).toBe(3);
    expect(countDoubles([4, 4, 2, 2], "everyPair")).toBe(2);
  });
});

describe("house rigging tools", () => {
  it("has at least six tools, several of them wrapping, each documented", () => {
    expect(TOOL_IDS.length).toBeGreaterThanOrEqual(6);
    expect(TOOL_IDS.filter((t) => toolInfo(t).wrapping).length).toBeGreaterThanOrEqual(3);
    for (const t of TOOL_IDS) {
      const info = toolInfo(t);
      expect(info.text.length).toBeGreaterThan(10);
      expect(info.name.toLowerCase().includes("wrapping")).toBe(info.wrapping);
    }
  });

  it("computes each tool as RULES.md says", () => {
    expect(rigResult("wrapAdd", 17, 5, 20, "clamp")).toBe(2);
    expect(rigResult("wrapSubtract", 1, 1, 20, "clamp")).toBe(20);
    expect(rigResult("wrapCopy", 2, 7, 4, "clamp")).toBe(3);
    expect(rigResult("wrapCopy", 2, 3, 6, "clamp")).toBe(3);
    expect(rigResult("wrapDouble", 5, 1, 8, "clamp")).toBe(2);
    expect(rigResult("nudgeUp", 3, 1, 6, "clamp")).toBe(4);
    expect(rigResult("nudgeDown", 3, 1, 6, "clamp")).toBe(2);
    expect(rigResult("flip", 2, 1, 6, "clamp")).toBe(5);
    expect(rigResult("halve", 7, 1, 12, "clamp")).toBe(4);
    expect(rigResult("cappedAdd", 5, 4, 8, "clamp")).toBe(8);
    expect(rigResult("cappedAdd", 2, 4, 8, "clamp")).toBe(6);
  });

  it("never leaves the faces: non-wrapping tools stop at the ends, or refuse with overflow 'reject'", () => {
    expect(rigResult("nudgeUp", 6, 1, 6, "clamp")).toBe(6);
    expect(rigResult("nudgeDown", 1, 3, 6, "clamp")).toBe(1);
    expect(rigResult("nudgeUp", 6, 1, 6, "reject")).toBeNull();
    expect(rigResult("cappedAdd", 3, 4, 6, "reject")).toBeNull();
    expect(rigResult("wrapAdd", 3, 4, 6, "reject")).toBe(1);
    for (const t of TOOL_IDS) {
      for (const sides of [4, 6, 8, 12, 20]) {
        for (let p = 1; p <= sides; p++) {
          for (let s = 1; s <= 20; s++) {
            const v = rigResult(t, p, s, sides, "clamp") as number;
            expect(Number.isInteger(v) && v >= 1 && v <= sides).toBe(true);
          }
        }
      }
    }
  });
});
