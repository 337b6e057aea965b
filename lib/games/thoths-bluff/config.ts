// Room configuration. `configSchema.parse({})` is the game as the rule text
// and RULES.md describe it; every house choice the text leaves open is a switch here.
import { z } from "zod";
import { RESTRICTION_IDS } from "./actions";
import { TOOL_IDS } from "./tools";

const seconds = (label: string) => z.number().int().min(5).max(3600).default(60).describe(label);

export const configSchema = z
  .object({
    startingHealth: z.number().int().min(1).max(999).default(45).describe("Starting health"),
    phaseSeconds: z
      .object({
        rolling: seconds("Rolling phase (seconds)"),
        rigging: seconds("Rigging phase (seconds)"),
        action: seconds("Action phase (seconds)"),
      })
      .prefault({})
      .describe("Phase lengths"),
    tools: z
      .array(z.enum(TOOL_IDS))
      .min(1)
      .default([...TOOL_IDS])
      .refine((l) => new Set(l).size === l.length, "Each tool may be listed once.")
      .describe("Rigging tools in the pool"),
    toolsPerRound: z.number().int().min(1).max(4).default(2).describe("Rigging tools available each round"),
    restrictions: z
      .array(z.enum(RESTRICTION_IDS))
      .default([...RESTRICTION_IDS])
      .refine((l) => new Set(l).size === l.length, "Each restriction may be listed once.")
      .describe("Action restrictions in the pool"),
    restrictionPercent: z.number().int().min(0).max(100).default(50).describe("Chance (%) that an action carries a restriction"),
    rerollKeptDice: z.boolean().default(true).describe("Dice keeping a value from an earlier round may be rolled again"),
    overflow: z.enum(["clamp", "reject"]).default("clamp").describe("Non-wrapping tool past a die's end: stop at the end face, or refuse the rig"),
    doubles: z.enum(["disjoint", "everyPair"]).default("disjoint").describe("Counting doubles for recovery: each die in one double only, or every equal pair"),
    challengeReveal: z.enum(["roundEnd", "riggingEnd"]).default("roundEnd").describe("When challenges are announced"),
    extraRounds: z.number().int().min(1).max(10).default(3).describe("Rounds added when both die with equal health"),
    maxExtraBlocks: z.number().int().min(0).max(50).default(10).describe("How many times extra rounds may be added before the final tiebreak"),
    finalTiebreak: z.enum(["host", "coin", "draw"]).default("host").describe("Still tied after the last extra rounds: host picks, seeded coin, or draw"),
    revealSecretsAtEnd: z.boolean().default(false).describe("Show every bluff, rig and recovery once the game is over"),
  })
  .refine((c) => c.tools.length >= c.toolsPerRound, { message: "The tool pool must hold at least as many tools as are offered each round.", path: ["tools"] });

export type Config = z.infer<typeof configSchema>;
