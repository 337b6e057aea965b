// Room configuration of Five Fold Possession. `configSchema.parse({})` gives the
// default match; every open point of the rule text that a host may want to turn
// differently is a switch here (see RULES.md, "Rulings").
import { z } from "zod";
import { form } from "../core/config-meta";
import { STONE_EFFECTS, type StoneEffect } from "./stones";

export { STONES, STONE_EFFECTS, type Stone, type StoneEffect } from "./stones";

const seconds = (def: number, title: string, description: string) => z.int().min(5).max(86_400).default(def).meta(form({ title, description, unit: "seconds" }));
/** A point amount in steps of one half. */
const points = (def: number, title: string, description: string, min = 0, max = 5) => z.number().min(min).max(max).multipleOf(0.5).default(def).meta(form({ title, description, unit: "points" }));
const int = (min: number, max: number, def: number, title: string, description: string, unit: string) => z.int().min(min).max(max).default(def).meta(form({ title, description, unit }));
const group = (title: string, description?: string) => form({ title, description });

const EFFECT_NAMES: Record<StoneEffect, string> = { none: "Nothing", plus1: "Pot +1", plus2: "Pot +2", minus1: "Pot −1 (never below 0)", minus2: "Pot −2 (never below 0)", double: "Pot doubles", halve: "Pot halves", bust: "Bust: the pot is lost, the draw ends" };
const stone = (count: number, effect: StoneEffect, colour: string) =>
  z
    .object({
      count: int(0, 10, count, "Stones in the bag", `How many ${colour.toLowerCase()} stones each bag holds.`, "stones"),
      effect: z.enum(STONE_EFFECTS).default(effect).meta(form({ title: "Effect", description: `What drawing a ${colour.toLowerCase()} stone does.`, options: EFFECT_NAMES })),
    })
    .prefault({})
    .meta(group(`${colour} stones`));

export const configSchema = z
  .object({
    startingGarnets: int(0, 1000, 10, "Starting garnets", "Garnets every player starts with.", "garnets"),
    startingGarnetsBySeat: z
      .record(z.string().regex(/^s[1-9][0-9]?$/), z.int().min(0).max(1000))
      .default({})
      .meta(form({ title: "Starting garnets per seat", description: "For players who bring a different balance; leave a seat empty for the amount above.", control: "perSeat", unit: "garnets" })),
    phaseSeconds: z
      .object({
        submit: seconds(300, "Submissions", "Every round: the minigames, challenges and guesses."),
        results: seconds(45, "Results", "Every round: read the results, then press Ready."),
        final: seconds(240, "Final guesses", "After round 12: who was who, and the round with nobody possessed."),
      })
      .prefault({})
      .meta(group("Phase lengths")),
    rps: z
      .object({
        minBet: int(1, 20, 1, "Smallest bet", "The least a player may wager on one game.", "garnets"),
        maxBet: int(1, 20, 5, "Largest bet", "The most a player may wager on one game.", "garnets"),
        cooldownRounds: int(0, 4, 2, "Rounds before a rematch", "Rounds before you may face the same player again.", "rounds"),
        missRounds: int(1, 12, 2, "Rounds without a game that cost a garnet", "Rounds in a row without playing before the penalty.", "rounds"),
        missPenalty: int(0, 5, 1, "Penalty for missing", "Garnets lost for going too long without a game.", "garnets"),
        missPenaltyMode: z
          .enum(["everyRound", "resetAfterPenalty"])
          .default("everyRound")
          .meta(form({ title: "After a missing penalty", description: "Whether each further missed round costs again.", options: { everyRound: "Charge every further missed round", resetAfterPenalty: "Start counting again after a charge" } })),
      })
      .prefault({})
      .meta(group("Betting RPS (minigame 1)")),
    median: z
      .object({
        winPoints: points(1, "Points for the winner", "The player whose card is the median."),
        winGarnets: int(0, 5, 1, "Garnets for the winner", "Paid to the player whose card is the median.", "garnets"),
        missPenalty: int(0, 5, 1, "Penalty for no card", "Garnets lost when no card is played.", "garnets"),
      })
      .prefault({})
      .meta(group("The Median (minigame 2)")),
    greed: z
      .object({
        fee: int(0, 5, 1, "Fee to take part", "Garnets paid to start drawing.", "garnets"),
        startPot: int(0, 5, 1, "Starting pot", "The pot you start drawing with.", "garnets"),
        grey: stone(3, "none", "Grey"),
        white: stone(5, "plus1", "White"),
        black: stone(4, "minus1", "Black"),
        green: stone(1, "double", "Green"),
        red: stone(2, "bust", "Red"),
      })
      .prefault({})
      .meta(group("Does Greed Succeed (minigame 3)", "Draw stones from your own bag one at a time; stop whenever you like.")),
    bidding: z
      .object({
        maxBid: int(1, 50, 10, "Largest bid", "The highest bid a player may make.", "garnets"),
        winPoints: points(1, "Points for the winner", "The highest unique bid wins."),
        minBlockedBid: int(0, 50, 1, "Smallest blocking top bid", "For the Bidding War challenge: the least top bid that counts as blocked.", "garnets"),
      })
      .prefault({})
      .meta(group("Bidding War (minigame 4)")),
    identity: z
      .object({
        garnets: int(0, 5, 1, "Garnets for a fully right guess", "Paid at the end of the game.", "garnets"),
        solePoints: points(1, "Points for the only fully right guesser", "When nobody else guessed every alias right."),
      })
      .prefault({})
      .meta(group("Guessing Identity (minigame 5)")),
    guessing: z
      .object({
        namePossessed: points(1, "Naming the possessed", "For a right guess of the round's possessed."),
        nameGhostHunter: points(0.5, "Naming the ghost hunter", "For a right guess of the round's ghost hunter."),
        hunterFindsPossessed: points(0.5, "Ghost hunter finds the possessed", "Extra for the ghost hunter who names the possessed."),
        hunterNamedPenalty: points(0.5, "Ghost hunter found out", "The ghost hunter loses this for each player who names them."),
        identificationCount: z
          .enum(["each", "both"])
          .default("each")
          .meta(form({ title: "Identification win counts", description: "For win condition 2, most correct role identifications.", options: { each: "Each right name", both: "Only rounds with both names right" } })),
      })
      .prefault({})
      .meta(group("Role guesses")),
    challenges: z
      .object({
        points: points(0.5, "Points each", "For each possession challenge completed."),
        detectedPoints: points(-0.5, "Points each when detected", "When every other player named you as the possessed.", -5, 5),
      })
      .prefault({})
      .meta(group("Possession challenges")),
    schedule: z
      .object({
        uniquePairs: z
          .enum(["unordered", "ordered"])
          .default("unordered")
          .meta(form({ title: "Each pair of players with roles is unique", description: "How the rule text's unique pairs are read.", options: { unordered: "Never the same two players, in either order", ordered: "Never the same possessed and hunter in that order" } })),
      })
      .prefault({})
      .meta(group("Role schedule")),
    tiebreaks: z
      .object({
        startGarnets: z.enum(["more", "fewer"]).default("more").meta(form({ title: "Last tiebreak: garnets at the start", description: "Which player wins a tie the earlier steps leave.", options: { more: "More garnets at the start wins", fewer: "Fewer garnets at the start wins" } })),
        unbroken: z.enum(["random", "shared"]).default("random").meta(form({ title: "A tie nothing breaks", description: "When the whole chain of tiebreaks leaves players equal.", options: { random: "A draw from the room's seed", shared: "The tied players share the win" } })),
      })
      .prefault({})
      .meta(group("Tiebreaks")),
  })
  .superRefine((c, ctx) => {
    if (c.rps.minBet > c.rps.maxBet) ctx.addIssue({ code: "custom", path: ["rps", "minBet"], message: "The smallest bet is above the largest bet." });
    if (c.greed.grey.count < 1) ctx.addIssue({ code: "custom", path: ["greed", "grey", "count"], message: "The bag needs at least one grey stone." });
  });

export type Config = z.infer<typeof configSchema>;
