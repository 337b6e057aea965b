// The rigs a seat may make in the rigging phase, as its view carries them: per
// tool of the round, one outcome per (primary, secondary) pair of dice in a
// fixed order — the primary's value after the rig, or why the rig is refused.
// The pairs are not repeated in every option, which keeps the list (and each
// change to it) a fraction of the size; the dashboard and the bots read it
// through `rigOption` and `rigOptions`.
import { DICE, type DieKind } from "./dice";
import type { ToolId } from "./tools";

/** Every (primary, secondary) pair of two different dice, in the order of a tool's outcomes. */
export const RIG_PAIRS: readonly (readonly [DieKind, DieKind])[] = DICE.flatMap((p) => DICE.filter((s) => s !== p).map((s) => [p, s] as const));

/** One tool's rigs: `outcomes[i]` is for `RIG_PAIRS[i]`, a number (the primary's value after the rig) or a string (why not). */
export interface ToolRigs {
  tool: ToolId;
  outcomes: (number | string)[];
}

/** `ok: false` always carries the reason to show on a disabled control. */
export type Check = { ok: true } | { ok: false; reason: string };

export interface RigOption {
  tool: ToolId;
  primary: DieKind;
  secondary: DieKind;
  check: Check;
  /** The primary's value after the rig, when legal. */
  result: number | null;
}

/** The one "allowed" check, shared by every legal move. */
export const OK: Check = Object.freeze({ ok: true });

function option(tool: ToolId, i: number, outcome: number | string | undefined): RigOption | undefined {
  const pair = RIG_PAIRS[i];
  if (!pair || outcome === undefined) return undefined;
  const [primary, secondary] = pair;
  return typeof outcome === "number" ? { tool, primary, secondary, check: OK, result: outcome } : { tool, primary, secondary, check: { ok: false, reason: outcome }, result: null };
}

/** The rig of `tool` with these dice, or undefined when the tool is not one of the round's (or the dice are the same). */
export function rigOption(rigs: readonly ToolRigs[], tool: ToolId, primary: DieKind, secondary: DieKind): RigOption | undefined {
  const t = rigs.find((r) => r.tool === tool);
  if (!t) return undefined;
  const i = RIG_PAIRS.findIndex(([p, s]) => p === primary && s === secondary);
  return option(tool, i, t.outcomes[i]);
}

/** Every rig of the round, tool by tool. */
export function rigOptions(rigs: readonly ToolRigs[]): RigOption[] {
  const out: RigOption[] = [];
  for (const t of rigs) t.outcomes.forEach((o, i) => { const r = option(t.tool, i, o); if (r) out.push(r); });
  return out;
}
