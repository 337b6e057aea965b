// Small helpers for the tests: build a state, run commands through the platform's
// reducer, and set dice to exact values for a fixture.
import { expect } from "vitest";
import { runCommand, type Actor, type Rejection } from "../core";
import type { Die, DieKind } from "./dice";
import { game } from "./index";
import type { PhaseKey, State } from "./state";

export const SEATS = ["s1", "s2"];

export function start(config: Record<string, unknown> = {}, seed = "fixture"): State {
  return game.setup({ seats: SEATS, config: game.configSchema.parse(config), seed });
}

/** Applies one action the way the server does (parse, then apply) and expects it to be accepted. */
export function act(state: State, actor: Actor, action: unknown): State {
  const r = runCommand(game, state, { kind: "action", actor, action });
  if (!r.ok) throw new Error(`expected ${JSON.stringify(action)} by ${actor} to be accepted: ${r.code} ${r.message}`);
  return r.state as State;
}

/** Expects a rejection with this code and checks the state was left exactly as it was. */
export function rejects(state: State, actor: Actor, action: unknown, code: string): Rejection {
  const before = JSON.stringify(state);
  const r = runCommand(game, state, { kind: "action", actor, action });
  expect(r.ok).toBe(false);
  expect(JSON.stringify(state)).toBe(before);
  const rej = r as Rejection;
  expect(rej.code).toBe(code);
  expect(rej.message.length).toBeGreaterThan(5);
  return rej;
}

export type DiceSpec = Partial<Record<DieKind, number | "removed" | "unrolled">>;

/** A copy of the state with some of a seat's dice set (numbers: rolled with that value). */
export function withDice(state: State, seat: string, spec: DiceSpec): State {
  const p = state.players[seat];
  if (!p) throw new Error(`no seat ${seat}`);
  const dice: Die[] = p.dice.map((d) => {
    const s = spec[d.kind];
    if (s === undefined) return d;
    if (typeof s === "number") return { kind: d.kind, status: "rolled", value: s };
    return { kind: d.kind, status: s, value: null };
  });
  return { ...state, players: { ...state.players, [seat]: { ...p, dice } } };
}

export function setHealth(state: State, health: Record<string, number>): State {
  const players = { ...state.players };
  for (const [seat, h] of Object.entries(health)) players[seat] = { ...(players[seat] as State["players"][string]), health: h };
  return { ...state, players };
}

/** Both seats press Done. */
export function bothDone(state: State): State {
  return act(act(state, "s1", { type: "done" }), "s2", { type: "done" });
}

/** Runs out clocks until the game reaches this phase (of the current or a later round). */
export function toPhase(state: State, phase: PhaseKey): State {
  let s = state;
  for (let i = 0; i < 10 && s.phase !== phase; i++) s = game.timeout(s);
  expect(s.phase).toBe(phase);
  return s;
}

export function dice(state: State, seat: string): Record<DieKind, number | "removed" | "unrolled"> {
  const out = {} as Record<DieKind, number | "removed" | "unrolled">;
  for (const d of state.players[seat]?.dice ?? []) out[d.kind] = d.status === "rolled" ? (d.value as number) : d.status;
  return out;
}

/** Sets this round's tools (a fixture may need particular tools). */
export function withTools(state: State, tools: string[]): State {
  return { ...state, toolSchedule: state.toolSchedule.map((t) => (t.round === state.round ? { ...t, tools: tools as State["toolSchedule"][number]["tools"] } : t)) };
}

/** Removes every restriction from the schedule (for fixtures about something else). */
export function unrestricted(state: State): State {
  return { ...state, actions: state.actions.map((a) => ({ ...a, restriction: null })) };
}
