// Every action a player may send. No action is the host's: the host steers the
// match with the room's "advance now" (a timeout), which applies the defaults.
import { z } from "zod";

const seat = z.string().regex(/^s[1-9][0-9]?$/, "a seat id like s1");

export const actionSchema = z.discriminatedUnion("type", [
  /** MG1: "I will face [opponent] in RPS, betting [bet] garnets, throwing [throw]". Replaces an earlier entry. */
  z.object({ type: z.literal("rps"), opponent: seat, bet: z.int().min(0).max(100), throw: z.enum(["rock", "paper", "scissors"]) }),
  /** MG1: withdraw the RPS entry. */
  z.object({ type: z.literal("rpsCancel") }),
  /** MG2: play a card from your hand (may be changed until the round ends). */
  z.object({ type: z.literal("playCard"), card: z.int().min(1).max(12) }),
  /** MG3: pay the fee and take a bag (once a round). */
  z.object({ type: z.literal("greedJoin") }),
  /** MG3: draw one stone. */
  z.object({ type: z.literal("greedDraw") }),
  /** MG3, the possessed only, once a round: ignore the stone just drawn (before drawing again or stopping). */
  z.object({ type: z.literal("greedIgnore") }),
  /** MG3: stop drawing and keep the pot. */
  z.object({ type: z.literal("greedStop") }),
  /** MG4: bid garnets (0 is the same as not bidding). */
  z.object({ type: z.literal("bid"), amount: z.int().min(0).max(100) }),
  /** MG5: a seat for each alias of the previous round, in the alphabetical alias order shown in the view. */
  z.object({ type: z.literal("guessIdentities"), seats: z.array(seat).min(1).max(12) }),
  /** Guess: who was possessed and who was the ghost hunter in the previous round (either may be left empty). */
  z.object({ type: z.literal("guessRoles"), possessed: seat.nullable(), ghostHunter: seat.nullable() }),
  /** Final guesses only: the round (2–12) in which nobody was possessed. */
  z.object({ type: z.literal("guessOpal"), round: z.int().min(1).max(12) }),
  /** I am finished with this phase (submissions stay editable; any change clears it). The phase ends once all are done. */
  z.object({ type: z.literal("done") }),
]);

export type Action = z.infer<typeof actionSchema>;
