// Room configuration: the group decision (Resurrection, Cleansing), the optional
// extra win condition, the Wisdom option, garnet balances and the round timer.
import { z } from "zod";
import { form } from "../core/config-meta";

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
  rounds: z.number().int().min(1).max(20).default(10).meta(form({ title: "Rounds", description: "The rule text plays 10 rounds.", unit: "rounds" })),
  resurrection: z
    .boolean()
    .default(true)
    .meta(form({ title: "Resurrection", description: "Group decision: an eliminated player may pay 5 garnets to come back." })),
  cleansing: z
    .boolean()
    .default(true)
    .meta(form({ title: "Cleansing", description: "Group decision: a Truth Deflector may pay 3 garnets to lose the status." })),
  lieWinCondition: z
    .boolean()
    .default(false)
    .meta(form({ title: "Extra win condition: most rounds lied", description: "The alive player who lied about their trait in the most rounds also wins a Token of Life." })),
  wisdomOption: z.enum(WISDOM_OPTIONS).default("pairTrace").meta(form({ title: "Effect of Wisdom", description: "The rule text offers four; the group picks one for the game.", options: WISDOM_OPTION_TEXT })),
  garnets: z
    .object({
      start: z.number().int().min(0).max(999).default(5).meta(form({ title: "Starting garnets", description: "Garnets each player brings into the game.", unit: "garnets" })),
      perSeat: z
        .array(z.number().int().min(0).max(999).nullable())
        .max(MAX_PLAYERS)
        .default([])
        .meta(form({ title: "Starting garnets per seat", description: "For players who bring a different balance; leave a seat empty for the amount above.", control: "perSeat", unit: "garnets" })),
    })
    .prefault({})
    .meta(form({ title: "Garnet balances" })),
  phaseSeconds: z
    .object({
      round: z.number().int().min(15).max(86_400).default(180).meta(form({ title: "Round", description: "Claims, secret traits, challenges and Wisdom's question, all at once.", unit: "seconds" })),
    })
    .prefault({})
    .meta(form({ title: "Phase lengths" })),
});

export type Config = z.infer<typeof configSchema>;
