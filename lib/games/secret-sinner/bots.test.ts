import { describe, expect, it } from "vitest";
import { botMove, playWithBots, replay, runCommand } from "../core/commands";
import { Rng } from "../core/rng";
import { seatIds } from "../core/seats";
import { provenAllies } from "./bot";
import { newGame, pastRounds } from "./fixtures";
import { game } from "./index";
import { SUPPORTED_PLAYER_COUNTS } from "./rules";
import type { State } from "./state";

describe("bots", () => {
  it("play 13-seat games to the end with an outcome and no rejected move, over 200 seeds", () => {
    let queries = 0;
    let locks = 0;
    for (let i = 0; i < 200; i++) {
      const r = playWithBots(game, { seats: seatIds(13), seed: `bots-${i}` });
      const s = r.state as State;
      const o = game.outcome(s);
      expect(o).not.toBeNull();
      expect(o!.losers).toHaveLength(2);
      expect(o!.winners).toHaveLength(6);
      queries += s.queries.length;
      locks += s.locks.length;
    }
    // they play, not just pass: most query rounds see a query from most players
    expect(queries / 200).toBeGreaterThan(80);
    expect(locks / 200).toBeGreaterThan(40);
  }, 120_000);

  it("play every supported split, with config variants and skipped turns, over 120 more seeds", () => {
    const variants = [{}, { queryOwnLetters: false, lockOwnLetters: true }, { rounds: 4, maxLocksPerLetter: 2 }, { endRoundWhenAllDone: false }];
    for (let i = 0; i < 120; i++) {
      const n = SUPPORTED_PLAYER_COUNTS[i % SUPPORTED_PLAYER_COUNTS.length]!;
      const config = variants[i % variants.length];
      const r = playWithBots(game, { seats: seatIds(n), seed: `split-${i}`, config, skipChance: i % 3 === 0 ? 0.3 : 0 });
      expect(game.outcome(r.state as State)).not.toBeNull();
    }
  }, 120_000);

  it("lock in allies they can prove from their answers", () => {
    const r = playWithBots(game, { seats: seatIds(13), seed: "proof" });
    const s = r.state as State;
    // A lock is proven when the locking letter and its target both answered Yes in an answer the seat had received before.
    let proven = 0;
    for (const l of s.locks) {
      const sure = s.queries.some((q) => q.recipient === l.seat && q.round < l.round && q.letters.includes(l.letter) && q.letters.includes(l.target) && q.answers[q.letters.indexOf(l.letter)] && q.answers[q.letters.indexOf(l.target)]);
      if (sure) {
        proven++;
        expect(l.correct).toBe(true);
      }
    }
    expect(proven).toBeGreaterThan(0);
  });

  it("return null when they have nothing to do", () => {
    const rng = Rng.fromSeed("idle");
    const s = newGame();
    const done = runCommand(game, s, { kind: "action", actor: "s3", action: { type: "done" } });
    expect(done.ok).toBe(true);
    if (done.ok) expect(botMove(game, done.state as State, "s3", rng)).toBeNull();
    const briefing = game.setup({ seats: seatIds(13), config: game.configSchema.parse({}), seed: "idle" });
    expect(botMove(game, briefing, "s3", rng)).toBeNull();
    let end = pastRounds(s);
    if (end.stage === "ascension") {
      const loser = end.result!.heavenLoser!;
      expect(botMove(game, end, loser, rng)).toBeNull();
      end = game.timeout(end);
    }
    expect(botMove(game, end, "s1", rng)).toBeNull();
  });

  it("reads proven allies from received answers only", () => {
    const view = game.view(newGame(), "s5");
    expect(provenAllies(view, view.me!.letters[0]!.letter)).toEqual([]);
  });
});

describe("replay", () => {
  it("rebuilds the exact state from the seed and the log", () => {
    for (const seed of ["replay-1", "replay-2", "replay-3"]) {
      const config = { phaseSeconds: { briefing: 60 } };
      const r = playWithBots(game, { seats: seatIds(13), seed, config, skipChance: 0.2 });
      expect(replay(game, { seats: seatIds(13), seed, config }, r.log)).toEqual(r.state);
      expect(JSON.parse(JSON.stringify(r.state))).toEqual(r.state); // plain JSON, nothing lost in a snapshot
    }
  });
});
