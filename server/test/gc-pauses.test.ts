// The collector's pauses as a benchmark's server reports them: counted by kind
// as the collector runs, and emptied by a reset.
import { describe, expect, it } from "vitest";
import { watchGcPauses } from "./gc-pauses";

/** Makes short-lived garbage until `done()` holds (the observer reports a collection a moment after it). */
async function churnUntil(done: () => boolean): Promise<void> {
  for (let round = 0; round < 2000 && !done(); round++) {
    let keep = 0;
    for (let i = 0; i < 20_000; i++) keep += [i, { i }].length;
    expect(keep).toBe(40_000);
    await new Promise((r) => setImmediate(r));
  }
}

describe("watchGcPauses", () => {
  it("counts the scavenges that short-lived garbage brings, with their time, and a reset empties the figures", async () => {
    const gc = watchGcPauses();
    try {
      await churnUntil(() => gc.read().minor.count >= 2);
      const seen = gc.read();
      expect(seen.minor.count).toBeGreaterThanOrEqual(2);
      expect(seen.minor.totalMs).toBeGreaterThan(0);
      expect(seen.minor.maxMs).toBeLessThanOrEqual(seen.minor.totalMs);
      gc.reset();
      expect(gc.read()).toEqual({ minor: { count: 0, totalMs: 0, maxMs: 0 }, major: { count: 0, totalMs: 0, maxMs: 0 }, other: { count: 0, totalMs: 0, maxMs: 0 } });
    } finally {
      gc.stop();
    }
  });
});
