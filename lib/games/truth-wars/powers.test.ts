import { describe, expect, it } from "vitest";
import { seatIds } from "../core";
import { configSchema } from "./config";
import { game } from "./index";
import type { State } from "./types";
import { act, advance, advanceTo, bans, everyoneVotes, fixture, refused, votes } from "./test-helpers";

// Default fixture: s1 Fact Checker, s2 Scammer, s3 Drunk, s4 and s5 Misinformed Users.
const cur = (s: State) => s.rounds[s.rounds.length - 1]!;

/** Plays the rest of the current round with nobody acting, into the next round's discussion. */
const nextDiscussion = (s: State) => advanceTo(s, "discussion", s.round + 1);

describe("Fact Checker: peek", () => {
  it("shows the Fact Checker alone whether the headline is real or fake, during the discussion", () => {
    let s = fixture({ truths: ["fake"] });
    refused(s, "s1", { type: "peek" }, "action/wrong_phase");
    s = advance(s);
    refused(s, "s4", { type: "peek" }, "action/not_your_role");
    expect(game.view(s, "s1").headline?.truth).toBeNull();
    s = act(s, "s1", { type: "peek" });
    expect(game.view(s, "s1").headline?.truth).toBe("fake");
    expect(game.view(s, "s1").me?.peek?.results).toEqual([{ round: 1, truth: "fake" }]);
    expect(game.view(s, "s4").headline?.truth).toBeNull();
    refused(s, "s1", { type: "peek" }, "action/already_submitted");
    s = advance(s);
    refused(s, "s1", { type: "peek" }, "action/wrong_phase");
  });

  it("is never allowed in two rounds in a row", () => {
    let s = advance(fixture());
    s = act(s, "s1", { type: "peek" });
    s = nextDiscussion(s);
    const r = refused(s, "s1", { type: "peek" }, "action/peek_cooldown");
    expect(r.message).toMatch(/two rounds in a row/);
    expect(game.view(s, "s1").me?.peek).toMatchObject({ canNow: false, left: 2 });
    s = nextDiscussion(s);
    s = act(s, "s1", { type: "peek" });
    expect(s.peekRounds).toEqual([1, 3]);
  });

  it("allows three peeks per game by default", () => {
    let s = advance(fixture());
    for (const round of [1, 3, 5]) {
      s = advanceTo(s, "discussion", round);
      s = act(s, "s1", { type: "peek" });
    }
    expect(s.peekRounds).toEqual([1, 3, 5]);
    expect(game.view(s, "s1").me?.peek?.left).toBe(0);
  });

  it("allows only two with the variant switch", () => {
    let s = advance(fixture({ config: { peeksPerGame: 2 } }));
    s = act(s, "s1", { type: "peek" });
    s = advanceTo(s, "discussion", 3);
    s = act(s, "s1", { type: "peek" });
    s = advanceTo(s, "discussion", 5);
    refused(s, "s1", { type: "peek" }, "action/no_peeks_left");
  });
});

describe("Fact Checker: snipe", () => {
  it("does nothing to a non-Scammer, is spent, and is not announced", () => {
    let s = advanceTo(fixture(), "vote");
    s = everyoneVotes(s, "trust");
    expect(s.phase).toBe("snipe");
    refused(s, "s4", { type: "snipe", target: "s2" }, "action/not_your_role");
    refused(s, "s1", { type: "snipe", target: "s1" }, "action/bad_target");
    s = act(s, "s1", { type: "snipe", target: "s4" });
    expect(s.bans).toEqual([]);
    expect(s.snipeUsed).toEqual({ round: 1, target: "s4", hit: false });
    expect(s.phase).toBe("round_end");
    expect(game.view(s, "s1").me?.snipe?.used).toEqual({ round: 1, target: "s4", hit: false });
    for (const v of ["s2", "s3", "s4", "s5", "spectator"] as const) expect(JSON.stringify(game.view(s, v))).not.toContain('"hit"');
    // once per game: later rounds may only hold
    s = advanceTo(s, "snipe", 2);
    refused(s, "s1", { type: "snipe", target: "s2" }, "action/snipe_used");
    expect(game.view(s, "s1").me?.snipe).toMatchObject({ deciding: true, targets: [] });
    s = act(s, "s1", { type: "snipe", target: null });
    expect(s.phase).toBe("ban_vote");
  });

  it("shadow-bans a Scammer at once; with the last Scammer gone the Truth Team wins before any scoring", () => {
    let s = advanceTo(fixture({ truths: ["real"] }), "vote");
    s = everyoneVotes(s, "flag");
    s = act(s, "s1", { type: "snipe", target: "s2" });
    expect(s.bans).toEqual([{ seat: "s2", round: 1, by: "snipe" }]);
    expect(s.phase).toBe("game_over");
    expect(s.result).toEqual({ winner: "truth", reason: "scammers_banned", round: 1 });
    expect(cur(s).scoring).toBeNull();
    expect(s.scores).toEqual({ truth: 0, scammers: 0 });
    expect(game.outcome(s)?.winners).toEqual(["s1", "s3", "s4", "s5"]);
    expect(game.outcome(s)?.awards).toContainEqual({ seat: "s1", label: "Sniped a Scammer" });
  });

  it("keeps a sniped Scammer out of that round's shadow-ban vote (7 players, two Scammers)", () => {
    let s = advanceTo(fixture({ roles: "FSSDMMM" }), "snipe", 2);
    s = act(s, "s1", { type: "snipe", target: "s3" });
    expect(s.phase).toBe("ban_vote");
    expect(cur(s).ban?.voters).toEqual(["s1", "s2", "s4", "s5", "s6", "s7"]);
    expect(cur(s).ban?.candidates).not.toContain("s3");
    refused(s, "s3", { type: "ban", target: "s4" }, "action/shadow_banned");
    refused(s, "s4", { type: "ban", target: "s3" }, "action/bad_target");
    expect(game.view(s, "s5").players.find((p) => p.seat === "s3")?.role).toBe("scammer");
  });

  it("is only offered in rounds 1–4: round 5 has no snipe", () => {
    let s = advanceTo(fixture(), "vote", 5);
    s = everyoneVotes(s, "trust");
    expect(s.phase).toBe("ban_vote");
    refused(s, "s1", { type: "snipe", target: "s2" }, "action/wrong_phase");
  });

  it("holds when the Fact Checker lets the timer run out", () => {
    let s = advanceTo(fixture(), "snipe", 1);
    s = advance(s);
    expect(s.snipeUsed).toBeNull();
    expect(cur(s).snipe).toEqual({ target: null, hit: false });
  });

  it("cannot target a shadow-banned player", () => {
    let s = advanceTo(fixture(), "ban_vote", 2);
    s = bans(s, { s1: "s4", s2: "s4", s3: "s4" });
    s = advanceTo(s, "snipe", 3);
    refused(s, "s1", { type: "snipe", target: "s4" }, "action/bad_target");
  });
});

describe("Drunk: hint", () => {
  it("gets a private hint every round, always right at the default 100%", () => {
    let s = fixture({ truths: ["real", "fake", "fake", "real", "fake"] });
    for (let round = 1; round <= 5; round++) {
      s = advanceTo(s, "discussion", round);
      expect(cur(s).hint).toEqual({ holder: "s3", says: cur(s).headline.truth });
      expect(game.view(s, "s3").me?.hints.at(-1)).toEqual({ round, says: cur(s).headline.truth });
    }
  });

  it("is right about 70% of the time with the variant switch", () => {
    const config = configSchema.parse({ drunkHintAccuracy: 70 });
    let right = 0;
    const n = 600;
    for (let i = 0; i < n; i++) {
      const s = game.setup({ seats: seatIds(5), config, seed: `hint-${i}` });
      const r = s.rounds[0]!;
      if (r.hint?.says === r.headline.truth) right++;
    }
    expect(right / n).toBeGreaterThan(0.62);
    expect(right / n).toBeLessThan(0.78);
  });

  it("passes to a random Misinformed User the round after the Drunk is shadow-banned", () => {
    const heirs = new Set<string>();
    for (let i = 0; i < 30; i++) {
      let s = advanceTo(fixture({ seed: `heir-${i}` }), "ban_vote", 2);
      s = advance(bans(s, { s1: "s3", s2: "s3", s4: "s3" }));
      expect(s.bans).toContainEqual({ seat: "s3", round: 2, by: "vote" });
      s = advanceTo(s, "reveal", 3);
      const hint = cur(s).hint!;
      expect(["s4", "s5"]).toContain(hint.holder);
      expect(hint.says).toBe(cur(s).headline.truth);
      expect(game.view(s, hint.holder).me?.hints).toEqual([{ round: 3, says: hint.says }]);
      expect(game.view(s, hint.holder).me?.knows.join(" ")).toMatch(/passed to you/);
      expect(game.view(s, "s3").me?.hints.map((h) => h.round)).toEqual([1, 2]);
      heirs.add(hint.holder);
      // the heir keeps it in later rounds
      s = advanceTo(s, "reveal", 4);
      expect(cur(s).hint?.holder).toBe(hint.holder);
    }
    expect(heirs).toEqual(new Set(["s4", "s5"]));
  });

  it("goes to nobody once no unbanned Misinformed User is left", () => {
    let s = fixture({ config: { banVoteInRoundOne: true } });
    for (const [round, target] of [[1, "s4"], [2, "s5"], [3, "s3"]] as const) {
      s = advanceTo(s, "ban_vote", round);
      s = bans(s, { s1: target, s2: target });
    }
    s = advanceTo(s, "reveal", 4);
    expect(cur(s).hint).toBeNull();
    expect(s.hintHolder).toBeNull();
  });
});

describe("initial vote and scoring", () => {
  it.each([
    ["fake", "flag", "truth"],
    ["real", "trust", "truth"],
    ["fake", "trust", "scammers"],
    ["real", "flag", "scammers"],
  ] as const)("a %s headline %s by the majority scores for the %s", (truth, majority, team) => {
    let s = advanceTo(fixture({ truths: [truth] }), "vote");
    const other = majority === "trust" ? "flag" : "trust";
    s = votes(s, { s1: majority, s2: other, s3: majority, s4: majority, s5: other });
    expect(cur(s).majority).toBe(majority);
    s = advance(s); // snipe: hold
    expect(cur(s).scoring?.pointTo).toBe(team);
    expect(s.scores).toEqual({ truth: team === "truth" ? 1 : 0, scammers: team === "scammers" ? 1 : 0 });
    expect(game.view(s, "s4").history[0]?.truth).toBe(truth);
  });

  it("scores nothing on a tie", () => {
    let s = advanceTo(fixture(), "vote");
    s = votes(s, { s1: "trust", s2: "flag", s3: "trust", s4: "flag", s5: "abstain" });
    expect(cur(s).tally).toEqual({ trust: 2, flag: 2, abstain: 1 });
    expect(cur(s).majority).toBe("tie");
    s = advance(s);
    expect(cur(s).scoring?.pointTo).toBeNull();
    expect(s.scores).toEqual({ truth: 0, scammers: 0 });
  });

  it("takes one vote per unbanned seat and counts a missing vote as a refusal", () => {
    let s = advanceTo(fixture(), "vote");
    refused(s, "s1", { type: "ban", target: "s2" }, "action/wrong_phase");
    s = votes(s, { s1: "trust", s2: "flag" });
    refused(s, "s1", { type: "vote", choice: "flag" }, "action/already_submitted");
    s = advance(s);
    expect(cur(s).votes).toEqual({ s1: "trust", s2: "flag", s3: "abstain", s4: "abstain", s5: "abstain" });
    s = advance(s);
    expect(cur(s).scoring?.refused).toEqual(["s3", "s4", "s5"]);
    expect(cur(s).scoring?.penalties).toEqual({ truth: 0, scammers: 0 });
  });

  it("refuses the votes of shadow-banned players", () => {
    let s = advanceTo(fixture(), "ban_vote", 2);
    s = bans(s, { s1: "s5", s2: "s5" });
    s = advanceTo(s, "vote", 3);
    refused(s, "s5", { type: "vote", choice: "trust" }, "action/shadow_banned");
    s = everyoneVotes(s, "trust");
    expect(Object.keys(cur(s).votes).sort()).toEqual(["s1", "s2", "s3", "s4"]);
  });
});

describe("shadow-ban vote", () => {
  it("bans the player with the most votes; self-votes are refused", () => {
    let s = advanceTo(fixture(), "ban_vote", 2);
    refused(s, "s4", { type: "ban", target: "s4" }, "action/bad_target");
    s = bans(s, { s1: "s2", s3: "s2", s4: "s1", s5: null });
    expect(s.phase).toBe("ban_vote");
    refused(s, "s1", { type: "ban", target: "s4" }, "action/already_submitted");
    s = act(s, "s2", { type: "ban", target: "s1" });
    // 2 votes for s2, 2 for s1: tie → revote between s1 and s2
    expect(s.phase).toBe("ban_revote");
    expect(cur(s).ban?.tied).toEqual(["s1", "s2"]);
    refused(s, "s4", { type: "ban", target: "s5" }, "action/bad_target");
    s = bans(s, { s1: "s2", s3: "s2", s4: "s2", s5: "s1", s2: "s1" });
    expect(cur(s).ban?.result).toEqual({ banned: "s2", reason: "majority" });
    // s2 was the only Scammer
    expect(s.result).toEqual({ winner: "truth", reason: "scammers_banned", round: 2 });
    expect(cur(s).scoring).toBeNull();
  });

  it("bans nobody when the one revote ties again", () => {
    let s = advanceTo(fixture(), "ban_vote", 2);
    s = bans(s, { s1: "s4", s2: "s5", s3: "s4", s4: "s5", s5: null });
    expect(s.phase).toBe("ban_revote");
    s = bans(s, { s1: "s4", s2: "s5", s3: "s4", s4: "s5" });
    s = advance(s);
    expect(cur(s).ban?.revotes).toEqual({ s1: "s4", s2: "s5", s3: "s4", s4: "s5", s5: null });
    expect(cur(s).ban?.result).toEqual({ banned: null, reason: "tie" });
    expect(s.bans).toEqual([]);
    expect(s.phase).toBe("round_end");
  });

  it("bans nobody when nobody votes", () => {
    let s = advanceTo(fixture(), "ban_vote", 2);
    s = advance(s);
    expect(cur(s).ban?.result).toEqual({ banned: null, reason: "no_votes" });
    expect(s.phase).toBe("round_end");
  });

  it("silences the banned player for the rest of the game", () => {
    let s = advanceTo(fixture(), "ban_vote", 2);
    s = bans(s, { s1: "s4", s2: "s4", s3: "s4" });
    s = advanceTo(s, "discussion", 3);
    refused(s, "s4", { type: "lean", lean: "trust" }, "action/shadow_banned");
    s = advance(s);
    refused(s, "s4", { type: "vote", choice: "trust" }, "action/shadow_banned");
    s = advanceTo(s, "ban_vote", 3);
    expect(cur(s).ban?.voters).not.toContain("s4");
    refused(s, "s4", { type: "ban", target: "s2" }, "action/shadow_banned");
    const table = game.chat!(s, s.seats).find((c) => c.id === "public")!;
    expect(table.members).toContain("s4");
    expect(table.writers).not.toContain("s4");
  });

  it("a 7-player game goes on while one Scammer is left", () => {
    let s = advanceTo(fixture({ roles: "FSSDMMM" }), "ban_vote", 2);
    s = advance(bans(s, { s1: "s2", s4: "s2", s5: "s2" }));
    expect(s.bans).toEqual([{ seat: "s2", round: 2, by: "vote" }]);
    expect(s.phase).toBe("round_end");
    s = advanceTo(s, "ban_vote", 3);
    s = advance(bans(s, { s1: "s3", s4: "s3", s5: "s3" }));
    expect(s.result).toEqual({ winner: "truth", reason: "scammers_banned", round: 3 });
  });
});

describe("end conditions", () => {
  /** Plays rounds where every unbanned seat votes `choice`, until the game ends. */
  function playVoting(s: State, choice: "trust" | "flag"): State {
    while (s.phase !== "game_over") s = s.phase === "vote" ? everyoneVotes(s, choice) : advance(s);
    return s;
  }

  it("ends at once when the Scammers reach 3 points", () => {
    const s = playVoting(fixture({ truths: ["real", "real", "real", "real", "real"] }), "flag");
    expect(s.round).toBe(3);
    expect(s.scores).toEqual({ truth: 0, scammers: 3 });
    expect(s.result).toEqual({ winner: "scammers", reason: "scammers_points", round: 3 });
    expect(game.outcome(s)?.winners).toEqual(["s2"]);
    expect(game.outcome(s)?.ranking[0]).toMatchObject({ seat: "s2", place: 1, score: 3 });
  });

  it("ends at once when the Truth Team reaches 3 points", () => {
    const s = playVoting(fixture({ truths: ["fake", "fake", "real", "real", "fake"] }), "flag");
    // flags: round 1 ✓, 2 ✓, 3 ✗, 4 ✗, 5 ✓
    expect(s.result).toEqual({ winner: "truth", reason: "truth_points", round: 5 });
    expect(s.scores).toEqual({ truth: 3, scammers: 2 });
    expect(game.outcome(s)?.losers).toEqual(["s2"]);
  });

  it("ends in a tie after 5 rounds without 3 points", () => {
    const s = playVoting(fixture({ truths: ["fake", "fake", "real", "real", "real"] }), "flag");
    expect(s.scores).toEqual({ truth: 2, scammers: 3 });
    const t = playVoting(fixture({ truths: ["fake", "real", "real", "fake", "real"] }), "flag");
    expect(t.scores).toEqual({ truth: 2, scammers: 3 });
    let u = fixture({ truths: ["fake", "real", "fake", "real", "fake"] });
    // two right, two wrong, one tie
    while (u.phase !== "game_over") {
      if (u.phase === "vote" && u.round === 5) u = votes(u, { s1: "trust", s2: "flag", s3: "trust", s4: "flag", s5: "abstain" });
      else u = u.phase === "vote" ? everyoneVotes(u, "flag") : advance(u);
    }
    expect(u.scores).toEqual({ truth: 2, scammers: 2 });
    expect(u.result).toEqual({ winner: "tie", reason: "rounds_over", round: 5 });
  });

  it("uses the configured target score", () => {
    const s = playVoting(fixture({ truths: ["fake", "fake"], config: { pointsToWin: 2 } }), "flag");
    expect(s.result).toEqual({ winner: "truth", reason: "truth_points", round: 2 });
  });
});

describe("refusal penalty (variant)", () => {
  it("is off by default", () => {
    let s = advanceTo(fixture({ truths: ["fake"] }), "vote");
    s = votes(s, { s1: "flag", s2: "abstain", s3: "flag", s4: "abstain", s5: "flag" });
    s = advance(s);
    expect(s.scores).toEqual({ truth: 1, scammers: 0 });
  });

  it("takes one point from the refusing player's team, netted with the round's point", () => {
    let s = advanceTo(fixture({ truths: ["fake"], config: { refusalPenalty: true } }), "vote");
    s = votes(s, { s1: "flag", s2: "abstain", s3: "flag", s4: "flag", s5: "abstain" });
    s = advance(s);
    expect(cur(s).scoring).toEqual({ pointTo: "truth", refused: ["s2", "s5"], penalties: { truth: 1, scammers: 1 }, scoresAfter: { truth: 0, scammers: 0 } });
  });

  it("treats a vote missed at the timer as a refusal and never takes a score below zero", () => {
    let s = advanceTo(fixture({ truths: ["real"], config: { refusalPenalty: true } }), "vote");
    s = votes(s, { s1: "trust", s2: "trust", s3: "trust" });
    s = advance(s); // s4, s5 miss the vote
    s = advance(s); // snipe held
    expect(cur(s).scoring?.penalties).toEqual({ truth: 2, scammers: 0 });
    expect(s.scores).toEqual({ truth: 0, scammers: 0 });
  });

  it("can keep a team from reaching the target", () => {
    let s = fixture({ truths: ["real", "real", "real"], config: { refusalPenalty: true } });
    for (let round = 1; round <= 2; round++) {
      s = advanceTo(s, "vote", round);
      s = everyoneVotes(s, "flag");
    }
    s = advanceTo(s, "vote", 3);
    expect(s.scores).toEqual({ truth: 0, scammers: 2 });
    s = votes(s, { s1: "flag", s2: "abstain", s3: "flag", s4: "flag", s5: "flag" });
    s = advanceTo(s, "round_end", 3);
    expect(s.scores).toEqual({ truth: 0, scammers: 2 });
    expect(s.result).toBeNull();
  });
});
