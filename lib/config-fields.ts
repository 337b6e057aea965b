// The fields of a create-room form as plain data (made on the server from a
// game's config schema by ./config-form), and the path helpers the form edits
// its value with. Zod-free: the browser imports this.

export type FieldSpec =
  | { kind: "number"; path: string[]; label: string; help?: string; integer: boolean; min?: number; max?: number }
  | { kind: "boolean"; path: string[]; label: string; help?: string }
  | { kind: "enum"; path: string[]; label: string; help?: string; options: string[] }
  | { kind: "text"; path: string[]; label: string; help?: string; maxLength?: number }
  | { kind: "list"; path: string[]; label: string; help?: string; item: "number" | "string" }
  | { kind: "json"; path: string[]; label: string; help?: string }
  | { kind: "group"; path: string[]; label: string; help?: string; fields: FieldSpec[] };

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
