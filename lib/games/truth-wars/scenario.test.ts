import { describe, expect, it } from "vitest";
import { game } from "./index";
import type { State } from "./types";
import { act, bans, fixture, votes } from "./test-helpers";

// Six players: s1 Misinformed, s2 Drunk, s3 Scammer, s4 Fact Checker, s5 and s6 Misinformed.
describe("a whole game, from the deal to the outcome", () => {
  it("plays three rounds in which the Truth Team wins by shadow-banning the Scammer", () => {
    let s: State = fixture({ roles: "MDSFMM", truths: ["real", "fake", "fake", "real", "fake"] });
    const readyAll = () => {
      for (const seat of s.seats) if (!s.bans.some((b) => b.seat === seat)) s = act(s, seat, { type: "ready" });
    };

    // Round 1 — a real headline
    expect(game.phase(s)).toMatchObject({ key: "reveal", round: 1 });
    expect(game.view(s, "s2").me?.hints).toEqual([{ round: 1, says: "real" }]);
    expect(game.view(s, "s3").headline?.truth).toBe("real");
    readyAll();
    s = act(s, "s4", { type: "peek" });
    s = act(s, "s2", { type: "lean", lean: "trust" });
    s = act(s, "s3", { type: "lean", lean: "flag" });
    s = act(s, "s1", { type: "lean", lean: "flag" });
    readyAll();
    s = votes(s, { s1: "flag", s2: "trust", s3: "flag", s4: "trust", s5: "trust", s6: "flag" });
    expect(s.rounds[0]).toMatchObject({ tally: { trust: 3, flag: 3, abstain: 0 }, majority: "tie" });
    s = act(s, "s4", { type: "snipe", target: "s1" }); // a miss
    expect(s.phase).toBe("round_end");
    expect(s.rounds[0]?.scoring?.pointTo).toBeNull();
    // a tied round keeps its truth secret; the missed snipe is not announced
    expect(game.view(s, "s6").history[0]).toMatchObject({ truth: null, sniped: null });
    readyAll();

    // Round 2 — a fake headline; the table bans its own Drunk after a revote
    expect(game.phase(s)).toMatchObject({ key: "reveal", round: 2 });
    readyAll();
    expect(game.view(s, "s4").me?.can).not.toContain("peek");
    readyAll();
    s = votes(s, { s1: "trust", s2: "flag", s3: "trust", s4: "flag", s5: "flag", s6: "flag" });
    expect(s.rounds[1]?.majority).toBe("flag");
    s = act(s, "s4", { type: "snipe", target: null });
    expect(s.phase).toBe("ban_vote");
    s = bans(s, { s1: "s3", s2: "s3", s3: "s2", s4: "s3", s5: "s2", s6: "s2" });
    expect(s.phase).toBe("ban_revote");
    s = bans(s, { s1: "s2", s2: "s3", s3: "s2", s4: "s3", s5: "s2", s6: "s2" });
    expect(s.bans).toEqual([{ seat: "s2", round: 2, by: "vote" }]);
    expect(s.scores).toEqual({ truth: 1, scammers: 0 });
    expect(game.phase(s).key).toBe("round_end");
    readyAll();

    // Round 3 — the Drunk's hint has passed to a Misinformed User
    const hint = s.rounds[2]?.hint;
    expect(["s1", "s5", "s6"]).toContain(hint?.holder);
    expect(hint?.says).toBe("fake");
    readyAll();
    s = act(s, "s4", { type: "peek" });
    expect(game.view(s, "s4").me?.peek?.results).toEqual([
      { round: 1, truth: "real" },
      { round: 3, truth: "fake" },
    ]);
    readyAll();
    s = votes(s, { s1: "flag", s3: "trust", s4: "flag", s5: "flag", s6: "trust" });
    s = act(s, "s4", { type: "snipe", target: null });
    s = bans(s, { s1: "s3", s3: "s6", s4: "s3", s5: "s3", s6: "s3" });

    expect(game.phase(s)).toMatchObject({ key: "game_over", finished: true });
    expect(s.result).toEqual({ winner: "truth", reason: "scammers_banned", round: 3 });
    const out = game.outcome(s)!;
    expect(out.summary).toBe("Truth Team wins: every Scammer was shadow-banned by round 3.");
    expect(out.winners).toEqual(["s1", "s2", "s4", "s5", "s6"]);
    expect(out.losers).toEqual(["s3"]);
    expect(out.ranking.at(-1)).toMatchObject({ seat: "s3", place: 2, note: "Scammer (Scammers), shadow-banned in round 3" });
    expect(out.awards.filter((a) => a.label === "Sharpest eye").map((a) => a.seat)).toEqual(["s4", "s5"]);
  });

  it("describes moves for the log without giving secrets away", () => {
    expect(game.describe!({ type: "vote", choice: "flag" }, "s2")).toBe("s2 voted");
    expect(game.describe!({ type: "ban", target: "s3" }, "s2")).toBe("s2 cast a shadow-ban ballot");
    expect(game.describe!({ type: "lean", lean: "trust" }, "s2")).toBe("s2 leans Trust");
    expect(game.describe!({ type: "peek" }, "s4")).not.toContain("s4");
    expect(game.describe!({ type: "snipe", target: "s3" }, "s4")).not.toMatch(/s3|s4/);
  });
});
