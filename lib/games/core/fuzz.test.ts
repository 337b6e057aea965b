// Property tests over every registered game (a few short scripts each, with a
// fixed seed so the suite is stable; `npm run fuzz` runs many more, seeded anew).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { games } from "../registry";
import { emptyStats, gameProperty, plainJsonProblem, runFuzzScript } from "./fuzz";
import { playWithBots } from "./commands";
import { playableSeatCounts, seatIds } from "./seats";
import type { AnyGame } from "./types";

/** A state of `game` a few dozen bot moves in. */
function midGame(game: AnyGame): unknown {
  const seats = seatIds(playableSeatCounts(game)[0]!);
  const whole = playWithBots(game, { seats, seed: "fuzz-mid" });
  const start = game.setup({ seats, config: game.configSchema.parse({}), seed: "fuzz-mid" });
  let state = start;
  for (const cmd of whole.log.slice(0, Math.floor(whole.log.length / 2))) {
    const r = cmd.kind === "action" ? game.apply(state, cmd.actor, game.actionSchema.parse(cmd.action)) : { ok: true as const, state: game.timeout(state) };
    if (r.ok) state = r.state;
  }
  return state;
}

/** One corruption per game that its invariants must notice. */
const corruptions: Record<string, (s: unknown) => void> = {
  "thoths-bluff": (s) => void ((s as { players: { s1: { health: number } } }).players.s1.health += 1),
  "truth-deflector": (s) => void ((s as { players: { s1: { garnets: number } } }).players.s1.garnets = -1),
  "truth-wars": (s) => {
    const roles = (s as { roles: Record<string, string> }).roles;
    for (const k of Object.keys(roles)) roles[k] = "misinformed";
  },
  "five-fold-possession": (s) => void ((s as { garnets: { s1: number } }).garnets.s1 = -1),
  "opponent-choice": (s) => void ((s as { candidates: string[] }).candidates = ["s1"]),
  "secret-sinner": (s) => {
    const letters = (s as { letters: { sin: string }[] }).letters;
    letters[0]!.sin = letters[1]!.sin;
  },
};

describe("fuzzing every game", () => {
  it("every registered game declares invariants", () => {
    expect(games.filter((g) => !g.invariants).map((g) => g.meta.id)).toEqual([]);
  });

  for (const game of games) {
    describe(game.meta.id, () => {
      it("random legal and illegal commands from random actors: no throw, refusals change nothing, invariants hold, replay agrees", () => {
        const stats = emptyStats();
        fc.assert(gameProperty(game, 60, stats), { numRuns: 12, seed: 20_261_121 });
        expect(stats.scripts).toBeGreaterThan(0);
        expect(stats.accepted).toBeGreaterThan(0);
        expect(stats.rejected).toBeGreaterThan(0);
      });

      // a game added without a corruption of its own is fuzzed all the same; it only lacks this check of its invariants
      const corrupt = corruptions[game.meta.id];
      if (corrupt && game.invariants)
        it("its invariants notice a corrupted state", () => {
          const state = structuredClone(midGame(game));
          expect(game.invariants!(state, null)).toEqual([]);
          corrupt(state);
          expect(game.invariants!(state, null).length).toBeGreaterThan(0);
        });
    });
  }

  it("a script reports the first broken property", () => {
    const game = games[0]!;
    const broken: AnyGame = { ...game, apply: () => ({ ok: false, code: "oops", message: "" }) };
    expect(() => runFuzzScript(broken, { seats: 0, config: 0, seed: 1 }, [{ kind: "junk", actor: { host: true }, action: { type: "done" } }])).toThrow(/typed code/);
    const stranger: AnyGame = { ...game, apply: (s: unknown) => ({ ok: true, state: s }) };
    expect(() => runFuzzScript(stranger, { seats: 0, config: 0, seed: 1 }, [{ kind: "junk", actor: { name: "s99" }, action: { type: "done" } }])).toThrow(/holds no seat/);
  });

  it("a game that says a move leaves views as they were, when it does not, is caught", () => {
    const game = games.find((g) => g.changedViews)!;
    const claimsNone: AnyGame = { ...game, changedViews: () => [] };
    const steps = Array.from({ length: 12 }, (_, i) => ({ kind: "bot" as const, seat: i }));
    expect(() => runFuzzScript(claimsNone, { seats: 0, config: 0, seed: 1 }, steps)).toThrow(/though the game says only \[\] change/);
    // the game's own claim holds over the same script
    expect(() => runFuzzScript(game, { seats: 0, config: 0, seed: 1 }, steps)).not.toThrow();
  });

  it("tells plain JSON from what a socket would mangle", () => {
    expect(plainJsonProblem({ a: [1, "x", null, { b: true }] })).toBeNull();
    expect(plainJsonProblem({ a: [1, undefined] })).toBe("(root).a[1] is a undefined");
    expect(plainJsonProblem({ a: new Map() })).toBe("(root).a is a Map");
    expect(plainJsonProblem({ a: Number.NaN })).toBe("(root).a is NaN");
  });
});
