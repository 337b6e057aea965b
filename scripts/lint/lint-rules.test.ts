// The purity rules of lib/games, and the rule that keeps named closures off
// the server's hot paths, checked on small files as lint sees them; and that
// rule against the compiler that makes the names.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { transformSync } from "esbuild";
import { ESLint } from "eslint";
import ts from "typescript";
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

describe("lint keeps named closures off the server's hot paths", () => {
  const named = async (file: string, code: string) => (await problems(file, code)).filter((p) => p.startsWith("perf/closures-unnamed"));

  it("refuses a function or class named anew each time code runs", async () => {
    for (const code of [
      "export function f(xs: number[]) { const g = (x: number) => x + 1; return xs.map(g); }",
      "export function f() { function g() { return 1; } return g(); }",
      "export function f() { let g; g = () => 1; return g; }",
      "export function f() { return { g: () => 1 }; }",
      "export function f() { return { g: function () { return 1; } }; }",
      "export function f() { return [function g() { return 1; }]; }",
      "export function f() { class C {} return new C(); }",
      "export function f() { return class C {}; }",
      "export function f({ g = () => 1 }: { g?: () => number }) { return g(); }",
      "export function f() { const g = ((x: number) => x) as (x: number) => number; return g; }",
      "export class C { g = () => 1; }",
    ]) {
      expect(await named("server/rooms/x.ts", code), code).toHaveLength(1);
    }
  });

  it("lets anonymous, module-level and method functions be, and code off the hot paths", async () => {
    for (const code of [
      "export function f(xs: number[]) { return xs.map((x) => x + 1); }",
      "const g = (x: number) => x + 1;\nexport function f(xs: number[]) { return xs.map(g); }",
      "export function f() { return { g() { return 1; }, get h() { return 2; } }; }",
      "export class C { static g = () => 1; m() { return 1; } }",
      "export function f() { return function () { return 1; }; }",
    ]) {
      expect(await named("lib/games/truth-wars/x.ts", code), code).toEqual([]);
    }
    expect(await named("server/cluster/x.ts", "export function f() { const g = () => 1; return g; }")).toEqual([]);
    expect(await named("lib/games/truth-wars/x.test.ts", "export function f() { const g = () => 1; return g; }")).toEqual([]);
  });
});

/** The names esbuild (with the options tsx runs the server with) gives functions inside other functions or as instance fields: each is a call per run. */
function namedPerRun(file: string): string[] {
  const code = transformSync(readFileSync(file, "utf8"), { loader: "ts", format: "esm", target: "node20", minifyWhitespace: true, keepNames: true, sourcefile: file }).code;
  const names: string[] = [];
  const visit = (node: ts.Node, perRun: boolean): void => {
    if (perRun && ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "__name") names.push(node.arguments[1]?.getText() ?? "?");
    const instanceField = ts.isPropertyDeclaration(node) && !node.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
    node.forEachChild((child) => visit(child, perRun || ts.isFunctionLike(node) || instanceField));
  };
  visit(ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true), false);
  return names;
}

describe("the closures rule covers every name the server's compiler keeps", () => {
  it("finds each name the compiler makes per run, in every file it checks", async () => {
    const files = execFileSync("git", ["ls-files", "lib/*.ts", "server/*.ts"], { encoding: "utf8" }).split("\n").filter(Boolean);
    const checked: string[] = [];
    for (const file of files) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> };
      if (config.rules?.["perf/closures-unnamed"] === undefined) continue;
      checked.push(file);
      // the rule names exactly what the compiler does: none where lint passes, the ones a comment lets be (with its reason) where it is turned off
      const [r] = await eslint.lintFiles([file]);
      const reported = [...(r?.messages ?? []), ...(r?.suppressedMessages ?? [])].filter((m) => m.ruleId === "perf/closures-unnamed").map((m) => /`([^`]*)`/.exec(m.message)?.[1]);
      expect(namedPerRun(file).sort(), file).toEqual(reported.map((n) => JSON.stringify(n)).sort());
    }
    expect(checked.length).toBeGreaterThan(50);
  }, 60_000);
});
