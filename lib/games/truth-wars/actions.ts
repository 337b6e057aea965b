// Every move of the game. All are sent by seats; the host has no moves of its
// own (it ends a phase early with the platform's "advance now", which runs the
// phase's timeout defaults).
import { z } from "zod";

const seat = z.string().regex(/^s[1-9][0-9]?$/, "a seat id like s3");

export const actionSchema = z.discriminatedUnion("type", [
  /** Any unbanned seat, in reveal / discussion / round end: done here; the phase ends once every unbanned seat is ready. */
  z.object({ type: z.literal("ready") }),
  /** Any unbanned seat, in discussion: show the table which way you lean (null takes it back). Changeable. */
  z.object({ type: z.literal("lean"), lean: z.enum(["trust", "flag"]).nullable() }),
  /** Fact Checker only, in discussion: learn whether this round's headline is real or fake. */
  z.object({ type: z.literal("peek") }),
  /** Any unbanned seat, in the initial vote, once. "abstain" counts as refusing to vote. */
  z.object({ type: z.literal("vote"), choice: z.enum(["trust", "flag", "abstain"]) }),
  /** Fact Checker only, in the snipe phase, once per round: a target (once per game) or null to hold. */
  z.object({ type: z.literal("snipe"), target: seat.nullable() }),
  /** Each eligible voter, in the shadow-ban vote or its revote, once per ballot: a candidate or null to abstain. */
  z.object({ type: z.literal("ban"), target: seat.nullable() }),
]);

export type Action = z.infer<typeof actionSchema>;
export type ActionType = Action["type"];
