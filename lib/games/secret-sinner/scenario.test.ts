import { describe, expect, it } from "vitest";
import { phaseIdOf, runCommand } from "../core/commands";
import { seatIds } from "../core/seats";
import type { GameCommand } from "../core/commands";
import { configSchema } from "./config";
import { lettersOf, setup } from "./engine";
import { REALMS_13, alliesOf, firstLetter, nonAlliesOf } from "./fixtures";
import { game } from "./index";
import type { Letter } from "./rules";
import type { State } from "./state";

const seats = seatIds(13);

describe("a whole match by hand, from setup to outcome", () => {
  it("runs briefing, ten rounds, the results and the pick, and scores what was played", () => {
    const config = configSchema.parse({ realms: REALMS_13, markedSeats: ["s13"] });
    let s = setup({ seats, config, seed: "whole-match" });
    const log: GameCommand[] = [];
    const run = (cmd: GameCommand) => {
      const r = runCommand(game, s, cmd);
      if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
      s = r.state as State;
      log.push(cmd);
    };
    const tick = () => run({ kind: "timeout", phase: phaseIdOf(game.phase(s)) });
    const keys: string[] = [];

    expect(game.view(s, "s13").players.find((p) => p.seat === "s13")!.marked).toBe(true);
    keys.push(game.phase(s).key);
    tick();

    // Round 1: s5 asks s1 about three letters; s1 locks in a sure ally, s6 a sure miss.
    const ally1 = alliesOf(s, firstLetter(s, "s1")).find((l) => !lettersOf(s, "s1").includes(l))! as Letter;
    const miss6 = nonAlliesOf(s, firstLetter(s, "s6")).find((l) => l !== ally1)! as Letter;
    run({ kind: "action", actor: "s5", action: { type: "query", letters: [firstLetter(s, "s2"), firstLetter(s, "s3"), firstLetter(s, "s7")], attribute: "charity", recipient: "s1" } });
    run({ kind: "action", actor: "s1", action: { type: "lock", letter: firstLetter(s, "s1"), target: ally1 } });
    run({ kind: "action", actor: "s6", action: { type: "lock", letter: firstLetter(s, "s6"), target: miss6 } });
    for (const seat of seats) run({ kind: "action", actor: seat, action: { type: "done" } });

    // Round 2: the answer is with s1 and their window is open.
    expect(s.round).toBe(2);
    expect(game.view(s, "s1").me!.received).toHaveLength(1);
    expect(game.chat!(s, seats).find((c) => c.id === "dm:s1:s5")!.writers).toEqual(["s1", "s5"]);
    while (s.stage === "round") {
      keys.push(game.phase(s).key);
      tick();
    }

    expect(s.stage).toBe("ascension");
    const r = s.result!;
    expect(r.topTwo).not.toContain("s13");
    expect(r.pickCandidates).not.toContain("s13");
    const standing = (seat: string) => r.standings.find((x) => x.seat === seat)!;
    expect(standing("s1").score).toBe(2);
    expect(standing("s6").score).toBe(-1);
    const owner = s.letters.find((l) => l.letter === ally1)!.owner;
    expect(standing(owner).score).toBe(owner === "s6" ? -4 : -3);
    expect(r.heavenOrder[0]!.seat).toBe("s1");

    keys.push(game.phase(s).key);
    run({ kind: "action", actor: r.heavenWinner, action: { type: "pickAscender", seat: r.pickCandidates[0]! } });
    keys.push(game.phase(s).key);
    expect(keys).toEqual(["briefing", ...Array(8).fill("queries"), "final", "ascension", "end"]);

    const o = game.outcome(s)!;
    expect(o.winners).toContain("s1");
    expect(o.winners).toContain(r.pickCandidates[0]);
    expect(o.losers).toContain(r.eliminationCandidate);
    expect(o.ranking).toHaveLength(13);
    expect(o.summary).toMatch(/Elimination Candidate/);
  });

  it("lets two letters of one Heaven player lock the same target, each counting", () => {
    let s = setup({ seats, config: configSchema.parse({ realms: REALMS_13, phaseSeconds: { briefing: 0 } }), seed: "shared-target" });
    const mine = lettersOf(s, "s2");
    // a letter of another player that is an ally of two of s2's letters (its sin of one, its virtue of another)
    const target = s.letters.find((t) => t.owner !== "s2" && mine.filter((m) => alliesOf(s, m).includes(t.letter)).length >= 2)!;
    const lockers = mine.filter((m) => alliesOf(s, m).includes(target.letter)).slice(0, 2);
    for (const l of lockers) {
      const r = runCommand(game, s, { kind: "action", actor: "s2", action: { type: "lock", letter: l, target: target.letter } });
      expect(r.ok).toBe(true);
      if (r.ok) s = r.state as State;
    }
    while (s.stage === "round") s = game.timeout(s);
    const st = s.result!.standings;
    expect(st.find((x) => x.seat === "s2")!.score).toBe(4);
    expect(st.find((x) => x.seat === target.owner)!.score).toBe(-6);
  });
});
