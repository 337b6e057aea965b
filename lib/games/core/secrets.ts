// Small helpers for a game's secret declaration (see `SecretSpec`): drawing
// counterfactual values with the audit's generator.
import type { Rng, RngState } from "./rng";
import type { Counterfactual, SeatId } from "./types";

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

/** A deep copy to change freely: counterfactuals never touch the state they start from. */
export function copyState<S>(state: S): S {
  return structuredClone(state);
}

/** One counterfactual per seat, built by `redraw` on a copy; seats for which it returns false are left out. */
export function perSeat<S>(state: S, seats: readonly SeatId[], label: string, redraw: (copy: S, seat: SeatId) => boolean): Counterfactual<S>[] {
  const out: Counterfactual<S>[] = [];
  for (const seat of seats) {
    const copy = copyState(state);
    if (redraw(copy, seat)) out.push({ secret: `${seat}'s ${label}`, knownBy: [seat], state: copy });
  }
  return out;
}
