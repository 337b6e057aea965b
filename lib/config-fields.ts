// The fields of a create-room form as plain data (made on the server from a
// game's config schema by ./config-form), and the path helpers the form edits
// its value with. Zod-free: the browser imports this.

export interface Option {
  value: string;
  label: string;
}

interface Base {
  path: string[];
  /** Plain words: the schema's title (never the field's key). */
  label: string;
  /** One line from the rules. */
  help?: string;
}

export type FieldSpec =
  | (Base & { kind: "number"; integer: boolean; min?: number; max?: number; step?: number; unit?: string })
  | (Base & { kind: "boolean" })
  | (Base & { kind: "enum"; options: Option[] })
  /** A subset of the options: a list of checkboxes. */
  | (Base & { kind: "multi"; options: Option[] })
  | (Base & { kind: "text"; maxLength?: number })
  /** One entry per seat, stored as a list in seat order or as a seat → value record; empty = the default. */
  | (Base & { kind: "perSeat"; shape: "list" | "record"; unit?: string; min?: number; max?: number; options?: Option[] })
  /** A choice of seats, stored as a list of seat ids. */
  | (Base & { kind: "seats" })
  /** Items of two fields written one a line as "tag: text". */
  | (Base & { kind: "taggedLines"; tags: Option[]; tagKey: string; textKey: string })
  | (Base & { kind: "json" })
  | (Base & { kind: "group"; fields: FieldSpec[] });

export function getPath(obj: unknown, path: string[]): unknown {
  let cur = obj;
  for (const p of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

export function setPath<T>(obj: T, path: string[], value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path as [string, ...string[]];
  const base = (obj && typeof obj === "object" ? obj : {}) as Record<string, unknown>;
  return { ...base, [head]: setPath(base[head], rest, value) } as T;
}
