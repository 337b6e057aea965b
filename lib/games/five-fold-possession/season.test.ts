import { describe, expect, it } from "vitest";
import { awardCount, seasonBotGame } from "../core/season-testing";
import { seatIds } from "../core/seats";
import { game } from "./index";
import type { State } from "./state";

const seats = seatIds(5);
const garnets = { s1: 3, s2: 12, s3: 0, s4: 7, s5: 25 };

describe("Five Fold Possession in a season", () => {
  it("starts from the season's balances and gives back the change, the Tokens of Life, opals and the EC", () => {
    for (const seed of ["ffp-season-1", "ffp-season-2", "ffp-season-3"]) {
      const { state, outcome, effects } = seasonBotGame(game, seats, { inputs: { garnets }, seed });
      const s = state as State;
      expect(s.startGarnets).toEqual(garnets);
      for (const seat of seats) expect(effects.garnets[seat]).toBe(s.garnets[seat]! - garnets[seat as keyof typeof garnets]);
      // the end settles MG5 garnets into the balance: the change is final less start
      expect(Object.values(effects.garnets).reduce((a, b) => a + b, 0)).toBe(seats.reduce((a, x) => a + s.garnets[x]! - s.startGarnets[x]!, 0));
      expect(effects.tokens).toEqual(awardCount(outcome, "Token of Life"));
      const opals = awardCount(outcome, "Opal");
      for (const [seat, n] of Object.entries(awardCount(outcome, "Opal (opal challenge)"))) opals[seat] = (opals[seat] ?? 0) + n;
      expect(effects.opals).toEqual(opals);
      expect(effects.ec).toBe(s.final!.elimination);
      expect(effects.opponentCandidates).not.toContain(effects.ec);
      for (const c of effects.opponentCandidates) expect(outcome.winners).not.toContain(c);
      expect(effects.points).toEqual(Object.fromEntries(outcome.ranking.map((r) => [r.seat, r.score])));
      expect(effects.deathMatch).toBeNull();
    }
  });

  it("keeps the room's other settings and is null while the game runs", () => {
    const cfg = game.season!.configure({ startingGarnets: 4, median: { winGarnets: 2 } }, { garnets: { s1: 9 }, marks: [], realms: null }, seats);
    expect(cfg).toEqual({ startingGarnets: 4, median: { winGarnets: 2 }, startingGarnetsBySeat: { s1: 9 } });
    const state = game.setup({ seats, config: game.configSchema.parse(cfg), seed: "x" });
    expect(state.startGarnets).toEqual({ s1: 9, s2: 4, s3: 4, s4: 4, s5: 4 });
    expect(game.season!.effects(state)).toBeNull();
  });
});
