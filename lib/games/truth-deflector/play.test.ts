import { describe, expect, it } from "vitest";
import { playWithBots, replay } from "../core/commands";
import { seatIds } from "../core/seats";
import { phaseIdOf } from "../core/phase";
import { game } from "./index";
import { act, gang, honest, pick, playRound, start } from "./test-helpers";
import type { State } from "./types";

const P = "Power" as const;
const W = "Wisdom" as const;
const C = "Courage" as const;

describe("a scripted game from setup to outcome", () => {
  it("plays three rounds with a lie, a backfired challenge, an elimination, a cleanse and a tied EC chosen by the winner", () => {
    let s = start(5, { rounds: 3, garnets: { start: 3, perSeat: [null, 6] } });
    expect(game.phase(s)).toMatchObject({ key: "round", round: 1, waitingOn: ["s1", "s2", "s3", "s4", "s5"] });

    // Round 1: s2 and s5 lie; s1, s3, s4 challenge s5 (not yet a Truth Deflector: backfires).
    s = playRound(s, {
      s1: pick(P, P, { challenges: ["s5"] }),
      s2: pick(C, W, { wisdom: { kind: "pair", claimed: W, submitted: P } }),
      s3: pick(P, P, { challenges: ["s5"] }),
      s4: pick(W, W, { challenges: ["s5"], wisdom: { kind: "pair", claimed: C, submitted: W } }),
      s5: pick(P, C),
    });
    // Claims P3 W1 C1. s1: W+C=2 +3 power -5 = 0. s2: P+C=4 +8 courage = 12. s3: 0. s4: P+C=4 -5 = -1. s5: P+W=4 +3 +8 +5 = 20.
    expect(s.history[0]?.claimCounts).toEqual({ Power: 3, Wisdom: 1, Courage: 1 });
    expect(s.seats.map((x) => s.players[x]?.points)).toEqual([0, 12, 0, -1, 20]);
    expect(s.history[0]?.wisdom.s4?.answer).toMatchObject({ seats: ["s2"] });

    // Round 2: s4 learned s2 lied; s1, s3, s4 challenge s2: eliminated. s5 cleanses.
    s = playRound(s, {
      ...gang("s2", ["s1", "s3", "s4"], C),
      s2: pick(P),
      s5: pick(W, W, { cleanse: true, wisdom: { kind: "pair", claimed: P, submitted: C } }),
    });
    // Claims after elimination: C3 W1. s1/s3/s4: P+W=1 +8 +5 = 14. s5: P+C=3.
    expect(s.history[1]?.eliminated).toEqual(["s2"]);
    expect(s.seats.map((x) => s.players[x]?.points)).toEqual([14, 7, 14, 13, 23]);
    expect(s.players.s5).toMatchObject({ td: false, garnets: 0 });

    // Round 3: s2 would like to return but it is the last round; everyone honest on Power.
    expect(game.view(s, "s2").me?.can.resurrect).toMatchObject({ allowed: false });
    s = playRound(s, { s1: pick(P), s3: pick(P), s4: pick(P), s5: pick(C), s2: { challenges: ["s5"] } });
    // Claims P3 C1: s1/s3/s4: 1 + 3 = 4; s5: 3 + 8 = 11.
    expect(s.seats.map((x) => s.players[x]?.points)).toEqual([18, 7, 18, 17, 34]);
    expect(s.stage).toBe("finished");
    const o = game.outcome(s);
    expect(o?.winners).toEqual(["s5"]);
    expect(o?.losers).toEqual(["s2"]);
    expect(o?.awards).toEqual([
      { seat: "s5", label: "Token of Life" },
      { seat: "s5", label: "Token of Life" },
      { seat: "s2", label: "Elimination Candidate" },
    ]);
    expect(s.end?.garnetsEarned).toMatchObject({ s5: 1 });
  });

  it("ends in the winners' EC choice when the lowest score is tied", () => {
    let s = start(4, { rounds: 2 });
    s = playRound(s, honest(s, { s1: pick(C) }));
    s = playRound(s, honest(s, { s1: pick(C) }));
    expect(s.stage).toBe("ecChoice");
    expect(s.end?.ecCandidates).toEqual(["s2", "s3", "s4"]);
    s = act(s, "s1", { type: "pickEC", seat: "s3" });
    expect(game.outcome(s)?.losers).toEqual(["s3"]);
  });
});

describe("bots", () => {
  it("play a full 11-seat game to an outcome", () => {
    const r = playWithBots(game, { seats: seatIds(11), seed: "full-11" });
    const s = r.state as State;
    expect(game.phase(s).finished).toBe(true);
    expect(s.history).toHaveLength(10);
    const o = game.outcome(s);
    expect(o?.winners.length).toBeGreaterThan(0);
    expect(o?.ranking).toHaveLength(11);
    expect(o?.awards.some((a) => a.label === "Elimination Candidate")).toBe(true);
  });

  it("finish a few hundred games across configs and seat counts without a rejected move", () => {
    const configs = [
      {},
      { wisdomOption: "lieCount", lieWinCondition: true },
      { wisdomOption: "tdCount", resurrection: false },
      { wisdomOption: "playerCheck", cleansing: false, garnets: { start: 0, perSeat: [9, 9] } },
    ];
    let finished = 0;
    for (let i = 0; i < 240; i++) {
      const config = configs[i % configs.length];
      const seats = seatIds(i % 5 === 0 ? 4 + (i % 17) : 11);
      const r = playWithBots(game, { seats, config, seed: `sim-${i}`, skipChance: i % 3 === 0 ? 0.3 : 0 });
      const s = r.state as State;
      expect(game.outcome(s)).not.toBeNull();
      expect(s.end?.ec).not.toBeNull();
      finished++;
    }
    expect(finished).toBe(240);
  });

  it("use garnets and challenges over many games", () => {
    let eliminated = 0;
    let resurrected = 0;
    let cleansed = 0;
    let lies = 0;
    for (let i = 0; i < 40; i++) {
      const s = playWithBots(game, { seats: seatIds(11), seed: `use-${i}` }).state as State;
      for (const r of s.history) {
        eliminated += r.eliminated.length;
        resurrected += r.resurrected.length;
        cleansed += r.cleansed.length;
        lies += r.participants.filter((x) => r.subs[x]?.claim !== r.subs[x]?.secret).length;
      }
    }
    expect(eliminated).toBeGreaterThan(0);
    expect(resurrected).toBeGreaterThan(0);
    expect(cleansed).toBeGreaterThan(0);
    expect(lies).toBeGreaterThan(0);
  });
});

describe("replay", () => {
  it("rebuilds the exact state from the seed and the log, also with timeouts", () => {
    for (const [seed, skipChance] of [["replay-a", 0], ["replay-b", 0.4]] as const) {
      const config = { lieWinCondition: true };
      const r = playWithBots(game, { seats: seatIds(11), seed, config, skipChance });
      const again = replay(game, { seats: seatIds(11), seed, config }, r.log);
      expect(again).toEqual(r.state);
      expect(JSON.parse(JSON.stringify(r.state))).toEqual(r.state);
    }
  });

  it("gives another game from another seed", () => {
    const a = playWithBots(game, { seats: seatIds(11), seed: "one", botSeed: "same" }).state as State;
    const b = playWithBots(game, { seats: seatIds(11), seed: "two", botSeed: "same" }).state as State;
    expect(a.end?.lot).not.toEqual(b.end?.lot);
  });
});

describe("phases", () => {
  it("change key or round at every new phase and always advance on timeout", () => {
    let s = start(5, { rounds: 2 });
    const seen = new Set<string>();
    for (let i = 0; i < 10 && !game.phase(s).finished; i++) {
      const p = game.phase(s);
      const id = phaseIdOf(p);
      expect(seen.has(id)).toBe(false);
      seen.add(id);
      s = game.timeout(s);
    }
    expect(game.phase(s)).toMatchObject({ key: "finished", finished: true, durationMs: null, waitingOn: [] });
    expect(game.timeout(s)).toBe(s);
  });

  it("list the single round phase for the tracker", () => {
    expect(game.phaseTrack).toEqual([{ key: "round", name: "Claims & challenges", length: { path: ["phaseSeconds", "round"], defaultSeconds: 180 } }]);
  });
});
