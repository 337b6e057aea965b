// Small builders for the tests: a started game, one checked command, one round
// with everyone's choices spelled out.
import { runCommand } from "../core/commands";
import { seatIds } from "../core/seats";
import type { Actor, ApplyResult, SeatId } from "../core/types";
import type { ActionInput } from "./actions";
import type { Config } from "./config";
import { game } from "./index";
import type { State, Trait } from "./types";

type SubmitInput = Omit<Extract<ActionInput, { type: "submit" }>, "type">;

export function start(n = 11, config: Record<string, unknown> = {}, seed = "fixture"): State {
  const parsed: Config = game.configSchema.parse(config);
  return game.setup({ seats: seatIds(n), config: parsed, seed });
}

export function attempt(state: State, actor: Actor, action: unknown): ApplyResult<State> {
  return runCommand(game, state, { kind: "action", actor, action }) as ApplyResult<State>;
}

/** Applies an action that must be accepted. */
export function act(state: State, actor: Actor, action: unknown): State {
  const r = attempt(state, actor, action);
  if (!r.ok) throw new Error(`${actor} ${JSON.stringify(action)} rejected: ${r.code} ${r.message}`);
  return r.state;
}

/** A choice: claim and secret (secret defaults to the claim), plus anything else. */
export function pick(claim: Trait, secret: Trait = claim, extra: Omit<SubmitInput, "claim" | "secret"> = {}): SubmitInput {
  return { claim, secret, ...extra };
}

/**
 * Plays one round: every seat in `plan` submits; eliminated seats not in the plan
 * pass; if an alive seat is missing from the plan the round ends by timeout.
 */
export function playRound(state: State, plan: Record<SeatId, SubmitInput>): State {
  let s = state;
  const startRound = s.round;
  for (const [seat, sub] of Object.entries(plan)) s = act(s, seat, { type: "submit", ...sub });
  for (const seat of s.seats) {
    if (s.round !== startRound || s.stage !== "round") break;
    if (!s.players[seat]?.alive && !s.pending[seat]) s = act(s, seat, { type: "submit" });
  }
  if (s.round === startRound && s.stage === "round") s = game.timeout(s);
  return s;
}

/** A plan where every listed seat makes the same honest choice. */
export function all(seats: SeatId[], sub: SubmitInput): Record<SeatId, SubmitInput> {
  const out: Record<SeatId, SubmitInput> = {};
  for (const s of seats) out[s] = { ...sub };
  return out;
}

export function lastRound(state: State) {
  const r = state.history[state.history.length - 1];
  if (!r) throw new Error("no round resolved yet");
  return r;
}

/** A plan where every alive seat claims and submits `trait`, except for the overrides. */
export function honest(state: State, overrides: Record<SeatId, SubmitInput> = {}, trait: Trait = "Power"): Record<SeatId, SubmitInput> {
  const out: Record<SeatId, SubmitInput> = {};
  for (const s of state.seats) if (state.players[s]?.alive) out[s] = { claim: trait, secret: trait };
  return { ...out, ...overrides };
}

/** Plan entries for challengers who all challenge `target` while choosing `trait` honestly. */
export function gang(target: SeatId, challengers: SeatId[], trait: Trait = "Power"): Record<SeatId, SubmitInput> {
  const out: Record<SeatId, SubmitInput> = {};
  for (const s of challengers) out[s] = { claim: trait, secret: trait, challenges: [target] };
  return out;
}
