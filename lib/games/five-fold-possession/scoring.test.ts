import { describe, expect, it } from "vitest";
import { Rng } from "../core/rng";
import { configSchema } from "./config";
import { game } from "./index";
import { scoreIdentities, scoreRoleGuesses } from "./scoring";
import { bestBy, finish, identificationChain, pointsChain } from "./standings";
import type { RoleGuess, Standing, State } from "./state";
import { act, fresh, next, rightIdentities, round, SEATS, tryAct } from "./testing";
import type { View } from "./view";

const cfg = configSchema.parse({});
const guess = (possessed: string | null, ghostHunter: string | null): RoleGuess => ({ possessed, ghostHunter });

describe("role guess scoring (designed table)", () => {
  it("+1 naming the possessed, +½ the ghost hunter; the hunter gets +½ more for the possessed and -½ per player naming them", () => {
    const r = scoreRoleGuesses(SEATS, 2, { possessed: "s1", ghostHunter: "s2" }, {
      s1: guess(null, "s2"),
      s2: guess("s1", null),
      s3: guess("s1", "s2"),
      s4: guess("s1", "s5"),
      s5: guess("s2", "s3"),
    }, cfg.guessing);
    // halves
    expect(r.halves).toEqual({ s1: 1, s2: 3 - 2, s3: 3, s4: 2, s5: 0 });
    expect(r.rightNames).toEqual({ s1: 1, s2: 1, s3: 2, s4: 1, s5: 0 });
    expect(r.possessedNamedBy).toBe(3);
    expect(r.detected).toBe(false);
  });

  it("all four others naming the possessed detects them", () => {
    const r = scoreRoleGuesses(SEATS, 2, { possessed: "s1", ghostHunter: "s2" }, {
      s1: null,
      s2: guess("s1", null),
      s3: guess("s1", null),
      s4: guess("s1", "s3"),
      s5: guess("s1", "s4"),
    }, cfg.guessing);
    expect(r.detected).toBe(true);
  });

  it("guesses about the round without a possessed score nothing", () => {
    const r = scoreRoleGuesses(SEATS, 7, null, { s1: guess("s2", "s3"), s2: guess("s1", "s3"), s3: null, s4: null, s5: null }, cfg.guessing);
    expect(r.halves).toEqual({ s1: 0, s2: 0, s3: 0, s4: 0, s5: 0 });
    expect(r.detected).toBe(false);
  });

  it("the values are configurable", () => {
    const g = configSchema.parse({ guessing: { namePossessed: 2, nameGhostHunter: 1, hunterFindsPossessed: 0, hunterNamedPenalty: 0 } }).guessing;
    const r = scoreRoleGuesses(SEATS, 2, { possessed: "s1", ghostHunter: "s2" }, { s1: null, s2: guess("s1", null), s3: guess("s1", "s2"), s4: null, s5: null }, g);
    expect(r.halves).toEqual({ s1: 0, s2: 4, s3: 6, s4: 0, s5: 0 });
  });
});

describe("identity guess scoring", () => {
  const aliases = { s1: "B", s2: "A", s3: "E", s4: "C", s5: "D" };
  const right = ["s2", "s1", "s4", "s5", "s3"]; // A B C D E
  it("counts aliases placed right and the fully right guessers", () => {
    const r = scoreIdentities(SEATS, 1, aliases, { s1: right, s2: ["s1", "s2", "s4", "s5", "s3"], s3: null, s4: right, s5: null });
    expect(r.correct).toEqual({ s1: 5, s2: 3, s3: 0, s4: 5, s5: 0 });
    expect(r.fullyRight).toEqual(["s1", "s4"]);
    expect(r.soleWinner).toBeNull();
    expect(scoreIdentities(SEATS, 1, aliases, { s1: null, s2: null, s3: right, s4: null, s5: null }).soleWinner).toBe("s3");
  });
});

describe("guesses in play", () => {
  it("identity guesses open from round 2 and role guesses from round 3, about the previous round", () => {
    let s = fresh();
    expect(tryAct(s, "s1", { type: "guessIdentities", seats: SEATS })).toMatchObject({ ok: false, code: "action/wrong_phase" });
    expect(tryAct(s, "s1", { type: "guessRoles", possessed: "s2", ghostHunter: "s3" })).toMatchObject({ ok: false, code: "action/wrong_phase" });
    s = next(round(s, {}));
    expect(game.view(s, "s1").me!.mg5).toMatchObject({ targetRound: 1, aliases: Object.values(s.aliases[0]!).sort() });
    expect(tryAct(s, "s1", { type: "guessIdentities", seats: ["s1", "s2", "s3", "s4"] })).toMatchObject({ ok: false, code: "action/illegal" });
    expect(tryAct(s, "s1", { type: "guessIdentities", seats: ["s1", "s1", "s3", "s4", "s5"] })).toMatchObject({ ok: false, code: "action/illegal" });
    expect(tryAct(s, "s1", { type: "guessIdentities", seats: ["s1", "s2", "s3", "s4", "s9"] })).toMatchObject({ ok: false, code: "action/illegal" });
    expect(tryAct(s, "s1", { type: "guessRoles", possessed: "s2", ghostHunter: "s3" })).toMatchObject({ ok: false, code: "action/wrong_phase" });
    s = next(round(s, {}));
    expect(game.view(s, "s1").me!.roleGuess).toMatchObject({ targetRound: 2, myRoleThen: "possessed" });
    expect(tryAct(s, "s1", { type: "guessRoles", possessed: "s1", ghostHunter: "s3" })).toMatchObject({ ok: false, code: "action/illegal" });
    expect(tryAct(s, "s2", { type: "guessRoles", possessed: "s3", ghostHunter: "s3" })).toMatchObject({ ok: false, code: "action/illegal" });
    expect(tryAct(s, "s2", { type: "guessRoles", possessed: "s1", ghostHunter: null }).ok).toBe(true);
  });

  it("identity garnets are held back to the end; a sole fully right guesser also gains a point; only the count is published", () => {
    let s = next(round(fresh(), {}));
    s = act(s, "s3", { type: "guessIdentities", seats: rightIdentities(s, 1) });
    s = round(s, {});
    expect(s.deferredGarnets.s3).toBe(1);
    expect(s.garnets.s3).toBe(s.garnets.s4); // not paid yet: same as a seat who guessed nothing
    expect(s.tally.s3!.minigameHalves).toBe(2);
    expect(game.view(s, "s3").me!.knownPoints).toBe(0);
    expect(game.view(s, "spectator").history[1]!.identity).toEqual({ targetRound: 1, fullyRight: 1 });
  });

  it("the possessed's challenges score +½ each, or -½ each when all four others named them", () => {
    const play = (namers: string[]) => {
      let s = next(round(fresh(), {})); // round 2: s1 possessed, s2 ghost hunter
      s = act(s, "s1", { type: "playCard", card: 7 }); // prime, and the only unique card: wins the median
      s = next(round(s, {}));
      for (const n of namers) s = act(s, n, { type: "guessRoles", possessed: "s1", ghostHunter: null });
      return round(s, {});
    };
    const safe = play(["s2", "s3", "s4"]);
    const caught = play(["s2", "s3", "s4", "s5"]);
    const done = safe.rounds[1]!.challenges!.completed.length;
    expect(done).toBeGreaterThanOrEqual(3);
    expect(safe.rounds[1]!.challenges!.halves).toBe(done);
    expect(caught.rounds[1]!.challenges!.halves).toBe(-done);
    expect(safe.tally.s1!.challengeHalves).toBe(done);
    expect(caught.tally.s1!.challengeHalves).toBe(-done);
    expect(caught.tally.s1!.challengesCompleted).toBe(done);
  });
});

describe("guess points are never told", () => {
  /** A round-3 game where s3's role guess is right or wrong, and s1 (possessed in round 2) is or is not named by all. */
  const build = (s3Right: boolean, allName: boolean) => {
    let s = next(round(fresh(), {}));
    s = next(round(s, {}));
    s = act(s, "s3", { type: "guessRoles", possessed: s3Right ? "s1" : "s4", ghostHunter: s3Right ? "s2" : "s5" });
    for (const n of ["s2", "s4"]) s = act(s, n, { type: "guessRoles", possessed: "s1", ghostHunter: null });
    s = act(s, "s5", { type: "guessRoles", possessed: allName ? "s1" : "s4", ghostHunter: null });
    return next(round(s, {}));
  };
  const strip = (v: View): View => ({ ...v, me: v.me ? { ...v.me, rounds: v.me.rounds.map((r) => ({ ...r, roleGuess: null })) } : null });

  it("a guesser's view is the same whether the guess was right or wrong", () => {
    const right = build(true, false);
    const wrong = build(false, false);
    expect(right.tally.s3!.guessHalves).not.toBe(wrong.tally.s3!.guessHalves);
    for (const v of ["s1", "s2", "s3", "s4", "s5", "spectator"] as const) expect(strip(game.view(right, v))).toEqual(strip(game.view(wrong, v)));
  });

  it("the possessed's view is the same whether or not everyone named them", () => {
    const named = build(true, true);
    const free = build(true, false);
    expect(named.rounds[1]!.challenges!.halves).toBeLessThan(0);
    expect(strip(game.view(named, "s1"))).toEqual(strip(game.view(free, "s1")));
    expect(strip(game.view(named, "spectator"))).toEqual(strip(game.view(free, "spectator")));
  });

  it("the host sees them", () => {
    const s = build(true, false);
    expect(game.view(s, "host").host!.points.s3!.guesses).toBe(1.5);
  });
});

describe("standings and tiebreak chains", () => {
  const st = (seat: string, change: Partial<Standing>): Standing => ({
    seat,
    points: 0,
    minigamePoints: 0,
    garnets: 10,
    startGarnets: 10,
    identityGarnets: 0,
    identifications: 0,
    identitiesCorrect: 0,
    challengesCompleted: 0,
    ...change,
  });

  it("points: then minigame points, then garnets, then garnets at the start", () => {
    const chain = pointsChain(cfg);
    expect(bestBy(chain, [st("s1", { points: 5 }), st("s2", { points: 4.5 })]).map((x) => x.seat)).toEqual(["s1"]);
    expect(bestBy(chain, [st("s1", { points: 5, minigamePoints: 1 }), st("s2", { points: 5, minigamePoints: 2 })]).map((x) => x.seat)).toEqual(["s2"]);
    expect(bestBy(chain, [st("s1", { points: 5, garnets: 12 }), st("s2", { points: 5, garnets: 11 })]).map((x) => x.seat)).toEqual(["s1"]);
    const byStart = [st("s1", { points: 5, startGarnets: 8 }), st("s2", { points: 5, startGarnets: 9 })];
    expect(bestBy(chain, byStart).map((x) => x.seat)).toEqual(["s2"]);
    expect(bestBy(pointsChain(configSchema.parse({ tiebreaks: { startGarnets: "fewer" } })), byStart).map((x) => x.seat)).toEqual(["s1"]);
    expect(bestBy(chain, [st("s1", { points: 5 }), st("s2", { points: 5 })])).toHaveLength(2);
  });

  it("identifications: then aliases placed right, then challenges completed, then garnets, then garnets at the start", () => {
    const chain = identificationChain(cfg);
    expect(bestBy(chain, [st("s1", { identifications: 3 }), st("s2", { identifications: 4 })])[0]!.seat).toBe("s2");
    expect(bestBy(chain, [st("s1", { identifications: 4, identitiesCorrect: 9 }), st("s2", { identifications: 4, identitiesCorrect: 8 })])[0]!.seat).toBe("s1");
    expect(bestBy(chain, [st("s1", { identifications: 4, challengesCompleted: 2 }), st("s2", { identifications: 4, challengesCompleted: 5 })])[0]!.seat).toBe("s2");
    expect(bestBy(chain, [st("s1", { identifications: 4, garnets: 3 }), st("s2", { identifications: 4, garnets: 2 })])[0]!.seat).toBe("s1");
    expect(bestBy(chain, [st("s1", { identifications: 4, startGarnets: 3 }), st("s2", { identifications: 4, startGarnets: 2 })])[0]!.seat).toBe("s1");
  });
});

describe("the end: win conditions, opal, EC", () => {
  /** A finished-ready state whose tallies and garnets are set directly. */
  const ending = (tally: Record<string, Partial<State["tally"][string]>>, garnets: Record<string, number> = {}, config: unknown = {}): State => {
    const s = fresh(config);
    const base = { minigameHalves: 0, challengeHalves: 0, guessHalves: 0, identifications: 0, identitiesCorrect: 0, challengesCompleted: 0 };
    return {
      ...s,
      round: 12,
      phase: "final",
      tally: Object.fromEntries(SEATS.map((x) => [x, { ...base, ...tally[x] }])),
      garnets: { ...s.garnets, ...garnets },
    };
  };
  const close = (s: State) => game.timeout(s);

  it("one Token of Life per condition; both to one player gives an opal and two Tokens", () => {
    const s = close(ending({ s1: { minigameHalves: 10, identifications: 6 }, s2: { minigameHalves: 4, identifications: 2 }, s3: { guessHalves: 2 }, s4: { minigameHalves: 1 } }));
    const out = game.outcome(s)!;
    expect(s.final!.pointsWinners).toEqual(["s1"]);
    expect(s.final!.identificationWinners).toEqual(["s1"]);
    expect(out.awards.filter((a) => a.seat === "s1").map((a) => a.label).sort()).toEqual(["Opal", "Token of Life", "Token of Life"]);
    expect(game.view(s, "s2").end!.doubleWinner).toBe("s1");
    // EC: least points among those who met no condition
    expect(s.final!.elimination).toBe("s5");
    expect(out.losers).toEqual(["s5"]);
  });

  it("two different winners get one Token each; the EC skips them even with fewer points", () => {
    const s = close(ending({ s1: { minigameHalves: 10 }, s2: { identifications: 9, guessHalves: -4 }, s3: { minigameHalves: 2 }, s4: { minigameHalves: 2 }, s5: { minigameHalves: 1 } }));
    const out = game.outcome(s)!;
    expect(out.winners.sort()).toEqual(["s1", "s2"]);
    expect(out.awards.filter((a) => a.label === "Token of Life").map((a) => a.seat).sort()).toEqual(["s1", "s2"]);
    expect(out.awards.some((a) => a.label === "Opal")).toBe(false);
    expect(s.final!.elimination).toBe("s5");
  });

  it("EC ties go down the points chain reversed", () => {
    const s = close(ending({ s1: { minigameHalves: 10, identifications: 5 }, s3: { guessHalves: 2 }, s4: { guessHalves: 2 } }, { s2: 12, s5: 4 }));
    // s2 and s5 have 0 points and 0 minigame points; s5 has fewer garnets
    expect(s.final!.elimination).toBe("s5");
  });

  it("an unbroken tie is settled by a seeded draw, or shared under the switch", () => {
    const tie = { s1: { minigameHalves: 6, identifications: 3 }, s2: { minigameHalves: 6, identifications: 3 } };
    const drawn = close(ending(tie));
    expect(drawn.final!.pointsWinners).toHaveLength(1);
    expect(drawn.final!.notes.join(" ")).toMatch(/seeded draw/);
    const shared = close(ending(tie, {}, { tiebreaks: { unbroken: "shared" } }));
    expect(shared.final!.pointsWinners).toEqual(["s1", "s2"]);
    expect(shared.final!.identificationWinners).toEqual(["s1", "s2"]);
    expect(game.outcome(shared)!.ranking.slice(0, 2).map((r) => r.place)).toEqual([1, 1]);
  });

  it("opal challenge: the only right guess of the empty round wins it", () => {
    let s = ending({ s1: { minigameHalves: 2 } });
    s = act(s, "s2", { type: "guessOpal", round: 7 });
    s = act(s, "s3", { type: "guessOpal", round: 8 });
    expect(tryAct(s, "s3", { type: "guessOpal", round: 1 })).toMatchObject({ ok: false, code: "action/illegal" });
    s = close(s);
    expect(s.final!.opal).toMatchObject({ correct: ["s2"], winner: "s2" });
    expect(game.outcome(s)!.awards).toContainEqual({ seat: "s2", label: "Opal (opal challenge)" });
  });

  it("opal challenge: several right guesses go to the most net garnets, and a tie there gives nobody the opal", () => {
    const guessAll = (s: State, seats: string[]) => seats.reduce((x, seat) => act(x, seat, { type: "guessOpal", round: 7 }), s);
    const won = close(guessAll(ending({}, { s2: 14, s3: 12 }), ["s2", "s3"]));
    expect(won.final!.opal.winner).toBe("s2");
    const none = close(guessAll(ending({}, { s2: 12, s3: 12 }), ["s2", "s3"]));
    expect(none.final!.opal.winner).toBeNull();
    expect(game.outcome(none)!.awards.some((a) => a.label === "Opal (opal challenge)")).toBe(false);
  });

  it("the opal guess belongs to the final guesses only", () => {
    expect(tryAct(fresh(), "s1", { type: "guessOpal", round: 5 })).toMatchObject({ ok: false, code: "action/wrong_phase" });
  });

  it("finish is a pure function of its inputs", () => {
    const s = ending({ s1: { minigameHalves: 6 }, s2: { minigameHalves: 6 } });
    const ident = scoreIdentities(SEATS, 12, s.aliases[11]!, {});
    const roles = scoreRoleGuesses(SEATS, 12, s.schedule.roles[11]!, {}, cfg.guessing);
    const a = finish(s, ident, roles, {}, Rng.fromSeed("t"));
    const b = finish(s, ident, roles, {}, Rng.fromSeed("t"));
    expect(a).toEqual(b);
  });
});
