import { describe, expect, it } from "vitest";
import { phaseIdOf } from "../core/phase";
import { game } from "./index";
import type { State } from "./types";
import { act, advance, advanceTo, fixture, refused } from "./test-helpers";

/** The (round:phase) sequence of a game where nobody does anything. */
function track(state: State): string[] {
  const seen: string[] = [];
  let s = state;
  while (true) {
    seen.push(`${s.round}:${s.phase}`);
    if (s.phase === "game_over") return seen;
    s = advance(s);
  }
}

describe("round structure", () => {
  it("runs reveal, discussion, vote, snipe (rounds 1–4), shadow-ban vote (rounds 2–5) and round end", () => {
    const seen = track(fixture());
    expect(seen).toEqual([
      "1:reveal", "1:discussion", "1:vote", "1:snipe", "1:round_end",
      "2:reveal", "2:discussion", "2:vote", "2:snipe", "2:ban_vote", "2:round_end",
      "3:reveal", "3:discussion", "3:vote", "3:snipe", "3:ban_vote", "3:round_end",
      "4:reveal", "4:discussion", "4:vote", "4:snipe", "4:ban_vote", "4:round_end",
      "5:reveal", "5:discussion", "5:vote", "5:ban_vote", "5:game_over",
    ]);
  });

  it("opens the shadow-ban vote in round 1 with the variant switch", () => {
    const seen = track(fixture({ config: { banVoteInRoundOne: true } }));
    expect(seen.slice(0, 6)).toEqual(["1:reveal", "1:discussion", "1:vote", "1:snipe", "1:ban_vote", "1:round_end"]);
  });

  it("never snipes in the last round of a shorter game", () => {
    const seen = track(fixture({ config: { rounds: 3 } }));
    expect(seen.filter((p) => p.endsWith(":snipe"))).toEqual(["1:snipe", "2:snipe"]);
  });

  it("ends in a tie after the last round when nobody reached the target", () => {
    let s = fixture();
    while (s.phase !== "game_over") s = advance(s);
    expect(s.result).toEqual({ winner: "tie", reason: "rounds_over", round: 5 });
    expect(game.outcome(s)?.winners).toEqual([]);
    expect(game.outcome(s)?.summary).toMatch(/Tie/);
  });
});

describe("phase info", () => {
  it("takes durations from the config and changes key or round at every new phase", () => {
    let s = fixture({ config: { phaseSeconds: { discussion: 120, vote: 30, snipe: 10, banVote: 40, banRevote: 20, reveal: 7, roundEnd: 9 } } });
    const durations: Record<string, number | null> = {};
    let last = "";
    while (s.phase !== "game_over") {
      const p = game.phase(s);
      const id = phaseIdOf(p);
      expect(id).not.toBe(last);
      last = id;
      durations[p.key] = p.durationMs;
      expect(p.name.length).toBeGreaterThan(0);
      s = advance(s);
    }
    expect(durations).toEqual({ reveal: 7000, discussion: 120000, vote: 30000, snipe: 10000, ban_vote: 40000, round_end: 9000 });
    expect(game.phase(s)).toMatchObject({ key: "game_over", finished: true, durationMs: null, waitingOn: [] });
  });

  it("lists who still owes a vote, and nobody in the Fact Checker's secret snipe turn", () => {
    let s = advanceTo(fixture(), "vote");
    expect(game.phase(s).waitingOn).toEqual(["s1", "s2", "s3", "s4", "s5"]);
    s = act(s, "s2", { type: "vote", choice: "trust" });
    expect(game.phase(s).waitingOn).toEqual(["s1", "s3", "s4", "s5"]);
    s = advance(s);
    expect(s.phase).toBe("snipe");
    expect(game.phase(s).waitingOn).toEqual([]);
  });

  it("has a phase track naming every step of a round", () => {
    expect(game.phaseTrack.map((p) => p.key)).toEqual(["reveal", "discussion", "vote", "snipe", "ban_vote", "ban_revote", "round_end"]);
  });
});

describe("ready", () => {
  it("ends the reveal, the discussion and the round end once every unbanned seat is ready", () => {
    let s = fixture();
    expect(game.phase(s).waitingOn).toEqual(["s1", "s2", "s3", "s4", "s5"]);
    for (const seat of ["s1", "s2", "s3", "s4"]) s = act(s, seat, { type: "ready" });
    expect(s.phase).toBe("reveal");
    // who is ready is the phase's: the seats it still waits on
    expect(game.phase(s).waitingOn).toEqual(["s5"]);
    refused(s, "s4", { type: "ready" }, "action/already_submitted");
    s = act(s, "s5", { type: "ready" });
    expect(s.phase).toBe("discussion");
    expect(s.rounds[0]?.ready).toEqual([]);
    for (const seat of s.seats) s = act(s, seat, { type: "ready" });
    expect(s.phase).toBe("vote");
    refused(s, "s1", { type: "ready" }, "action/wrong_phase");
  });

  it("does not wait for shadow-banned seats", () => {
    let s = advanceTo(fixture(), "ban_vote", 2);
    s = act(s, "s1", { type: "ban", target: "s4" });
    s = act(s, "s2", { type: "ban", target: "s4" });
    s = advance(s);
    expect(s.phase).toBe("round_end");
    for (const seat of ["s1", "s2", "s3", "s5"]) s = act(s, seat, { type: "ready" });
    expect(s.phase).toBe("reveal");
    expect(s.round).toBe(3);
    refused(s, "s4", { type: "ready" }, "action/shadow_banned");
  });
});

describe("lean (structured table talk)", () => {
  it("is public, changeable and only open during the discussion", () => {
    let s = fixture();
    refused(s, "s1", { type: "lean", lean: "trust" }, "action/wrong_phase");
    s = advance(s);
    s = act(s, "s4", { type: "lean", lean: "trust" });
    refused(s, "s4", { type: "lean", lean: "trust" }, "action/already_submitted");
    s = act(s, "s4", { type: "lean", lean: "flag" });
    s = act(s, "s5", { type: "lean", lean: "trust" });
    expect(game.view(s, "spectator").players.map((p) => p.lean)).toEqual([null, null, null, "flag", "trust"]);
    s = act(s, "s5", { type: "lean", lean: null });
    expect(s.rounds[0]?.leans).toEqual({ s4: "flag" });
    refused(s, "s5", { type: "lean", lean: null }, "action/already_submitted");
  });
});

describe("illegal input", () => {
  it("refuses the host, strangers, malformed actions and anything after the end, leaving the state unchanged", () => {
    let s = advanceTo(fixture(), "vote");
    refused(s, "host", { type: "vote", choice: "trust" }, "action/not_a_player");
    refused(s, "s9", { type: "vote", choice: "trust" }, "action/not_a_player");
    refused(s, "s1", { type: "vote", choice: "maybe" }, "action/invalid");
    refused(s, "s1", { type: "dance" }, "action/invalid");
    refused(s, "s1", { type: "ban", target: "nobody" }, "action/invalid");
    while (s.phase !== "game_over") s = advance(s);
    refused(s, "s1", { type: "ready" }, "action/game_finished");
  });

  it("never mutates the state it is given", () => {
    const s = advanceTo(fixture(), "vote");
    const before = JSON.stringify(s);
    act(s, "s1", { type: "vote", choice: "trust" });
    advance(s);
    game.view(s, "s1");
    expect(JSON.stringify(s)).toBe(before);
  });
});
