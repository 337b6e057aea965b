import { describe, expect, it } from "vitest";
import { seasonBotGame } from "../core/season-testing";
import { seatIds } from "../core/seats";
import { game } from "./index";
import type { State } from "./state";

const seats = seatIds(11);
const fast = { rounds: 2, phaseSeconds: { briefing: 0 } };

describe("Secret Sinner in a season", () => {
  it("gives the Heaven loser a Mark, names the EC and carries every realm into the next episode", () => {
    const { state, outcome, effects } = seasonBotGame(game, seats, { config: fast, inputs: { marks: ["s3"] }, seed: "ss-season-1" });
    const r = (state as State).result!;
    expect((state as State).marked).toEqual(["s3"]);
    expect(effects.marks).toEqual(r.heavenLoser ? [r.heavenLoser] : []);
    expect(effects.ec).toBe(r.eliminationCandidate);
    for (const s of seats) expect(effects.realms![s]).toBe(outcome.winners.includes(s) ? "heaven" : "hell");
    expect(effects.opponentCandidates.length).toBeGreaterThan(0);
    for (const c of effects.opponentCandidates) {
      expect(c).not.toBe(r.eliminationCandidate);
      expect(outcome.winners).not.toContain(c);
    }
    expect(effects.garnets).toEqual({});
    expect(effects.tokens).toEqual({});
  });

  it("uses carried realms only when they give this seat count its Heaven size", () => {
    const realms = Object.fromEntries(seats.map((s, i) => [s, i < 5 ? "heaven" : "hell"])) as Record<string, "heaven" | "hell">;
    const fits = game.season!.configure({}, { garnets: {}, marks: [], realms }, seats);
    expect(fits.realms).toEqual(seats.map((s) => realms[s]));
    const state = game.setup({ seats, config: game.configSchema.parse(fits), seed: "x" });
    expect(seats.filter((s) => state.realms[s] === "heaven")).toEqual(["s1", "s2", "s3", "s4", "s5"]);
    const nine = seatIds(9);
    const drawn = game.season!.configure({}, { garnets: {}, marks: ["s20"], realms }, nine);
    expect(drawn.realms).toBeUndefined();
    expect(drawn.markedSeats).toEqual([]);
  });
});
