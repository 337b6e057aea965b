// Helpers for this game's tests: a game on fixed realms, commands that must
// pass, and lookups of allies and non-allies on the secret table.
import { runCommand } from "../core/commands";
import { seatIds } from "../core/seats";
import type { Actor, Rejection, SeatId } from "../core/types";
import type { Action } from "./actions";
import { configSchema } from "./config";
import type { Config } from "./config";
import { lettersOf, letterInfo, setup } from "./engine";
import { game } from "./index";
import { areAllies } from "./rules";
import type { Letter } from "./rules";
import type { State } from "./state";

/** 13 seats: s1–s4 in Heaven, s5–s13 in Hell, no briefing. */
export const REALMS_13 = [...Array<"heaven">(4).fill("heaven"), ...Array<"hell">(9).fill("hell")];

export function newGame(overrides: Record<string, unknown> = {}, seed = "fixture", seats = 13): State {
  const config: Config = configSchema.parse({
    phaseSeconds: { briefing: 0 },
    realms: seats === 13 ? REALMS_13 : [],
    ...overrides,
  });
  return setup({ seats: seatIds(seats), config, seed });
}

export function act(state: State, actor: Actor, action: Action): State {
  const r = runCommand(game, state, { kind: "action", actor, action });
  if (!r.ok) throw new Error(`expected ${actor} ${JSON.stringify(action)} to pass: ${r.code} ${r.message}`);
  return r.state as State;
}

export function refuse(state: State, actor: Actor, action: unknown): Rejection {
  const before = JSON.stringify(state);
  const r = runCommand(game, state, { kind: "action", actor, action });
  if (r.ok) throw new Error(`expected ${actor} ${JSON.stringify(action)} to be refused`);
  if (JSON.stringify(state) !== before) throw new Error("a refused action changed the state");
  return r;
}

export function endRound(state: State): State {
  return game.timeout(state);
}

/** Ends rounds until `round` is the current round (or the rounds are over). */
export function toRound(state: State, round: number): State {
  let s = state;
  while (s.round < round && (s.stage === "briefing" || s.stage === "round")) s = game.timeout(s);
  return s;
}

/** Ends every remaining round: the result is in the ascension pick or finished. */
export function pastRounds(state: State): State {
  let s = state;
  while (s.stage === "briefing" || s.stage === "round") s = game.timeout(s);
  return s;
}

export function firstLetter(state: State, seat: SeatId): Letter {
  return lettersOf(state, seat)[0]!;
}

export function alliesOf(state: State, letter: Letter): Letter[] {
  const me = letterInfo(state, letter);
  return state.letters.filter((o) => areAllies(me, o)).map((o) => o.letter);
}

export function nonAlliesOf(state: State, letter: Letter): Letter[] {
  const me = letterInfo(state, letter);
  return state.letters.filter((o) => o.letter !== letter && !areAllies(me, o)).map((o) => o.letter);
}

/** Collects every object inside a JSON value (for searching views). */
export function objectsIn(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) objectsIn(v, out);
  else if (value && typeof value === "object") {
    out.push(value as Record<string, unknown>);
    for (const v of Object.values(value)) objectsIn(v, out);
  }
  return out;
}
