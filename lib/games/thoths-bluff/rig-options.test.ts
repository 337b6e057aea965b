import { describe, expect, it } from "vitest";
import { DICE } from "./dice";
import { RIG_PAIRS, rigOption, rigOptions, type ToolRigs } from "./rig-options";

describe("rig options as the view carries them", () => {
  it("lists every ordered pair of two different dice once", () => {
    expect(RIG_PAIRS).toHaveLength(DICE.length * (DICE.length - 1));
    expect(new Set(RIG_PAIRS.map(([p, s]) => `${p}>${s}`)).size).toBe(RIG_PAIRS.length);
    expect(RIG_PAIRS.some(([p, s]) => p === s)).toBe(false);
  });

  it("reads a number as the rigged value and a string as the refusal", () => {
    const outcomes = RIG_PAIRS.map(([p]) => (p === "d4" ? "Your d4 is not rolled." : 7));
    const rigs: ToolRigs[] = [{ tool: "flip", outcomes }];
    expect(rigOption(rigs, "flip", "d6", "d4")).toEqual({ tool: "flip", primary: "d6", secondary: "d4", check: { ok: true }, result: 7 });
    expect(rigOption(rigs, "flip", "d4", "d6")).toEqual({ tool: "flip", primary: "d4", secondary: "d6", check: { ok: false, reason: "Your d4 is not rolled." }, result: null });
    expect(rigOption(rigs, "wrapAdd", "d6", "d4")).toBeUndefined();
    expect(rigOption(rigs, "flip", "d6", "d6")).toBeUndefined();
    expect(rigOptions(rigs)).toHaveLength(RIG_PAIRS.length);
  });
});
