import { describe, expect, it } from "vitest";
import { z } from "zod";
import { form } from "./games/core/config-meta";
import { games } from "./games/registry";
import { getPath, setPath, type FieldSpec } from "./config-fields";
import { describeConfig } from "./config-form";

const schema = z.object({
  startingHealth: z.number().int().min(1).max(99).default(45).meta(form({ title: "Starting health", description: "Health at the start.", unit: "health" })),
  fast: z.boolean().default(false),
  mode: z.enum(["a", "b"]).default("a").meta(form({ title: "Mode", options: { a: "The A way", b: "The B way" } })),
  phaseSeconds: z.object({ rolling: z.number().int().min(5).default(60) }).default({ rolling: 60 }),
  tools: z.array(z.enum(["x", "y"])).default([]).meta(form({ title: "Tools", options: { x: "Ex", y: "Why" } })),
  garnets: z.array(z.number().int().min(0).nullable()).default([]).meta(form({ title: "Garnets per seat", control: "perSeat", unit: "garnets" })),
  marked: z.array(z.string()).default([]).meta(form({ title: "Marked seats", control: "seats" })),
  lines: z.array(z.object({ text: z.string(), truth: z.enum(["real", "fake"]) })).default([]).meta(form({ title: "Lines", control: "taggedLines", tags: { real: "real", fake: "fake" }, tagKey: "truth", textKey: "text" })),
  other: z.array(z.object({ a: z.number() })).default([]),
});

function flat(fields: FieldSpec[]): FieldSpec[] {
  return fields.flatMap((f) => (f.kind === "group" ? [f, ...flat(f.fields)] : [f]));
}

describe("config form description", () => {
  it("reads titles, help, units and option names from the schema's metadata, and picks a control per field", () => {
    const fields = describeConfig(schema)!;
    expect(fields.map((f) => f.kind)).toEqual(["number", "boolean", "enum", "group", "multi", "perSeat", "seats", "taggedLines", "json"]);
    expect(fields[0]).toMatchObject({ label: "Starting health", help: "Health at the start.", unit: "health", integer: true, min: 1, max: 99 });
    expect(fields[2]).toMatchObject({ options: [{ value: "a", label: "The A way" }, { value: "b", label: "The B way" }] });
    expect(fields[3]).toMatchObject({ label: "Phase seconds", fields: [{ kind: "number", path: ["phaseSeconds", "rolling"] }] });
    expect(fields[4]).toMatchObject({ options: [{ value: "x", label: "Ex" }, { value: "y", label: "Why" }] });
    expect(fields[5]).toMatchObject({ shape: "list", unit: "garnets", min: 0 });
    expect(fields[7]).toMatchObject({ tags: [{ value: "real", label: "real" }, { value: "fake", label: "fake" }], tagKey: "truth", textKey: "text" });
  });

  for (const g of games) {
    it(`${g.meta.id}: every field has a title and help of its own, a fitting control and named options`, () => {
      const fields = flat(describeConfig(g.configSchema)!);
      const raw = z.toJSONSchema(g.configSchema, { io: "input", unrepresentable: "any" }) as { properties: Record<string, { title?: string }> };
      expect(Object.values(raw.properties).every((p) => typeof p.title === "string")).toBe(true);
      for (const f of fields) {
        expect(f.kind, f.path.join(".")).not.toBe("json");
        expect(f.label, f.path.join(".")).not.toMatch(/[a-z][A-Z]|^[a-z]/);
        if (f.kind !== "group") expect(f.help, `${f.path.join(".")} has no help`).toBeTruthy();
        if (f.kind === "enum" || f.kind === "multi") for (const o of f.options) expect(o.label, `${f.path.join(".")}: ${o.value}`).not.toBe(o.value);
      }
    });
  }

  it("reads and writes nested paths without mutating", () => {
    const a = { phaseSeconds: { rolling: 60 }, x: 1 };
    const b = setPath(a, ["phaseSeconds", "rolling"], 30);
    expect(getPath(b, ["phaseSeconds", "rolling"])).toBe(30);
    expect(a.phaseSeconds.rolling).toBe(60);
    expect(b.x).toBe(1);
  });
});
