// Turns a game's zod config schema into a plain description a generic form can
// render: each field's title, help, unit and option names come from the metadata
// the game attaches with `.meta(form({...}))` (lib/games/core/config-meta.ts).
// Runs on the server; the browser gets the plain description only.
import { z } from "zod";
import type { FieldSpec, Option } from "./config-fields";

export type { FieldSpec };

type Json = Record<string, unknown>;

function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function optionsOf(values: unknown[], labels: unknown): Option[] {
  const named = labels && typeof labels === "object" ? (labels as Record<string, unknown>) : {};
  return values.filter((v): v is string => typeof v === "string").map((v) => ({ value: v, label: typeof named[v] === "string" ? named[v] : humanize(v) }));
}

/** A JSON-schema type, with a nullable `anyOf` (from `.nullable()`) unwrapped. */
function plain(schema: Json): Json {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).find((s) => s.type !== "null") ?? schema;
  return schema;
}

function fieldOf(schema: Json, path: string[], key: string): FieldSpec {
  const base = { path, label: typeof schema.title === "string" ? schema.title : humanize(key), help: typeof schema.description === "string" ? schema.description : undefined };
  const type = schema.type;
  const unit = typeof schema.unit === "string" ? schema.unit : undefined;
  const num = (s: Json) => ({ min: typeof s.minimum === "number" ? s.minimum : undefined, max: typeof s.maximum === "number" && s.maximum < Number.MAX_SAFE_INTEGER ? s.maximum : undefined });
  if (Array.isArray(schema.enum)) return { ...base, kind: "enum", options: optionsOf(schema.enum, schema.options) };
  if (type === "integer" || type === "number") {
    return { ...base, kind: "number", integer: type === "integer", ...num(schema), step: typeof schema.multipleOf === "number" ? schema.multipleOf : undefined, unit };
  }
  if (type === "boolean") return { ...base, kind: "boolean" };
  if (type === "string") return { ...base, kind: "text", maxLength: typeof schema.maxLength === "number" ? schema.maxLength : undefined };
  if (schema.control === "perSeat") {
    const item = plain(((type === "array" ? schema.items : schema.additionalProperties) ?? {}) as Json);
    return { ...base, kind: "perSeat", shape: type === "array" ? "list" : "record", unit, ...num(item), options: Array.isArray(item.enum) ? optionsOf(item.enum, schema.options) : undefined };
  }
  if (schema.control === "seats") return { ...base, kind: "seats" };
  if (schema.control === "taggedLines" && typeof schema.tagKey === "string" && typeof schema.textKey === "string") {
    return { ...base, kind: "taggedLines", tags: optionsOf(Object.keys((schema.tags as object) ?? {}), schema.tags), tagKey: schema.tagKey, textKey: schema.textKey };
  }
  if (type === "object" && schema.properties && typeof schema.properties === "object") {
    const props = schema.properties as Record<string, Json>;
    return { ...base, kind: "group", fields: Object.entries(props).map(([k, s]) => fieldOf(s, [...path, k], k)) };
  }
  if (type === "array" && schema.items && typeof schema.items === "object" && Array.isArray((schema.items as Json).enum)) {
    return { ...base, kind: "multi", options: optionsOf((schema.items as Json).enum as unknown[], schema.options) };
  }
  return { ...base, kind: "json" };
}

/** The form fields of a config schema, or null when it cannot be described (then edit it as JSON). */
export function describeConfig(schema: z.ZodType): FieldSpec[] | null {
  try {
    const js = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;
    if (js.type !== "object" || !js.properties) return null;
    return Object.entries(js.properties as Record<string, Json>).map(([k, s]) => fieldOf(s, [k], k));
  } catch {
    return null;
  }
}
