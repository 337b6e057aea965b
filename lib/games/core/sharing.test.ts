// What a game's states may share (core/exact.ts, a game's shared records): a
// record two rooms' states both hold must be frozen, or a change made through
// one room would show in the other; and a copy of a state to change freely (the
// leak audit's counterfactuals) holds nothing twice, though a state may hold a
// record in several places (states share what an update did not change).
import { describe, expect, it } from "vitest";
import { games } from "../registry";
import { playWithBots, replay } from "./commands";
import { copyState } from "./secrets";
import { playableSeatCounts, seatIds } from "./seats";

/** Every object and list `value` reaches, each with how many places of it hold it. */
function holders(value: unknown, into = new Map<object, number>()): Map<object, number> {
  if (typeof value !== "object" || value === null) return into;
  const n = into.get(value) ?? 0;
  into.set(value, n + 1);
  if (n === 0) for (const v of Object.values(value)) holders(v, into);
  return into;
}

/** The objects both reach that are not frozen. */
function mutableShared(a: Map<object, number>, b: Map<object, number>): object[] {
  return [...a.keys()].filter((o) => b.has(o) && !Object.isFrozen(o));
}

describe("what game states share", () => {
  for (const game of games) {
    it(`${game.meta.id}: an object two rooms' states both hold is frozen; a copy to change holds nothing twice`, () => {
      const seats = seatIds(playableSeatCounts(game)[0]!);
      const config = game.configSchema.parse({});
      const logs = ["share-a", "share-b"].map((seed) => ({ seed, log: playWithBots(game, { seats, seed }).log }));
      for (const at of [0.3, 0.7, 1]) {
        const [a, b] = logs.map(({ seed, log }) => replay(game, { seats, config, seed }, log.slice(0, Math.round(log.length * at))));
        // the config object is each room's own input, the same in both only because both used the defaults
        const [inA, inB] = [a, b].map((s) => holders({ ...(s as object), config: null }));
        expect(mutableShared(inA!, inB!).map((o) => JSON.stringify(o).slice(0, 80))).toEqual([]);
        const copy = holders(copyState(a));
        expect([...copy.values()].every((n) => n === 1)).toBe(true);
        expect([...copy.keys()].some((o) => Object.isFrozen(o))).toBe(false);
      }
    });
  }
});
