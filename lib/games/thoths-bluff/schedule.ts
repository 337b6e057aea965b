// Drawing the rigging tools and the actions of future rounds from the seeded
// generator. Both are known three rounds ahead: at the start of round r the
// schedule reaches round r + 2.
import type { Rng } from "../core";
import { RESTRICTIONS, SLOT_SIZE, SLOTS, type RestrictionId, type Slot } from "./actions";
import type { Config } from "./config";
import type { ActionInstance, State } from "./state";
import type { ToolId } from "./tools";

/** How far ahead (in rounds, the current one included) schedules are shown. */
export const LOOKAHEAD = 3;

/** Whether an action of this slot starts in this round: short every round, medium in rounds 1, 3, 5…, long in 1, 4, 7… */
export function startsIn(slot: Slot, round: number): boolean {
  return (round - 1) % SLOT_SIZE[slot] === 0;
}

function drawRestriction(rng: Rng, config: Config, size: number): RestrictionId | null {
  const pool = config.restrictions.filter((id) => RESTRICTIONS[id].minDice <= size);
  if (pool.length === 0 || config.restrictionPercent === 0) return null;
  return rng.int(100) < config.restrictionPercent ? rng.pick(pool) : null;
}

/** Extends both schedules so they cover every round up to `upTo`. Returns the new parts of the state. */
export function extendSchedules(
  state: Pick<State, "config" | "toolSchedule" | "actions" | "seats">,
  rng: Rng,
  upTo: number,
): Pick<State, "toolSchedule" | "actions"> {
  const toolSchedule = state.toolSchedule.slice();
  const actions = state.actions.slice();
  let next = (toolSchedule[toolSchedule.length - 1]?.round ?? 0) + 1;
  for (; next <= upTo; next++) {
    const tools: ToolId[] = rng.shuffle(state.config.tools).slice(0, state.config.toolsPerRound);
    toolSchedule.push({ round: next, tools });
    for (const slot of SLOTS) {
      if (!startsIn(slot, next)) continue;
      const size = SLOT_SIZE[slot];
      const inst: ActionInstance = {
        id: `${slot}-${next}`,
        slot,
        startRound: next,
        endRound: next + size - 1,
        size,
        restriction: drawRestriction(rng, state.config, size),
        submitted: Object.fromEntries(state.seats.map((s) => [s, []])),
      };
      actions.push(inst);
    }
  }
  return { toolSchedule, actions };
}

/** The actions running in a round: one per slot, in short, medium, long order. */
export function runningIn(actions: readonly ActionInstance[], round: number): ActionInstance[] {
  return actions.filter((a) => a.startRound <= round && round <= a.endRound).sort((a, b) => SLOTS.indexOf(a.slot) - SLOTS.indexOf(b.slot));
}

export function toolsOf(state: Pick<State, "toolSchedule">, round: number): ToolId[] {
  return state.toolSchedule.find((t) => t.round === round)?.tools ?? [];
}
