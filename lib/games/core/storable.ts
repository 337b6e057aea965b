// What the event log can keep. PostgreSQL refuses a NUL in text and in jsonb,
// and an unpaired surrogate in jsonb; very deep or very large values cost every
// reader. Anything that will be stored is checked here first, at the edge, so a
// bad value is one typed refusal for its sender and never a failed write that
// other rooms share. It sits with the games because their moves, as their
// schemas parse them, are what the log keeps most (see playWithBots).
export const MAX_DEPTH = 16;
export const MAX_STORED_CHARS = 16_384;

export type StorableProblem = { code: "input/control_char" | "input/too_deep" | "input/too_large" | "input/invalid"; message: string };

/** A C0 control but tab, line feed and carriage return; DEL; a C1 control. */
function isControl(c: number): boolean {
  return (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f);
}

/** Whether `s` has a code unit PostgreSQL or a reader would choke on: a control character or an unpaired surrogate. */
export function badCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xa0 ? isControl(c) : c >= 0xd800 && c <= 0xdfff) {
      if (c < 0xa0) return true;
      // a high surrogate must be followed by a low one, and a low one preceded by a high one
      if (c <= 0xdbff) {
        const d = s.charCodeAt(i + 1);
        if (!(d >= 0xdc00 && d <= 0xdfff)) return true;
        i++;
      } else return true;
    }
  }
  return false;
}

/**
 * Why `value` cannot be stored as JSON, or null when it can: only plain JSON
 * (no functions, non-finite numbers or class instances, no undefined in a
 * list; a member that is undefined is absent, as in JSON: a game's schema
 * gives one for an optional field left out), strings
 * without control characters or lone surrogates (keys included), at most
 * `maxDepth` levels and `maxChars` characters of JSON.
 */
export function storableProblem(value: unknown, maxDepth = MAX_DEPTH, maxChars = MAX_STORED_CHARS): StorableProblem | null {
  return walk(value, 0, { size: 0, maxDepth, maxChars });
}

/** One step of the walk (a function of the module, not one made per call: it runs on every action). */
function walk(v: unknown, depth: number, w: { size: number; maxDepth: number; maxChars: number }): StorableProblem | null {
  if (depth > w.maxDepth) return { code: "input/too_deep", message: `Values may be nested at most ${w.maxDepth} levels deep.` };
  if (v === null || typeof v === "boolean") {
    w.size += 5;
  } else if (typeof v === "number") {
    if (!Number.isFinite(v)) return { code: "input/invalid", message: "Numbers must be finite." };
    w.size += 8;
  } else if (typeof v === "string") {
    if (badCharacter(v)) return { code: "input/control_char", message: "Text may not hold control characters or broken characters." };
    w.size += v.length + 2;
  } else if (Array.isArray(v)) {
    w.size += 2;
    for (const x of v) {
      const p = walk(x, depth + 1, w);
      if (p) return p;
    }
  } else if (typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
    w.size += 2;
    // for…in rather than Object.entries: no array of pairs per object (the prototype is Object.prototype, so only own keys come)
    const o = v as Record<string, unknown>;
    for (const k in o) {
      const x = o[k];
      if (x === undefined) continue;
      if (badCharacter(k)) return { code: "input/control_char", message: "Field names may not hold control characters." };
      w.size += k.length + 3;
      const p = walk(x, depth + 1, w);
      if (p) return p;
    }
  } else {
    return { code: "input/invalid", message: "Only plain JSON values are accepted." };
  }
  if (w.size > w.maxChars) return { code: "input/too_large", message: `Values may be at most ${w.maxChars} characters of JSON.` };
  return null;
}
