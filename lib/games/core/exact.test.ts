import { describe, expect, it } from "vitest";
import { exactCopy } from "./exact";

describe("exactCopy", () => {
  it("gives the same JSON value, sharing nothing with the original", () => {
    const list: number[] = [];
    for (let i = 0; i < 3; i++) list.push(i);
    const original = { round: 2, seats: list, by: { a: { n: 1 }, b: null }, names: ["x"] };
    const copy = exactCopy(original);
    expect(copy).toEqual(original);
    expect(copy.seats).not.toBe(original.seats);
    copy.by.a.n = 5;
    expect(original.by.a.n).toBe(1);
  });
});
