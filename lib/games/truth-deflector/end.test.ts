import { describe, expect, it } from "vitest";
import { game } from "./index";
import { finishRounds } from "./resolve";
import { act, attempt, start } from "./test-helpers";
import type { PlayerState, State } from "./types";

/** A game whose rounds are over with the given points (and optional garnets, lies, alive flags). */
function ended(points: number[], extra: { garnets?: number[]; lies?: number[]; dead?: number[] } = {}, config: Record<string, unknown> = {}): State {
  const s = start(points.length, config);
  const players: Record<string, PlayerState> = {};
  s.seats.forEach((seat, i) => {
    players[seat] = {
      ...(s.players[seat] as PlayerState),
      points: points[i] ?? 0,
      garnets: extra.garnets?.[i] ?? 0,
      lies: extra.lies?.[i] ?? 0,
      alive: !(extra.dead ?? []).includes(i + 1),
    };
  });
  return finishRounds({ ...s, round: s.config.rounds, players });
}

function tokens(s: State, seat: string): number {
  return game.outcome(s)?.awards.filter((a) => a.seat === seat && a.label === "Token of Life").length ?? 0;
}

describe("Tokens of Life", () => {
  it("a lone highest score wins two Tokens of Life", () => {
    const s = ended([50, 40, 30, 20, 10]);
    expect(s.stage).toBe("finished");
    expect(s.end?.mainWinners).toEqual(["s1"]);
    expect(tokens(s, "s1")).toBe(2);
    expect(game.outcome(s)?.winners).toEqual(["s1"]);
  });

  it("up to three tied for the top all win one each", () => {
    const s = ended([50, 50, 50, 20, 10]);
    expect(s.end?.mainWinners).toEqual(["s1", "s2", "s3"]);
    expect(["s1", "s2", "s3"].map((x) => tokens(s, x))).toEqual([1, 1, 1]);
    expect(s.end?.mainTiebreakUsed).toBe(false);
  });

  it("more than three tied: the gamewide tiebreak (garnets, counting those earned at the end) picks three", () => {
    const s = ended([60, 60, 60, 60, 60, 10], { garnets: [1, 4, 2, 3, 0, 9] });
    expect(s.end?.mainTiebreakUsed).toBe(true);
    expect(s.end?.finalGarnets).toMatchObject({ s1: 3, s2: 6, s3: 4, s4: 5, s5: 2, s6: 9 });
    expect(s.end?.mainWinners).toEqual(["s2", "s4", "s3"]);
  });

  it("garnet ties in the gamewide tiebreak fall to the seeded lot", () => {
    const s = ended([60, 60, 60, 60, 10], { garnets: [2, 2, 2, 2, 0] });
    const lot = s.end?.lot ?? [];
    const expected = ["s1", "s2", "s3", "s4"].sort((a, b) => lot.indexOf(a) - lot.indexOf(b)).slice(0, 3);
    expect(s.end?.mainWinners).toEqual(expected);
  });
});

describe("garnets earned", () => {
  it("are points divided by 30, rounded down, never below zero", () => {
    const s = ended([89, 90, 29, -12], { garnets: [1, 1, 1, 1] });
    expect(s.end?.garnetsEarned).toEqual({ s1: 2, s2: 3, s3: 0, s4: 0 });
    expect(s.end?.finalGarnets).toEqual({ s1: 3, s2: 4, s3: 1, s4: 1 });
  });
});

describe("Elimination Candidate", () => {
  it("is the lone lowest score", () => {
    const s = ended([50, 40, 30, 5]);
    expect(s.end).toMatchObject({ ec: "s4", ecDecidedBy: "points", ecCandidates: ["s4"] });
    expect(game.outcome(s)?.losers).toEqual(["s4"]);
    expect(game.outcome(s)?.awards).toContainEqual({ seat: "s4", label: "Elimination Candidate" });
  });

  it("when tied, waits (untimed) on the winners, who choose among the tied", () => {
    const s = ended([50, 40, 5, 5, 5]);
    expect(s.stage).toBe("ecChoice");
    expect(game.outcome(s)).toBeNull();
    const p = game.phase(s);
    expect(p).toMatchObject({ key: "ecChoice", durationMs: null, waitingOn: ["s1"], waitingOnHost: true });
    expect(attempt(s, "s2", { type: "pickEC", seat: "s3" })).toMatchObject({ ok: false, code: "action/not_a_winner" });
    expect(attempt(s, "s1", { type: "pickEC", seat: "s2" })).toMatchObject({ ok: false, code: "action/not_a_candidate" });
    const done = act(s, "s1", { type: "pickEC", seat: "s4" });
    expect(done.stage).toBe("finished");
    expect(done.end).toMatchObject({ ec: "s4", ecDecidedBy: "s1" });
    expect(game.phase(done).finished).toBe(true);
    expect(game.outcome(done)?.losers).toEqual(["s4"]);
  });

  it("the host may choose on the winners' behalf", () => {
    const s = ended([50, 5, 5, 20]);
    const done = act(s, "host", { type: "pickEC", seat: "s3" });
    expect(done.end).toMatchObject({ ec: "s3", ecDecidedBy: "host" });
  });

  it("at the deadline the tied player who loses the gamewide tiebreak becomes the EC", () => {
    const s = ended([50, 5, 5, 5, 20], { garnets: [0, 3, 1, 2, 0] });
    const done = game.timeout(s);
    expect(done.end).toMatchObject({ ec: "s3", ecDecidedBy: "default" });
  });

  it("never falls on a highest-points winner, even when everyone ties", () => {
    const s = ended([7, 7, 7, 7, 7], { garnets: [5, 4, 3, 2, 1] });
    expect(s.end?.mainWinners).toEqual(["s1", "s2", "s3"]);
    expect(s.end?.ecCandidates).toEqual(["s4", "s5"]);
  });
});

describe("extra win condition: most rounds lied among alive players", () => {
  it("is off by default", () => {
    expect(ended([50, 40, 30, 5], { lies: [0, 4, 0, 0] }).end?.lieWinner).toBeNull();
  });

  it("gives a Token of Life to the alive player who lied in the most rounds", () => {
    const s = ended([50, 40, 30, 5], { lies: [1, 4, 6, 2], dead: [3] }, { lieWinCondition: true });
    expect(s.end?.lieWinner).toBe("s2");
    expect(tokens(s, "s2")).toBe(1);
    expect(game.outcome(s)?.winners).toEqual(["s1", "s2"]);
  });

  it("breaks ties by the lower score, then the gamewide tiebreak", () => {
    expect(ended([50, 40, 30, 5], { lies: [0, 3, 3, 0] }, { lieWinCondition: true }).end?.lieWinner).toBe("s3");
    expect(ended([50, 30, 30, 5], { lies: [0, 3, 3, 0], garnets: [0, 1, 2, 0] }, { lieWinCondition: true }).end?.lieWinner).toBe("s3");
  });

  it("goes to nobody when no alive player ever lied", () => {
    expect(ended([50, 40, 30, 5], { lies: [0, 0, 2, 0], dead: [3] }, { lieWinCondition: true }).end?.lieWinner).toBeNull();
  });
});

describe("outcome", () => {
  it("ranks by final points with shared places and states garnets earned", () => {
    const s = ended([50, 40, 40, 5]);
    const o = game.outcome(s);
    expect(o?.ranking.map((r) => [r.seat, r.place, r.score])).toEqual([
      ["s1", 1, 50],
      ["s2", 2, 40],
      ["s3", 2, 40],
      ["s4", 4, 5],
    ]);
    expect(o?.ranking[0]?.note).toContain("earns 1 garnet");
    expect(o?.summary).toContain("s1 wins with 50 points");
  });
});
