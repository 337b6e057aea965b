import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getPath, setPath } from "./config-fields";
import { describeConfig } from "./config-form";

const schema = z.object({
  startingHealth: z.number().int().min(1).max(99).default(45).describe("Starting health"),
  fast: z.boolean().default(false),
  mode: z.enum(["a", "b"]).default("a"),
  phaseSeconds: z.object({ rolling: z.number().int().min(5).default(60) }).default({ rolling: 60 }),
  garnets: z.array(z.number().int()).default([]),
  headlines: z.array(z.object({ text: z.string(), real: z.boolean() })).default([]),
});

describe("config form description", () => {
  it("describes numbers with bounds, booleans, enums, groups, number lists and complex fields as JSON", () => {
    const fields = describeConfig(schema)!;
    expect(fields.map((f) => f.kind)).toEqual(["number", "boolean", "enum", "group", "list", "json"]);
    expect(fields[0]).toMatchObject({ label: "Starting health", integer: true, min: 1, max: 99 });
    expect(fields[2]).toMatchObject({ options: ["a", "b"] });
    expect(fields[3]).toMatchObject({ label: "Phase seconds", fields: [{ kind: "number", path: ["phaseSeconds", "rolling"] }] });
  });

  it("reads and writes nested paths without mutating", () => {
    const a = { phaseSeconds: { rolling: 60 }, x: 1 };
    const b = setPath(a, ["phaseSeconds", "rolling"], 30);
    expect(getPath(b, ["phaseSeconds", "rolling"])).toBe(30);
    expect(a.phaseSeconds.rolling).toBe(60);
    expect(b.x).toBe(1);
  });
});
