// The small records a game of Thoth's Bluff keeps for the rest of its life — a
// die as it stands, a roll, a die submitted to an action, a seat's total in a
// resolution — are a few plain values each, and the same few values come up
// again and again (five dice of at most twenty faces). Each such record is one
// frozen object every room shares, so a state under way holds references to
// them rather than copies of its own: a game's records are most of its state
// (docs/benchmarks.md, thirty-ninth pass). Frozen, since the rules never change
// a record once made (rules.ts): a change by mistake throws rather than reach
// every other room. A state read back from its JSON (a restart) holds copies of
// its own; what it adds from then on is shared again.
import type { SeatId } from "../core";
import { FROZEN_NONE, SharedValues } from "../core/view-parts";
import { DICE, dieIndex, type Die, type DieKind } from "./dice";
import type { RigEntry, RollEntry, SeatResult } from "./state";
import type { ToolId } from "./tools";

/** Faces a key leaves room for (a d20's are the most), and rounds (extra rounds included; a game past them is keyed apart, never wrongly). */
const FACES = 32;
const ROUNDS = 4096;

const dice = new SharedValues<number, Die>();
const rolls = new SharedValues<number, RollEntry>();
const submitted = new SharedValues<number, { die: DieKind; value: number }>();
const submittedIn = new SharedValues<number, { die: DieKind; value: number; round: number }>(20_000);
const results = new SharedValues<string, SeatResult>(20_000);
const rigs = new SharedValues<string, RigEntry>(20_000);

/** A face as a number key: the die, then its value (any integer a rule gives, kept apart by the string key past the faces). */
const faceKey = (kind: DieKind, value: number): number => dieIndex(kind) * FACES + value;
const inFaces = (value: number): boolean => Number.isInteger(value) && value >= 0 && value < FACES;

export function rolledDie(kind: DieKind, value: number): Die {
  if (!inFaces(value)) return { kind, status: "rolled", value };
  const key = faceKey(kind, value);
  return dice.find(key) ?? dice.keep(key, { kind, status: "rolled", value });
}

export function unrolledDie(kind: DieKind): Die {
  const key = -1 - dieIndex(kind);
  return dice.find(key) ?? dice.keep(key, { kind, status: "unrolled", value: null });
}

export function removedDie(kind: DieKind): Die {
  const key = -1 - DICE.length - dieIndex(kind);
  return dice.find(key) ?? dice.keep(key, { kind, status: "removed", value: null });
}

/** The five dice at the start of a game, all unrolled. */
export function freshDice(): Die[] {
  return DICE.map(unrolledDie);
}

export function rollEntry(die: DieKind, value: number, bluff: boolean): RollEntry {
  if (!inFaces(value)) return { die, value, bluff };
  const key = faceKey(die, value) * 2 + (bluff ? 1 : 0);
  return rolls.find(key) ?? rolls.keep(key, { die, value, bluff });
}

/** A die as it was submitted to an action. */
export function submittedDie(die: DieKind, value: number): { die: DieKind; value: number } {
  if (!inFaces(value)) return { die, value };
  const key = faceKey(die, value);
  return submitted.find(key) ?? submitted.keep(key, { die, value });
}

/** A die as an action instance keeps it, with the round it came in. */
export function submittedDieIn(die: DieKind, value: number, round: number): { die: DieKind; value: number; round: number } {
  if (!inFaces(value) || !Number.isInteger(round) || round < 0 || round >= ROUNDS) return { die, value, round };
  const key = faceKey(die, value) * ROUNDS + round;
  return submittedIn.find(key) ?? submittedIn.keep(key, { die, value, round });
}

export function seatResult(seat: SeatId, total: number, completed: boolean): SeatResult {
  const key = `${seat}:${total}:${completed ? 1 : 0}`;
  return results.find(key) ?? results.keep(key, { seat, total, completed });
}

export function rigEntry(tool: ToolId, primary: DieKind, secondary: DieKind, from: number, to: number, secondaryValue: number): RigEntry {
  const key = `${tool}:${primary}:${secondary}:${from}:${to}:${secondaryValue}`;
  return rigs.find(key) ?? rigs.keep(key, { tool, primary, secondary, from, to, secondaryValue });
}

/** The empty list a record or a player's phase starts with (frozen, shared): a rule replaces it, never adds to it. */
export function none<T>(): T[] {
  return FROZEN_NONE as unknown as T[];
}
