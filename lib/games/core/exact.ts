// A record a game keeps for the rest of its life (a closed round, say) is held
// on the heap by every room under way. Built by pushes, spreads and keys added
// one by one, its lists keep room to grow and its objects keep spare fields:
// a third more than the same record read back from its JSON, which is all a
// restart gives the room anyway (docs/benchmarks-history.md, twenty-ninth and thirtieth
// passes). Rules that build such a record once in a while keep this copy of it.

/** `value` copied at its exact size, as its JSON reads back: plain JSON values only (a game's state is nothing else). */
export function exactCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
