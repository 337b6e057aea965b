import { describe, expect, it } from "vitest";
import { challengeMet, checklistAfter, completedChallenges, type ChallengeId } from "./challenges";
import { configSchema } from "./config";
import { startSession, stopSession, withStone } from "./greed";
import { game } from "./index";
import { publish } from "./publish";
import type { GreedSession, IdentityResult, RoundRecord } from "./state";
import { act, fresh, next, patchSub, rightIdentities, round, SEATS } from "./testing";

const cfg = configSchema.parse({});
const P = "s1";

function record(change: Partial<RoundRecord> = {}): RoundRecord {
  const zero = Object.fromEntries(SEATS.map((s) => [s, 0]));
  const base: Omit<RoundRecord, "published"> = {
    round: 2,
    possessed: P,
    ghostHunter: "s2",
    aliases: Object.fromEntries(SEATS.map((s) => [s, `Alias ${s}`])),
    rps: { entries: Object.fromEntries(SEATS.map((s) => [s, null])), games: [], result: { s1: "won", s2: "lost", s3: "won", s4: "lost", s5: "none" }, penalized: [] },
    median: { cards: { s1: 4, s2: 6, s3: 8, s4: 9, s5: 10 }, defaulted: [], median: 8, winner: "s3" },
    greed: { sessions: Object.fromEntries(SEATS.map((s) => [s, null])), net: {} },
    bidding: { bids: { s1: 2, s2: 5, s3: 3, s4: 0, s5: 1 }, winner: "s2", winningBid: 5 },
    identity: identity([]),
    roleGuess: null,
    challenges: null,
    garnetDelta: zero,
    garnetsAfter: zero,
    ...change,
  };
  return { ...base, published: publish(base, SEATS) };
}

function identity(fullyRight: string[]): IdentityResult {
  return { targetRound: 1, guesses: {}, correct: {}, fullyRight, soleWinner: fullyRight.length === 1 ? fullyRight[0]! : null };
}

const met = (id: ChallengeId, rec: RoundRecord) => challengeMet(id, rec, P, SEATS, cfg);
const session = (...stones: ("grey" | "white" | "black" | "green" | "red")[]): GreedSession =>
  stopSession(stones.reduce((x, st) => withStone(cfg.greed, x, st), startSession(cfg.greed)));

describe("the ten possession challenges", () => {
  it("the base fixture completes only 'someone guessed identities wrong'", () => {
    expect(completedChallenges(record(), P, SEATS, cfg)).toEqual(["identity-someone-wrong"]);
  });

  it("MG1: draw a game of RPS", () => {
    expect(met("rps-draw", record())).toBe(false);
    expect(met("rps-draw", record({ rps: { ...record().rps, result: { s1: "drew", s2: "drew", s3: "none", s4: "none", s5: "none" } } }))).toBe(true);
  });

  it("MG1: have at least 3 players not play", () => {
    const r = (result: RoundRecord["rps"]["result"]) => record({ rps: { ...record().rps, result } });
    expect(met("rps-three-idle", r({ s1: "won", s2: "lost", s3: "won", s4: "lost", s5: "none" }))).toBe(false);
    expect(met("rps-three-idle", r({ s1: "none", s2: "none", s3: "won", s4: "lost", s5: "none" }))).toBe(true);
    expect(met("rps-three-idle", r({ s1: "none", s2: "none", s3: "none", s4: "none", s5: "none" }))).toBe(true);
  });

  it("MG2: play a prime card (2, 3, 5, 7, 11), played by default or not", () => {
    for (const [card, prime] of [[2, true], [3, true], [5, true], [7, true], [11, true], [1, false], [4, false], [9, false], [12, false]] as const) {
      expect(met("median-prime", record({ median: { ...record().median, cards: { ...record().median.cards, s1: card } } }))).toBe(prime);
    }
  });

  it("MG2: win the median, or nobody wins it", () => {
    expect(met("median-win-or-none", record())).toBe(false);
    expect(met("median-win-or-none", record({ median: { ...record().median, winner: "s1" } }))).toBe(true);
    expect(met("median-win-or-none", record({ median: { ...record().median, median: null, winner: null } }))).toBe(true);
  });

  it("MG3: take all 3 grey stones (an ignored grey counts, a bust after them too)", () => {
    const greed = (s: GreedSession | null, net = 0) => record({ greed: { sessions: { ...record().greed.sessions, s1: s }, net: s ? { s1: net } : {} } });
    expect(met("greed-all-grey", greed(null))).toBe(false);
    expect(met("greed-all-grey", greed(session("grey", "white", "grey")))).toBe(false);
    expect(met("greed-all-grey", greed(session("grey", "grey", "white", "grey")))).toBe(true);
    expect(met("greed-all-grey", greed(session("grey", "grey", "grey", "red")))).toBe(true);
  });

  it("MG3: a net increase in garnets from the minigame", () => {
    const greed = (net: number) => record({ greed: { sessions: { ...record().greed.sessions, s1: session("white") }, net: { s1: net } } });
    expect(met("greed-net-gain", greed(0))).toBe(false);
    expect(met("greed-net-gain", greed(-1))).toBe(false);
    expect(met("greed-net-gain", greed(1))).toBe(true);
    expect(met("greed-net-gain", record())).toBe(false);
  });

  it("MG4: block the highest bid (match it with another player; a top bid of 0 does not count)", () => {
    const bids = (b: number[]) => record({ bidding: { bids: Object.fromEntries(SEATS.map((s, i) => [s, b[i]!])), winner: null, winningBid: null } });
    expect(met("bid-block-top", bids([7, 7, 3, 2, 0]))).toBe(true);
    expect(met("bid-block-top", bids([7, 3, 3, 2, 0]))).toBe(false);
    expect(met("bid-block-top", bids([3, 7, 7, 2, 0]))).toBe(false);
    expect(met("bid-block-top", bids([0, 0, 0, 0, 0]))).toBe(false);
    expect(challengeMet("bid-block-top", bids([0, 0, 0, 0, 0]), P, SEATS, configSchema.parse({ bidding: { minBlockedBid: 0 } }))).toBe(true);
  });

  it("MG4: win the bidding war with 0 or 1", () => {
    const win = (bid: number) => record({ bidding: { bids: { s1: bid, s2: 4, s3: 4, s4: 6, s5: 6 }, winner: "s1", winningBid: bid } });
    expect(met("bid-win-low", win(0))).toBe(true);
    expect(met("bid-win-low", win(1))).toBe(true);
    expect(met("bid-win-low", win(2))).toBe(false);
    expect(met("bid-win-low", record())).toBe(false);
  });

  it("MG5: guess everybody's identity right", () => {
    expect(met("identity-all-right", record({ identity: identity(["s1"]) }))).toBe(true);
    expect(met("identity-all-right", record({ identity: identity(["s2"]) }))).toBe(false);
  });

  it("MG5: at least one other player not fully right (a missing guess counts)", () => {
    expect(met("identity-someone-wrong", record({ identity: identity(["s2", "s3", "s4", "s5"]) }))).toBe(false);
    expect(met("identity-someone-wrong", record({ identity: identity(["s1", "s2", "s3", "s4", "s5"]) }))).toBe(false);
    expect(met("identity-someone-wrong", record({ identity: identity(["s1", "s2", "s3", "s4"]) }))).toBe(true);
  });
});

describe("the possessed's checklist", () => {
  it("shows what the results settle, and hides what hangs on secret identity guesses", () => {
    const status = (fully: string[]) => Object.fromEntries(checklistAfter(record({ identity: identity(fully) }), P, SEATS, cfg).map((c) => [c.id, c.status]));
    expect(status([])).toMatchObject({ "identity-all-right": "missed", "identity-someone-wrong": "completed", "rps-draw": "missed" });
    expect(status(["s1", "s2", "s3", "s4", "s5"])).toMatchObject({ "identity-all-right": "completed", "identity-someone-wrong": "missed" });
    expect(status(["s2", "s3"])).toMatchObject({ "identity-all-right": "hidden", "identity-someone-wrong": "completed" });
    // four right: either the possessed and three others (completed) or the four others (missed)
    expect(status(["s2", "s3", "s4", "s5"])).toMatchObject({ "identity-all-right": "hidden", "identity-someone-wrong": "hidden" });
    expect(status(["s1", "s3", "s4", "s5"])).toMatchObject({ "identity-all-right": "hidden", "identity-someone-wrong": "hidden" });
  });

  it("during the round it settles what the possessed's own entries make certain", () => {
    let s = next(round(fresh(), {})); // round 2: s1 possessed
    const status = () => Object.fromEntries(game.view(s, "s1").me!.challenges!.map((c) => [c.id, c.status]));
    s = act(s, "s1", { type: "playCard", card: 5 });
    expect(status()["median-prime"]).toBe("completed");
    s = act(s, "s1", { type: "playCard", card: 4 });
    expect(status()["median-prime"]).toBe("open");
    s = patchSub(s, "s1", { greed: withStone(cfg.greed, session("grey", "grey", "white"), "grey") });
    expect(status()).toMatchObject({ "greed-all-grey": "completed", "greed-net-gain": "open" });
    s = patchSub(s, "s1", { greed: session("white", "white") });
    expect(status()["greed-net-gain"]).toBe("completed");
    s = patchSub(s, "s1", { greed: withStone(cfg.greed, startSession(cfg.greed), "red") });
    expect(status()["greed-net-gain"]).toBe("open"); // the red may still be ignored
    s = patchSub(s, "s1", { greed: withStone(cfg.greed, { ...startSession(cfg.greed), ignoredIndex: 0, drawn: ["black"] }, "red") });
    expect(status()["greed-net-gain"]).toBe("missed");
    expect(status()["rps-draw"]).toBe("open");
  });

  it("only the possessed sees it: open during the round, settled after", () => {
    let s = next(round(fresh(), {})); // round 2: s1 possessed
    expect(game.view(s, "s1").me!.challenges!.map((c) => c.status)).toEqual(Array(10).fill("open"));
    for (const seat of ["s2", "s3", "s4", "s5"]) expect(game.view(s, seat).me!.challenges).toBeNull();
    s = act(s, "s1", { type: "playCard", card: 7 });
    s = act(s, "s1", { type: "guessIdentities", seats: rightIdentities(s, 1) });
    s = round(s, {});
    const list = game.view(s, "s1").me!.rounds[1]!.challenges!;
    const st = Object.fromEntries(list.map((c) => [c.id, c.status]));
    // s1 alone right: count 1 is published, so whether it is s1 stays hidden
    expect(st).toMatchObject({ "median-prime": "completed", "median-win-or-none": "completed", "rps-three-idle": "completed", "identity-all-right": "hidden" });
    expect(s.rounds[1]!.challenges!.completed).toEqual(["rps-three-idle", "median-prime", "median-win-or-none", "identity-all-right", "identity-someone-wrong"]);
    expect(game.view(s, "s2").me!.rounds[1]!.challenges).toBeNull();
  });
});
