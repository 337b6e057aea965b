// The house set of rigging tools. The rule text names none, so these are ours
// (see RULES.md, "Rigging tools"). Each tool changes the primary die's value;
// the secondary die is spent (it becomes unrolled) whether or not its value counts.
import { clamp, wrap } from "./dice";

export const TOOL_IDS = ["wrapAdd", "wrapSubtract", "wrapCopy", "wrapDouble", "nudgeUp", "nudgeDown", "flip", "halve", "cappedAdd"] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/** What the dashboard shows about a tool. */
export interface ToolInfo {
  id: ToolId;
  name: string;
  /** True when the result wraps round the die instead of stopping at its ends. */
  wrapping: boolean;
  /** True when the secondary die's value matters (otherwise it is only the price). */
  readsSecondary: boolean;
  /** One line: what the primary die becomes. */
  text: string;
}

interface ToolDef extends ToolInfo {
  /** The raw new value of the primary before it is brought back onto the die. */
  raw(primary: number, secondary: number, sides: number): number;
}

const defs: ToolDef[] = [
  { id: "wrapAdd", name: "Wrapping Add", wrapping: true, readsSecondary: true, text: "Primary + secondary, wrapping past the top (d20: 17 + 5 = 2).", raw: (p, s) => p + s },
  { id: "wrapSubtract", name: "Wrapping Subtract", wrapping: true, readsSecondary: true, text: "Primary − secondary, wrapping below 1 (d20: 1 − 1 = 20).", raw: (p, s) => p - s },
  { id: "wrapCopy", name: "Wrapping Copy", wrapping: true, readsSecondary: true, text: "Primary takes the secondary's value, wrapping if it is too big for the primary (d4 copying 7 = 3).", raw: (_p, s) => s },
  { id: "wrapDouble", name: "Wrapping Double", wrapping: true, readsSecondary: false, text: "Primary × 2, wrapping past the top (d8: 5 × 2 = 2).", raw: (p) => p * 2 },
  { id: "nudgeUp", name: "Nudge Up", wrapping: false, readsSecondary: false, text: "Primary + 1, never above the die's top face.", raw: (p) => p + 1 },
  { id: "nudgeDown", name: "Nudge Down", wrapping: false, readsSecondary: false, text: "Primary − 1, never below 1.", raw: (p) => p - 1 },
  { id: "flip", name: "Flip", wrapping: false, readsSecondary: false, text: "Primary turns to its opposite face: top + 1 − value (d6: 2 becomes 5).", raw: (p, _s, sides) => sides + 1 - p },
  { id: "halve", name: "Halve", wrapping: false, readsSecondary: false, text: "Primary halved, rounded up (d12: 7 becomes 4).", raw: (p) => Math.ceil(p / 2) },
  { id: "cappedAdd", name: "Capped Add", wrapping: false, readsSecondary: true, text: "Primary + secondary, stopping at the die's top face.", raw: (p, s) => p + s },
];

const byId = new Map<ToolId, ToolDef>(defs.map((d) => [d.id, d]));

export function toolInfo(id: ToolId): ToolInfo {
  const d = byId.get(id) as ToolDef;
  return { id: d.id, name: d.name, wrapping: d.wrapping, readsSecondary: d.readsSecondary, text: d.text };
}

/** What a non-wrapping tool does with a result off the die: stop at the end face, or refuse the rig. */
export type Overflow = "clamp" | "reject";

/**
 * The primary's new value, always a face of the die; null when a non-wrapping
 * tool would leave the die and the table refuses such rigs.
 */
export function rigResult(id: ToolId, primary: number, secondary: number, sides: number, overflow: Overflow): number | null {
  const d = byId.get(id) as ToolDef;
  const raw = d.raw(primary, secondary, sides);
  if (d.wrapping) return wrap(raw, sides);
  if (raw >= 1 && raw <= sides) return raw;
  return overflow === "clamp" ? clamp(raw, sides) : null;
}
