// The dashboard's words: consequences before a move, ballots in words, what a viewer owes.
import { describe, expect, it } from "vitest";
import { game } from "@/lib/games/truth-wars";
import { act, advance, advanceTo, fixture } from "@/lib/games/truth-wars/test-helpers";
import { ballotLine, banConsequence, oweLine, peekConsequence, voteConsequence } from "./labels";

const nameOf = (s: string) => s.toUpperCase();

describe("Truth Wars dashboard words", () => {
  it("spell out a vote's consequence from what the viewer knows", () => {
    const s = advanceTo(fixture({ truths: ["fake"], roles: "FSDMM" }), "vote");
    expect(voteConsequence(game.view(s, "s2"), "trust")).toBe("Trust says the headline is real. It is fake: a Trust majority scores for the Scammers.");
    expect(voteConsequence(game.view(s, "s3"), "flag")).toMatch(/Your hint says fake \(right every time\)/);
    expect(voteConsequence(game.view(s, "s4"), "flag")).toMatch(/a tie scores nothing/);
    expect(voteConsequence(game.view(s, "s4"), "abstain")).toMatch(/no penalty in this game/);
    const t = advanceTo(fixture({ config: { refusalPenalty: true } }), "vote");
    expect(voteConsequence(game.view(t, "s2"), "abstain")).toMatch(/your team \(Scammers\) loses 1 point/);
  });

  it("warn a Scammer before voting to ban the fellow Scammer", () => {
    const s = advanceTo(fixture({ roles: "FSSDMMM" }), "ban_vote", 2);
    expect(banConsequence(game.view(s, "s2"), "s3", nameOf)).toMatch(/Careful: S3 is your fellow Scammer/);
    expect(banConsequence(game.view(s, "s4"), "s3", nameOf)).not.toMatch(/Careful/);
    expect(banConsequence(game.view(s, "s4"), null, nameOf)).toMatch(/never penalised/);
  });

  it("give the peek's cost, including the next round's cooldown", () => {
    const s = advance(fixture());
    expect(peekConsequence(game.view(s, "s1"))).toBe("Uses 1 of your 3 peeks; only you see the result. You cannot peek in round 2.");
  });

  it("put a ballot in words, most votes first", () => {
    expect(ballotLine({ s1: "s4", s2: "s5", s3: "s4", s5: null }, nameOf)).toBe("S4: 2 votes, S5: 1 vote; 1 abstained");
    expect(ballotLine({ s1: null }, nameOf)).toBe("nobody named; 1 abstained");
  });

  it("tell a banned seat, a spectator and the host what is theirs to do", () => {
    let s = advanceTo(fixture(), "ban_vote", 2);
    for (const seat of ["s1", "s2", "s3", "s5"]) s = act(s, seat, { type: "ban", target: "s4" });
    s = act(s, "s4", { type: "ban", target: null });
    expect(oweLine(game.view(s, "s4"), nameOf)).toMatchObject({ todo: false, text: expect.stringMatching(/^You are shadow-banned/) });
    expect(oweLine(game.view(s, "spectator"), nameOf).text).toMatch(/public information only/);
    expect(oweLine(game.view(s, "host"), nameOf).text).toMatch(/End phase now/);
    expect(oweLine(game.view(s, "s1"), nameOf)).toMatchObject({ todo: true });
  });
});
