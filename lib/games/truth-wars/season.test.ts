import { describe, expect, it } from "vitest";
import { noEffects } from "../core/season";
import { seasonBotGame } from "../core/season-testing";
import { seatIds } from "../core/seats";
import { game } from "./index";

describe("Truth Wars in a season", () => {
  it("gives nothing: its text has no garnets, Tokens of Life or EC, so no death match follows", () => {
    const { effects } = seasonBotGame(game, seatIds(6), { seed: "tw-season" });
    expect(effects).toEqual(noEffects());
    expect(game.season!.effects(game.setup({ seats: seatIds(6), config: game.configSchema.parse({}), seed: "x" }))).toBeNull();
  });
});
