import { describe, expect, it } from "vitest";
import { seatIds } from "../core/seats";
import { game } from "./index";
import { start } from "./test-helpers";

describe("config", () => {
  it("parses {} into a complete default", () => {
    expect(game.configSchema.parse({})).toEqual({
      rounds: 10,
      resurrection: true,
      cleansing: true,
      lieWinCondition: false,
      wisdomOption: "pairTrace",
      garnets: { start: 5, perSeat: [] },
      phaseSeconds: { round: 180 },
    });
  });

  it("refuses out-of-range and unknown values", () => {
    for (const bad of [
      { rounds: 0 },
      { rounds: 21 },
      { rounds: 2.5 },
      { wisdomOption: "fortune" },
      { garnets: { start: -1 } },
      { garnets: { perSeat: [3, -2] } },
      { garnets: { perSeat: Array.from({ length: 21 }, () => 1) } },
      { phaseSeconds: { round: 5 } },
      { resurrection: "yes" },
    ]) {
      expect(game.configSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("gives each seat the default garnets unless the host overrides it by seat order", () => {
    const s = start(5, { garnets: { start: 4, perSeat: [10, null, 0] } });
    expect(s.seats.map((x) => s.players[x]?.garnets)).toEqual([10, 4, 0, 4, 4]);
  });

  it("refuses more garnet overrides than seats at setup", () => {
    const config = game.configSchema.parse({ garnets: { perSeat: [1, 2, 3, 4, 5] } });
    expect(() => game.setup({ seats: seatIds(4), config, seed: "x" })).toThrow(/overrides/);
  });

  it("drives the round timer and the number of rounds", () => {
    const s = start(5, { rounds: 3, phaseSeconds: { round: 60 } });
    expect(game.phase(s)).toMatchObject({ key: "round", round: 1, durationMs: 60_000 });
    const t = game.timeout(game.timeout(game.timeout(s)));
    expect(t.history).toHaveLength(3);
    expect(t.stage === "finished" || t.stage === "ecChoice").toBe(true);
  });
});
