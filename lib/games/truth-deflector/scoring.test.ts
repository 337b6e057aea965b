import { describe, expect, it } from "vitest";
import { game } from "./index";
import { all, lastRound, pick, playRound, start } from "./test-helpers";

const P = "Power" as const;
const W = "Wisdom" as const;
const C = "Courage" as const;

describe("points: the rule text's own example", () => {
  // 11 alive; 5 claim Power, 3 Wisdom, 3 Courage. s9 claims Courage but submits Wisdom.
  const plan = {
    ...all(["s1", "s2", "s3", "s4", "s5"], pick(P)),
    s6: pick(W, W, { wisdom: { kind: "pair", claimed: C, submitted: W } }),
    s7: pick(W, W, { wisdom: { kind: "pair", claimed: W, submitted: C } }),
    s8: pick(W, W, { wisdom: { kind: "pair", claimed: P, submitted: C } }),
    s9: pick(C, W, { wisdom: { kind: "pair", claimed: P, submitted: W } }),
    s10: pick(C),
    s11: pick(C),
  };
  const s = playRound(start(), plan);
  const r = lastRound(s);

  it("reveals the claim counts 5 / 3 / 3", () => {
    expect(r.claimCounts).toEqual({ Power: 5, Wisdom: 3, Courage: 3 });
  });

  it("gives the Courage-claimer who submitted Wisdom 5 + 3 from the counts and +8 from Courage", () => {
    expect(r.ledger.s9).toEqual({ challenges: 0, counts: 8, power: 0, courage: 8, total: 16 });
    expect(s.players.s9?.points).toBe(16);
  });

  it("also gives that player the Wisdom effect (answer to their own question)", () => {
    expect(r.wisdom.s9).toEqual({ query: { kind: "pair", claimed: P, submitted: W }, answer: { kind: "pairTrace", claimed: P, submitted: W, seats: [] } });
  });

  it("tells a Wisdom player who asked (claimed Courage, submitted Wisdom) about that player, and ordering matters", () => {
    expect(r.wisdom.s6?.answer).toEqual({ kind: "pairTrace", claimed: C, submitted: W, seats: ["s9"] });
    expect(r.wisdom.s7?.answer).toEqual({ kind: "pairTrace", claimed: W, submitted: C, seats: [] });
  });

  it("scores the honest players from the two traits they did not submit plus their own effects", () => {
    expect(r.ledger.s1).toEqual({ challenges: 0, counts: 6, power: 3, courage: 0, total: 9 });
    expect(r.ledger.s6).toEqual({ challenges: 0, counts: 8, power: 0, courage: 0, total: 8 });
    expect(r.ledger.s10).toEqual({ challenges: 0, counts: 8, power: 0, courage: 8, total: 16 });
  });

  it("makes the liar a Truth Deflector and nobody else", () => {
    expect(Object.entries(r.tdAfter).filter(([, td]) => td).map(([s]) => s)).toEqual(["s9"]);
    expect(s.players.s9?.lies).toBe(1);
  });

  it("gives no Wisdom answer to a player without Wisdom", () => {
    expect(r.wisdom.s1).toBeUndefined();
    expect(Object.keys(r.wisdom).sort()).toEqual(["s6", "s7", "s8", "s9"]);
  });
});

describe("trait effects", () => {
  it("Power gives +3 once, whether claimed, submitted or both", () => {
    const s = playRound(start(4), { s1: pick(P), s2: pick(P, W, { wisdom: { kind: "pair", claimed: P, submitted: W } }), s3: pick(W, P, { wisdom: { kind: "pair", claimed: P, submitted: W } }), s4: pick(C) });
    const r = lastRound(s);
    expect(r.ledger.s1?.power).toBe(3);
    expect(r.ledger.s2?.power).toBe(3);
    expect(r.ledger.s3?.power).toBe(3);
    expect(r.ledger.s4?.power).toBe(0);
  });

  it("Courage pays +8 only while at most 3 alive players claimed Courage, also to a player who only submitted it", () => {
    const three = playRound(start(5), { s1: pick(C), s2: pick(C), s3: pick(C), s4: pick(P, C), s5: pick(P) });
    expect(lastRound(three).claimCounts.Courage).toBe(3);
    expect(lastRound(three).ledger.s1?.courage).toBe(8);
    expect(lastRound(three).ledger.s4?.courage).toBe(8);
    expect(lastRound(three).ledger.s5?.courage).toBe(0);
    const four = playRound(start(5), { s1: pick(C), s2: pick(C), s3: pick(C), s4: pick(C), s5: pick(P, C) });
    expect(lastRound(four).ledger.s1?.courage).toBe(0);
    expect(lastRound(four).ledger.s5?.courage).toBe(0);
  });

  it("counts points from claims, not from secret submissions", () => {
    // Everyone claims Power; s2 and s3 secretly submit Courage.
    const s = playRound(start(4), { s1: pick(P), s2: pick(P, C), s3: pick(P, C), s4: pick(P) });
    const r = lastRound(s);
    expect(r.claimCounts).toEqual({ Power: 4, Wisdom: 0, Courage: 0 });
    expect(r.ledger.s1?.counts).toBe(0);
    expect(r.ledger.s2?.counts).toBe(4);
    // s2 has Courage's effect through the submission; zero Courage claims is at most three.
    expect(r.ledger.s2?.courage).toBe(8);
  });
});

describe("Wisdom options", () => {
  it("lieCount tells how many players lied this round, without a question", () => {
    const s = playRound(start(5, { wisdomOption: "lieCount" }), { s1: pick(W), s2: pick(P, C), s3: pick(C, P), s4: pick(C), s5: pick(P) });
    expect(lastRound(s).wisdom.s1).toEqual({ query: null, answer: { kind: "lieCount", count: 2 } });
  });

  it("tdCount counts alive Truth Deflectors before this round's cleansing and lying", () => {
    let s = start(5, { wisdomOption: "tdCount" });
    s = playRound(s, { s1: pick(P), s2: pick(P, C), s3: pick(C, P), s4: pick(C), s5: pick(P) });
    // s2 and s3 are Truth Deflectors now. This round s3 cleanses and s4 lies for the first time.
    s = playRound(s, { s1: pick(W), s2: pick(P), s3: pick(C, C, { cleanse: true }), s4: pick(C, P), s5: pick(P) });
    expect(lastRound(s).wisdom.s1?.answer).toEqual({ kind: "tdCount", count: 2 });
    expect(lastRound(s).tdAfter).toMatchObject({ s2: true, s3: false, s4: true });
  });

  it("playerCheck tells whether the chosen player lied this round", () => {
    const s = playRound(start(4, { wisdomOption: "playerCheck" }), {
      s1: pick(W, W, { wisdom: { kind: "player", target: "s2" } }),
      s2: pick(P, C),
      s3: pick(C, W, { wisdom: { kind: "player", target: "s4" } }),
      s4: pick(C),
    });
    expect(lastRound(s).wisdom.s1?.answer).toEqual({ kind: "playerCheck", target: "s2", lied: true });
    expect(lastRound(s).wisdom.s3?.answer).toEqual({ kind: "playerCheck", target: "s4", lied: false });
  });

  it("gives no Wisdom (and no points) to a player eliminated this round", () => {
    let s = start(5);
    s = playRound(s, { s1: pick(P, C), s2: pick(P), s3: pick(P), s4: pick(P), s5: pick(P) });
    s = playRound(s, {
      s1: pick(W, W, { wisdom: { kind: "pair", claimed: P, submitted: C } }),
      s2: pick(P, P, { challenges: ["s1"] }),
      s3: pick(P, P, { challenges: ["s1"] }),
      s4: pick(P, P, { challenges: ["s1"] }),
      s5: pick(P),
    });
    const r = lastRound(s);
    expect(r.eliminated).toEqual(["s1"]);
    expect(r.wisdom.s1).toBeUndefined();
    expect(r.ledger.s1).toEqual({ challenges: -5, counts: 0, power: 0, courage: 0, total: -5 });
  });
});

describe("non-submission", () => {
  it("fills in a random honest choice for alive players and nothing for eliminated ones", () => {
    let s = start(11);
    s = game.timeout(s);
    const r = lastRound(s);
    for (const seat of s.seats) {
      const sub = r.subs[seat];
      expect(sub?.defaulted).toBe(true);
      expect(sub?.claim).toBe(sub?.secret);
      expect(sub?.challenges).toEqual([]);
      if (sub?.claim === "Wisdom") expect(sub.wisdom?.kind).toBe("pair");
    }
    expect(new Set(s.seats.map((x) => r.subs[x]?.claim)).size).toBeGreaterThan(1);
    expect(Object.values(r.tdAfter).every((td) => td === false)).toBe(true);
  });

  it("defaults only the seats that did not submit", () => {
    const s = playRound(start(4), { s1: pick(P, C), s2: pick(C) });
    const r = lastRound(s);
    expect(r.subs.s1).toMatchObject({ claim: P, secret: C, defaulted: false });
    expect(r.subs.s3?.defaulted).toBe(true);
    expect(r.subs.s4?.defaulted).toBe(true);
  });
});
