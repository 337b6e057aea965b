// Fixtures for the tests: a game with chosen roles and headline truths, and
// short ways to act, advance and check rejections through the platform's reducer.
import { expect } from "vitest";
import type { Rejection, SeatId } from "../core";
import { phaseIdOf, runCommand, seatIds } from "../core";
import type { Action } from "./actions";
import { configSchema } from "./config";
import { game } from "./index";
import { startRound } from "./rules";
import type { PhaseKey, Role, State, Truth } from "./types";

export const R: Record<string, Role> = { F: "fact_checker", S: "scammer", D: "drunk", M: "misinformed" };

export interface FixtureOptions {
  /** Roles in seat order as letters: F(act Checker), S(cammer), D(runk), M(isinformed). Default "FSDMM". */
  roles?: string;
  /** Truth of the deck's headlines in order (round 1 first); the rest keep theirs. */
  truths?: Truth[];
  config?: Record<string, unknown>;
  seed?: string;
}

/** A game at round 1's reveal with the given roles and headline truths. */
export function fixture(opts: FixtureOptions = {}): State {
  const letters = opts.roles ?? "FSDMM";
  const seats = seatIds(letters.length);
  const config = configSchema.parse(opts.config ?? {});
  const dealt = game.setup({ seats, config, seed: opts.seed ?? "fixture" });
  const roles: Record<SeatId, Role> = {};
  seats.forEach((s, i) => (roles[s] = R[letters[i] as string] as Role));
  const deck = dealt.deck.map((h, i) => ({ ...h, truth: opts.truths?.[i] ?? h.truth }));
  const drunk = seats.find((s) => roles[s] === "drunk") ?? null;
  return startRound({ ...dealt, roles, deck, hintHolder: drunk, round: 0, rounds: [] });
}

export function act(state: State, actor: string, action: Action): State {
  const r = runCommand(game, state, { kind: "action", actor, action });
  if (!r.ok) throw new Error(`${actor} ${JSON.stringify(action)} rejected: ${r.code} ${r.message}`);
  return r.state as State;
}

/** Expects a rejection with `code` and checks the state was left untouched. */
export function refused(state: State, actor: string, action: unknown, code: string): Rejection {
  const before = JSON.stringify(state);
  const r = runCommand(game, state, { kind: "action", actor, action });
  expect(r.ok).toBe(false);
  if (r.ok) throw new Error("accepted");
  expect(r.code).toBe(code);
  expect(JSON.stringify(state)).toBe(before);
  return r;
}

export function advance(state: State): State {
  const p = game.phase(state);
  const r = runCommand(game, state, { kind: "timeout", phase: phaseIdOf(p) });
  if (!r.ok) throw new Error(`timeout rejected: ${r.code}`);
  return r.state as State;
}

/** Times out phases until `key` (in `round`, if given) is reached. */
export function advanceTo(state: State, key: PhaseKey, round?: number): State {
  let s = state;
  for (let i = 0; i < 200; i++) {
    if (s.phase === key && (round === undefined || s.round === round)) return s;
    if (s.phase === "game_over") throw new Error(`game ended before ${key}`);
    s = advance(s);
  }
  throw new Error(`never reached ${key}`);
}

/** Casts the given initial votes (seat → choice) in order. */
export function votes(state: State, choices: Record<SeatId, "trust" | "flag" | "abstain">): State {
  let s = state;
  for (const [seat, choice] of Object.entries(choices)) s = act(s, seat, { type: "vote", choice });
  return s;
}

/** Casts shadow-ban ballots (seat → target or null). */
export function bans(state: State, ballots: Record<SeatId, SeatId | null>): State {
  let s = state;
  for (const [seat, target] of Object.entries(ballots)) s = act(s, seat, { type: "ban", target });
  return s;
}

/** Every unbanned seat votes the same way. */
export function everyoneVotes(state: State, choice: "trust" | "flag"): State {
  let s = state;
  for (const seat of s.seats) if (!s.bans.some((b) => b.seat === seat) && s.phase === "vote") s = act(s, seat, { type: "vote", choice });
  return s;
}
