import { describe, expect, it } from "vitest";
import { Rng } from "../core/rng";
import {
  LETTERS,
  SINS,
  SUPPORTED_PLAYER_COUNTS,
  VIRTUES,
  areAllies,
  compareStandings,
  dealHeavenTriples,
  hasAttribute,
  heavenCountFor,
  queryLettersProblem,
  rankRealm,
  recipientProblem,
  remainingPairs,
  standingOf,
} from "./rules";
import type { BoardEntry, LockFact, Pair, Standing } from "./rules";

const allPairs: Pair[] = SINS.flatMap((sin) => VIRTUES.map((virtue) => ({ sin, virtue })));

describe("realm split", () => {
  it("gives 4 Heaven and 9 Hell players for 13 seats", () => {
    expect(heavenCountFor(13)).toBe(4);
  });
  it("supports every seat count with hell + 3·heaven = 21 and both realms non-empty", () => {
    expect(SUPPORTED_PLAYER_COUNTS).toEqual([9, 11, 13, 15, 17, 19]);
    for (const n of SUPPORTED_PLAYER_COUNTS) {
      const h = heavenCountFor(n)!;
      expect(n - h + 3 * h).toBe(21);
      expect(h).toBeGreaterThan(0);
      expect(n - h).toBeGreaterThan(0);
    }
  });
  it("refuses counts that cannot share 21 letters or leave a realm empty", () => {
    expect(heavenCountFor(12)).toBeNull();
    expect(heavenCountFor(7)).toBeNull(); // seven in Heaven, nobody in Hell
    expect(heavenCountFor(21)).toBeNull(); // nobody in Heaven
  });
});

describe("allies", () => {
  it("gives every letter exactly 8 allies: 2 sharing its sin and 6 sharing its virtue", () => {
    for (const p of allPairs) {
      const allies = allPairs.filter((o) => areAllies(p, o));
      expect(allies).toHaveLength(8);
      expect(allies.filter((o) => o.sin === p.sin)).toHaveLength(2);
      expect(allies.filter((o) => o.virtue === p.virtue)).toHaveLength(6);
    }
  });
  it("does not make a letter its own ally", () => {
    expect(areAllies({ sin: "pride", virtue: "hope" }, { sin: "pride", virtue: "hope" })).toBe(false);
  });
  it("knows which attribute a pair has", () => {
    const p: Pair = { sin: "envy", virtue: "faith" };
    expect(hasAttribute(p, "envy")).toBe(true);
    expect(hasAttribute(p, "faith")).toBe(true);
    expect(hasAttribute(p, "hope")).toBe(false);
    expect(hasAttribute(p, "greed")).toBe(false);
  });
});

describe("the deal", () => {
  it("gives each Heaven player three pairs whose six attributes all differ, no pair twice", () => {
    for (let h = 1; h <= 6; h++) {
      for (let seed = 0; seed < 60; seed++) {
        const triples = dealHeavenTriples(Rng.fromSeed(`deal-${h}-${seed}`), h);
        expect(triples).toHaveLength(h);
        for (const t of triples) expect(new Set(t.flatMap((p) => [p.sin, p.virtue])).size).toBe(6);
        expect(new Set(triples.flat().map((p) => `${p.sin}/${p.virtue}`)).size).toBe(3 * h);
      }
    }
  });
  it("falls back to a fixed valid pattern when drawing takes too long", () => {
    const triples = dealHeavenTriples(Rng.fromSeed("fallback"), 6, 0);
    for (const t of triples) expect(new Set(t.flatMap((p) => [p.sin, p.virtue])).size).toBe(6);
    expect(new Set(triples.flat().map((p) => `${p.sin}/${p.virtue}`)).size).toBe(18);
  });
  it("hands out the other pairs so that all 21 are used once", () => {
    const rng = Rng.fromSeed("rest");
    const triples = dealHeavenTriples(rng, 4);
    const rest = remainingPairs(rng, triples.flat());
    const all = [...triples.flat(), ...rest].map((p) => `${p.sin}/${p.virtue}`);
    expect(new Set(all).size).toBe(21);
    expect(all).toHaveLength(21);
  });
});

describe("query letters", () => {
  // A: s1 (Heaven), B: s1 (Heaven), C: s2 (Heaven), D: s5 (Hell), E: s6 (Hell), F: s7 (Hell)
  const entries: BoardEntry[] = [
    { letter: "A", owner: "s1", realm: "heaven" },
    { letter: "B", owner: "s1", realm: "heaven" },
    { letter: "C", owner: "s2", realm: "heaven" },
    { letter: "D", owner: "s5", realm: "hell" },
    { letter: "E", owner: "s6", realm: "hell" },
    { letter: "F", owner: "s7", realm: "hell" },
  ];
  it("accepts three letters of three players with both realms present", () => {
    expect(queryLettersProblem(["A", "C", "D"], entries, "s5", true)).toBeNull();
    expect(queryLettersProblem(["A", "D", "E"], entries, "s2", true)).toBeNull();
  });
  it("needs exactly three different letters", () => {
    expect(queryLettersProblem(["A", "D"], entries, "s9", true)?.code).toBe("action/query_size");
    expect(queryLettersProblem(["A", "D", "D"], entries, "s9", true)?.code).toBe("action/query_duplicate");
  });
  it("needs a letter from each realm", () => {
    expect(queryLettersProblem(["D", "E", "F"], entries, "s1", true)?.code).toBe("action/query_realms");
  });
  it("refuses two letters of the same player (the amendment)", () => {
    expect(queryLettersProblem(["A", "B", "D"], entries, "s5", true)?.code).toBe("action/query_same_player");
  });
  it("allows the sender's own letter unless the switch forbids it", () => {
    expect(queryLettersProblem(["A", "D", "E"], entries, "s5", true)).toBeNull();
    expect(queryLettersProblem(["A", "D", "E"], entries, "s5", false)?.code).toBe("action/query_own_letter");
  });
  it("refuses letters that are not on the board", () => {
    expect(queryLettersProblem(["A", "D", "Q"], entries, "s5", true)?.code).toBe("action/unknown_letter");
  });
});

describe("recipients", () => {
  it("must be in the other realm", () => {
    expect(recipientProblem("heaven", "s2", "heaven", 0, 1)?.code).toBe("action/bad_recipient");
    expect(recipientProblem("heaven", "s99", undefined, 0, 1)?.code).toBe("action/bad_recipient");
    expect(recipientProblem("heaven", "s5", "hell", 0, 1)).toBeNull();
  });
  it("stops at the limit: once from Heaven, twice from Hell", () => {
    expect(recipientProblem("heaven", "s5", "hell", 1, 1)?.code).toBe("action/recipient_limit");
    expect(recipientProblem("hell", "s1", "heaven", 1, 2)).toBeNull();
    expect(recipientProblem("hell", "s1", "heaven", 2, 2)?.message).toMatch(/twice/);
  });
});

const rule = { correctLock: 2, incorrectLock: 1, lockedByAlly: 3 };

describe("scoring", () => {
  const locks: LockFact[] = [
    { round: 1, letter: "A", target: "D", correct: true },
    { round: 2, letter: "A", target: "E", correct: false },
    { round: 3, letter: "B", target: "F", correct: true },
    { round: 2, letter: "D", target: "A", correct: true },
    { round: 4, letter: "F", target: "B", correct: true },
    { round: 5, letter: "E", target: "A", correct: false },
  ];
  it("gives +2 per correct lock, −1 per incorrect, −3 per time an ally locks the letter in", () => {
    const heaven = standingOf("s1", ["A", "B"], locks, rule);
    // A: +2 −1, locked correctly by D (−3); B: +2, locked correctly by F (−3); E's wrong lock costs A nothing
    expect(heaven.score).toBe(2 - 1 + 2 - 3 - 3);
    expect(heaven.correct).toBe(2);
    expect(heaven.incorrect).toBe(1);
    expect(heaven.correctRounds).toEqual([1, 3]);
    expect(heaven.lockedCorrectly).toBe(2);
    expect(heaven.lockedRounds).toEqual([2, 4]);
  });
  it("scores a Hell player by their single letter", () => {
    const e = standingOf("s6", ["E"], locks, rule);
    expect(e.score).toBe(-1);
    const d = standingOf("s5", ["D"], locks, rule);
    expect(d.score).toBe(2 - 3); // locked A correctly, A locked D correctly
  });
  it("follows the scoring switch", () => {
    expect(standingOf("s1", ["A", "B"], locks, { correctLock: 3, incorrectLock: 0, lockedByAlly: 1 }).score).toBe(6 - 2);
  });
});

function st(seat: string, over: Partial<Standing>): Standing {
  return { seat, score: 0, correct: 0, incorrect: 0, correctRounds: [], lockedCorrectly: 0, lockedRounds: [], ...over };
}

describe("ranking and tiebreaks", () => {
  it("ranks by points first", () => {
    expect(compareStandings(st("a", { score: 3 }), st("b", { score: 1 }))).toEqual({ order: -2, by: "score" });
  });
  it("then by more correctly locked allies", () => {
    const r = compareStandings(st("a", { score: 1, correct: 2, correctRounds: [1, 2] }), st("b", { score: 1, correct: 3, correctRounds: [1, 2, 3] }));
    expect(r.by).toBe("correct");
    expect(r.order).toBeGreaterThan(0);
  });
  it("then by earlier correct lock-ins, compared round by round from the first", () => {
    const a = st("a", { correct: 3, correctRounds: [2, 5, 9] });
    const b = st("b", { correct: 3, correctRounds: [2, 6, 6] });
    const r = compareStandings(a, b);
    expect(r.by).toBe("earlierCorrect");
    expect(r.order).toBeLessThan(0);
  });
  it("then by fewer times locked in correctly", () => {
    const r = compareStandings(st("a", { lockedCorrectly: 2, lockedRounds: [8, 9] }), st("b", { lockedCorrectly: 1, lockedRounds: [1] }));
    expect(r.by).toBe("fewerLocked");
    expect(r.order).toBeGreaterThan(0);
  });
  it("then by later times locked in, compared round by round from the first", () => {
    const a = st("a", { lockedCorrectly: 2, lockedRounds: [4, 7] });
    const b = st("b", { lockedCorrectly: 2, lockedRounds: [3, 9] });
    const r = compareStandings(a, b);
    expect(r.by).toBe("laterLocked");
    expect(r.order).toBeLessThan(0);
  });
  it("leaves a full tie to the seeded draw order", () => {
    const a = st("a", { score: 1 });
    const b = st("b", { score: 1 });
    expect(compareStandings(a, b)).toEqual({ order: 0, by: "draw" });
    expect(rankRealm([a, b], ["b", "a"]).map((e) => e.seat)).toEqual(["b", "a"]);
    expect(rankRealm([a, b], ["a", "b"])).toEqual([
      { seat: "a", aboveNextBy: "draw" },
      { seat: "b", aboveNextBy: null },
    ]);
  });
  it("orders a realm best first and names the step that separated neighbours", () => {
    const ranked = rankRealm(
      [st("c", { score: -1 }), st("a", { score: 4 }), st("b", { score: 4, correct: 1, correctRounds: [3] })],
      ["a", "b", "c"],
    );
    expect(ranked).toEqual([
      { seat: "b", aboveNextBy: "correct" },
      { seat: "a", aboveNextBy: "score" },
      { seat: "c", aboveNextBy: null },
    ]);
  });
});

it("uses the 21 letters A to U", () => {
  expect(LETTERS.join("")).toBe("ABCDEFGHIJKLMNOPQRSTU");
});
