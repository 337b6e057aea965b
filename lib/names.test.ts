import { describe, expect, it } from "vitest";
import { withSeatNames } from "./names";

describe("withSeatNames", () => {
  it("replaces whole seat ids only, and leaves unknown or unnamed seats alone", () => {
    const seats = [{ seat: "s1", name: "Ada" }, { seat: "s10", name: "Ben" }, { seat: "s2", name: null }];
    expect(withSeatNames("s1 wins; s10 is the EC; s2 and s3 tie; ss1 and s1x stay", seats)).toBe("Ada wins; Ben is the EC; s2 and s3 tie; ss1 and s1x stay");
  });
});
