// The actions a seat or the host may send.
import { z } from "zod";
import { TRAITS } from "./types";

const trait = z.enum(TRAITS);
const seat = z.string().regex(/^s[1-9][0-9]?$/, "a seat id like s3");

export const wisdomQuerySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("pair"), claimed: trait, submitted: trait }),
  z.object({ kind: z.literal("player"), target: seat }),
]);

export const actionSchema = z.discriminatedUnion("type", [
  /**
   * Sent by a seat during a round: everything for the round at once (lock in).
   * Alive players give `claim` and `secret`; eliminated players leave both out.
   * Sending again before the round ends replaces the earlier submission.
   */
  z.object({
    type: z.literal("submit"),
    claim: trait.optional(),
    secret: trait.optional(),
    /** At most two other players alive this round. */
    challenges: z.array(seat).max(10).default([]),
    /** Wisdom's question, when you claim or submit Wisdom and the option takes one. */
    wisdom: wisdomQuerySchema.optional(),
    /** Truth Deflectors only, when Cleansing is on: pay 3 garnets. */
    cleanse: z.boolean().default(false),
    /** Eliminated players only, when Resurrection is on: pay 5 garnets, play again next round. */
    resurrect: z.boolean().default(false),
  }),
  /** Sent by a highest-points winner (or the host) when the lowest score is tied: names the EC. */
  z.object({ type: z.literal("pickEC"), seat }),
]);

export type Action = z.infer<typeof actionSchema>;
export type SubmitAction = Extract<Action, { type: "submit" }>;
/** What a client sends (defaults not yet filled in). */
export type ActionInput = z.input<typeof actionSchema>;
