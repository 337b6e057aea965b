// Room configuration. `configSchema.parse({})` is the game as the rule text
// and RULES.md describe it; every house choice the text leaves open is a switch here.
import { z } from "zod";
import { form } from "../core/config-meta";
import { RESTRICTION_IDS, RESTRICTIONS } from "./actions";
import { TOOL_IDS, toolInfo } from "./tools";

const seconds = (title: string, description: string) => z.number().int().min(5).max(3600).default(60).meta(form({ title, description, unit: "seconds" }));

export const configSchema = z
  .object({
    startingHealth: z.number().int().min(1).max(999).default(45).meta(form({ title: "Starting health", description: "Each player's health at the start; a player at 0 loses.", unit: "health" })),
    phaseSeconds: z
      .object({
        rolling: seconds("Rolling", "Roll your dice one at a time, or bluff a face."),
        rigging: seconds("Rigging", "Use this round's tools, challenge a die, set your recovery."),
        action: seconds("Action", "Assign dice to the short, medium and long actions."),
      })
      .prefault({})
      .meta(form({ title: "Phase lengths", description: "How long each phase of a round lasts." })),
    tools: z
      .array(z.enum(TOOL_IDS))
      .min(1)
      .default([...TOOL_IDS])
      .refine((l) => new Set(l).size === l.length, "Each tool may be listed once.")
      .meta(form({ title: "Rigging tools in the pool", description: "The tools each round's offer is drawn from.", options: Object.fromEntries(TOOL_IDS.map((id) => [id, `${toolInfo(id).name}: ${toolInfo(id).text}`])) })),
    toolsPerRound: z.number().int().min(1).max(4).default(2).meta(form({ title: "Tools offered each round", description: "How many rigging tools are available in one round.", unit: "tools" })),
    restrictions: z
      .array(z.enum(RESTRICTION_IDS))
      .default([...RESTRICTION_IDS])
      .refine((l) => new Set(l).size === l.length, "Each restriction may be listed once.")
      .meta(form({ title: "Action restrictions in the pool", description: "Restrictions an action may carry, drawn from these.", options: Object.fromEntries(RESTRICTION_IDS.map((id) => [id, `${RESTRICTIONS[id].name}: ${RESTRICTIONS[id].text}`])) })),
    restrictionPercent: z.number().int().min(0).max(100).default(50).meta(form({ title: "Chance of a restriction", description: "How likely each action is to carry a restriction.", unit: "%" })),
    rerollKeptDice: z.boolean().default(true).meta(form({ title: "Kept dice may be rolled again", description: "A die that keeps its value from an earlier round may be rolled again." })),
    overflow: z
      .enum(["clamp", "reject"])
      .default("clamp")
      .meta(form({ title: "A non-wrapping tool past a die's end", description: "What happens when Nudge, Capped Add and the like would go past the top or below 1.", options: { clamp: "Stop at the end face", reject: "Refuse the rig" } })),
    doubles: z
      .enum(["disjoint", "everyPair"])
      .default("disjoint")
      .meta(form({ title: "Counting doubles for recovery", description: "Doubles among your rolled dice let you recover removed dice.", options: { disjoint: "Each die in one double only", everyPair: "Every equal pair counts" } })),
    challengeReveal: z
      .enum(["roundEnd", "riggingEnd"])
      .default("roundEnd")
      .meta(form({ title: "When challenges are announced", description: "The rule text: at the end of the round.", options: { roundEnd: "At the end of the round", riggingEnd: "When the rigging phase ends" } })),
    extraRounds: z.number().int().min(1).max(10).default(3).meta(form({ title: "Extra rounds on a tie", description: "Rounds added when both players would die with equal health.", unit: "rounds" })),
    maxExtraBlocks: z.number().int().min(0).max(50).default(10).meta(form({ title: "Most times extra rounds are added", description: "After this many, a still-equal game goes to the final tiebreak.", unit: "times" })),
    finalTiebreak: z
      .enum(["host", "coin", "draw"])
      .default("host")
      .meta(form({ title: "Final tiebreak", description: "Still tied after the last extra rounds.", options: { host: "The host names the winner", coin: "A coin drawn from the room's seed", draw: "A draw" } })),
    revealSecretsAtEnd: z.boolean().default(false).meta(form({ title: "Reveal every secret at the end", description: "Show every bluff, rig and recovery once the game is over." })),
  })
  .refine((c) => c.tools.length >= c.toolsPerRound, { message: "The tool pool must hold at least as many tools as are offered each round.", path: ["tools"] });

export type Config = z.infer<typeof configSchema>;
