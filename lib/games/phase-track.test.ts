import { describe, expect, it } from "vitest";
import { games } from "./registry";

describe("phase tracks name where each phase's length is set", () => {
  for (const g of games) {
    it(`${g.meta.id}: every length path holds its default in the default config`, () => {
      const defaults = g.configSchema.parse({});
      for (const t of g.phaseTrack) {
        expect(t.length, t.key).toBeDefined();
        expect(t.length!.path.reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], defaults), t.key).toBe(t.length!.defaultSeconds);
      }
    });
  }
});
