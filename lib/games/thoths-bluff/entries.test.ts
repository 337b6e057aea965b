import { describe, expect, it } from "vitest";
import { freshDice, none, removedDie, rigEntry, rollEntry, rolledDie, seatResult, submittedDie, submittedDieIn, unrolledDie } from "./entries";

describe("Thoth's Bluff's shared records", () => {
  it("gives one frozen object per value, the same in every room", () => {
    expect(rolledDie("d8", 5)).toBe(rolledDie("d8", 5));
    expect(rolledDie("d8", 5)).toEqual({ kind: "d8", status: "rolled", value: 5 });
    expect(Object.isFrozen(rolledDie("d8", 5))).toBe(true);
    expect(rollEntry("d20", 17, true)).toBe(rollEntry("d20", 17, true));
    expect(submittedDieIn("d4", 2, 7)).toBe(submittedDieIn("d4", 2, 7));
    expect(seatResult("s1", 12, true)).toBe(seatResult("s1", 12, true));
    expect(rigEntry("flip", "d6", "d4", 2, 5, 3)).toBe(rigEntry("flip", "d6", "d4", 2, 5, 3));
    expect(freshDice()[0]).toBe(unrolledDie("d4"));
    expect(none()).toBe(none());
    expect(() => (none() as number[]).push(1)).toThrow(TypeError);
  });

  it("keeps every different value apart", () => {
    const faces = new Set<unknown>();
    for (const kind of ["d4", "d6", "d8", "d12", "d20"] as const) {
      faces.add(unrolledDie(kind)).add(removedDie(kind));
      for (let v = 1; v <= 20; v++) faces.add(rolledDie(kind, v));
    }
    expect(faces.size).toBe(5 * 22);
    expect(rollEntry("d6", 3, false)).not.toBe(rollEntry("d6", 3, true));
    expect(submittedDie("d6", 3)).not.toBe(submittedDie("d8", 3));
    expect(submittedDieIn("d6", 3, 1)).not.toBe(submittedDieIn("d6", 3, 2));
    expect(seatResult("s1", 12, true)).not.toBe(seatResult("s2", 12, true));
  });

  it("builds a value off the keys' range as it is, unshared", () => {
    expect(rolledDie("d20", 40)).toEqual({ kind: "d20", status: "rolled", value: 40 });
    expect(rollEntry("d20", -3, false)).toEqual({ die: "d20", value: -3, bluff: false });
    expect(submittedDieIn("d4", 2, 5000)).toEqual({ die: "d4", value: 2, round: 5000 });
    expect(submittedDieIn("d4", 2, 5000)).not.toBe(submittedDieIn("d4", 2, 5000));
  });
});
