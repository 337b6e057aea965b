// The zod schema of every action a seat or the host sends. Kept apart from the
// rules so that the browser, which imports rule helpers, never loads zod.
import { z } from "zod";
import { DICE } from "./dice";
import { TOOL_IDS } from "./tools";

const die = z.enum(DICE);
const diceList = z.array(die).max(5);

/** Every action. Seats send all of them but `pickWinner`, which only the host sends. */
export const actionSchema = z.discriminatedUnion("type", [
  /** Rolling phase, seat: roll one die (a random face, seen at once). */
  z.object({ type: z.literal("roll"), die }),
  /** Rolling phase, seat: give one die the chosen face; after this, no more normal rolls this phase. */
  z.object({ type: z.literal("bluff"), die, value: z.number().int() }),
  /** Rigging phase, seat: use one of this round's tools; `primary` changes, `secondary` becomes unrolled. */
  z.object({ type: z.literal("rig"), tool: z.enum(TOOL_IDS), primary: die, secondary: die }),
  /** Rigging phase, seat: declare (or move) a challenge, wagering one rolled die. */
  z.object({ type: z.literal("challenge"), die }),
  /** Rigging phase, seat: take back the standing challenge. */
  z.object({ type: z.literal("withdrawChallenge") }),
  /** Rigging phase, seat: which removed dice to recover first (listed dice only; [] recovers none). */
  z.object({ type: z.literal("setRecovery"), priority: diceList }),
  /** Action phase, seat: the dice for each action this phase (replaces the previous plan; used as is when the clock runs out). */
  z.object({ type: z.literal("assign"), short: diceList.default([]), medium: diceList.default([]), long: diceList.default([]) }),
  /** Any seat phase: finished with this phase (no more moves until the next phase). */
  z.object({ type: z.literal("done") }),
  /** Final tiebreak, host only: name the winner. */
  z.object({ type: z.literal("pickWinner"), seat: z.string() }),
]);
export type Action = z.infer<typeof actionSchema>;
