// What a game's states may share (core/exact.ts, a game's shared records): a
// record two rooms' states both hold must be frozen, or a change made through
// one room would show in the other; and a copy of a state to change freely (the
// leak audit's counterfactuals) holds nothing twice, though a state may hold a
// record in several places (states share what an update did not change). A
// state read back from its JSON and shared (a room loaded from its snapshot)
// plays on exactly as the state it was read from: the rules never change a part
// of a state, so none of its frozen parts is ever written to.
import { describe, expect, it } from "vitest";
import { games } from "../registry";
import { playWithBots, replay, runCommand } from "./commands";
import { sharedReadBack } from "./exact";
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

/** Whether `o` is an empty list or an object of plain values alone: what a shared read-back holds as a shared frozen one. */
const isLeaf = (o: object) => (Array.isArray(o) ? o.length === 0 : Object.values(o).every((v) => typeof v !== "object" || v === null));

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

  for (const game of games) {
    it(`${game.meta.id}: a state read back from its JSON and shared plays on as the state it was read from`, () => {
      const seats = seatIds(playableSeatCounts(game).at(-1)!);
      const config = game.configSchema.parse({});
      for (const seed of ["read-back-a", "read-back-b"]) {
        const { log } = playWithBots(game, { seats, seed });
        for (const at of [0.25, 0.6]) {
          const cut = Math.round(log.length * at);
          let live = replay(game, { seats, config, seed }, log.slice(0, cut));
          let loaded = sharedReadBack(JSON.parse(JSON.stringify(live)) as unknown);
          expect(Object.isFrozen(loaded)).toBe(false);
          expect([...holders(loaded).keys()].some((o) => Object.isFrozen(o))).toBe([...holders(live).keys()].some(isLeaf));
          for (const cmd of log.slice(cut)) {
            const a = runCommand(game, live, cmd);
            const b = runCommand(game, loaded, cmd);
            expect(b.ok).toBe(a.ok);
            if (!a.ok || !b.ok) continue;
            [live, loaded] = [a.state, b.state];
            expect(JSON.stringify(loaded)).toBe(JSON.stringify(live));
            for (const viewer of ["host", "spectator", ...seats]) expect(JSON.stringify(game.view(loaded, viewer))).toBe(JSON.stringify(game.view(live, viewer)));
          }
        }
      }
    });
  }
});
