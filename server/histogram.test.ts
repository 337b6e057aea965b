import { describe, expect, it } from "vitest";
import { Histogram } from "./histogram";

describe("the latency histogram", () => {
  it("gives each percentile at most 2 % above the true value, and never above the largest", () => {
    const h = new Histogram();
    // 1..1000 ms: the p-th percentile is p × 10 ms
    for (let ms = 1; ms <= 1000; ms++) h.add(ms);
    for (const p of [50, 95, 99]) {
      const v = h.percentile(p);
      expect(v).toBeGreaterThanOrEqual(p * 10);
      expect(v).toBeLessThanOrEqual(p * 10 * 1.02);
    }
    expect(h.percentile(100)).toBe(1000);
    expect(h.summary()).toMatchObject({ n: 1000, max: 1000 });
  });

  it("merges what another process recorded as if it had been added here", () => {
    const a = new Histogram();
    const b = new Histogram();
    const both = new Histogram();
    for (let i = 0; i < 200; i++) {
      const v = (i * 7.3) % 90;
      (i % 3 ? a : b).add(v);
      both.add(v);
    }
    a.merge(JSON.parse(JSON.stringify(b.data())));
    expect(a.summary()).toEqual(both.summary());
    expect(a.sum).toBeCloseTo(both.sum, 9);
  });

  it("starts over when reset, as the server's waits do at each benchmark window", () => {
    const h = new Histogram();
    h.add(500);
    h.reset();
    expect(h.percentile(50)).toBeNaN();
    h.add(3);
    expect(h.summary()).toMatchObject({ n: 1, max: 3 });
    expect(h.percentile(99)).toBe(3);
  });
});
