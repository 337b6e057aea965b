import { describe, expect, it } from "vitest";
import { awardCount, seasonBotGame } from "../core/season-testing";
import { seatIds } from "../core/seats";
import { game } from "./index";
import type { State } from "./types";

const seats = seatIds(7);
const garnets = { s1: 0, s2: 9, s3: 5, s4: 14, s5: 3, s6: 1, s7: 8 };

describe("Truth Deflector in a season", () => {
  it("starts from the season's balances and gives back the change, the Tokens of Life and the EC", () => {
    for (const [i, seed] of ["td-season-1", "td-season-2", "td-season-3"].entries()) {
      const { state, outcome, effects } = seasonBotGame(game, seats, { inputs: { garnets }, config: { rounds: 4, lieWinCondition: i === 1 }, seed });
      const s = state as State;
      for (const seat of seats) expect(effects.garnets[seat]).toBe(s.end!.finalGarnets[seat]! - garnets[seat as keyof typeof garnets]);
      expect(effects.tokens).toEqual(awardCount(outcome, "Token of Life"));
      expect(effects.ec).toBe(s.end!.ec);
      expect(outcome.losers).toEqual(effects.ec ? [effects.ec] : []);
      expect(effects.opponentCandidates).not.toContain(effects.ec);
      expect(effects.points).toEqual(s.end!.finalPoints);
    }
  });

  it("writes the balances as per-seat garnets in seat order, keeping the default for the rest", () => {
    const cfg = game.season!.configure({ garnets: { start: 2 } }, { garnets: { s2: 11 }, marks: [], realms: null }, ["s1", "s2", "s3", "s4"]);
    expect(cfg).toEqual({ garnets: { start: 2, perSeat: [null, 11, null, null] } });
    const state = game.setup({ seats: ["s1", "s2", "s3", "s4"], config: game.configSchema.parse(cfg), seed: "x" });
    expect(Object.values(state.players).map((p) => p.garnets)).toEqual([2, 11, 2, 2]);
  });
});
