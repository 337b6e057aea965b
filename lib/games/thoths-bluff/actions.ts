// The three actions (short, medium, long), the house restrictions on which dice
// may go to them, and the check of a player's dice assignment. The checks work
// on plain data so the engine, the view's legal-move lists and the bot share them.
import { DICE, SIDES, type Die, type DieKind } from "./dice";

export const SLOTS = ["short", "medium", "long"] as const;
export type Slot = (typeof SLOTS)[number];

/** Dice an action takes, rounds it lasts and damage it deals: 1/2/3 for short/medium/long. */
export const SLOT_SIZE: Readonly<Record<Slot, number>> = { short: 1, medium: 2, long: 3 };

export const RESTRICTION_IDS = ["even", "odd", "noD20", "smallDice", "distinctValues", "distinctDice"] as const;
export type RestrictionId = (typeof RESTRICTION_IDS)[number];

export interface RestrictionInfo {
  id: RestrictionId;
  name: string;
  text: string;
  /** Drawn only for actions taking at least this many dice (a one-die action cannot repeat anything). */
  minDice: number;
}

const restrictionList: RestrictionInfo[] = [
  { id: "even", name: "Even values only", text: "Every die submitted must show an even value.", minDice: 1 },
  { id: "odd", name: "Odd values only", text: "Every die submitted must show an odd value.", minDice: 1 },
  { id: "noD20", name: "No Ico", text: "The d20 may not be submitted.", minDice: 1 },
  { id: "smallDice", name: "Small dice only", text: "Only the d4, d6 and d8 may be submitted.", minDice: 1 },
  { id: "distinctValues", name: "Values must all differ", text: "No two dice submitted to this action (over all its rounds) may show the same value.", minDice: 2 },
  { id: "distinctDice", name: "Dice must all differ", text: "No die may be submitted to this action twice (over all its rounds).", minDice: 2 },
];

export const RESTRICTIONS: Readonly<Record<RestrictionId, RestrictionInfo>> = Object.fromEntries(
  restrictionList.map((r) => [r.id, r]),
) as Record<RestrictionId, RestrictionInfo>;

export type Assignment = Record<Slot, DieKind[]>;

export function emptyAssignment(): Assignment {
  return { short: [], medium: [], long: [] };
}

/** What the check needs to know about the action running in a slot, from one player's side. */
export interface SlotState {
  slot: Slot;
  /** Dice the action takes in all. */
  size: number;
  restriction: RestrictionId | null;
  /** This player's dice already submitted to it in earlier rounds. */
  usedDice: DieKind[];
  usedValues: number[];
}

/** Why one die may not go to an action on its own merits (status and restriction), or null. */
export function dieProblem(die: Die, slot: SlotState): string | null {
  if (die.status !== "rolled" || die.value === null) {
    return die.status === "removed" ? `Your ${die.kind} is removed.` : `Your ${die.kind} is not rolled.`;
  }
  if (slot.usedDice.length >= slot.size) return `You already completed the ${slot.slot} action.`;
  const v = die.value;
  switch (slot.restriction) {
    case "even":
      if (v % 2 !== 0) return `The ${slot.slot} action takes even values only (your ${die.kind} shows ${v}).`;
      break;
    case "odd":
      if (v % 2 === 0) return `The ${slot.slot} action takes odd values only (your ${die.kind} shows ${v}).`;
      break;
    case "noD20":
      if (die.kind === "d20") return `The ${slot.slot} action does not take the d20.`;
      break;
    case "smallDice":
      if (SIDES[die.kind] > 8) return `The ${slot.slot} action takes only the d4, d6 and d8.`;
      break;
    case "distinctValues":
      if (slot.usedValues.includes(v)) return `The ${slot.slot} action already holds a ${v} of yours; its values must all differ.`;
      break;
    case "distinctDice":
      if (slot.usedDice.includes(die.kind)) return `Your ${die.kind} already went to the ${slot.slot} action; its dice must all differ.`;
      break;
    case null:
      break;
  }
  return null;
}

/** Why a whole assignment is illegal, or null when it may be submitted. */
export function assignmentProblem(dice: readonly Die[], slots: readonly SlotState[], plan: Assignment): string | null {
  const seen = new Set<DieKind>();
  for (const slotState of slots) {
    const chosen = plan[slotState.slot];
    const room = slotState.size - slotState.usedDice.length;
    if (chosen.length > room) {
      return room === 0
        ? `You already completed the ${slotState.slot} action.`
        : `The ${slotState.slot} action takes only ${room} more ${room === 1 ? "die" : "dice"} from you.`;
    }
    const values: number[] = [];
    for (const kind of chosen) {
      if (seen.has(kind)) return `Your ${kind} cannot go to two actions (or twice to one).`;
      seen.add(kind);
      const die = dice.find((d) => d.kind === kind);
      if (!die) return `Unknown die ${kind}.`;
      const p = dieProblem(die, slotState);
      if (p) return p;
      if (slotState.restriction === "distinctValues" && die.value !== null) {
        if (values.includes(die.value)) return `The ${slotState.slot} action's values must all differ (two ${die.value}s).`;
        values.push(die.value);
      }
    }
  }
  for (const s of SLOTS) {
    if (plan[s].length > 0 && !slots.some((x) => x.slot === s)) return `There is no ${s} action running.`;
  }
  return null;
}

/** Sorts a die list into d4…d20 order (how assignments are stored). */
export function sortDice(list: readonly DieKind[]): DieKind[] {
  return DICE.filter((k) => list.includes(k));
}
