// The purity rules of lib/games, checked on small files as lint sees them.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function problems(file: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath: file });
  return (r?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("lint keeps lib/games pure", () => {
  it("refuses imports from outside lib/games and packages other than zod", async () => {
    expect(await problems("lib/games/truth-wars/x.ts", `import { withSeatNames } from "../../names";\nexport const f = withSeatNames;\n`)).toEqual([expect.stringContaining("lib/games imports only from lib/games")]);
    expect(await problems("lib/games/truth-wars/x.ts", `import { z } from "zod";\nimport fs from "node:fs";\nexport const f = [z, fs];\n`)).toEqual([expect.stringContaining("may use only these packages")]);
    expect(await problems("lib/games/truth-wars/x.tsx", `import React from "react";\nexport const f = React;\n`)).toEqual([expect.stringContaining("may use only these packages")]);
    expect(await problems("lib/games/truth-wars/x.test.ts", `import { it } from "vitest";\nimport { game } from "./index";\nexport const f = [it, game];\n`)).toEqual([]);
  });

  it("refuses the clock, timers and unseeded randomness", async () => {
    for (const code of ["export const t = performance.now();", "export const t = Date();", "export const t = new Date();", "export const t = crypto.randomUUID();", "export const t = setTimeout(() => 1, 5);", "export const t = Math.random();"]) {
      expect((await problems("lib/games/core/x.ts", code)).length, code).toBeGreaterThan(0);
    }
    expect(await problems("lib/games/core/x.ts", "export const t = 1 + 1;")).toEqual([]);
  });
});
