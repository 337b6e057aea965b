import { describe, expect, it } from "vitest";
import { game } from "./index";
import { act, attempt, pick, playRound, start } from "./test-helpers";
import type { State } from "./types";

const P = "Power" as const;
const W = "Wisdom" as const;
const C = "Courage" as const;

function expectRejected(state: State, actor: string, action: unknown, code: string) {
  const before = JSON.stringify(state);
  const r = attempt(state, actor, action);
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.code).toBe(code);
    expect(r.message.length).toBeGreaterThan(10);
  }
  expect(JSON.stringify(state)).toBe(before);
}

/** s1 lied in round 1 (Truth Deflector); s2 eliminated in round 2 after lying in round 1. */
function midGame(config: Record<string, unknown> = {}): State {
  let s = start(6, config);
  s = playRound(s, { s1: pick(P, C), s2: pick(P, C), s3: pick(P), s4: pick(P), s5: pick(P), s6: pick(P) });
  s = playRound(s, {
    s1: pick(P),
    s2: pick(P),
    s3: pick(P, P, { challenges: ["s2"] }),
    s4: pick(P, P, { challenges: ["s2"] }),
    s5: pick(P, P, { challenges: ["s2"] }),
    s6: pick(P),
  });
  return s;
}

describe("submit: who and when", () => {
  it("is refused from the host and from unknown seats", () => {
    const s = start(5);
    expectRejected(s, "host", { type: "submit", claim: P, secret: P }, "action/not_a_player");
    expectRejected(s, "s9", { type: "submit", claim: P, secret: P }, "action/not_a_player");
  });

  it("is refused once the game is over", () => {
    let s = start(4, { rounds: 1 });
    s = playRound(s, { s1: pick(P), s2: pick(C), s3: pick(W, W, { wisdom: { kind: "pair", claimed: P, submitted: C } }), s4: pick(P) });
    expect(s.stage).toBe("finished");
    expectRejected(s, "s1", { type: "submit", claim: P, secret: P }, "action/game_finished");
  });

  it("is refused while the winners choose the EC", () => {
    let s = start(4, { rounds: 1 });
    s = playRound(s, { s1: pick(P), s2: pick(P), s3: pick(P), s4: pick(C) });
    expect(s.stage).toBe("ecChoice");
    expectRejected(s, "s1", { type: "submit", claim: P, secret: P }, "action/wrong_phase");
  });

  it("is refused when malformed", () => {
    const s = start(5);
    expectRejected(s, "s1", { type: "submit", claim: "Luck", secret: P }, "action/invalid");
    expectRejected(s, "s1", { type: "nope" }, "action/invalid");
    expectRejected(s, "s1", { type: "submit", claim: P, secret: P, challenges: ["x1"] }, "action/invalid");
  });

  it("replaces an earlier submission while the round runs, and the round ends once every seat locked in", () => {
    let s = start(4);
    s = act(s, "s1", { type: "submit", claim: P, secret: C });
    s = act(s, "s1", { type: "submit", claim: C, secret: C });
    expect(s.pending.s1).toMatchObject({ claim: C, secret: C });
    expect(game.phase(s).waitingOn).toEqual(["s2", "s3", "s4"]);
    s = act(s, "s2", { type: "submit", claim: P, secret: P });
    s = act(s, "s3", { type: "submit", claim: P, secret: P });
    expect(s.round).toBe(1);
    s = act(s, "s4", { type: "submit", claim: P, secret: P });
    expect(s.round).toBe(2);
    expect(s.history[0]?.subs.s1).toMatchObject({ claim: C, secret: C });
  });

  it("does not change its input state", () => {
    const s = start(4);
    const before = JSON.stringify(s);
    act(s, "s1", { type: "submit", claim: P, secret: C });
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe("submit: choices", () => {
  it("needs both a claim and a secret from an alive player", () => {
    const s = start(5);
    expectRejected(s, "s1", { type: "submit", claim: P }, "action/missing_choice");
    expectRejected(s, "s1", { type: "submit", secret: P }, "action/missing_choice");
  });

  it("lets an eliminated player submit no trait", () => {
    const s = midGame();
    expect(s.players.s2?.alive).toBe(false);
    expectRejected(s, "s2", { type: "submit", claim: P, secret: P }, "action/eliminated");
    expectRejected(s, "s2", { type: "submit", cleanse: true }, "action/eliminated");
    expect(attempt(s, "s2", { type: "submit", challenges: ["s1"] }).ok).toBe(true);
  });
});

describe("submit: challenges", () => {
  it("allows at most two distinct other players who are in the game", () => {
    const s = midGame();
    expectRejected(s, "s3", { type: "submit", claim: P, secret: P, challenges: ["s1", "s4", "s5"] }, "action/too_many_challenges");
    expectRejected(s, "s3", { type: "submit", claim: P, secret: P, challenges: ["s1", "s1"] }, "action/duplicate_challenge");
    expectRejected(s, "s3", { type: "submit", claim: P, secret: P, challenges: ["s3"] }, "action/self_challenge");
    expectRejected(s, "s3", { type: "submit", claim: P, secret: P, challenges: ["s2"] }, "action/bad_target");
    expectRejected(s, "s3", { type: "submit", claim: P, secret: P, challenges: ["s12"] }, "action/bad_target");
    expect(attempt(s, "s3", { type: "submit", claim: P, secret: P, challenges: ["s1", "s4"] }).ok).toBe(true);
  });
});

describe("submit: Wisdom question", () => {
  it("is needed with Wisdom and refused without it (pair option)", () => {
    const s = start(5);
    expectRejected(s, "s1", { type: "submit", claim: W, secret: W }, "action/wisdom_missing");
    expectRejected(s, "s1", { type: "submit", claim: P, secret: P, wisdom: { kind: "pair", claimed: P, submitted: C } }, "action/no_wisdom");
    expectRejected(s, "s1", { type: "submit", claim: W, secret: P, wisdom: { kind: "pair", claimed: C, submitted: C } }, "action/wisdom_same_trait");
    expectRejected(s, "s1", { type: "submit", claim: W, secret: W, wisdom: { kind: "player", target: "s2" } }, "action/wisdom_wrong_kind");
    expect(attempt(s, "s1", { type: "submit", claim: P, secret: W, wisdom: { kind: "pair", claimed: W, submitted: C } }).ok).toBe(true);
  });

  it("takes a player for the player option, and no question for the counting options", () => {
    const s = start(5, { wisdomOption: "playerCheck" });
    expectRejected(s, "s1", { type: "submit", claim: W, secret: W, wisdom: { kind: "player", target: "s1" } }, "action/wisdom_bad_target");
    expectRejected(s, "s1", { type: "submit", claim: W, secret: W, wisdom: { kind: "pair", claimed: P, submitted: C } }, "action/wisdom_wrong_kind");
    expect(attempt(s, "s1", { type: "submit", claim: W, secret: W, wisdom: { kind: "player", target: "s2" } }).ok).toBe(true);
    const t = start(5, { wisdomOption: "lieCount" });
    expectRejected(t, "s1", { type: "submit", claim: W, secret: W, wisdom: { kind: "player", target: "s2" } }, "action/wisdom_no_question");
    expect(attempt(t, "s1", { type: "submit", claim: W, secret: W }).ok).toBe(true);
  });
});

describe("submit: garnet actions", () => {
  it("cleansing needs the switch, Truth Deflector status and 3 garnets", () => {
    const s = midGame();
    expectRejected(s, "s3", { type: "submit", claim: P, secret: P, cleanse: true }, "action/cannot_cleanse");
    expect(attempt(s, "s1", { type: "submit", claim: P, secret: P, cleanse: true }).ok).toBe(true);
    const off = midGame({ cleansing: false });
    expectRejected(off, "s1", { type: "submit", claim: P, secret: P, cleanse: true }, "action/cannot_cleanse");
    const poor = midGame({ garnets: { start: 5, perSeat: [2] } });
    expectRejected(poor, "s1", { type: "submit", claim: P, secret: P, cleanse: true }, "action/cannot_cleanse");
  });

  it("resurrection needs the switch, elimination, 5 garnets and a next round", () => {
    const s = midGame();
    expectRejected(s, "s1", { type: "submit", claim: P, secret: P, resurrect: true }, "action/not_eliminated");
    expect(attempt(s, "s2", { type: "submit", resurrect: true }).ok).toBe(true);
    const off = midGame({ resurrection: false });
    expectRejected(off, "s2", { type: "submit", resurrect: true }, "action/cannot_resurrect");
    const poor = midGame({ garnets: { start: 5, perSeat: [5, 4] } });
    expectRejected(poor, "s2", { type: "submit", resurrect: true }, "action/cannot_resurrect");
    const last = midGame({ rounds: 3 });
    expect(last.round).toBe(3);
    expectRejected(last, "s2", { type: "submit", resurrect: true }, "action/cannot_resurrect");
  });
});

describe("pickEC", () => {
  it("is refused while the rounds run", () => {
    expectRejected(start(5), "host", { type: "pickEC", seat: "s1" }, "action/wrong_phase");
  });
});
