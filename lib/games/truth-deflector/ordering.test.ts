import { describe, expect, it } from "vitest";
import { gang, honest, lastRound, pick, playRound, start } from "./test-helpers";
import type { State } from "./types";

const P = "Power" as const;
const W = "Wisdom" as const;
const C = "Courage" as const;

/** After round one, in which s1 lied (a Truth Deflector now) and everyone else was honest on Power. */
function withLiar(n = 6, config: Record<string, unknown> = {}): State {
  const s = start(n, config);
  return playRound(s, honest(s, { s1: pick(P, C) }));
}

/** s2, s3 and s4 challenge s1; everyone else honest on Power, with overrides. */
function s1Challenged(s: State, overrides: Parameters<typeof honest>[1] = {}): State {
  return playRound(s, honest(s, { ...gang("s1", ["s2", "s3", "s4"]), ...overrides }));
}

describe("challenges", () => {
  it("have no effect with fewer than three challengers, but are all announced", () => {
    let s = withLiar();
    s = playRound(s, honest(s, { s2: pick(P, P, { challenges: ["s1", "s3"] }), s3: pick(P, P, { challenges: ["s1"] }) }));
    const r = lastRound(s);
    expect(r.challenges).toEqual([
      { from: "s2", to: "s1" },
      { from: "s2", to: "s3" },
      { from: "s3", to: "s1" },
    ]);
    expect(r.counted).toEqual([]);
    expect(s.players.s1?.alive).toBe(true);
    expect(r.ledger.s2?.challenges).toBe(0);
  });

  it("eliminate a Truth Deflector with three challengers: each challenger +5, the target -5", () => {
    const s = s1Challenged(withLiar());
    const r = lastRound(s);
    expect(r.counted).toEqual([{ target: "s1", challengers: ["s2", "s3", "s4"], wasTruthDeflector: true, eliminated: true }]);
    expect(s.players.s1).toMatchObject({ alive: false, eliminatedRound: 2 });
    expect(r.ledger.s2?.challenges).toBe(5);
    expect(r.ledger.s1?.total).toBe(-5);
  });

  it("backfire on a player who is not a Truth Deflector: each challenger -5, the target +5", () => {
    let s = withLiar();
    s = playRound(s, honest(s, gang("s2", ["s3", "s4", "s5", "s6"])));
    const r = lastRound(s);
    expect(r.counted).toEqual([{ target: "s2", challengers: ["s3", "s4", "s5", "s6"], wasTruthDeflector: false, eliminated: false }]);
    expect(r.ledger.s2?.challenges).toBe(5);
    expect(r.ledger.s6?.challenges).toBe(-5);
    expect(s.players.s2?.alive).toBe(true);
  });

  it("may be made by eliminated players, who gain or lose points from them but score nothing else", () => {
    let s = s1Challenged(withLiar(), { s5: pick(P, W, { wisdom: { kind: "pair", claimed: P, submitted: C } }) });
    expect(s.players.s1?.alive).toBe(false);
    // s5 lied in round 2 and is a Truth Deflector now; s1 (eliminated) joins the challenge.
    s = playRound(s, honest(s, { s1: { challenges: ["s5"] }, ...gang("s5", ["s2", "s3"]) }));
    const r = lastRound(s);
    expect(r.counted[0]).toMatchObject({ target: "s5", challengers: ["s1", "s2", "s3"], eliminated: true });
    expect(r.ledger.s1).toEqual({ challenges: 5, counts: 0, power: 0, courage: 0, total: 5 });
    expect(r.participants).not.toContain("s1");
  });

  it("process every counted target against the status held at the start of the round", () => {
    let s = start(7);
    s = playRound(s, honest(s, { s1: pick(P, C), s2: pick(P, C) }));
    s = playRound(
      s,
      honest(s, {
        s1: pick(P, P, { challenges: ["s2"] }),
        s2: pick(P, P, { challenges: ["s1"] }),
        s3: pick(P, P, { challenges: ["s1", "s2"] }),
        s4: pick(P, P, { challenges: ["s1", "s2"] }),
        s5: pick(P, P, { challenges: ["s3"] }),
      }),
    );
    const r = lastRound(s);
    expect(r.eliminated).toEqual(["s1", "s2"]);
    // s1 challenged s2 (+5) and was hit (-5); s3 and s4 each won two challenges.
    expect(r.ledger.s1?.total).toBe(0);
    expect(r.ledger.s3?.challenges).toBe(10);
  });
});

describe("order within a round: challenges, points, resurrections, cleansing, lying", () => {
  it("lying for the first time and being challenged in the same round does not eliminate", () => {
    let s = s1Challenged(start(5), { s1: pick(P, C) });
    const r = lastRound(s);
    expect(r.counted[0]).toMatchObject({ target: "s1", wasTruthDeflector: false, eliminated: false });
    expect(r.ledger.s1?.challenges).toBe(5);
    expect(r.ledger.s2?.challenges).toBe(-5);
    expect(s.players.s1).toMatchObject({ alive: true, td: true });
    // The next round the same challenge eliminates.
    s = s1Challenged(s);
    expect(s.players.s1?.alive).toBe(false);
  });

  it("eliminations come before points: the eliminated claim is not counted and changes the Courage limit", () => {
    let s = withLiar();
    s = playRound(s, honest(s, { s1: pick(C), ...gang("s1", ["s2", "s3", "s4"], C) }));
    const r = lastRound(s);
    expect(r.eliminated).toEqual(["s1"]);
    expect(r.scored).toEqual(["s2", "s3", "s4", "s5", "s6"]);
    // Four claimed Courage, but only three count: Courage pays.
    expect(r.claimCounts).toEqual({ Power: 2, Wisdom: 0, Courage: 3 });
    expect(r.ledger.s2).toEqual({ challenges: 5, counts: 2, power: 0, courage: 8, total: 15 });
    expect(r.ledger.s1).toEqual({ challenges: -5, counts: 0, power: 0, courage: 0, total: -5 });
  });

  it("cleansing and lying in the same round leaves you a Truth Deflector (and the garnets are spent)", () => {
    let s = withLiar(5);
    expect(s.players.s1?.garnets).toBe(5);
    s = playRound(s, honest(s, { s1: pick(W, C, { cleanse: true, wisdom: { kind: "pair", claimed: P, submitted: C } }) }));
    expect(lastRound(s).cleansed).toEqual(["s1"]);
    expect(s.players.s1).toMatchObject({ td: true, garnets: 2, lies: 2 });
  });

  it("a cleanse bought in round N still lets a round-N challenge eliminate, and the garnets are refunded", () => {
    const s = s1Challenged(withLiar(5), { s1: pick(P, P, { cleanse: true }) });
    const r = lastRound(s);
    expect(r.eliminated).toEqual(["s1"]);
    expect(r.cleansed).toEqual([]);
    expect(r.refunded).toEqual(["s1"]);
    expect(s.players.s1?.garnets).toBe(5);
  });

  it("a cleanse protects from the next round on: a round-N+1 challenge backfires", () => {
    let s = withLiar(5);
    s = playRound(s, honest(s, { s1: pick(P, P, { cleanse: true }) }));
    expect(s.players.s1).toMatchObject({ td: false, garnets: 2 });
    s = s1Challenged(s);
    const r = lastRound(s);
    expect(r.counted[0]).toMatchObject({ target: "s1", wasTruthDeflector: false, eliminated: false });
    expect(r.ledger.s1?.challenges).toBe(5);
    expect(s.players.s1?.alive).toBe(true);
  });

  it("resurrection: eliminated in round 2, paid in round 3, scoring again in round 4, not a Truth Deflector", () => {
    let s = s1Challenged(withLiar(5));
    expect(s.players.s1?.alive).toBe(false);
    s = playRound(s, honest(s, { s1: { resurrect: true } }));
    let r = lastRound(s);
    expect(r.round).toBe(3);
    expect(r.resurrected).toEqual(["s1"]);
    expect(r.participants).not.toContain("s1");
    expect(r.ledger.s1?.total).toBe(0);
    expect(s.players.s1).toMatchObject({ alive: true, td: false, garnets: 0, eliminatedRound: null, lies: 1 });
    s = playRound(s, honest(s, { s1: pick(C) }));
    r = lastRound(s);
    expect(r.participants).toContain("s1");
    expect(r.ledger.s1).toEqual({ challenges: 0, counts: 4, power: 0, courage: 8, total: 12 });
    // Not a Truth Deflector: a challenge now backfires.
    s = s1Challenged(s);
    expect(lastRound(s).counted[0]?.eliminated).toBe(false);
  });

  it("a resurrected player becomes a Truth Deflector again by lying", () => {
    let s = s1Challenged(withLiar(5));
    s = playRound(s, honest(s, { s1: { resurrect: true } }));
    s = playRound(s, honest(s, { s1: pick(P, C) }));
    expect(s.players.s1).toMatchObject({ alive: true, td: true, lies: 2 });
  });
});
