// What a player (or the host) may send. Who may send each is noted per type.
import { z } from "zod";
import { ATTRIBUTES, LETTERS } from "./rules";

const letter = z.enum(LETTERS);
const seat = z.string().regex(/^s[1-9][0-9]?$/, "a seat id like s3");

export const actionSchema = z.discriminatedUnion("type", [
  /** A seat, rounds 1 … rounds−1, once a round: three letters and an attribute, sent to a player of the other realm. */
  z.object({ type: z.literal("query"), letters: z.tuple([letter, letter, letter]), attribute: z.enum(ATTRIBUTES), recipient: seat }),
  /** A seat, any round, once a round per letter it holds: `letter` locks in `target` as an ally. */
  z.object({ type: z.literal("lock"), letter, target: letter }),
  /** A seat: finished for this round (no more queries or lock-ins until "resume"). */
  z.object({ type: z.literal("done") }),
  /** A seat that marked itself done and wants to act again in the same round. */
  z.object({ type: z.literal("resume") }),
  /** The Heaven winner, or the host on their behalf, after the results: one more Hell player ascends. */
  z.object({ type: z.literal("pickAscender"), seat }),
]);

export type Action = z.infer<typeof actionSchema>;
