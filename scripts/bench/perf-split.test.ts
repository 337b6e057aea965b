import { describe, expect, it } from "vitest";
import { latestNames } from "./perf-split";

describe("latestNames", () => {
  it("names each address by the last line that covers it", () => {
    const map = [
      "1000 100 JS:*startUp a.ts:1", // freed, then reused by the two below
      "1000 40 JS:*hot b.ts:2",
      "1060 20 JS:*other c.ts:3",
      "2000 10 JS:*alone d.ts:4",
      "2008 10 JS:*overlapsAlone e.ts:5", // covers the end of the one before it
    ].join("\n");
    expect(latestNames(map)).toEqual(["1000 40 JS:*hot b.ts:2", "1060 20 JS:*other c.ts:3", "2008 10 JS:*overlapsAlone e.ts:5"]);
  });

  it("keeps ranges that only touch, sorts by address, and keeps lines it cannot read", () => {
    const map = "30 10 JS:*c\nnot a map line\n10 10 JS:*a\n20 10 JS:*b\n";
    expect(latestNames(map)).toEqual(["not a map line", "10 10 JS:*a", "20 10 JS:*b", "30 10 JS:*c"]);
  });

  it("reads addresses past 2^53 exactly", () => {
    const map = "7f1a8c3e7f80 47f8 JS:*createRoom store.ts:9\n7f1a8c3e9ec0 b20 JS:*releaseAll writes.ts:1\n";
    expect(latestNames(map)).toEqual(["7f1a8c3e9ec0 b20 JS:*releaseAll writes.ts:1"]);
  });
});
