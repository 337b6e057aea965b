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
 * One kept value, as one flat list: its key, itself, then what it was built
 * from. An entry object with a list of its dependencies beside it was two
 * objects per value, which a Secret Sinner room kept for about 150 values.
 */
type Kept = unknown[];
const KEY = 0;
const VALUE = 1;
const DEPS = 2;

/**
 * Up to this many kept values an owner's are a list searched in order (a query
 * has one to a few, a round record one for each seat and the public); past it,
 * a map by key. A map of its own for each owner held more than the values it
 * kept: about 0.5 KiB for each round of a Truth Deflector game, whose round
 * records each kept ten values, when lists ended at eight. The keys are interned
 * strings, which compare by identity.
 */
const LISTED = 16;

/** Values built once per owner object, key and dependencies. */
export class ViewParts<O extends object> {
  private readonly kept = new WeakMap<O, Kept[] | Map<string, Kept>>();

  /**
   * `build()`, or the value it gave before for the same `owner` and `key` when
   * every one of `deps` is the same (===) as then. `owner`, `key` and `deps`
   * together must determine the value.
   */
  get<V>(owner: O, key: string, deps: readonly unknown[], build: () => V): V {
    const hit = this.find(owner, key);
    if (hit && sameDeps(hit, deps)) return hit[VALUE] as V;
    const value = build();
    this.keep(owner, key, value, deps, hit);
    return value;
  }

  /**
   * The list kept for `owner` and `key` when it holds the same elements (===)
   * as `list`, else a copy of `list` (at its exact length), kept from now on: a
   * list rebuilt with nothing new in it stays one object, so that the parts
   * built from it can name it alone among their dependencies.
   */
  sameList<T>(owner: O, key: string, list: readonly T[]): readonly T[] {
    const hit = this.find(owner, key);
    const last = hit?.[VALUE] as readonly T[] | undefined;
    if (hit && hit.length === DEPS && last!.length === list.length && sameElements(last!, list)) return last!;
    const copy = list.slice();
    this.keep(owner, key, copy, NO_DEPS, hit);
    return copy;
  }

  private find(owner: O, key: string): Kept | undefined {
    const all = this.kept.get(owner);
    if (all === undefined) return undefined;
    if (!Array.isArray(all)) return all.get(key);
    for (let i = 0; i < all.length; i++) if (all[i]![KEY] === key) return all[i];
    return undefined;
  }

  /**
   * Keeps `value` for `owner` and `key`, built from `deps`: in `hit`, the entry
   * kept before, when it has their length, else in a new one in its place. An
   * entry stays the same object when a build moves the owner's list into a map,
   * so the one found before the build is still the owner's.
   */
  private keep(owner: O, key: string, value: unknown, deps: readonly unknown[], hit: Kept | undefined): void {
    if (hit && hit.length === DEPS + deps.length) {
      hit[VALUE] = value;
      for (let i = 0; i < deps.length; i++) hit[DEPS + i] = deps[i];
      return;
    }
    // made at its exact length, in one allocation: a list made with a spread or by pushes can have room to spare
    const entry: Kept = new Array<unknown>(DEPS + deps.length);
    entry[KEY] = key;
    entry[VALUE] = value;
    for (let i = 0; i < deps.length; i++) entry[DEPS + i] = deps[i];
    const all = this.kept.get(owner);
    if (all === undefined) this.kept.set(owner, [entry]);
    else if (!Array.isArray(all)) all.set(key, entry);
    else if (hit) all[all.indexOf(hit)] = entry;
    // a list is copied whole at its exact length (concat), rather than grown or spread with room to spare
    else if (all.length < LISTED) this.kept.set(owner, all.concat([entry]));
    else this.kept.set(owner, new Map([...all, entry].map((e) => [e[KEY] as string, e])));
  }
}

const NO_DEPS: readonly unknown[] = Object.freeze([]);

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

/** Whether an entry was built from `deps`. */
function sameDeps(entry: Kept, deps: readonly unknown[]): boolean {
  if (entry.length !== DEPS + deps.length) return false;
  for (let i = 0; i < deps.length; i++) if (entry[DEPS + i] !== deps[i]) return false;
  return true;
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
 * plain values alone (a die's face, a check's reason). A view then holds a
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
