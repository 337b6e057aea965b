import { describe, expect, it } from "vitest";
import { seasonBotGame } from "../core/season-testing";
import { game } from "./index";

describe("Thoth's Bluff in a season", () => {
  it("gives back the death match's winner and loser, and nothing else", () => {
    for (const seed of ["tb-season-1", "tb-season-2"]) {
      const { outcome, effects } = seasonBotGame(game, ["s1", "s2"], { seed });
      if (outcome.winners.length) expect(effects.deathMatch).toEqual({ winner: outcome.winners[0], loser: outcome.losers[0] });
      else expect(effects.deathMatch).toBeNull();
      expect(effects.ec).toBeNull();
      expect(effects.garnets).toEqual({});
    }
  });
});
