import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyPatch, diffJson, jsonEqual, PatchError, type PatchOp } from "./json-patch";

const json = fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<unknown>;

/** A value and an edit of it: members set, removed and added; arrays grown and shrunk. */
function edited(v: unknown, rnd: () => number): unknown {
  if (Array.isArray(v)) {
    const out = v.map((x) => (rnd() < 0.3 ? edited(x, rnd) : x));
    if (rnd() < 0.3) out.push({ added: rnd() });
    if (rnd() < 0.2) out.splice(0, Math.floor(rnd() * out.length));
    // a member leaves from anywhere, and the rest move up
    if (rnd() < 0.3 && out.length > 1) out.splice(Math.floor(rnd() * out.length), 1);
    return out;
  }
  if (typeof v === "object" && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const r = rnd();
      if (r < 0.1) continue;
      out[k] = r < 0.4 ? edited(x, rnd) : x;
    }
    if (rnd() < 0.3) out[`k${Math.floor(rnd() * 5)}`] = [1, "two", null];
    return out;
  }
  return rnd() < 0.5 ? v : { was: v ?? null };
}

function deepFreeze<T>(v: T): T {
  if (typeof v === "object" && v !== null) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

const asJson = (v: unknown) => JSON.parse(JSON.stringify(v) ?? "null") as unknown;

describe("diffJson and applyPatch", () => {
  it("rebuild any JSON value from any other, without touching the old one, after the wire", () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const ops = asJson(diffJson(a, b)) as PatchOp[];
        expect(asJson(applyPatch(deepFreeze(structuredClone(a)), ops))).toEqual(asJson(b));
      }),
      { numRuns: 500, seed: 2026 },
    );
  });

  it("rebuild edited values with operations only where they changed", () => {
    fc.assert(
      fc.property(json, fc.integer(), (a, seed) => {
        let s = seed >>> 0;
        const rnd = () => ((s = (s * 1_103_515_245 + 12_345) >>> 0) / 2 ** 32);
        const b = edited(a, rnd);
        const ops = diffJson(a, b);
        expect(asJson(applyPatch(deepFreeze(structuredClone(a)), ops))).toEqual(asJson(b));
        if (JSON.stringify(a) === JSON.stringify(b)) expect(ops).toEqual([]);
      }),
      { numRuns: 500, seed: 7 },
    );
  });

  it("jsonEqual holds exactly when the diff is empty", () => {
    fc.assert(
      fc.property(json, json, fc.integer(), (a, c, seed) => {
        let s = seed >>> 0;
        const rnd = () => ((s = (s * 1_103_515_245 + 12_345) >>> 0) / 2 ** 32);
        for (const b of [c, edited(a, rnd), structuredClone(a)]) expect(jsonEqual(a, b)).toBe(diffJson(a, b).length === 0);
      }),
      { numRuns: 500, seed: 11 },
    );
    expect(jsonEqual({ a: 1, u: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual([undefined], [null])).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual({ constructor: 1 }, {})).toBe(false);
  });

  it("says nothing for equal values, and treats undefined members as absent", () => {
    expect(diffJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    expect(diffJson({ a: 1, u: undefined }, { a: 1 })).toEqual([]);
    expect(diffJson([undefined], [null])).toEqual([]);
  });

  it("gives each operation a path of its own, which later diffs leave as it was", () => {
    const a = { p: { q: { r: 1, s: [1, 2, 3] } }, t: { u: 1 }, gone: true };
    const b = { p: { q: { r: 2, s: [1, 2, 4], big: "x".repeat(200) } }, t: { u: 2, v: "y".repeat(200) } };
    const ops = diffJson(a, b);
    const paths = ops.map((o) => o.p);
    expect(paths).toEqual([["p", "q", "r"], ["p", "q", "s", 2], ["p", "q", "big"], ["t", "u"], ["t", "v"], ["gone"]]);
    // no two operations share a path array, and their paths are as long as they read
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(Object.keys(p)).toHaveLength(p.length);
    const copy = JSON.stringify(ops);
    diffJson({ deep: { deeper: { deepest: [0, 0, 0, 0] } } }, { deep: { deeper: { deepest: [0, 0, 0, 1] } } });
    expect(JSON.stringify(ops)).toBe(copy);
    expect(applyPatch(a, ops)).toEqual(b);
  });

  it("sends an appended history as its new entries only", () => {
    const a = { round: 3, history: [{ r: 1, text: "x".repeat(200) }, { r: 2, text: "y".repeat(200) }] };
    const b = { round: 4, history: [...a.history, { r: 3, text: "z" }] };
    const ops = diffJson(a, b);
    expect(ops).toEqual([
      { p: ["round"], v: 4 },
      { p: ["history"], n: 2, a: [{ r: 3, text: "z" }] },
    ]);
    expect(JSON.stringify(ops).length).toBeLessThan(JSON.stringify(b).length / 5);
  });

  it("replaces a list whole when most of its elements were replaced", () => {
    expect(diffJson({ l: [1, 2, 3, 4] }, { l: [4, 3, 2, 1] })).toEqual([{ p: ["l"], v: [4, 3, 2, 1] }]);
  });

  it("patches inside the elements of a short list of large ones, rather than sending it whole", () => {
    const panel = (seat: string, done: boolean, rounds: number) => ({ seat, done, score: rounds, history: Array.from({ length: rounds }, (_, r) => ({ r, text: "x".repeat(100) })) });
    const a = { panels: [panel("s1", false, 5), panel("s2", false, 5)] };
    const b = { panels: [{ ...a.panels[0]!, done: true, score: 6 }, { ...a.panels[1]!, done: true, score: 7 }] };
    const ops = diffJson(a, b);
    expect(ops).toHaveLength(4);
    expect(JSON.stringify(ops).length).toBeLessThan(JSON.stringify(b).length / 5);
    expect(applyPatch(a, ops)).toEqual(b);
  });

  it("replaces a small object whole when several of its members changed, each of which would carry the whole path", () => {
    const check = (ok: boolean) => (ok ? { ok: true } : { ok: false, reason: "Your d8 is not rolled." });
    const a = { view: { me: { legal: { rigs: [{ tool: "flip", check: check(true), result: 4 }] } } } };
    const b = { view: { me: { legal: { rigs: [{ tool: "flip", check: check(false), result: null }] } } } };
    const ops = diffJson(a, b);
    expect(ops).toEqual([{ p: ["view", "me", "legal", "rigs", 0], v: b.view.me.legal.rigs[0] }]);
    expect(applyPatch(a, ops)).toEqual(b);
    // members with much in them that did not change are not sent again
    const big = { text: "x".repeat(300), a: 1, b: 2 };
    expect(diffJson({ o: big }, { o: { ...big, a: 5, b: 6 } })).toEqual([
      { p: ["o", "a"], v: 5 },
      { p: ["o", "b"], v: 6 },
    ]);
  });

  it("sends a list that lost a member as one operation: the elements before it kept, the rest appended", () => {
    const owing = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"];
    // s6 is done: each later seat moved up a place
    expect(diffJson({ waitingOn: owing }, { waitingOn: owing.filter((s) => s !== "s6") })).toEqual([{ p: ["waitingOn"], n: 5, a: ["s7", "s8"] }]);
    // a list that changed from its first element on is sent whole, not as an element and a splice
    expect(diffJson({ waitingOn: ["s8"] }, { waitingOn: owing })).toEqual([{ p: ["waitingOn"], v: owing }]);
    // lists in a list that each grew keep their own splices: their elements are not sent again
    const long = (k: number) => Array.from({ length: 50 }, (_, i) => `entry ${k}.${i}`);
    expect(diffJson({ rounds: [long(1), long(2), long(3)] }, { rounds: [[...long(1), "new"], [...long(2), "new"], [...long(3), "new"]] })).toEqual([
      { p: ["rounds", 0], n: 50, a: ["new"] },
      { p: ["rounds", 1], n: 50, a: ["new"] },
      { p: ["rounds", 2], n: 50, a: ["new"] },
    ]);
    // an element left as it was after the first change keeps the operations element by element
    expect(diffJson({ l: [1, 2, 3, 4, 5, 6] }, { l: [1, 9, 3, 8, 5, 6] })).toEqual([
      { p: ["l", 1], v: 9 },
      { p: ["l", 3], v: 8 },
    ]);
  });

  it("sends a window that moved along a list whole", () => {
    const items = Array.from({ length: 6 }, (_, i) => ({ version: i, text: `notice ${i}` }));
    const ops = diffJson({ notices: items.slice(0, 5) }, { notices: items.slice(1, 6) });
    expect(ops).toEqual([{ p: ["notices"], v: items.slice(1, 6) }]);
  });

  it("replaces an object with a member named __proto__ whole, which applies", () => {
    const a = JSON.parse('{"o":{"__proto__":{"x":1},"k":1}}') as unknown;
    const b = JSON.parse('{"o":{"__proto__":{"x":2},"k":1}}') as unknown;
    const ops = diffJson(a, b);
    expect(ops).toEqual([{ p: ["o"], v: (b as { o: unknown }).o }]);
    expect(asJson(applyPatch(a, asJson(ops) as PatchOp[]))).toEqual(asJson(b));
    expect(diffJson(a, JSON.parse(JSON.stringify(a)))).toEqual([]);
  });

  it("shares what did not change with the old value", () => {
    const a = { big: { list: [1, 2, 3] }, n: 1 };
    const next = applyPatch(a, diffJson(a, { big: { list: [1, 2, 3] }, n: 2 }));
    expect(next.big).toBe(a.big);
    expect(a.n).toBe(1);
  });

  it("refuses operations that do not fit the document, and prototype keys", () => {
    expect(() => applyPatch({ a: 1 }, [{ p: ["a", "b"], v: 2 }])).toThrow(PatchError);
    expect(() => applyPatch({ a: [1] }, [{ p: ["a", 5], v: 2 }])).toThrow(PatchError);
    expect(() => applyPatch({ a: [1] }, [{ p: ["a", "x"], v: 2 }])).toThrow(PatchError);
    expect(() => applyPatch({ a: {} }, [{ p: ["a"], n: 0, a: [] }])).toThrow(PatchError);
    expect(() => applyPatch({}, [{ p: ["__proto__", "polluted"], v: true }])).toThrow(PatchError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(() => applyPatch({}, [{ p: [], x: 1 }])).toThrow(PatchError);
  });
});
