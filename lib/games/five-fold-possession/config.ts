// Room configuration of Five Fold Possession. `configSchema.parse({})` gives the
// default match; every open point of the rule text that a host may want to turn
// differently is a switch here (see RULES.md, "Rulings").
import { z } from "zod";

import { STONE_EFFECTS, type StoneEffect } from "./stones";

export { STONES, STONE_EFFECTS, type Stone, type StoneEffect } from "./stones";

const seconds = (def: number, label: string) => z.int().min(5).max(86_400).default(def).describe(label);
/** A point amount in steps of one half. */
const points = (def: number, label: string, min = 0, max = 5) => z.number().min(min).max(max).multipleOf(0.5).default(def).describe(label);
const stone = (count: number, effect: StoneEffect, label: string) =>
  z
    .object({
      count: z.int().min(0).max(10).default(count).describe(`${label}: stones in the bag`),
      effect: z.enum(STONE_EFFECTS).default(effect).describe(`${label}: effect`),
    })
    .prefault({});

export const configSchema = z
  .object({
    startingGarnets: z.int().min(0).max(1000).default(10).describe("Starting garnets (every seat)"),
    startingGarnetsBySeat: z
      .record(z.string().regex(/^s[1-9][0-9]?$/), z.int().min(0).max(1000))
      .default({})
      .describe("Starting garnets per seat (overrides the above)"),
    phaseSeconds: z
      .object({
        submit: seconds(300, "Round: submissions"),
        results: seconds(45, "Round: results"),
        final: seconds(240, "Final guesses after round 12"),
      })
      .prefault({}),
    rps: z
      .object({
        minBet: z.int().min(1).max(20).default(1).describe("Betting RPS: smallest bet"),
        maxBet: z.int().min(1).max(20).default(5).describe("Betting RPS: largest bet"),
        cooldownRounds: z.int().min(0).max(4).default(2).describe("Betting RPS: rounds before you may face the same player again"),
        missRounds: z.int().min(1).max(12).default(2).describe("Betting RPS: rounds in a row without a game that cost a garnet"),
        missPenalty: z.int().min(0).max(5).default(1).describe("Betting RPS: garnets lost for missing"),
        missPenaltyMode: z
          .enum(["everyRound", "resetAfterPenalty"])
          .default("everyRound")
          .describe("Betting RPS: charge every further missed round, or start counting again after a charge"),
      })
      .prefault({}),
    median: z
      .object({
        winPoints: points(1, "The Median: points for the winner"),
        winGarnets: z.int().min(0).max(5).default(1).describe("The Median: garnets for the winner"),
        missPenalty: z.int().min(0).max(5).default(1).describe("The Median: garnets lost when no card is played"),
      })
      .prefault({}),
    greed: z
      .object({
        fee: z.int().min(0).max(5).default(1).describe("Does Greed Succeed: garnets to take part"),
        startPot: z.int().min(0).max(5).default(1).describe("Does Greed Succeed: the pot you start drawing with"),
        grey: stone(3, "none", "Grey"),
        white: stone(5, "plus1", "White"),
        black: stone(4, "minus1", "Black"),
        green: stone(1, "double", "Green"),
        red: stone(2, "bust", "Red"),
      })
      .prefault({}),
    bidding: z
      .object({
        maxBid: z.int().min(1).max(50).default(10).describe("Bidding War: largest bid"),
        winPoints: points(1, "Bidding War: points for the winner"),
        minBlockedBid: z.int().min(0).max(50).default(1).describe("Bidding War challenge: smallest top bid that counts as blocked"),
      })
      .prefault({}),
    identity: z
      .object({
        garnets: z.int().min(0).max(5).default(1).describe("Guessing Identity: garnets (paid at the end) for a fully right guess"),
        solePoints: points(1, "Guessing Identity: points for the only fully right guesser"),
      })
      .prefault({}),
    guessing: z
      .object({
        namePossessed: points(1, "Role guess: naming the possessed"),
        nameGhostHunter: points(0.5, "Role guess: naming the ghost hunter"),
        hunterFindsPossessed: points(0.5, "Role guess: extra for the ghost hunter who names the possessed"),
        hunterNamedPenalty: points(0.5, "Role guess: the ghost hunter loses this per player naming them"),
        identificationCount: z
          .enum(["each", "both"])
          .default("each")
          .describe("Identification win: count each right name, or only rounds with both right"),
      })
      .prefault({}),
    challenges: z
      .object({
        points: points(0.5, "Possession challenge: points each"),
        detectedPoints: points(-0.5, "Possession challenge: points each when every other player named you", -5, 5),
      })
      .prefault({}),
    schedule: z
      .object({
        uniquePairs: z
          .enum(["unordered", "ordered"])
          .default("unordered")
          .describe("Role pairs: never the same two players (unordered) or never the same possessed/hunter order (ordered)"),
      })
      .prefault({}),
    tiebreaks: z
      .object({
        startGarnets: z.enum(["more", "fewer"]).default("more").describe("Last tiebreak: more or fewer garnets at the start wins"),
        unbroken: z.enum(["random", "shared"]).default("random").describe("A tie the chain cannot break: seeded draw, or shared win"),
      })
      .prefault({}),
  })
  .superRefine((c, ctx) => {
    if (c.rps.minBet > c.rps.maxBet) ctx.addIssue({ code: "custom", path: ["rps", "minBet"], message: "The smallest bet is above the largest bet." });
    if (c.greed.grey.count < 1) ctx.addIssue({ code: "custom", path: ["greed", "grey", "count"], message: "The bag needs at least one grey stone." });
  });

export type Config = z.infer<typeof configSchema>;
