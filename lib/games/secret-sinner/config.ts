// Room configuration. `configSchema.parse({})` is the match as the rule text
// describes it, with web-sized timers instead of day-long rounds.
import { z } from "zod";
import { form } from "../core/config-meta";

const seconds = (title: string, description: string, min: number, max: number, def: number) => z.number().int().min(min).max(max).default(def).meta(form({ title, description, unit: "seconds" }));
const count = (min: number, max: number, def: number, title: string, description: string, unit: string) => z.number().int().min(min).max(max).default(def).meta(form({ title, description, unit }));

export const configSchema = z.object({
  phaseSeconds: z
    .object({
      briefing: seconds("Briefing", "Before letters are dealt: realms are known, table talk is open. 0 starts with round 1.", 0, 86_400, 120),
      round: seconds("Round", "Queries and lock-ins; the rule text gives a day, the web a few minutes.", 30, 172_800, 480),
      ascension: seconds("Ascension pick", "The Heaven winner's pick at the end. 0 waits as long as it takes.", 0, 86_400, 0),
    })
    .prefault({})
    .meta(form({ title: "Phase lengths" })),
  rounds: count(2, 20, 10, "Rounds", "Queries in every round but the last.", "rounds"),
  maxLocksPerLetter: count(1, 20, 8, "Most lock-ins per letter", "Over the whole game, for one letter.", "lock-ins"),
  heavenRecipientLimit: count(1, 20, 1, "Heaven: queries to the same Hell player", "How often a Heaven player may query one Hell player.", "queries"),
  hellRecipientLimit: count(1, 20, 2, "Hell: queries to the same Heaven player", "How often a Hell player may query one Heaven player.", "queries"),
  queryOwnLetters: z.boolean().default(true).meta(form({ title: "Query your own letters", description: "A player may include their own letters in a query." })),
  lockOwnLetters: z.boolean().default(false).meta(form({ title: "Lock in a letter of your own", description: "A Heaven letter may lock in another letter of the same player." })),
  publicChat: z
    .enum(["off", "outsideRounds", "always"])
    .default("outsideRounds")
    .meta(form({ title: "Table talk", description: "When everyone may write in the public channel.", options: { off: "Never", outsideRounds: "During the briefing and after the results", always: "Always" } })),
  endRoundWhenAllDone: z.boolean().default(true).meta(form({ title: "End a round early", description: "Once every player has marked themselves done." })),
  scoring: z
    .object({
      correctLock: count(0, 20, 2, "Correct lock-in", "Points for each ally locked in correctly.", "points"),
      incorrectLock: count(0, 20, 1, "Incorrect lock-in", "Points lost for each wrong lock-in.", "points"),
      lockedByAlly: count(0, 20, 3, "Locked in by an ally", "Points lost each time an ally locks your letter in.", "points"),
    })
    .prefault({})
    .meta(form({ title: "Scoring" })),
  realms: z
    .array(z.enum(["heaven", "hell"]))
    .max(19)
    .default([])
    .meta(form({ title: "Realm of each seat", description: "The host may set the realms; leave every seat on “drawn” to let the game draw them.", control: "perSeat", options: { heaven: "Heaven", hell: "Hell" } })),
  markedSeats: z
    .array(z.string().regex(/^s[1-9][0-9]?$/))
    .max(19)
    .default([])
    .meta(form({ title: "Seats with a Mark of Elimination", description: "Players who already carry one: they cannot ascend.", control: "seats" })),
});

export type Config = z.infer<typeof configSchema>;
