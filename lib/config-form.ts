// Turns a game's zod config schema into a plain description a generic form can
// render (and back). Shared by the create-room page and its tests.
import { z } from "zod";
import type { FieldSpec } from "./config-fields";

export type { FieldSpec };

type Json = Record<string, unknown>;

function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldOf(schema: Json, path: string[], key: string): FieldSpec {
  const label = typeof schema.title === "string" ? schema.title : typeof schema.description === "string" && schema.description.length <= 60 ? schema.description : humanize(key);
  const help = typeof schema.description === "string" && schema.description !== label ? schema.description : undefined;
  const type = schema.type;
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === "string")) return { kind: "enum", path, label, help, options: schema.enum as string[] };
  if (type === "integer" || type === "number") {
    return { kind: "number", path, label, help, integer: type === "integer", min: typeof schema.minimum === "number" ? schema.minimum : undefined, max: typeof schema.maximum === "number" ? schema.maximum : undefined };
  }
  if (type === "boolean") return { kind: "boolean", path, label, help };
  if (type === "string") return { kind: "text", path, label, help, maxLength: typeof schema.maxLength === "number" ? schema.maxLength : undefined };
  if (type === "object" && schema.properties && typeof schema.properties === "object") {
    const props = schema.properties as Record<string, Json>;
    return { kind: "group", path, label, help, fields: Object.entries(props).map(([k, s]) => fieldOf(s, [...path, k], k)) };
  }
  if (type === "array" && schema.items && typeof schema.items === "object") {
    const it = (schema.items as Json).type;
    if (it === "number" || it === "integer") return { kind: "list", path, label, help, item: "number" };
    if (it === "string") return { kind: "list", path, label, help, item: "string" };
  }
  return { kind: "json", path, label, help };
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
