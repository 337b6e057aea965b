import { describe, expect, it } from "vitest";
import { seatIds } from "../core";
import { configSchema, parseHeadlinePaste } from "./config";
import { BUILT_IN_HEADLINES } from "./headlines";
import { game } from "./index";
import type { Role, State } from "./types";
import { advance, fixture } from "./test-helpers";

const cfg = configSchema.parse({});
const deal = (n: number, seed: string, config = cfg): State => game.setup({ seats: seatIds(n), config, seed });
const count = (s: State, role: Role) => Object.values(s.roles).filter((r) => r === role).length;

describe("config", () => {
  it("parses {} into the rule text's game with every timer", () => {
    expect(cfg).toEqual({
      phaseSeconds: { reveal: 15, discussion: 180, vote: 45, snipe: 20, banVote: 45, banRevote: 30, roundEnd: 15 },
      rounds: 5,
      pointsToWin: 3,
      peeksPerGame: 3,
      drunkHintAccuracy: 100,
      banVoteInRoundOne: false,
      refusalPenalty: false,
      secretBallots: false,
      scammersKnowEachOther: true,
      customHeadlines: [],
    });
  });

  it.each([
    [{ peeksPerGame: 6 }],
    [{ peeksPerGame: -1 }],
    [{ drunkHintAccuracy: 40 }],
    [{ drunkHintAccuracy: 101 }],
    [{ rounds: 11 }],
    [{ rounds: 0 }],
    [{ pointsToWin: 0 }],
    [{ phaseSeconds: { discussion: 10 } }],
    [{ phaseSeconds: { vote: 2.5 } }],
    [{ refusalPenalty: "yes" }],
  ])("refuses out-of-range config %j", (bad) => {
    expect(configSchema.safeParse(bad).success).toBe(false);
  });

  it("accepts the section-6 variants", () => {
    const v = configSchema.parse({ peeksPerGame: 2, drunkHintAccuracy: 70, banVoteInRoundOne: true, refusalPenalty: true });
    expect([v.peeksPerGame, v.drunkHintAccuracy, v.banVoteInRoundOne, v.refusalPenalty]).toEqual([2, 70, true, true]);
  });
});

describe("custom headlines", () => {
  const items = (real: number, fake: number) => [
    ...Array.from({ length: real }, (_, i) => ({ text: `Real story number ${i + 1}`, truth: "real" as const })),
    ...Array.from({ length: fake }, (_, i) => ({ text: `Fake story number ${i + 1}`, truth: "fake" as const })),
  ];

  it("needs at least five real and five fake headlines", () => {
    expect(configSchema.safeParse({ customHeadlines: items(5, 5) }).success).toBe(true);
    expect(configSchema.safeParse({ customHeadlines: items(4, 6) }).success).toBe(false);
    expect(configSchema.safeParse({ customHeadlines: items(6, 4) }).success).toBe(false);
  });

  it("refuses duplicates, blank or overlong text and missing real/fake labels", () => {
    const dup = items(5, 5);
    dup.push({ text: "real STORY number 1", truth: "real" });
    expect(configSchema.safeParse({ customHeadlines: dup }).success).toBe(false);
    expect(configSchema.safeParse({ customHeadlines: [...items(5, 5), { text: "  ", truth: "real" }] }).success).toBe(false);
    expect(configSchema.safeParse({ customHeadlines: [...items(5, 5), { text: "x".repeat(201), truth: "fake" }] }).success).toBe(false);
    expect(configSchema.safeParse({ customHeadlines: [...items(5, 5), { text: "No label here" }] }).success).toBe(false);
    expect(configSchema.safeParse({ customHeadlines: [...items(5, 5), { text: "Odd label", truth: "maybe" }] }).success).toBe(false);
  });

  it("deals the game from the host's list only", () => {
    const config = configSchema.parse({ customHeadlines: items(6, 7) });
    const s = deal(5, "custom", config);
    const texts = new Set(config.customHeadlines.map((h) => h.text));
    expect(s.deck).toHaveLength(10);
    for (const h of s.deck) {
      expect(texts.has(h.text)).toBe(true);
      expect(config.customHeadlines.find((c) => c.text === h.text)?.truth).toBe(h.truth);
      expect(h.id.startsWith("c")).toBe(true);
    }
  });

  it("parses a pasted block line by line and names bad lines", () => {
    const { items: got, errors } = parseHeadlinePaste("real: Bridge reopens after repairs\n\n# a comment\nFAKE | Town buys a whale\nmaybe: what\nfake: ab\nreal\tLibrary opens on Sundays");
    expect(got).toEqual([
      { text: "Bridge reopens after repairs", truth: "real" },
      { text: "Town buys a whale", truth: "fake" },
      { text: "Library opens on Sundays", truth: "real" },
    ]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain("Line 5");
    expect(errors[1]).toContain("Line 6");
  });
});

describe("built-in headline bank", () => {
  it("is labelled real/fake, has no repeats and enough of each kind for both sets", () => {
    expect(configSchema.shape.customHeadlines.safeParse(BUILT_IN_HEADLINES.slice()).success).toBe(true);
    expect(BUILT_IN_HEADLINES.filter((h) => h.truth === "real").length).toBeGreaterThanOrEqual(5);
    expect(BUILT_IN_HEADLINES.filter((h) => h.truth === "fake").length).toBeGreaterThanOrEqual(5);
  });
});

describe("setup", () => {
  it.each([
    [5, 1, 2],
    [6, 1, 3],
    [7, 2, 3],
  ])("deals %i players one Fact Checker, %i Scammer(s), one Drunk and %i Misinformed Users", (n, scammers, misinformed) => {
    for (let i = 0; i < 20; i++) {
      const s = deal(n, `roles-${i}`);
      expect(count(s, "fact_checker")).toBe(1);
      expect(count(s, "scammer")).toBe(scammers);
      expect(count(s, "drunk")).toBe(1);
      expect(count(s, "misinformed")).toBe(misinformed);
    }
  });

  it("places roles at random", () => {
    const fcSeats = new Set(
      Array.from({ length: 40 }, (_, i) => {
        const s = deal(6, `where-${i}`);
        return s.seats.find((k) => s.roles[k] === "fact_checker");
      }),
    );
    expect(fcSeats.size).toBe(6);
  });

  it("refuses fewer than 5 or more than 7 players", () => {
    expect(() => deal(4, "x")).toThrow(RangeError);
    expect(() => deal(8, "x")).toThrow(RangeError);
  });

  it("picks Set A (3 real / 2 fake) or Set B (2 real / 3 fake) at random, shuffled, with the other set behind it", () => {
    const picked = new Set<string>();
    const firstTexts = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const s = deal(5, `deck-${i}`);
      picked.add(s.headlineSet);
      const mine = s.deck.slice(0, 5);
      const other = s.deck.slice(5);
      expect(mine.every((h) => h.set === s.headlineSet)).toBe(true);
      expect(other.every((h) => h.set !== s.headlineSet)).toBe(true);
      for (const part of [mine, other]) {
        const real = part.filter((h) => h.truth === "real").length;
        expect(real).toBe(part[0]?.set === "A" ? 3 : 2);
      }
      expect(new Set(s.deck.map((h) => h.text)).size).toBe(10);
      firstTexts.add(s.deck[0]?.text ?? "");
    }
    expect(picked).toEqual(new Set(["A", "B"]));
    expect(firstTexts.size).toBeGreaterThan(20);
  });

  it("opens round 1 on the headline reveal with the first headline and the Drunk's hint", () => {
    const s = deal(6, "start");
    expect(s.round).toBe(1);
    expect(s.phase).toBe("reveal");
    expect(s.rounds[0]?.headline).toEqual(s.deck[0]);
    const drunk = Object.keys(s.roles).find((k) => s.roles[k] === "drunk");
    expect(s.rounds[0]?.hint).toEqual({ holder: drunk, says: s.deck[0]?.truth });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it("draws unused headlines of the other set when the rounds outrun the picked set", () => {
    let s = fixture({ config: { rounds: 8 } });
    const shown: string[] = [];
    while (s.phase !== "game_over") {
      if (s.phase === "reveal") shown.push(s.rounds[s.rounds.length - 1]?.headline.id ?? "");
      s = advance(s);
    }
    expect(shown).toEqual(s.deck.slice(0, 8).map((h) => h.id));
    expect(new Set(shown).size).toBe(8);
    const sets = s.rounds.map((r) => r.headline.set);
    expect(sets.slice(0, 5).every((x) => x === s.headlineSet)).toBe(true);
    expect(sets.slice(5).every((x) => x !== s.headlineSet)).toBe(true);
    expect(s.result?.winner).toBe("tie");
  });
});
