// Fixtures shared by this game's tests: a fixed role schedule, and helpers that
// run commands through the platform's reducer and fail loudly on a rejection.
import { runCommand } from "../core/commands";
import { seatIds } from "../core/seats";
import type { Actor, SeatId } from "../core/types";
import type { Action } from "./actions";
import { configSchema } from "./config";
import { game } from "./index";
import type { Schedule } from "./schedule";
import type { State, Submission } from "./state";

export const SEATS = seatIds(5);

/** A valid schedule: round 7 is the empty round. */
export const FIXED_SCHEDULE: Schedule = {
  emptyRound: 7,
  roles: [
    null,
    { possessed: "s1", ghostHunter: "s2" },
    { possessed: "s2", ghostHunter: "s3" },
    { possessed: "s3", ghostHunter: "s4" },
    { possessed: "s4", ghostHunter: "s5" },
    { possessed: "s5", ghostHunter: "s1" },
    null,
    { possessed: "s1", ghostHunter: "s3" },
    { possessed: "s3", ghostHunter: "s5" },
    { possessed: "s5", ghostHunter: "s2" },
    { possessed: "s2", ghostHunter: "s4" },
    { possessed: "s4", ghostHunter: "s1" },
  ],
};

export function fresh(config: unknown = {}, seed = "fixture"): State {
  const state = game.setup({ seats: SEATS, config: configSchema.parse(config), seed });
  return { ...state, schedule: FIXED_SCHEDULE };
}

export function tryAct(state: State, actor: Actor, action: Action | Record<string, unknown>) {
  return runCommand(game, state, { kind: "action", actor, action });
}

export function act(state: State, actor: Actor, action: Action): State {
  const r = tryAct(state, actor, action);
  if (!r.ok) throw new Error(`${actor} ${JSON.stringify(action)} rejected: ${r.code} ${r.message}`);
  return r.state as State;
}

/** Applies each seat's actions in order, then ends the phase. */
export function round(state: State, actions: Partial<Record<SeatId, Action[]>>): State {
  let s = state;
  for (const seat of SEATS) for (const a of actions[seat] ?? []) s = act(s, seat, a);
  return game.timeout(s);
}

/** Ends the results phase and returns the next round's submissions. */
export function next(state: State): State {
  return game.timeout(state);
}

/** Overwrites one seat's current submission (for fixtures the public actions cannot reach, like a chosen stone order). */
export function patchSub(state: State, seat: SeatId, change: Partial<Submission>): State {
  return { ...state, subs: { ...state.subs, [seat]: { ...state.subs[seat]!, ...change } } };
}

/** The seat holding `alias` in `round`. */
export function seatOfAlias(state: State, roundNo: number, alias: string): SeatId {
  const map = state.aliases[roundNo - 1]!;
  return SEATS.find((s) => map[s] === alias)!;
}

/** The right identity guess for `roundNo`, in the alphabetical alias order. */
export function rightIdentities(state: State, roundNo: number): SeatId[] {
  const map = state.aliases[roundNo - 1]!;
  return Object.values(map)
    .sort()
    .map((a) => SEATS.find((s) => map[s] === a)!);
}
