// isoUtc against the engine's own toISOString, which it stands in for.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoUtc } from "./iso-time";

describe("isoUtc", () => {
  const builtIn = (ms: number) => new Date(ms).toISOString();

  it("spells every instant as Date's toISOString does, across years 0000 to 9999 and beyond", () => {
    fc.assert(fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => isoUtc(ms) === builtIn(ms)), { numRuns: 20_000 });
    // instants near now and the coming centuries, where the server's times are
    fc.assert(fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => isoUtc(ms) === builtIn(ms)), { numRuns: 20_000 });
  });

  it("agrees at the edges: leap days, century years, the first and last four-digit years, before 1970, fractions of a millisecond", () => {
    const edges = ["2000-02-29T23:59:59.999Z", "1900-03-01T00:00:00.000Z", "2100-02-28T12:00:00.001Z", "2024-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z", "0000-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "0004-02-29T00:00:00.000Z"];
    for (const e of edges) expect(isoUtc(Date.parse(e))).toBe(e);
    for (const ms of [0, -1, 1.9, -0.5, -1.5, -62_167_219_200_001, 253_402_300_800_000]) expect(isoUtc(ms)).toBe(builtIn(ms));
  });

  it("throws for what is not a time, as the built-in does", () => {
    expect(() => isoUtc(Number.NaN)).toThrow(RangeError);
    expect(() => isoUtc(8.64e15 + 1)).toThrow(RangeError);
  });
});
