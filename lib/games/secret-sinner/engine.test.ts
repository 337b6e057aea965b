import { describe, expect, it } from "vitest";
import { runCommand } from "../core/commands";
import { seatIds } from "../core/seats";
import type { Action } from "./actions";
import { configSchema } from "./config";
import { lettersOf, setup } from "./engine";
import { act, alliesOf, endRound, firstLetter, newGame, nonAlliesOf, pastRounds, refuse, toRound } from "./fixtures";
import { game } from "./index";
import { SUPPORTED_PLAYER_COUNTS, hasAttribute, heavenCountFor } from "./rules";
import type { Letter } from "./rules";
import type { State } from "./state";

const heaven = ["s1", "s2", "s3", "s4"];
const hell = ["s5", "s6", "s7", "s8", "s9", "s10", "s11", "s12", "s13"];

/** Three letters for a legal query: one of each of two Heaven players' and one Hell player's. */
function legalLetters(s: State, h1 = "s1", h2 = "s2", d = "s5"): [Letter, Letter, Letter] {
  return [firstLetter(s, h1), firstLetter(s, h2), firstLetter(s, d)];
}

describe("setup", () => {
  it("deals 21 letters: three to each Heaven player, one to each Hell player, each a unique pair", () => {
    const s = newGame();
    for (const seat of heaven) expect(lettersOf(s, seat)).toHaveLength(3);
    for (const seat of hell) expect(lettersOf(s, seat)).toHaveLength(1);
    expect(new Set(s.letters.map((l) => `${l.sin}/${l.virtue}`)).size).toBe(21);
    expect(s.letters.map((l) => l.letter).join("")).toBe("ABCDEFGHIJKLMNOPQRSTU");
  });

  it("gives every Heaven player three pairs with six different attributes, for every split and many seeds", () => {
    for (const n of SUPPORTED_PLAYER_COUNTS) {
      for (let i = 0; i < 25; i++) {
        const s = setup({ seats: seatIds(n), config: configSchema.parse({}), seed: `split-${n}-${i}` });
        const hs = s.seats.filter((x) => s.realms[x] === "heaven");
        expect(hs).toHaveLength(heavenCountFor(n)!);
        for (const seat of hs) {
          const pairs = s.letters.filter((l) => l.owner === seat);
          expect(pairs).toHaveLength(3);
          expect(new Set(pairs.flatMap((p) => [p.sin, p.virtue])).size).toBe(6);
        }
        expect(new Set(s.letters.map((l) => `${l.sin}/${l.virtue}`)).size).toBe(21);
      }
    }
  });

  it("uses the host's realm list, or draws realms from the seed", () => {
    const fixed = newGame();
    expect(heaven.every((x) => fixed.realms[x] === "heaven")).toBe(true);
    const a = setup({ seats: seatIds(13), config: configSchema.parse({}), seed: "draw" });
    const b = setup({ seats: seatIds(13), config: configSchema.parse({}), seed: "draw" });
    expect(a).toEqual(b);
    expect(Object.values(a.realms).filter((r) => r === "heaven")).toHaveLength(4);
  });

  it("refuses seat counts and realm lists that break hell + 3·heaven = 21", () => {
    expect(() => setup({ seats: seatIds(12), config: configSchema.parse({}), seed: "x" })).toThrow(/21/);
    expect(() => setup({ seats: seatIds(13), config: configSchema.parse({ realms: ["heaven", "hell"] }), seed: "x" })).toThrow(/realm list/);
    const fiveHeaven = [...Array(5).fill("heaven"), ...Array(8).fill("hell")];
    expect(() => setup({ seats: seatIds(13), config: configSchema.parse({ realms: fiveHeaven }), seed: "x" })).toThrow(/Heaven has 4/);
    expect(() => setup({ seats: seatIds(13), config: configSchema.parse({ markedSeats: ["s14"] }), seed: "x" })).toThrow(/not a seat/);
  });

  it("refuses bad config values", () => {
    expect(configSchema.safeParse({ rounds: 1 }).success).toBe(false);
    expect(configSchema.safeParse({ phaseSeconds: { round: 5 } }).success).toBe(false);
    expect(configSchema.safeParse({ publicChat: "sometimes" }).success).toBe(false);
    expect(configSchema.safeParse({ realms: ["purgatory"] }).success).toBe(false);
  });

  it("starts with a briefing in which nobody acts, unless it is set to 0", () => {
    const s = setup({ seats: seatIds(13), config: configSchema.parse({}), seed: "b" });
    expect(game.phase(s)).toMatchObject({ key: "briefing", round: 0, durationMs: 120_000, waitingOn: [] });
    const someHell = s.seats.find((x) => s.realms[x] === "hell")!;
    const someHeaven = s.seats.find((x) => s.realms[x] === "heaven")!;
    expect(refuse(s, someHell, { type: "lock", letter: firstLetter(s, someHell), target: firstLetter(s, someHeaven) }).code).toBe("action/wrong_phase");
    expect(refuse(s, someHell, { type: "done" }).code).toBe("action/wrong_phase");
    const r1 = game.timeout(s);
    expect(game.phase(r1)).toMatchObject({ key: "queries", round: 1, durationMs: 480_000 });
    expect(game.phase(newGame())).toMatchObject({ key: "queries", round: 1 });
  });
});

describe("queries", () => {
  it("records the query with its answers, letters in alphabetical order", () => {
    const s0 = newGame();
    const letters = legalLetters(s0);
    const reversed = letters.slice().sort().reverse() as [Letter, Letter, Letter];
    const attribute = s0.letters.find((l) => l.letter === letters[0])!.virtue;
    const s = act(s0, "s5", { type: "query", letters: reversed, attribute, recipient: "s1" });
    const q = s.queries[0]!;
    expect(q.letters).toEqual(letters.slice().sort());
    expect(q.answers).toEqual(q.letters.map((l) => hasAttribute(s.letters.find((x) => x.letter === l)!, attribute)));
    expect(q.answers.filter(Boolean).length).toBeGreaterThanOrEqual(1);
  });

  it("allows one query per player per round", () => {
    const s = act(newGame(), "s5", { type: "query", letters: legalLetters(newGame()), attribute: "pride", recipient: "s1" });
    expect(refuse(s, "s5", { type: "query", letters: legalLetters(s), attribute: "hope", recipient: "s2" }).code).toBe("action/already_submitted");
    const next = endRound(s);
    expect(act(next, "s5", { type: "query", letters: legalLetters(next), attribute: "hope", recipient: "s2" }).queries).toHaveLength(2);
  });

  it("needs a letter from each realm", () => {
    const s = newGame();
    const allHell = [firstLetter(s, "s5"), firstLetter(s, "s6"), firstLetter(s, "s7")];
    expect(refuse(s, "s1", { type: "query", letters: allHell, attribute: "lust", recipient: "s5" }).code).toBe("action/query_realms");
    const allHeaven = [firstLetter(s, "s1"), firstLetter(s, "s2"), firstLetter(s, "s3")];
    expect(refuse(s, "s5", { type: "query", letters: allHeaven, attribute: "lust", recipient: "s1" }).code).toBe("action/query_realms");
  });

  it("never takes two letters of the same player (the amendment)", () => {
    const s = newGame();
    const [a, b] = lettersOf(s, "s2");
    expect(refuse(s, "s5", { type: "query", letters: [a!, b!, firstLetter(s, "s6")], attribute: "faith", recipient: "s1" }).code).toBe("action/query_same_player");
  });

  it("refuses the same letter twice and malformed queries", () => {
    const s = newGame();
    const x = firstLetter(s, "s1");
    expect(refuse(s, "s5", { type: "query", letters: [x, x, firstLetter(s, "s6")], attribute: "faith", recipient: "s1" }).code).toBe("action/query_duplicate");
    expect(refuse(s, "s5", { type: "query", letters: ["A", "B"], attribute: "faith", recipient: "s1" }).code).toBe("action/invalid");
    expect(refuse(s, "s5", { type: "query", letters: ["A", "B", "Z"], attribute: "faith", recipient: "s1" }).code).toBe("action/invalid");
    expect(refuse(s, "s5", { type: "query", letters: legalLetters(s), attribute: "patience", recipient: "s1" }).code).toBe("action/invalid");
  });

  it("lets a player query their own letters by default, and not when the switch is off", () => {
    const s = newGame();
    const own: [Letter, Letter, Letter] = [firstLetter(s, "s1"), firstLetter(s, "s5"), firstLetter(s, "s6")];
    expect(act(s, "s5", { type: "query", letters: own, attribute: "hope", recipient: "s1" }).queries).toHaveLength(1);
    const strict = newGame({ queryOwnLetters: false });
    expect(refuse(strict, "s5", { type: "query", letters: own, attribute: "hope", recipient: "s1" }).code).toBe("action/query_own_letter");
  });

  it("goes only to a player of the other realm", () => {
    const s = newGame();
    expect(refuse(s, "s5", { type: "query", letters: legalLetters(s), attribute: "hope", recipient: "s6" }).code).toBe("action/bad_recipient");
    expect(refuse(s, "s1", { type: "query", letters: legalLetters(s, "s2", "s3"), attribute: "hope", recipient: "s2" }).code).toBe("action/bad_recipient");
    expect(refuse(s, "s5", { type: "query", letters: legalLetters(s), attribute: "hope", recipient: "s5" }).code).toBe("action/bad_recipient");
    expect(refuse(s, "s5", { type: "query", letters: legalLetters(s), attribute: "hope", recipient: "s20" }).code).toBe("action/bad_recipient");
  });

  it("lets a Heaven player pick a recipient once over the game", () => {
    let s = newGame();
    s = endRound(act(s, "s1", { type: "query", letters: legalLetters(s, "s2", "s3"), attribute: "wrath", recipient: "s9" }));
    const r = refuse(s, "s1", { type: "query", letters: legalLetters(s, "s2", "s3"), attribute: "wrath", recipient: "s9" });
    expect(r.code).toBe("action/recipient_limit");
    expect(r.message).toMatch(/once/);
  });

  it("lets a Hell player pick a recipient twice over the game", () => {
    let s = newGame();
    s = endRound(act(s, "s9", { type: "query", letters: legalLetters(s), attribute: "wrath", recipient: "s4" }));
    s = endRound(act(s, "s9", { type: "query", letters: legalLetters(s), attribute: "hope", recipient: "s4" }));
    expect(refuse(s, "s9", { type: "query", letters: legalLetters(s), attribute: "hope", recipient: "s4" }).code).toBe("action/recipient_limit");
    const wider = toRound(
      (() => {
        let w = newGame({ hellRecipientLimit: 3 });
        w = endRound(act(w, "s9", { type: "query", letters: legalLetters(w), attribute: "wrath", recipient: "s4" }));
        return act(w, "s9", { type: "query", letters: legalLetters(w), attribute: "hope", recipient: "s4" });
      })(),
      3,
    );
    expect(act(wider, "s9", { type: "query", letters: legalLetters(wider), attribute: "faith", recipient: "s4" }).queries).toHaveLength(3);
  });

  it("is made in rounds 1–9 only: round 10 is for lock-ins", () => {
    const s = toRound(newGame(), 10);
    expect(game.phase(s)).toMatchObject({ key: "final", round: 10 });
    expect(refuse(s, "s5", { type: "query", letters: legalLetters(s), attribute: "hope", recipient: "s1" }).code).toBe("action/wrong_phase");
    const nine = toRound(newGame(), 9);
    expect(act(nine, "s5", { type: "query", letters: legalLetters(nine), attribute: "hope", recipient: "s1" }).queries).toHaveLength(1);
  });

  it("is not sent by the host", () => {
    const s = newGame();
    expect(refuse(s, "host", { type: "query", letters: legalLetters(s), attribute: "hope", recipient: "s1" }).code).toBe("action/not_a_player");
  });
});

describe("lock-ins", () => {
  it("lets each of your letters lock one letter a round and records whether it is an ally", () => {
    const s0 = newGame();
    const [a, b] = lettersOf(s0, "s1") as [Letter, Letter];
    const ally = alliesOf(s0, a).find((l) => !lettersOf(s0, "s1").includes(l))!;
    const foe = nonAlliesOf(s0, b).find((l) => !lettersOf(s0, "s1").includes(l))!;
    let s = act(s0, "s1", { type: "lock", letter: a, target: ally });
    s = act(s, "s1", { type: "lock", letter: b, target: foe });
    expect(s.locks.map((l) => [l.letter, l.target, l.correct])).toEqual([
      [a, ally, true],
      [b, foe, false],
    ]);
    const other = nonAlliesOf(s0, a).find((l) => !lettersOf(s0, "s1").includes(l))!;
    expect(refuse(s, "s1", { type: "lock", letter: a, target: other }).code).toBe("action/already_locked");
    expect(act(endRound(s), "s1", { type: "lock", letter: a, target: other }).locks).toHaveLength(3);
  });

  it("only locks with your own letters", () => {
    const s = newGame();
    expect(refuse(s, "s5", { type: "lock", letter: firstLetter(s, "s6"), target: firstLetter(s, "s1") }).code).toBe("action/not_your_letter");
    expect(refuse(s, "host", { type: "lock", letter: firstLetter(s, "s6"), target: firstLetter(s, "s1") }).code).toBe("action/not_a_player");
  });

  it("never locks the letter itself", () => {
    const s = newGame();
    const x = firstLetter(s, "s5");
    expect(refuse(s, "s5", { type: "lock", letter: x, target: x }).code).toBe("action/lock_self");
  });

  it("locks distinct letters: the same target twice is refused", () => {
    let s = newGame();
    const x = firstLetter(s, "s5");
    const t = firstLetter(s, "s6");
    s = endRound(act(s, "s5", { type: "lock", letter: x, target: t }));
    expect(refuse(s, "s5", { type: "lock", letter: x, target: t }).code).toBe("action/lock_repeat");
  });

  it("allows at most eight lock-ins per letter over the game", () => {
    let s = newGame();
    const x = firstLetter(s, "s5");
    const targets = s.letters.map((l) => l.letter).filter((l) => l !== x);
    for (let r = 0; r < 8; r++) s = endRound(act(s, "s5", { type: "lock", letter: x, target: targets[r]! }));
    expect(s.round).toBe(9);
    expect(refuse(s, "s5", { type: "lock", letter: x, target: targets[8]! }).code).toBe("action/lock_limit");
  });

  it("keeps a Heaven letter from locking the same player's other letters unless the switch allows it", () => {
    const s = newGame();
    const [a, b] = lettersOf(s, "s2") as [Letter, Letter];
    expect(refuse(s, "s2", { type: "lock", letter: a, target: b }).code).toBe("action/lock_own_letter");
    const loose = newGame({ lockOwnLetters: true });
    const [c, d] = lettersOf(loose, "s2") as [Letter, Letter];
    expect(act(loose, "s2", { type: "lock", letter: c, target: d }).locks[0]!.correct).toBe(false);
  });
});

describe("done, resume and the end of a round", () => {
  it("waits on every player who is not done, and ends the round once all are", () => {
    let s = newGame();
    expect(game.phase(s).waitingOn).toHaveLength(13);
    for (const seat of s.seats.slice(0, 12)) s = act(s, seat, { type: "done" });
    expect(game.phase(s)).toMatchObject({ round: 1, waitingOn: ["s13"] });
    s = act(s, "s13", { type: "done" });
    expect(game.phase(s)).toMatchObject({ round: 2, waitingOn: s.seats });
  });

  it("refuses actions once done, until the player resumes", () => {
    let s = act(newGame(), "s5", { type: "done" });
    expect(refuse(s, "s5", { type: "lock", letter: firstLetter(s, "s5"), target: firstLetter(s, "s1") }).code).toBe("action/already_done");
    expect(refuse(s, "s5", { type: "query", letters: legalLetters(s), attribute: "hope", recipient: "s1" }).code).toBe("action/already_done");
    expect(refuse(s, "s5", { type: "done" }).code).toBe("action/already_submitted");
    s = act(s, "s5", { type: "resume" });
    expect(refuse(s, "s5", { type: "resume" }).code).toBe("action/not_done");
    expect(act(s, "s5", { type: "lock", letter: firstLetter(s, "s5"), target: firstLetter(s, "s1") }).locks).toHaveLength(1);
  });

  it("keeps the round running to its timer when early ends are switched off", () => {
    let s = newGame({ endRoundWhenAllDone: false });
    for (const seat of s.seats) s = act(s, seat, { type: "done" });
    expect(game.phase(s)).toMatchObject({ round: 1, waitingOn: [] });
    expect(game.phase(game.timeout(s)).round).toBe(2);
  });

  it("makes no query and no lock-in for a player who lets the timer run out", () => {
    const s = game.timeout(newGame());
    expect(s.queries).toEqual([]);
    expect(s.locks).toEqual([]);
    expect(s.round).toBe(2);
  });

  it("follows the configured number of rounds", () => {
    const s = toRound(newGame({ rounds: 4 }), 4);
    expect(game.phase(s).key).toBe("final");
    expect(game.phase(game.timeout(s)).key).toMatch(/ascension|end/);
  });
});

function lock(s: State, seat: string, letter: Letter, target: Letter): State {
  return act(s, seat, { type: "lock", letter, target } as Action);
}

describe("scoring and outcome in a played game", () => {
  // Every letter but one Hell letter stays idle; what happens is chosen so that
  // the orders are forced: s1 gains, s5 gains, s6 loses points.
  function played(): State {
    let s = newGame({ rounds: 3 });
    const h1 = firstLetter(s, "s1");
    const x5 = firstLetter(s, "s5");
    const x6 = firstLetter(s, "s6");
    // Targets held in Heaven by s2–s4, so no Hell player but s6 loses points.
    const heavenAlly = (l: Letter) => {
      const found = alliesOf(s, l).find((t) => ["s2", "s3", "s4"].includes(s.letters.find((x) => x.letter === t)!.owner));
      if (!found) throw new Error(`fixture: no ally of ${l} held by s2–s4`);
      return found;
    };
    s = lock(s, "s1", h1, heavenAlly(h1));
    s = lock(s, "s5", x5, heavenAlly(x5));
    s = lock(s, "s6", x6, nonAlliesOf(s, x6)[0]!);
    s = endRound(s);
    s = lock(s, "s6", x6, nonAlliesOf(s, x6)[1]!);
    return toRound(s, 3);
  }

  it("reveals the orders, the fall, the Elimination Candidate and two ascents, then waits for the winner's pick", () => {
    let s = game.timeout(played());
    expect(s.stage).toBe("ascension");
    const r = s.result!;
    expect(r.heavenOrder).toHaveLength(4);
    expect(r.hellOrder).toHaveLength(9);
    expect(r.eliminationCandidate).toBe("s6");
    expect(r.heavenLoser).toBe(r.heavenOrder[3]!.seat);
    expect(r.topTwo).toEqual(r.hellOrder.slice(0, 2).map((e) => e.seat));
    expect(r.pickCandidates).toHaveLength(6);
    expect(r.pickCandidates).not.toContain("s6");
    expect(game.phase(s)).toMatchObject({ key: "ascension", durationMs: null, waitingOn: [r.heavenWinner], waitingOnHost: true });
    expect(game.outcome(s)).toBeNull();

    const other = heaven.find((x) => x !== r.heavenWinner)!;
    expect(refuse(s, other, { type: "pickAscender", seat: r.pickCandidates[0]! }).code).toBe("action/not_allowed");
    expect(refuse(s, r.heavenWinner, { type: "pickAscender", seat: "s6" }).code).toBe("action/not_a_candidate");
    expect(refuse(s, r.heavenWinner, { type: "pickAscender", seat: r.topTwo[0]! }).code).toBe("action/not_a_candidate");
    expect(refuse(s, r.heavenWinner, { type: "pickAscender", seat: "s1" }).code).toBe("action/not_a_candidate");

    const chosen = r.pickCandidates[3]!;
    s = act(s, r.heavenWinner, { type: "pickAscender", seat: chosen });
    expect(game.phase(s)).toMatchObject({ key: "end", finished: true });
    const o = game.outcome(s)!;
    expect(o.losers).toEqual([r.heavenLoser, "s6"]);
    expect(o.winners).toEqual([...r.heavenOrder.map((e) => e.seat).filter((x) => x !== r.heavenLoser), ...r.topTwo, chosen]);
    expect(o.awards).toContainEqual({ seat: "s6", label: "Elimination Candidate" });
    expect(o.awards).toContainEqual({ seat: r.heavenLoser, label: "Mark of Elimination" });
    expect(o.awards).toContainEqual({ seat: chosen, label: "Chosen to ascend" });
    expect(o.ranking.every((e) => e.score === undefined)).toBe(true);
    expect(refuse(s, "s1", { type: "done" }).code).toBe("action/game_finished");
  });

  it("refuses actions outside their phase", () => {
    const running = newGame();
    expect(refuse(running, "s1", { type: "pickAscender", seat: "s9" }).code).toBe("action/wrong_phase");
    const s = game.timeout(played());
    expect(refuse(s, "s5", { type: "done" }).code).toBe("action/wrong_phase");
    expect(refuse(s, "s5", { type: "lock", letter: firstLetter(s, "s5"), target: firstLetter(s, "s1") }).code).toBe("action/wrong_phase");
    expect(refuse(s, "s5", { type: "query", letters: legalLetters(s), attribute: "hope", recipient: "s1" }).code).toBe("action/wrong_phase");
  });

  it("ranks by score with the computed standings", () => {
    const s = game.timeout(played());
    const r = s.result!;
    const score = (seat: string) => r.standings.find((x) => x.seat === seat)!.score;
    expect(score("s1")).toBe(2);
    expect(score("s6")).toBe(-2);
    expect(r.heavenOrder[0]!.seat).toBe("s1");
    expect(r.hellOrder[0]!.seat).toBe("s5");
    expect(r.hellOrder[0]!.aboveNextBy).toBe("score");
  });

  it("lets the host pick for the winner, and a timeout pick the best-ranked candidate", () => {
    const s = game.timeout(played());
    const r = s.result!;
    const byHost = act(s, "host", { type: "pickAscender", seat: r.pickCandidates[2]! });
    expect(byHost.result).toMatchObject({ chosen: r.pickCandidates[2], chosenBy: "host" });
    const timedOut = game.timeout(s);
    const best = r.hellOrder.map((e) => e.seat).find((x) => r.pickCandidates.includes(x));
    expect(timedOut.result).toMatchObject({ chosen: best, chosenBy: "timeout" });
    expect(game.phase(timedOut).finished).toBe(true);
  });

  it("skips players with a Mark of Elimination for the ascents and the pick", () => {
    const base = played();
    const plain = game.timeout(base).result!;
    const marked = plain.topTwo[0]!;
    const s = game.timeout({ ...base, marked: [marked] });
    expect(s.result!.topTwo).not.toContain(marked);
    expect(s.result!.topTwo[0]).toBe(plain.topTwo[1]);
    expect(s.result!.pickCandidates).not.toContain(marked);
    expect(s.result!.eliminationCandidate).toBe("s6");
  });

  it("ends at once when no Hell player is left to pick (9 players: 3 in Hell)", () => {
    const s = pastRounds(newGame({ rounds: 2 }, "nine", 9));
    expect(s.stage).toBe("finished");
    expect(s.result!.pickCandidates).toEqual([]);
    expect(s.result!.topTwo).toHaveLength(2);
    expect(game.outcome(s)!.awards.filter((a) => a.label === "Ascends to Heaven")).toHaveLength(2);
  });

  it("has nobody fall when Heaven has a single player (19 players)", () => {
    let s = pastRounds(newGame({ rounds: 2 }, "nineteen", 19));
    if (s.stage === "ascension") s = game.timeout(s);
    expect(s.result!.heavenLoser).toBeNull();
    expect(game.outcome(s)!.losers).toEqual([s.result!.eliminationCandidate]);
  });

  it("breaks full ties with a seeded draw, the same on every replay", () => {
    const a = game.timeout(toRound(newGame({ rounds: 2 }, "tie"), 2));
    const b = game.timeout(toRound(newGame({ rounds: 2 }, "tie"), 2));
    expect(a.result).toEqual(b.result);
    expect(a.result!.hellOrder.slice(0, -1).every((e) => e.aboveNextBy === "draw")).toBe(true);
  });
});

describe("apply", () => {
  it("never mutates the state it is given", () => {
    const s = newGame();
    const before = JSON.stringify(s);
    const r = runCommand(game, s, { kind: "action", actor: "s5", action: { type: "query", letters: legalLetters(s), attribute: "hope", recipient: "s1" } });
    expect(r.ok).toBe(true);
    game.timeout(s);
    expect(JSON.stringify(s)).toBe(before);
  });

  it("describes actions without secrets", () => {
    const s = newGame();
    const line = game.describe!({ type: "query", letters: legalLetters(s), attribute: "hope", recipient: "s1" }, "s5");
    expect(line).toBe("s5 sent a query");
    expect(game.describe!({ type: "lock", letter: "A", target: "B" }, "s5")).not.toMatch(/\bB\b/);
    expect(game.describe!({ type: "pickAscender", seat: "s9" }, "host")).toMatch(/host chose s9/);
  });
});
