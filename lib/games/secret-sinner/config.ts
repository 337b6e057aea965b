// Room configuration. `configSchema.parse({})` is the match as the rule text
// describes it, with web-sized timers instead of day-long rounds.
import { z } from "zod";

const seconds = (label: string, min: number, max: number, def: number) => z.number().int().min(min).max(max).default(def).describe(label);

export const configSchema = z
  .object({
    phaseSeconds: z
      .object({
        briefing: seconds("Briefing before letters are dealt (seconds, 0 = start with round 1)", 0, 86_400, 120),
        round: seconds("Round length (seconds)", 30, 172_800, 480),
        ascension: seconds("Heaven winner's ascension pick (seconds, 0 = untimed)", 0, 86_400, 0),
      })
      .prefault({})
      .describe("Phase lengths"),
    rounds: z.number().int().min(2).max(20).default(10).describe("Rounds (queries in every round but the last)"),
    maxLocksPerLetter: z.number().int().min(1).max(20).default(8).describe("Most lock-ins one letter may make over the game"),
    heavenRecipientLimit: z.number().int().min(1).max(20).default(1).describe("Queries a Heaven player may send to the same Hell player"),
    hellRecipientLimit: z.number().int().min(1).max(20).default(2).describe("Queries a Hell player may send to the same Heaven player"),
    queryOwnLetters: z.boolean().default(true).describe("A player may include their own letters in a query"),
    lockOwnLetters: z.boolean().default(false).describe("A Heaven letter may lock in another letter of the same player"),
    publicChat: z
      .enum(["off", "outsideRounds", "always"])
      .default("outsideRounds")
      .describe("Table talk: off, only in the briefing and after the results, or always"),
    endRoundWhenAllDone: z.boolean().default(true).describe("End a round early once every player has marked themselves done"),
    scoring: z
      .object({
        correctLock: z.number().int().min(0).max(20).default(2).describe("Points per correctly locked ally"),
        incorrectLock: z.number().int().min(0).max(20).default(1).describe("Points lost per incorrect lock-in"),
        lockedByAlly: z.number().int().min(0).max(20).default(3).describe("Points lost each time an ally locks your letter in"),
      })
      .prefault({})
      .describe("Scoring"),
    realms: z
      .array(z.enum(["heaven", "hell"]))
      .max(19)
      .default([])
      .describe("Realm of each seat in seat order (empty = drawn from the seed)"),
    markedSeats: z
      .array(z.string().regex(/^s[1-9][0-9]?$/))
      .max(19)
      .default([])
      .describe("Seats already carrying a Mark of Elimination (they cannot ascend)"),
  })
  .describe("Secret Sinner");

export type Config = z.infer<typeof configSchema>;
