// Parts of a view kept from one state to the next. States are immutable: an
// update copies what it changes and shares the rest, so a record the update did
// not touch (a finished round, the config) is the same object in the next state.
// A view part that depends only on such objects is built once and then shared:
// the view costs less to build, and the server's diff against a viewer's last
// payload passes over it by identity. Kept parts are shared between viewers and
// payloads, so nothing may change a view after it is built. The fuzzers check
// every view against one built from a copy of the state (where nothing is kept).
import type { SeatId } from "./types";

/** The empty list every view shares where it shows none (nothing changes a view once built). */
export const NONE: never[] = [];

/**
 * An owner's kept values, one after another in one flat list: for each, its
 * key, itself, how many dependencies it was built from, then those. A list of
 * its own for each value was two objects more per value (the array and its
 * elements, 48 bytes), and an owner with many values had a map by key on top
 * (about 50 bytes a value): a Secret Sinner room's 130 or so values took
 * 18.9 KiB that way, 10.0 KiB this way.
 */
type Flat = unknown[];
const KEY = 0;
const VALUE = 1;
const COUNT = 2;
const DEPS = 3;

/**
 * Up to this many kept values an owner's are one list searched in order (a
 * query has one to a few, a round record one for each seat and the public);
 * past it, the values are spread over lists by their keys' spelling (`Spread`),
 * at most BUCKET_FILL to a list on average (a Secret Sinner room's 130 or so
 * over 32 lists: a look-up passes about three keys before it finds its own).
 * The keys are interned strings or the state's own ids, which compare by
 * identity.
 */
const LISTED = 16;
const BUCKET_FILL = 6;

/** An owner's kept values past LISTED: flat lists, each holding the keys `slot` picks for it. */
class Spread {
  constructor(
    readonly lists: Flat[],
    public count: number,
  ) {}
}

/**
 * Which of `lists` lists `key`, from its length and its first and last
 * characters: no hashing, and the same list for the same spelling. Keys of one
 * owner differ mostly in a seat or letter at their end (`lock:s3:Q`).
 */
function slot(key: string, lists: number): number {
  const n = key.length;
  return n === 0 ? 0 : (n * 31 + key.charCodeAt(0) * 7 + key.charCodeAt(n - 1)) & (lists - 1);
}

/** Where `key`'s value starts in `list`, or -1. */
function indexOf(list: Flat, key: string): number {
  for (let i = 0; i < list.length; i += DEPS + (list[i + COUNT] as number)) if (list[i + KEY] === key) return i;
  return -1;
}

/** How many values `list` holds. */
function countOf(list: Flat): number {
  let n = 0;
  for (let i = 0; i < list.length; i += DEPS + (list[i + COUNT] as number)) n++;
  return n;
}

/** Whether the value at `at` was built from `deps`. */
function sameDeps(list: Flat, at: number, deps: readonly unknown[]): boolean {
  if (list[at + COUNT] !== deps.length) return false;
  for (let i = 0; i < deps.length; i++) if (list[at + DEPS + i] !== deps[i]) return false;
  return true;
}

/**
 * `list` with `key`'s value set to `value`, built from `deps`, where `at` is
 * where `list` holds `key` (-1: nowhere): the same list, changed in place,
 * when the value kept before had as many dependencies; else a new list at its
 * exact length (made in one allocation: a list grown by pushes, or spread,
 * keeps room to spare).
 */
function put(list: Flat, at: number, key: string, value: unknown, deps: readonly unknown[]): Flat {
  if (at >= 0 && list[at + COUNT] === deps.length) {
    list[at + VALUE] = value;
    for (let i = 0; i < deps.length; i++) list[at + DEPS + i] = deps[i];
    return list;
  }
  const from = at >= 0 ? at : list.length;
  const after = at >= 0 ? at + DEPS + (list[at + COUNT] as number) : list.length;
  const out: Flat = new Array<unknown>(list.length - (after - from) + DEPS + deps.length);
  let o = 0;
  for (let i = 0; i < from; i++) out[o++] = list[i];
  out[o++] = key;
  out[o++] = value;
  out[o++] = deps.length;
  for (let i = 0; i < deps.length; i++) out[o++] = deps[i];
  for (let i = after; i < list.length; i++) out[o++] = list[i];
  return out;
}

/** The values of `lists` spread over `size` lists (a power of two). */
function spread(lists: readonly Flat[], size: number): Flat[] {
  const out: Flat[] = Array.from({ length: size }, () => EMPTY);
  for (const list of lists) {
    for (let i = 0; i < list.length; i += DEPS + (list[i + COUNT] as number)) {
      const key = list[i + KEY] as string;
      const s = slot(key, size);
      out[s] = put(out[s]!, indexOf(out[s]!, key), key, list[i + VALUE], list.slice(i + DEPS, i + DEPS + (list[i + COUNT] as number)));
    }
  }
  return out;
}

/**
 * The one frozen empty list: the dependencies of a kept list (`sameList`), the
 * values of a slot with nothing kept (`put` makes a new list to add to it), and
 * every empty list a game's shared records hold (core/exact.ts, thoths-bluff/entries.ts).
 */
export const FROZEN_NONE: readonly never[] = Object.freeze([]);
const EMPTY = FROZEN_NONE as unknown as Flat;

/** Values built once per owner object, key and dependencies. */
export class ViewParts<O extends object> {
  private readonly kept = new WeakMap<O, Flat | Spread>();

  /**
   * `build()`, or the value it gave before for the same `owner` and `key` when
   * every one of `deps` is the same (===) as then. `owner`, `key` and `deps`
   * together must determine the value.
   */
  get<V>(owner: O, key: string, deps: readonly unknown[], build: () => V): V {
    const list = this.listOf(owner, key);
    if (list !== undefined) {
      const at = indexOf(list, key);
      if (at >= 0 && sameDeps(list, at, deps)) return list[at + VALUE] as V;
    }
    const value = build();
    this.keep(owner, key, value, deps);
    return value;
  }

  /**
   * The list kept for `owner` and `key` when it holds the same elements (===)
   * as `list`, else a copy of `list` (at its exact length), kept from now on: a
   * list rebuilt with nothing new in it stays one object, so that the parts
   * built from it can name it alone among their dependencies.
   */
  sameList<T>(owner: O, key: string, list: readonly T[]): readonly T[] {
    const last = this.keptAlone<readonly T[]>(owner, key);
    if (last !== undefined && last.length === list.length && sameElements(last, list)) return last;
    const copy = list.slice();
    this.keep(owner, key, copy, EMPTY);
    return copy;
  }

  /**
   * The record kept for `owner` and `key` when it has the same members, in
   * the same order, with the same values (===) as `record`, else a copy of
   * `record`, kept from now on: a copy made again of a state member that was
   * replaced by an equal one (a round's end copies some whether or not they
   * changed) stays one object.
   */
  sameRecord<V>(owner: O, key: string, record: Readonly<Record<string, V>>): Readonly<Record<string, V>> {
    const last = this.keptAlone<Readonly<Record<string, V>>>(owner, key);
    if (last !== undefined && sameMembers(last, record)) return last;
    const copy = { ...record };
    this.keep(owner, key, copy, EMPTY);
    return copy;
  }

  /**
   * A list made of `records`, an append-only list of records that are never
   * changed once made (queries, lock-ins, votes): `grow(out, added)` makes the
   * list for the records of `out` and then `added`. While `deps` stay the same
   * and `records` is the list kept before with records after it, only those
   * are added to the list kept before (a new list: the kept one may be in a
   * view already), so a move that appends one record costs one entry rather
   * than the whole list, and the entries before it stay the same objects for
   * the diff to pass over. Anything else builds the list again from nothing;
   * a list built again (or grown by nothing) that holds the very entries of
   * the one kept before is that one, so the diff stops at it.
   */
  grown<R, E>(owner: O, key: string, records: readonly R[], deps: readonly unknown[], grow: (out: readonly E[], added: readonly R[]) => readonly E[]): readonly E[] {
    const list = this.listOf(owner, key);
    const at = list === undefined ? -1 : indexOf(list, key);
    const prev = at >= 0 ? (list![at + VALUE] as Grown<R, E>) : undefined;
    const same = prev !== undefined && sameDeps(list!, at, deps);
    if (same && prev.from === records) return prev.out;
    let out = same && appendedTo(records, prev.from) ? grow(prev.out, records.slice(prev.from.length)) : grow(FROZEN_NONE, records);
    // made again from nothing, or grown by nothing, with the very entries of the list kept before: that list
    if (prev !== undefined && out.length === prev.out.length && sameElements(prev.out, out)) out = prev.out;
    this.keep(owner, key, { from: records, out } satisfies Grown<R, E>, deps);
    return out;
  }

  /** The value `sameList` or `sameRecord` kept for `owner` and `key` (one kept with no dependencies), if any. */
  private keptAlone<V>(owner: O, key: string): V | undefined {
    const list = this.listOf(owner, key);
    const at = list === undefined ? -1 : indexOf(list, key);
    return at >= 0 && list![at + COUNT] === 0 ? (list![at + VALUE] as V) : undefined;
  }

  /** The flat list that holds `key`'s value for `owner`, if the owner has any. */
  private listOf(owner: O, key: string): Flat | undefined {
    const all = this.kept.get(owner);
    if (all === undefined || Array.isArray(all)) return all;
    return all.lists[slot(key, all.lists.length)];
  }

  /**
   * Keeps `value` for `owner` and `key`, built from `deps`. The owner's lists
   * are looked up afresh: a build may have kept other values of the same
   * owner meanwhile, and replaced the lists found before it.
   */
  private keep(owner: O, key: string, value: unknown, deps: readonly unknown[]): void {
    const all = this.kept.get(owner);
    if (all === undefined) {
      this.kept.set(owner, put(EMPTY, -1, key, value, deps));
      return;
    }
    if (Array.isArray(all)) {
      const next = put(all, indexOf(all, key), key, value, deps);
      if (next === all) return;
      const count = countOf(next);
      this.kept.set(owner, count <= LISTED ? next : new Spread(spread([next], 4), count));
      return;
    }
    const s = slot(key, all.lists.length);
    const list = all.lists[s]!;
    const at = indexOf(list, key);
    const next = put(list, at, key, value, deps);
    if (next === list) return;
    all.lists[s] = next;
    if (at < 0) all.count++;
    if (all.count > all.lists.length * BUCKET_FILL) this.kept.set(owner, new Spread(spread(all.lists, all.lists.length * 2), all.count));
  }
}


/**
 * One value per owner object, built on first use: a part that its record alone
 * determines (a query, a round once over; records are never changed). It keeps
 * nothing but the value, where `ViewParts` keeps a key and dependencies for
 * each; a room holds one for each of its records.
 */
export class RecordParts<O extends object, V> {
  private readonly kept = new WeakMap<O, V>();

  constructor(private readonly build: (owner: O) => V) {}

  get(owner: O): V {
    let value = this.kept.get(owner);
    if (value === undefined) this.kept.set(owner, (value = this.build(owner)));
    return value;
  }
}

/** Whether `a` and `b` have the same own members, in the same order, with the same values (===). */
function sameMembers(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  let n = 0;
  for (const k in b) {
    if (!own.call(a, k) || a[k] !== b[k]) return false;
    n++;
  }
  for (const _ in a) n--;
  return n === 0;
}

const own = Object.prototype.hasOwnProperty;

/** What `ViewParts.grown` keeps: the records a list was made of, and the list. */
interface Grown<R, E> {
  from: readonly R[];
  out: readonly E[];
}

/** Whether `longer` holds every element of `list` (===), in order, from its start, and more after them. */
function appendedTo(longer: readonly unknown[], list: readonly unknown[]): boolean {
  return longer.length > list.length && sameElements(list, longer);
}

function sameElements(a: readonly unknown[], b: readonly unknown[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * What a seat's own part of a view is built from, for `ViewParts.get`'s
 * `deps`: every member of `state` but the per-seat records named in `own`
 * (of which it reads only the seat's entry, taken instead) and those named in
 * `unread` (which no view reads, such as the random generator). Another
 * seat's private move, which replaces only that seat's entry, then leaves the
 * part as it was. A game may use it only where the part reads nothing of
 * another seat's entry in `own`.
 */
export function seatDeps<S extends object>(state: S, seat: string, own: readonly (keyof S & string)[], unread: readonly (keyof S & string)[] = []): unknown[] {
  const out: unknown[] = [];
  const rec = state as Record<string, unknown>;
  for (const k in rec) if (!own.includes(k as keyof S & string) && !unread.includes(k as keyof S & string)) out.push(rec[k]);
  for (const k of own) out.push((rec[k] as Record<string, unknown> | undefined)?.[seat]);
  return out;
}

/**
 * For `GameDefinition.changedViews`, the counterpart of `seatDeps`: when
 * `after` differs from `before` only in the per-seat records named in `own`
 * (and in the members named in `unread`), the seats whose entries changed;
 * else null (any view may have changed). Right for a game whose views read of
 * each record in `own` only the viewer's own entry (a seat) or nothing (a
 * spectator): the views `seatDeps` keeps.
 */
export function changedEntries<S extends object>(before: S, after: S, own: readonly (keyof S & string)[], unread: readonly (keyof S & string)[] = []): SeatId[] | null {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  let count = 0;
  for (const k in a) {
    count++;
    if (a[k] !== b[k] && !own.includes(k as keyof S & string) && !unread.includes(k as keyof S & string)) return null;
  }
  for (const _ in b) count--;
  if (count !== 0) return null;
  const out: SeatId[] = [];
  for (const k of own) {
    const x = (b[k] ?? {}) as Record<string, unknown>;
    const y = (a[k] ?? {}) as Record<string, unknown>;
    if (x === y) continue;
    for (const seat in y) if (y[seat] !== x[seat] && !out.includes(seat)) out.push(seat);
    for (const seat in x) if (!(seat in y) && !out.includes(seat)) out.push(seat);
  }
  return out;
}

/**
 * Values every room shares, one per key: small view parts that depend on a few
 * plain values alone (a die's face, a check's reason), and a game state's small
 * records (thoths-bluff/entries.ts, core/exact.ts). A view then holds a
 * reference rather than its own copy, nothing is allocated for them per view,
 * and the diff passes over an unchanged one by identity. The oldest are
 * forgotten past `limit` (a room keeps the ones it holds). Each value is frozen:
 * a mistaken change to one room's view could otherwise reach every other room.
 */
export class SharedValues<K, V> {
  private readonly values = new Map<K, V>();
  constructor(private readonly limit = 2000) {}

  /** The value kept for `key`, or `build()` kept from now on; `key` must determine it. */
  get(key: K, build: () => V): V {
    return this.values.get(key) ?? this.keep(key, build());
  }

  /** The value kept for `key`, if any: with `keep`, a lookup that allocates nothing when it finds one (`find(k) ?? keep(k, {…})`). */
  find(key: K): V | undefined {
    return this.values.get(key);
  }

  /** Keeps `value` (frozen) for `key` from now on, and returns it. */
  keep(key: K, value: V): V {
    if (this.values.size >= this.limit) this.values.delete(this.values.keys().next().value as K);
    deepFreeze(value);
    this.values.set(key, value);
    return value;
  }
}

const byJson = new SharedValues<string, unknown>();

const texts = new SharedValues<string, string>(20_000);

/**
 * The one string object every room shares for `text`. A message a view shows
 * (a refusal's reason, a channel's id) is built by a template, and such a
 * string is a chain of its pieces on the heap, held apart by every view that
 * shows it: in Secret Sinner, a third of what a seat's view holds. For
 * game-made texts only (their number is bounded), never for what users type.
 */
export function sharedText(text: string): string {
  return texts.find(text) ?? texts.keep(text, text);
}

/**
 * The one value of `value`'s JSON that every room shares: for a part built
 * from the room config alone (rule texts, reference tables), which is the same
 * in every room with the same settings.
 * The value is frozen, so it must be built for this (not a part of a state).
 * For values built once per room and part (inside `ViewParts.get`), not per view.
 */
export function sharedAcrossRooms<V>(value: V): V {
  return byJson.get(JSON.stringify(value), () => value) as V;
}

function deepFreeze<V>(v: V): V {
  if (typeof v === "object" && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const e of Object.values(v)) deepFreeze(e);
  }
  return v;
}

/** Interned keys: prefix → id → `${prefix}:${id}`. */
const interned = new Map<string, Map<string, string>>();
let internedCount = 0;
/** Past this many keys new ones are made afresh each time (ids are game-made: seats, letters, viewers; this bounds the table all the same). */
const INTERNED_MAX = 50_000;

/**
 * The key `kind:a` (or `kind:a:b`) for `ViewParts.get`, as one string object
 * per value. A key built afresh on every call is a new string that must be
 * flattened and hashed before the map lookup finds its part; an interned one
 * keeps its hash, and the lookups here are of strings that keep theirs (a
 * literal kind, the state's own seat and letter ids, an interned prefix).
 */
export function partKey(kind: string, a: string, b?: string): string {
  const head = joined(kind, a);
  return b === undefined ? head : joined(head, b);
}

function joined(prefix: string, id: string): string {
  let byId = interned.get(prefix);
  if (!byId) interned.set(prefix, (byId = new Map()));
  let key = byId.get(id);
  if (key === undefined) {
    key = `${prefix}:${id}`;
    if (internedCount >= INTERNED_MAX) return key;
    byId.set(id, key);
    internedCount++;
  }
  return key;
}
