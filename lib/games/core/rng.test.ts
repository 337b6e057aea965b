import { describe, expect, it } from "vitest";
import { Rng, seedRng, withRng } from "./rng";

describe("seeded rng", () => {
  it("gives the same sequence for the same seed and a different one for another seed", () => {
    const a = Rng.fromSeed("room-1");
    const b = Rng.fromSeed("room-1");
    const c = Rng.fromSeed("room-2");
    const sa = Array.from({ length: 20 }, () => a.int(1000));
    const sb = Array.from({ length: 20 }, () => b.int(1000));
    const sc = Array.from({ length: 20 }, () => c.int(1000));
    expect(sa).toEqual(sb);
    expect(sa).not.toEqual(sc);
  });

  it("resumes exactly from a saved state", () => {
    const a = Rng.fromSeed("x");
    a.next();
    const saved = a.save();
    const first = [a.next(), a.next()];
    const b = new Rng(saved);
    expect([b.next(), b.next()]).toEqual(first);
  });

  it("keeps int within bounds and roughly uniform", () => {
    const r = Rng.fromSeed("uniform");
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60000; i++) counts[r.int(6)]! += 1;
    for (const c of counts) {
      expect(c).toBeGreaterThan(9400);
      expect(c).toBeLessThan(10600);
    }
    expect(() => r.int(0)).toThrow(RangeError);
  });

  it("shuffles into a permutation without touching the input", () => {
    const r = Rng.fromSeed("shuffle");
    const input = [1, 2, 3, 4, 5, 6, 7];
    const out = r.shuffle(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect([...out].sort()).toEqual(input);
  });

  it("withRng stores the advanced generator and leaves the old state alone", () => {
    const state = { rng: seedRng("s") };
    const before = [...state.rng];
    const { value, rng } = withRng(state, (g) => g.int(100));
    expect(state.rng).toEqual(before);
    expect(rng).not.toEqual(before);
    expect(value).toBe(new Rng(before as unknown as [number, number, number, number]).int(100));
  });
});
