// Room configuration: phase timers, the section-6 variant switches and the
// host's own headlines. `configSchema.parse({})` gives the rule text's game.
import { z } from "zod";
import { form } from "../core/config-meta";

const seconds = (title: string, description: string, def: number, min: number, max: number) =>
  z.number().int().min(min).max(max).default(def).meta(form({ title, description, unit: "seconds" }));

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
      reveal: seconds("Headline reveal", "Everyone reads the headline; the Drunk gets a hint.", 15, 5, 120),
      discussion: seconds("Discussion", "Table talk; show a lean, then press Ready.", 180, 30, 900),
      vote: seconds("Initial vote", "Trust or Flag, one vote each.", 45, 10, 300),
      snipe: seconds("Fact Checker snipe", "The Fact Checker's secret chance to overturn the vote.", 20, 5, 120),
      banVote: seconds("Shadow-ban vote", "Vote one player out of the talking.", 45, 10, 300),
      banRevote: seconds("Shadow-ban revote", "Only after a tied ban vote.", 30, 10, 300),
      roundEnd: seconds("Scoring and round end", "Points are given and the next round is prepared.", 15, 5, 120),
    })
    .prefault({})
    .meta(form({ title: "Phase lengths" })),
  rounds: z.number().int().min(1).max(10).default(5).meta(form({ title: "Rounds", description: "The rules play 5; rounds 6 and on use the other headline set.", unit: "rounds" })),
  pointsToWin: z.number().int().min(1).max(5).default(3).meta(form({ title: "Points to win", description: "The first team to reach this many points wins.", unit: "points" })),
  peeksPerGame: z.number().int().min(0).max(5).default(3).meta(form({ title: "Fact Checker peeks per game", description: "Standard 3; the variant plays 2.", unit: "peeks" })),
  drunkHintAccuracy: z.number().int().min(50).max(100).default(100).meta(form({ title: "Drunk's hint accuracy", description: "Standard 100 %; the variant plays 70 %.", unit: "%" })),
  banVoteInRoundOne: z.boolean().default(false).meta(form({ title: "Shadow-ban vote from round 1", description: "Variant: standard play holds ban votes in rounds 2–5 only." })),
  refusalPenalty: z.boolean().default(false).meta(form({ title: "Penalty for refusing to vote", description: "Variant: −1 point to a player's team each time they vote neither Trust nor Flag." })),
  secretBallots: z.boolean().default(false).meta(form({ title: "Secret ballots", description: "Variant: only the tally shows when the vote closes; the ballots at the end." })),
  scammersKnowEachOther: z.boolean().default(true).meta(form({ title: "Scammers know each other", description: "With two Scammers, each is told who the other is." })),
  customHeadlines: customHeadlinesSchema
    .default([])
    .meta(
      form({
        title: "Your own headlines",
        description: `One a line, starting "real:" or "fake:"; at least ${HEADLINES_NEEDED_PER_TRUTH} of each. Leave empty for the built-in bank.`,
        control: "taggedLines",
        tags: { real: "real", fake: "fake" },
        tagKey: "truth",
        textKey: "text",
      }),
    ),
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
