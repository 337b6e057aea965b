// A record a game keeps for the rest of its life (a closed round, say) is held
// on the heap by every room under way. Built by pushes, spreads and keys added
// one by one, its lists keep room to grow and its objects keep spare fields:
// a third more than the same record read back from its JSON, which is all a
// restart gives the room anyway (docs/benchmarks-history.md, twenty-ninth and thirtieth
// passes). Rules that build such a record once in a while keep this copy of it.
//
// Most of such a record is small objects of plain values alone — a pair of
// seats, a seat's tally, a claim — and the same ones come up in room after
// room. The copy holds each of them as the one frozen object every room shares
// (docs/benchmarks.md, thirty-ninth pass): the rules never change a record once
// kept, and a change by mistake throws rather than reach every other room.
import { FROZEN_NONE, SharedValues } from "./view-parts";

/** `value` copied at its exact size, as its JSON reads back: plain JSON values only (a game's state is nothing else). */
export function exactCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * `value` in new objects at their exact size (`exactCopy`), but for the frozen
 * ones in it, which every room shares (`keptRecord`, a game's shared records):
 * those stay as they are. What a room holds of its own is then new, and what
 * it shares stays shared.
 */
export function ownCopy<T>(value: T): T {
  return relink(exactCopy(value), value) as T;
}

/** Puts `original`'s frozen objects back in their places in `copy`, its JSON copy. */
function relink(copy: unknown, original: unknown): unknown {
  if (typeof original !== "object" || original === null) return copy;
  if (Object.isFrozen(original)) return original;
  const c = copy as Record<string, unknown>;
  const o = original as Record<string, unknown>;
  for (const k in c) {
    const x = o[k];
    if (typeof x === "object" && x !== null) c[k] = relink(c[k], x);
  }
  return c;
}

/** Objects of plain values alone, by their JSON; the oldest are forgotten past the limit (a room keeps the ones it holds). */
const leaves = new SharedValues<string, object>(20_000);

/**
 * `value` copied at its exact size (`exactCopy`), each object in it whose
 * members are all plain values (strings, numbers, booleans, null) the shared
 * frozen one with the same JSON, and each empty list one shared frozen list.
 * For a record kept unchanged from now on: nothing may change the copy.
 */
export function keptRecord<T>(value: T): T {
  return share(exactCopy(value)) as T;
}

/**
 * A game state read back from its JSON (a room loaded from its snapshot),
 * shared as `keptRecord` shares a record, in place: each object of plain values
 * alone becomes the shared frozen one with the same JSON and each empty list
 * the shared frozen list. A room loaded after a restart or a handover then
 * holds what a room that played its game here holds: references where it held
 * copies of its own. The rules never change a state, only replace its parts,
 * so no part of it needs to stay changeable (sharing.test.ts plays every game
 * on from such a state).
 */
export function sharedReadBack<T>(state: T): T {
  return share(state) as T;
}

function share(v: unknown): unknown {
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) {
    if (v.length === 0) return FROZEN_NONE;
    for (let i = 0; i < v.length; i++) v[i] = share(v[i]);
    return v;
  }
  const o = v as Record<string, unknown>;
  let leaf = true;
  for (const k in o) {
    const x = o[k];
    if (typeof x === "object" && x !== null) {
      o[k] = share(x);
      leaf = false;
    }
  }
  if (!leaf) return o;
  const key = JSON.stringify(o);
  return leaves.find(key) ?? leaves.keep(key, o);
}
