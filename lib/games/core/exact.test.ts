import { describe, expect, it } from "vitest";
import { exactCopy, keptRecord, ownCopy, sharedReadBack } from "./exact";

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

describe("keptRecord", () => {
  const record = () => ({ round: 3, pairs: [{ from: "s1", to: "s2" }, { from: "s2", to: "s1" }], tally: { s1: { power: 1, total: 2 } }, notes: [] as string[], winner: null });

  it("gives the same JSON value as the record", () => {
    const original = record();
    expect(JSON.stringify(keptRecord(original))).toBe(JSON.stringify(original));
  });

  it("holds each object of plain values as one frozen object every copy shares", () => {
    const a = keptRecord(record());
    const b = keptRecord(record());
    expect(a).not.toBe(b);
    expect(a.pairs).not.toBe(b.pairs);
    expect(a.pairs[0]).toBe(b.pairs[0]);
    expect(a.tally.s1).toBe(b.tally.s1);
    expect(a.notes).toBe(b.notes);
    expect(Object.isFrozen(a.pairs[0])).toBe(true);
    expect(Object.isFrozen(a.notes)).toBe(true);
    // what holds other objects is the copy's own
    expect(Object.isFrozen(a.tally)).toBe(false);
    expect(() => {
      (a.pairs[0] as { to: string }).to = "s9";
    }).toThrow(TypeError);
    expect(b.pairs[0]!.to).toBe("s2");
  });

  it("keeps objects with different values, or the same values under other keys, apart", () => {
    const a = keptRecord({ x: { from: "s1", to: "s2" }, y: { to: "s2", from: "s1" }, z: { from: "s1", to: "s3" } });
    expect(a.x).not.toBe(a.y);
    expect(a.x).not.toBe(a.z);
    expect(Object.keys(a.y)).toEqual(["to", "from"]);
  });
});

describe("ownCopy", () => {
  it("copies what the value holds of its own and keeps the frozen records it shares", () => {
    const kept = keptRecord({ pairs: [{ from: "s1", to: "s2" }], notes: [] as string[] });
    const data = { version: 4, state: { history: [kept], live: { s1: 2 } } };
    const copy = ownCopy(data);
    expect(copy).toEqual(data);
    expect(copy.state).not.toBe(data.state);
    expect(copy.state.live).not.toBe(data.state.live);
    expect(copy.state.history[0]).not.toBe(kept);
    expect(copy.state.history[0]!.pairs[0]).toBe(kept.pairs[0]);
    expect(copy.state.history[0]!.notes).toBe(kept.notes);
  });
});

describe("sharedReadBack", () => {
  it("holds a read-back state's records as the frozen ones a kept record holds, and keeps the rest its own", () => {
    const kept = keptRecord({ pairs: [{ from: "s1", to: "s2" }], notes: [] as string[] });
    const state = { round: 4, history: [kept], players: { s1: { health: 3, done: false } }, pending: {}, queue: [] as string[] };
    const json = JSON.stringify(state);
    const a = sharedReadBack(JSON.parse(json) as typeof state);
    const b = sharedReadBack(JSON.parse(json) as typeof state);
    expect(JSON.stringify(a)).toBe(json);
    expect(a.history[0]!.pairs[0]).toBe(kept.pairs[0]);
    expect(a.history[0]!.notes).toBe(kept.notes);
    expect(a.queue).toBe(kept.notes);
    expect(a.players.s1).toBe(b.players.s1);
    expect(a.pending).toBe(b.pending);
    expect(Object.isFrozen(a.players.s1)).toBe(true);
    // what holds other objects stays the state's own, so the room can replace its parts
    expect(a).not.toBe(b);
    expect(a.players).not.toBe(b.players);
    expect(Object.isFrozen(a.players)).toBe(false);
    expect(Object.isFrozen(a.history)).toBe(false);
  });
});
