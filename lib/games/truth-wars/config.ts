// Room configuration: phase timers, the section-6 variant switches and the
// host's own headlines. `configSchema.parse({})` gives the rule text's game.
import { z } from "zod";

const seconds = (label: string, def: number, min: number, max: number) =>
  z.number().int().min(min).max(max).default(def).describe(label);

export const MIN_HEADLINE_LENGTH = 3;
export const MAX_HEADLINE_LENGTH = 200;
/** Set A holds 3 real / 2 fake, Set B 2 real / 3 fake: a custom list needs 5 of each. */
export const HEADLINES_NEEDED_PER_TRUTH = 5;

export const headlineItemSchema = z.object({
  text: z.string().trim().min(MIN_HEADLINE_LENGTH).max(MAX_HEADLINE_LENGTH).describe("Headline"),
  truth: z.enum(["real", "fake"]).describe("Real or fake"),
});
export type HeadlineItem = z.infer<typeof headlineItemSchema>;

export const customHeadlinesSchema = z
  .array(headlineItemSchema)
  .max(200)
  .superRefine((items, ctx) => {
    if (items.length === 0) return;
    const real = items.filter((h) => h.truth === "real").length;
    const fake = items.length - real;
    if (real < HEADLINES_NEEDED_PER_TRUTH || fake < HEADLINES_NEEDED_PER_TRUTH) {
      ctx.addIssue({
        code: "custom",
        message: `Custom headlines need at least ${HEADLINES_NEEDED_PER_TRUTH} real and ${HEADLINES_NEEDED_PER_TRUTH} fake ones to build Set A (3 real / 2 fake) and Set B (2 real / 3 fake); got ${real} real and ${fake} fake.`,
      });
    }
    const seen = new Set<string>();
    items.forEach((h, i) => {
      const k = h.text.toLowerCase();
      if (seen.has(k)) ctx.addIssue({ code: "custom", path: [i, "text"], message: `Headline ${i + 1} appears twice.` });
      seen.add(k);
    });
  });

export const configSchema = z.object({
  phaseSeconds: z
    .object({
      reveal: seconds("Headline reveal (seconds)", 15, 5, 120),
      discussion: seconds("Discussion (seconds)", 180, 30, 900),
      vote: seconds("Initial vote (seconds)", 45, 10, 300),
      snipe: seconds("Fact Checker snipe (seconds)", 20, 5, 120),
      banVote: seconds("Shadow-ban vote (seconds)", 45, 10, 300),
      banRevote: seconds("Shadow-ban revote (seconds)", 30, 10, 300),
      roundEnd: seconds("Scoring and round end (seconds)", 15, 5, 120),
    })
    .prefault({})
    .describe("Phase timers"),
  rounds: z.number().int().min(1).max(10).default(5).describe("Rounds (the rules play 5; more rounds draw on the other headline set)"),
  pointsToWin: z.number().int().min(1).max(5).default(3).describe("Points a team needs to win"),
  peeksPerGame: z.number().int().min(0).max(5).default(3).describe("Fact Checker peeks per game (variant: 2)"),
  drunkHintAccuracy: z.number().int().min(50).max(100).default(100).describe("Drunk's hint accuracy in % (variant: 70)"),
  banVoteInRoundOne: z.boolean().default(false).describe("Shadow-ban vote already in round 1 (variant)"),
  refusalPenalty: z.boolean().default(false).describe("−1 team point for each player who does not vote Trust or Flag (variant)"),
  secretBallots: z.boolean().default(false).describe("Secret initial votes: only the tally is shown until the end"),
  scammersKnowEachOther: z.boolean().default(true).describe("With two Scammers, they know each other"),
  customHeadlines: customHeadlinesSchema.default([]).describe("Your own headlines (empty: the built-in bank)"),
});

export type Config = z.infer<typeof configSchema>;

/**
 * Turns a pasted block into headline items: one headline a line, starting with
 * "real" or "fake" and a separator (":", "|", "-" or a tab), e.g.
 * `fake: Council to paint all buses gold`. Blank lines and lines starting with
 * "#" are skipped. For the host's config form; the result still goes through
 * `configSchema`.
 */
export function parseHeadlinePaste(text: string): { items: HeadlineItem[]; errors: string[] } {
  const items: HeadlineItem[] = [];
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const m = /^(real|fake)\s*[:|\t-]\s*(.+)$/i.exec(line);
    if (!m) {
      errors.push(`Line ${i + 1}: start with "real:" or "fake:" followed by the headline.`);
      return;
    }
    const parsed = headlineItemSchema.safeParse({ text: m[2], truth: (m[1] as string).toLowerCase() });
    if (!parsed.success) {
      errors.push(`Line ${i + 1}: a headline needs ${MIN_HEADLINE_LENGTH} to ${MAX_HEADLINE_LENGTH} characters.`);
      return;
    }
    items.push(parsed.data);
  });
  return { items, errors };
}
