// Differences between two JSON values, small enough to send instead of the
// second value, and their application. The server keeps the last payload it
// sent to each kind of recipient and sends only what changed; the client
// rebuilds the new payload from the one it holds. Values are JSON: plain
// objects, arrays, strings, finite numbers, booleans and null (an undefined
// member counts as absent, an undefined array element as null, as JSON.stringify
// has it).

export type PatchPath = (string | number)[];

/** Set the value at `p` (the whole document when `p` is empty). */
export interface SetOp {
  p: PatchPath;
  v: unknown;
}
/** Remove the member at `p`. */
export interface DeleteOp {
  p: PatchPath;
  x: 1;
}
/** The array at `p` keeps its first `n` elements, then `a` is appended. */
export interface SpliceOp {
  p: PatchPath;
  n: number;
  a: unknown[];
}
export type PatchOp = SetOp | DeleteOp | SpliceOp;

export class PatchError extends Error {}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const own = Object.prototype.hasOwnProperty;

/** The operations that turn `a` into `b`; none when they are equal as JSON. */
export function diffJson(a: unknown, b: unknown): PatchOp[] {
  const ops: PatchOp[] = [];
  // one working path for every diff (a diff runs start to end with nothing in between): each operation takes a copy of it
  walkPath.length = 0;
  diffInto(a, b, walkPath, ops);
  return ops;
}

const walkPath: PatchPath = [];

/** `path` and then `k`, as an array of exactly that length (a spread leaves room to grow, several times the size of a short path). */
function childPath(path: PatchPath, k: string): PatchPath {
  const out: PatchPath = new Array<string | number>(path.length + 1);
  for (let i = 0; i < path.length; i++) out[i] = path[i]!;
  out[path.length] = k;
  return out;
}

/** An own member's value; inherited names such as "constructor" (and the prototype behind "__proto__") count as absent. */
function member(o: Record<string, unknown>, k: string): unknown {
  if (k === "__proto__") return own.call(o, k) ? o[k] : undefined;
  const v = o[k];
  return v !== undefined && (typeof v !== "function" || own.call(o, k)) ? v : undefined;
}

function diffInto(a: unknown, b: unknown, path: PatchPath, ops: PatchOp[]): void {
  if (a === b) return;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
    // undefined is null inside arrays (members that are undefined never get here)
    if ((a ?? null) !== (b ?? null)) ops.push({ p: path.slice(), v: b ?? null });
    return;
  }
  const arrayA = Array.isArray(a);
  if (arrayA !== Array.isArray(b)) {
    ops.push({ p: path.slice(), v: b });
    return;
  }
  if (arrayA) {
    const x = a as unknown[];
    const y = b as unknown[];
    // a window that moved along a list (its first object is further down the old one): element by element, every position would differ
    const head = y[0];
    if (typeof head === "object" && head !== null && head !== x[0] && x.indexOf(head) > 0) {
      ops.push({ p: path.slice(), v: y });
      return;
    }
    const start = ops.length;
    const common = Math.min(x.length, y.length);
    // elements replaced whole (not changed inside): when they are most of the list, the whole list is smaller
    let whole = 0;
    // the first element that changed, and whether every one after it was replaced whole (a member left the list: the rest moved up)
    let first = -1;
    let run = true;
    for (let i = 0; i < common; i++) {
      if (x[i] === y[i]) {
        if (first >= 0) run = false;
        continue;
      }
      const at = ops.length;
      path.push(i);
      diffInto(x[i], y[i], path, ops);
      // one value set at the element itself (a splice there is a change inside it: an element list that grew)
      const replaced = ops.length === at + 1 && ops[at]!.p.length === path.length && "v" in ops[at]!;
      if (replaced) whole++;
      path.pop();
      if (ops.length === at) {
        if (first >= 0) run = false;
      } else if (first < 0) {
        first = i;
        run = replaced;
      } else if (!replaced) run = false;
    }
    if (x.length !== y.length) {
      ops.push({ p: path.slice(), n: common, a: y.slice(common) });
      whole++;
      if (first < 0) first = common;
    }
    // from the first change on, every element is sent anyway: one operation keeps the elements before it and appends the rest
    if (run && ops.length - start > 1) {
      ops.length = start;
      ops.push(first > 0 ? { p: path.slice(), n: first, a: y.slice(first) } : { p: path.slice(), v: y });
      return;
    }
    if (whole > Math.max(2, y.length / 2)) {
      ops.length = start;
      ops.push({ p: path.slice(), v: y });
    }
    return;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const start = ops.length;
  let shared = 0;
  // for…in, not Object.keys: no array of names per object (JSON values have no inherited enumerable members)
  for (const k in y) {
    const bv = y[k];
    // the common case first: the same value (a JSON value is never a function, so an inherited one cannot match)
    if (bv !== undefined && x[k] === bv) {
      shared++;
      continue;
    }
    const av = member(x, k);
    if (k === "__proto__") {
      if ((av === undefined) !== (bv === undefined) || !jsonEqual(av, bv)) return wholeObject(y, path, ops, start);
      if (bv !== undefined) shared++;
      continue;
    }
    if (bv === undefined) {
      if (av !== undefined) ops.push({ p: childPath(path, k), x: 1 });
      continue;
    }
    if (av === undefined) {
      ops.push({ p: childPath(path, k), v: bv });
      continue;
    }
    shared++;
    if (av === bv) continue;
    path.push(k);
    diffInto(av, bv, path, ops);
    path.pop();
  }
  // members of the old value that the new one lacks: only when the old one has more
  let count = 0;
  for (const _ in x) count++;
  if (count > shared) {
    for (const k in x) {
      if (member(x, k) === undefined || member(y, k) !== undefined) continue;
      if (k === "__proto__") return wholeObject(y, path, ops, start);
      ops.push({ p: childPath(path, k), x: 1 });
    }
  }
  // several operations inside a small object: each carries its whole path, so the object itself (one operation) is shorter
  const made = ops.length - start;
  if (made > 1 && path.length > 0) {
    const budget = made * (16 + 8 * (path.length + 1));
    if (sizeWithin(y, budget) <= budget) wholeObject(y, path, ops, start);
  }
}

/** About how many characters `v` takes as JSON; an estimate, which stops counting once past `budget`. */
function sizeWithin(v: unknown, budget: number): number {
  if (typeof v === "string") return v.length + 2;
  if (typeof v !== "object" || v === null) return 5;
  let n = 2;
  if (Array.isArray(v)) {
    // by index: an iterator per array visited was most of what the estimate allocated
    for (let i = 0; i < v.length; i++) {
      n += sizeWithin(v[i], budget - n) + 1;
      if (n > budget) return n;
    }
    return n;
  }
  for (const k in v) {
    const e = (v as Record<string, unknown>)[k];
    if (e === undefined) continue;
    n += k.length + 4 + sizeWithin(e, budget - n);
    if (n > budget) return n;
  }
  return n;
}

/** Its operations so far give way to the whole new value: an object with a member named "__proto__" (which no patch may name), or a small one with several changes. */
function wholeObject(y: Record<string, unknown>, path: PatchPath, ops: PatchOp[], start: number): void {
  ops.length = start;
  ops.push({ p: path.slice(), v: y });
}

/** Whether two JSON values are equal as JSON (the same rules as `diffJson`, stopping at the first difference). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return (a ?? null) === (b ?? null);
  const arrayA = Array.isArray(a);
  if (arrayA !== Array.isArray(b)) return false;
  if (arrayA) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i] && !jsonEqual(x[i], y[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let present = 0;
  for (const k in y) {
    const bv = y[k];
    if (bv === undefined) continue;
    present++;
    const av = member(x, k);
    if (av === undefined || (av !== bv && !jsonEqual(av, bv))) return false;
  }
  let presentA = 0;
  for (const k in x) if (x[k] !== undefined) presentA++;
  return presentA === present;
}

function shallowCopy(v: unknown): Record<string, unknown> | unknown[] {
  if (Array.isArray(v)) return v.slice();
  if (isPlainObject(v)) return { ...v };
  throw new PatchError("the patch goes through a value that is neither an object nor an array");
}

function checkKey(container: unknown, key: string | number): void {
  if (Array.isArray(container)) {
    if (typeof key !== "number" || !Number.isInteger(key) || key < 0) throw new PatchError(`bad array index ${String(key)}`);
  } else if (typeof key !== "string" || key === "__proto__") throw new PatchError(`bad member name ${String(key)}`);
}

/** `v` itself when this patch copied it already, else a copy of it (a new member of `copied`). */
function writable(copied: WeakSet<object>, v: unknown): Record<string, unknown> | unknown[] {
  if (typeof v === "object" && v !== null && copied.has(v)) return v as Record<string, unknown> | unknown[];
  const c = shallowCopy(v);
  copied.add(c);
  return c;
}

/**
 * `doc` with `ops` applied. `doc` itself is left untouched: every object on a
 * changed path is copied, everything else is shared. Throws PatchError when the
 * operations do not fit the document (the holder should then fetch a whole value).
 */
export function applyPatch<T>(doc: T, ops: readonly PatchOp[]): T {
  // the document sits in a holder, so that an operation on the whole document is
  // one on a member like any other
  const holder: Record<string, unknown> = { doc };
  const copied = new WeakSet<object>([holder]);
  for (const op of ops) {
    if (!Array.isArray(op.p)) throw new PatchError("an operation without a path");
    if (op.p.length === 0 && "x" in op) throw new PatchError("the document itself cannot be removed");
    const path = ["doc", ...op.p];
    let node = holder as Record<string | number, unknown>;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i]!;
      checkKey(node, key);
      const child = writable(copied, node[key]);
      node[key] = child;
      node = child as Record<string | number, unknown>;
    }
    const last = path[path.length - 1]!;
    checkKey(node, last);
    if ("x" in op) {
      if (Array.isArray(node)) throw new PatchError("members of arrays are not removed one by one");
      delete node[last];
    } else if ("a" in op) {
      if (!Array.isArray(op.a) || typeof op.n !== "number") throw new PatchError("a malformed splice");
      const arr = writable(copied, node[last]);
      if (!Array.isArray(arr)) throw new PatchError("splice of a value that is not an array");
      arr.length = Math.min(arr.length, op.n);
      arr.push(...op.a);
      node[last] = arr;
    } else if ("v" in op) {
      if (Array.isArray(node) && (last as number) > node.length) throw new PatchError("set beyond the end of an array");
      node[last] = op.v;
    } else throw new PatchError("an operation of no known kind");
  }
  return holder.doc as T;
}
