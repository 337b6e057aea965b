// Small helpers for a game's secret declaration (see `SecretSpec`): drawing
// counterfactual values with the audit's generator.
import type { Rng, RngState } from "./rng";
import type { Counterfactual, SeatId } from "./types";
import { exactCopy } from "./exact";

/** A generator state nobody could have predicted: what "the future randomness" may be instead. */
export function redrawRng(rng: Rng): RngState {
  return [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)];
}

/** A value from `items` other than `current` (or `current` when there is no other). */
export function pickOther<T>(rng: Rng, items: readonly T[], current: T): T {
  const others = items.filter((x) => x !== current);
  return others.length ? rng.pick(others) : current;
}

/** A random subset of `items` in random order, at most `max` long. */
export function someOf<T>(rng: Rng, items: readonly T[], max = items.length): T[] {
  return rng.shuffle(items).slice(0, rng.int(Math.min(max, items.length) + 1));
}

/**
 * A deep copy to change freely: counterfactuals never touch the state they
 * start from. A tree of new objects: a state may hold one shared record in
 * several places (core/exact.ts), which a structured clone would keep as one
 * object, so that a change to one place changed the others.
 */
export function copyState<S>(state: S): S {
  return exactCopy(state);
}

/** A counterfactual that `redraw` makes on a copy of `state`, when the audit picks it. */
export function redrawn<S>(state: S, secret: string, knownBy: SeatId[], redraw: (copy: S) => void): Counterfactual<S> {
  return {
    secret,
    knownBy,
    draw() {
      const copy = copyState(state);
      redraw(copy);
      return copy;
    },
  };
}

/** One counterfactual per seat, known to that seat alone. */
export function perSeat<S>(state: S, seats: readonly SeatId[], label: string, redraw: (copy: S, seat: SeatId) => void): Counterfactual<S>[] {
  return seats.map((seat) => redrawn(state, `${seat}'s ${label}`, [seat], (copy) => redraw(copy, seat)));
}
