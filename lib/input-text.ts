// The zod schema for text that will be stored or shown, shared by every input schema.
import { z } from "zod";
import { badCharacter } from "./storable";

/** Trimmed, bounded, and free of control characters and broken surrogates (a typed refusal, `input/control_char`). */
export function text(min: number, max: number, messages: { empty?: string; long?: string } = {}) {
  return z
    .string()
    .trim()
    .min(min, messages.empty)
    .max(max, messages.long)
    .refine((s) => !badCharacter(s), { message: "Text may not hold control characters or broken characters.", params: { code: "input/control_char" } });
}
