// Room configuration: the group decision (Resurrection, Cleansing), the optional
// extra win condition, the Wisdom option, garnet balances and the round timer.
import { z } from "zod";

/** The four Wisdom options of the rule text, in its order. */
export const WISDOM_OPTIONS = ["lieCount", "tdCount", "playerCheck", "pairTrace"] as const;
export type WisdomOption = (typeof WISDOM_OPTIONS)[number];

export const WISDOM_OPTION_TEXT: Record<WisdomOption, string> = {
  lieCount: "You are told how many players lied about their trait this round.",
  tdCount: "You are told how many alive players are Truth Deflectors right now.",
  playerCheck: "Choose a player; you are told whether they lied about their trait this round.",
  pairTrace:
    "Choose a claimed trait and a different submitted trait; you are told every player who claimed the first and secretly submitted the second this round.",
};

/** Most seats a room may have (seat ids stop at s99; the game is built for about 11). */
export const MAX_PLAYERS = 20;
export const MIN_PLAYERS = 4;

export const configSchema = z.object({
  rounds: z.number().int().min(1).max(20).default(10).describe("Number of rounds"),
  resurrection: z
    .boolean()
    .default(true)
    .describe("Resurrection (group decision): an eliminated player may pay 5 garnets to come back"),
  cleansing: z
    .boolean()
    .default(true)
    .describe("Cleansing (group decision): a Truth Deflector may pay 3 garnets to lose the status"),
  lieWinCondition: z
    .boolean()
    .default(false)
    .describe("Extra win condition: the alive player who lied in the most rounds wins a Token of Life"),
  wisdomOption: z.enum(WISDOM_OPTIONS).default("pairTrace").describe("Effect of Wisdom"),
  garnets: z
    .object({
      start: z.number().int().min(0).max(999).default(5).describe("Garnets each player starts with"),
      perSeat: z
        .array(z.number().int().min(0).max(999).nullable())
        .max(MAX_PLAYERS)
        .default([])
        .describe("Garnets per seat in seat order (s1 first); empty or null entries use the default"),
    })
    .prefault({})
    .describe("Garnet balances"),
  phaseSeconds: z
    .object({
      round: z.number().int().min(15).max(86_400).default(180).describe("Round (claims, secrets, challenges) in seconds"),
    })
    .prefault({})
    .describe("Timers"),
});

export type Config = z.infer<typeof configSchema>;
