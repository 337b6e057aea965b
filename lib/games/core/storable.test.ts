import { describe, expect, it } from "vitest";
import { badCharacter, storableProblem } from "./storable";

describe("what the log can keep", () => {
  it("refuses control characters and unpaired surrogates, keeps tabs, newlines, emoji and other scripts", () => {
    for (const bad of ["a\u0000", "\u0007bell", "x\u001b[31m", "\u007f", "\u0085", "\ud800", "a\udc00b", "\ud83d"]) expect(badCharacter(bad)).toBe(true);
    for (const ok of ["plain", "two\nlines\tand\r\n", "🎲 die", "عربى", "日本語", "\u202ebidi is text's business"]) expect(badCharacter(ok)).toBe(false);
  });

  it("names the problem: control characters in values and keys, depth, size, non-JSON", () => {
    expect(storableProblem({ a: ["x\u0000"] })?.code).toBe("input/control_char");
    expect(storableProblem({ ["k\u0001"]: 1 })?.code).toBe("input/control_char");
    let deep: unknown = 1;
    for (let i = 0; i < 6000; i++) deep = [deep];
    expect(storableProblem(deep)?.code).toBe("input/too_deep");
    expect(storableProblem({ s: "x".repeat(20_000) })?.code).toBe("input/too_large");
    expect(storableProblem({ n: Infinity })?.code).toBe("input/invalid");
    expect(storableProblem({ d: new Map() })?.code).toBe("input/invalid");
    expect(storableProblem({ type: "roll", dice: [1, 2], note: null, ok: true })).toBeNull();
  });

  it("takes a member that is undefined as absent, as JSON does, but not an undefined element of a list", () => {
    // what a game's schema gives for an optional field a bot left out
    expect(storableProblem({ action: { type: "submit", wisdom: undefined } })).toBeNull();
    expect(storableProblem({ ["k\u0001"]: undefined })).toBeNull();
    expect(storableProblem({ a: [1, undefined] })?.code).toBe("input/invalid");
  });
});
