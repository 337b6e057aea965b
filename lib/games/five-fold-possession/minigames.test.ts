import { describe, expect, it } from "vitest";
import { Rng } from "../core/rng";
import { configSchema } from "./config";
import { applyEffect, drawFrom, ignoreLast, payout, remaining, startSession, stopSession, withStone } from "./greed";
import { game } from "./index";
import { resolveBids, resolveMedian, resolveRps } from "./scoring";
import type { State } from "./state";
import { act, fresh, next, patchSub, round, SEATS, tryAct } from "./testing";

const cfg = configSchema.parse({});
const lastRound = (s: State) => s.rounds[s.rounds.length - 1]!;
const pub = (s: State) => game.view(s, "spectator").history.at(-1)!;
const aliasOf = (s: State, seat: string, r = s.round) => s.aliases[r - 1]![seat]!;
const cards = (...cs: number[]) => Object.fromEntries(SEATS.map((s, i) => [s, cs[i]!]));

describe("MG1 Betting RPS", () => {
  it("a game goes through only when both name each other; the lower bet is the stake", () => {
    const e = (opponent: string, bet: number, t: "rock" | "paper" | "scissors") => ({ opponent, bet, throw: t });
    const r = resolveRps(SEATS, { s1: e("s2", 5, "rock"), s2: e("s1", 2, "scissors"), s3: e("s4", 3, "paper"), s4: e("s5", 3, "rock"), s5: null });
    expect(r.games).toEqual([{ a: "s1", b: "s2", bets: [5, 2], throws: ["rock", "scissors"], stake: 2, winner: "s1" }]);
    expect(r.result).toEqual({ s1: "won", s2: "lost", s3: "none", s4: "none", s5: "none" });
    const d = resolveRps(SEATS, { s1: e("s3", 1, "paper"), s2: null, s3: e("s1", 4, "paper"), s4: null, s5: null });
    expect(d.games[0]!.winner).toBeNull();
    expect(d.result.s1).toBe("drew");
  });

  it("winner takes the loser's garnets, told privately; the public sees won/lost/drew/did not play by alias", () => {
    let s = fresh();
    s = act(s, "s1", { type: "rps", opponent: "s2", bet: 4, throw: "paper" });
    s = act(s, "s2", { type: "rps", opponent: "s1", bet: 3, throw: "rock" });
    s = act(s, "s3", { type: "rps", opponent: "s4", bet: 2, throw: "rock" });
    s = act(s, "s4", { type: "rps", opponent: "s3", bet: 5, throw: "rock" });
    s = round(s, { s5: [{ type: "rps", opponent: "s1", bet: 1, throw: "rock" }] });
    // everyone also pays 1 for playing no card
    expect(s.garnets.s1).toBe(10 + 3 - 1);
    expect(s.garnets.s2).toBe(10 - 3 - 1);
    expect(s.garnets.s3).toBe(10 - 1);
    const mine = game.view(s, "s1").me!.rounds[0]!.rps;
    expect(mine).toMatchObject({ named: "s2", result: "won", opponentBet: 3, opponentThrow: "rock", stake: 3 });
    const results = Object.fromEntries(pub(s).rps.map((x) => [x.alias, x.result]));
    expect(results).toEqual({
      [aliasOf(s, "s1")]: "won",
      [aliasOf(s, "s2")]: "lost",
      [aliasOf(s, "s3")]: "drew",
      [aliasOf(s, "s4")]: "drew",
      [aliasOf(s, "s5")]: "none",
    });
  });

  it("bets must be 1..5 and within free garnets; no game against yourself", () => {
    const s = fresh({ startingGarnetsBySeat: { s1: 2 } });
    expect(tryAct(s, "s2", { type: "rps", opponent: "s1", bet: 0, throw: "rock" })).toMatchObject({ ok: false, code: "action/illegal" });
    expect(tryAct(s, "s2", { type: "rps", opponent: "s1", bet: 6, throw: "rock" })).toMatchObject({ ok: false, code: "action/illegal" });
    expect(tryAct(s, "s1", { type: "rps", opponent: "s2", bet: 3, throw: "rock" })).toMatchObject({ ok: false, code: "action/garnets" });
    expect(tryAct(s, "s1", { type: "rps", opponent: "s1", bet: 1, throw: "rock" })).toMatchObject({ ok: false, code: "action/illegal" });
    expect(tryAct(s, "s1", { type: "rps", opponent: "s2", bet: 2, throw: "rock" }).ok).toBe(true);
  });

  it("one entry per round: a new entry replaces the old one, and it can be withdrawn", () => {
    let s = fresh();
    s = act(s, "s1", { type: "rps", opponent: "s2", bet: 2, throw: "rock" });
    s = act(s, "s1", { type: "rps", opponent: "s3", bet: 1, throw: "paper" });
    expect(s.subs.s1!.rps).toEqual({ opponent: "s3", bet: 1, throw: "paper" });
    s = act(s, "s1", { type: "rpsCancel" });
    expect(s.subs.s1!.rps).toBeNull();
    expect(tryAct(s, "s1", { type: "rpsCancel" }).ok).toBe(false);
  });

  it("no game against a player faced in the last 2 rounds", () => {
    const pair = [
      { type: "rps", opponent: "s2", bet: 1, throw: "rock" },
      { type: "rps", opponent: "s1", bet: 1, throw: "rock" },
    ] as const;
    let s = round(fresh(), { s1: [pair[0]], s2: [pair[1]] });
    s = next(s);
    expect(tryAct(s, "s1", pair[0])).toMatchObject({ ok: false, code: "action/rps_recent" });
    expect(tryAct(s, "s2", pair[1])).toMatchObject({ ok: false, code: "action/rps_recent" });
    expect(game.view(s, "s1").me!.mg1!.blocked).toEqual(["s2"]);
    s = next(round(s, {}));
    expect(tryAct(s, "s1", pair[0])).toMatchObject({ ok: false, code: "action/rps_recent" });
    s = next(round(s, {}));
    expect(tryAct(s, "s1", pair[0]).ok).toBe(true);
  });

  it("missing RPS two rounds running costs a garnet, every further missed round too", () => {
    let s = fresh();
    s = next(round(s, { s1: [{ type: "playCard", card: 12 }] }));
    expect(lastRound(s).rps.penalized).toEqual([]);
    expect(game.view(s, "s1").me!.mg1!.penaltyIfNoGame).toBe(true);
    s = next(round(s, {}));
    expect(lastRound(s).rps.penalized).toEqual(SEATS);
    s = round(s, {});
    expect(lastRound(s).rps.penalized).toEqual(SEATS);
  });

  it("the switch resetAfterPenalty charges every second missed round", () => {
    let s = fresh({ rps: { missPenaltyMode: "resetAfterPenalty" } });
    const charged: number[] = [];
    for (let r = 1; r <= 4; r++) {
      s = round(s, {});
      if (lastRound(s).rps.penalized.length) charged.push(r);
      s = next(s);
    }
    expect(charged).toEqual([2, 4]);
  });

  it("a game played resets the streak", () => {
    let s = next(round(fresh(), {}));
    s = round(s, {
      s1: [{ type: "rps", opponent: "s2", bet: 1, throw: "rock" }],
      s2: [{ type: "rps", opponent: "s1", bet: 1, throw: "rock" }],
    });
    expect(lastRound(s).rps.penalized).toEqual(["s3", "s4", "s5"]);
    expect(s.missStreak).toMatchObject({ s1: 0, s2: 0, s3: 2 });
  });
});

describe("MG2 The Median", () => {
  it("median of the unduplicated cards; a card equal to it wins", () => {
    expect(resolveMedian(SEATS, cards(1, 2, 3, 4, 5))).toEqual({ median: 3, winner: "s3" });
    expect(resolveMedian(SEATS, cards(5, 5, 3, 7, 9))).toEqual({ median: 7, winner: "s4" });
    expect(resolveMedian(SEATS, cards(4, 4, 6, 6, 9))).toEqual({ median: 9, winner: "s5" });
    // two unique cards: the median falls between them and nobody wins (the tripled 5 is ignored)
    expect(resolveMedian(SEATS, cards(5, 5, 5, 3, 7))).toEqual({ median: 5, winner: null });
    expect(resolveMedian(SEATS, cards(2, 2, 2, 9, 9))).toEqual({ median: null, winner: null });
  });

  it("a played card leaves the hand; the winner gains a point and a garnet", () => {
    let s = fresh();
    const play = (c: number) => [{ type: "playCard" as const, card: c }];
    s = round(s, { s1: play(1), s2: play(2), s3: play(3), s4: play(4), s5: play(5) });
    expect(s.hands.s3).not.toContain(3);
    expect(s.hands.s3).toHaveLength(11);
    expect(s.garnets.s3).toBe(11);
    expect(game.view(s, "s3").me!.knownPoints).toBe(1);
    expect(pub(s).median).toEqual({
      plays: SEATS.map((x, i) => ({ alias: aliasOf(s, x), card: i + 1 })).sort((a, b) => (a.alias < b.alias ? -1 : 1)),
      median: 3,
      winner: aliasOf(s, "s3"),
    });
    s = next(s);
    expect(tryAct(s, "s3", { type: "playCard", card: 3 })).toMatchObject({ ok: false, code: "action/illegal" });
  });

  it("no card: the lowest card is played and a garnet lost", () => {
    let s = fresh();
    s = next(round(s, { s2: [{ type: "playCard", card: 1 }] }));
    expect(lastRound(s).median.defaulted).toEqual(["s1", "s3", "s4", "s5"]);
    expect(lastRound(s).median.cards.s1).toBe(1);
    expect(s.garnets.s1).toBe(10 - 1);
    s = round(s, { s1: [{ type: "playCard", card: 12 }] });
    expect(lastRound(s).median.cards.s2).toBe(2);
    expect(game.view(s, "s2").me!.rounds[1]!.cardDefaulted).toBe(true);
  });

  it("the card can be changed until the round ends; done needs a card", () => {
    let s = fresh();
    expect(tryAct(s, "s1", { type: "done" })).toMatchObject({ ok: false, code: "action/not_ready" });
    s = act(s, "s1", { type: "playCard", card: 4 });
    s = act(s, "s1", { type: "playCard", card: 9 });
    expect(s.subs.s1!.card).toBe(9);
    expect(tryAct(s, "s1", { type: "done" }).ok).toBe(true);
  });
});

describe("MG3 Does Greed Succeed", () => {
  const g = cfg.greed;

  it("stone effects (default table): white +1, black -1 (never below 0), green doubles, red busts, grey nothing", () => {
    expect(applyEffect(g.white.effect, 1)).toBe(2);
    expect(applyEffect(g.black.effect, 1)).toBe(0);
    expect(applyEffect(g.black.effect, 0)).toBe(0);
    expect(applyEffect(g.green.effect, 3)).toBe(6);
    expect(applyEffect(g.red.effect, 3)).toBeNull();
    expect(applyEffect(g.grey.effect, 3)).toBe(3);
    expect(applyEffect("plus2", 1)).toBe(3);
    expect(applyEffect("minus2", 1)).toBe(0);
    expect(applyEffect("halve", 5)).toBe(2);
  });

  it("a session: pot from the start pot, a bust pays nothing, ignoring undoes the last stone", () => {
    let x = startSession(g);
    expect(x.pot).toBe(1);
    x = withStone(g, x, "white");
    x = withStone(g, x, "green");
    expect(x.pot).toBe(4);
    const busted = withStone(g, x, "red");
    expect(busted.status).toBe("busted");
    expect(payout(busted)).toBe(0);
    const saved = ignoreLast(busted);
    expect(saved).toMatchObject({ status: "drawing", pot: 4, ignoredIndex: 2, drawn: ["white", "green", "red"] });
    expect(payout(stopSession(saved))).toBe(4);
    expect(remaining(g, saved.drawn)).toEqual({ grey: 3, white: 4, black: 4, green: 0, red: 1 });
  });

  it("the bag is drawn without replacement and holds 3 grey, 5 white, 4 black, 1 green, 2 red", () => {
    const rng = Rng.fromSeed("bag");
    let x = startSession(g);
    const drawn: string[] = [];
    for (;;) {
      const stone = drawFrom(g, x, rng);
      if (!stone) break;
      drawn.push(stone);
      x = { ...x, drawn: [...x.drawn, stone] };
    }
    expect(drawn).toHaveLength(15);
    const count = (c: string) => drawn.filter((d) => d === c).length;
    expect([count("grey"), count("white"), count("black"), count("green"), count("red")]).toEqual([3, 5, 4, 1, 2]);
  });

  it("costs the fee, once a round, one stone per action; net settles at the end of the round", () => {
    let s = fresh();
    expect(tryAct(s, "s1", { type: "greedDraw" })).toMatchObject({ ok: false });
    s = act(s, "s1", { type: "greedJoin" });
    expect(game.view(s, "s1").me!.available).toBe(9);
    expect(tryAct(s, "s1", { type: "greedJoin" })).toMatchObject({ ok: false, code: "action/already_submitted" });
    const before = s.rng;
    s = act(s, "s1", { type: "greedDraw" });
    expect(s.subs.s1!.greed!.drawn).toHaveLength(1);
    expect(s.rng).not.toEqual(before);
    if (s.subs.s1!.greed!.status === "drawing") s = act(s, "s1", { type: "greedStop" });
    expect(tryAct(s, "s1", { type: "greedDraw" })).toMatchObject({ ok: false });
    const pot = payout(s.subs.s1!.greed!);
    s = round(s, { s1: [{ type: "playCard", card: 5 }] });
    expect(lastRound(s).greed.net.s1).toBe(pot - 1);
    // the only unique card (others default to 1) also wins the median: +1
    expect(s.garnets.s1).toBe(10 + pot - 1 + 1);
    expect(pub(s).greed.players).toBe(1);
  });

  it("cannot join without a free garnet", () => {
    let s = fresh({ startingGarnetsBySeat: { s1: 2 } });
    s = act(s, "s1", { type: "bid", amount: 2 });
    expect(tryAct(s, "s1", { type: "greedJoin" })).toMatchObject({ ok: false, code: "action/garnets" });
    s = act(s, "s1", { type: "bid", amount: 1 });
    expect(tryAct(s, "s1", { type: "greedJoin" }).ok).toBe(true);
    const broke = fresh({ startingGarnetsBySeat: { s2: 0 } });
    expect(tryAct(broke, "s2", { type: "greedJoin" })).toMatchObject({ ok: false, code: "action/garnets" });
  });

  it("only the possessed may ignore, only the stone just drawn, only once; an ignored red still shows publicly", () => {
    let s = next(round(fresh(), {})); // round 2: s1 possessed
    const redDrawn = withStone(cfg.greed, startSession(cfg.greed), "red");
    s = patchSub(s, "s2", { greed: redDrawn });
    expect(tryAct(s, "s2", { type: "greedIgnore" })).toMatchObject({ ok: false, code: "action/not_possessed" });
    s = patchSub(s, "s1", { greed: redDrawn });
    expect(game.view(s, "s1").me!.mg3!.session!.canIgnore).toBe(true);
    expect(game.view(s, "s2").me!.mg3!.session!.canIgnore).toBe(false);
    s = act(s, "s1", { type: "greedIgnore" });
    expect(s.subs.s1!.greed).toMatchObject({ status: "drawing", pot: 1, ignoredIndex: 0 });
    expect(tryAct(s, "s1", { type: "greedIgnore" })).toMatchObject({ ok: false, code: "action/illegal" });
    // a later stone cannot be ignored once a stone was ignored
    s = patchSub(s, "s1", { greed: withStone(cfg.greed, s.subs.s1!.greed!, "black") });
    expect(tryAct(s, "s1", { type: "greedIgnore" })).toMatchObject({ ok: false });
    s = round(s, { s1: [{ type: "playCard", card: 2 }], s2: [{ type: "playCard", card: 3 }] });
    expect(pub(s).greed).toEqual({ players: 2, drewRed: [aliasOf(s, "s1", 2), aliasOf(s, "s2", 2)].sort() });
    expect(lastRound(s).greed.net).toEqual({ s1: -1, s2: -1 });
  });

  it("a stone followed by another draw or a stop can no longer be ignored", () => {
    let s = next(round(fresh(), {}));
    s = patchSub(s, "s1", { greed: stopSession(withStone(cfg.greed, startSession(cfg.greed), "black")) });
    expect(tryAct(s, "s1", { type: "greedIgnore" })).toMatchObject({ ok: false, code: "action/illegal" });
  });

  it("a draw still open when the round ends stops and keeps its pot; done waits for the stop", () => {
    let s = fresh();
    s = act(s, "s1", { type: "playCard", card: 6 });
    s = patchSub(s, "s1", { greed: withStone(cfg.greed, withStone(cfg.greed, startSession(cfg.greed), "white"), "white") });
    expect(tryAct(s, "s1", { type: "done" })).toMatchObject({ ok: false, code: "action/not_ready" });
    expect(game.view(s, "s1").me!.doneBlockers).toHaveLength(1);
    s = round(s, {});
    expect(lastRound(s).greed.sessions.s1!.status).toBe("stopped");
    expect(lastRound(s).greed.net.s1).toBe(2);
  });
});

describe("MG4 Bidding War", () => {
  const bids = (...b: number[]) => Object.fromEntries(SEATS.map((s, i) => [s, b[i]!]));
  it("highest bid nobody matched wins", () => {
    expect(resolveBids(SEATS, bids(10, 10, 7, 3, 0))).toEqual({ winner: "s3", winningBid: 7 });
    expect(resolveBids(SEATS, bids(4, 4, 2, 2, 0))).toEqual({ winner: "s5", winningBid: 0 });
    expect(resolveBids(SEATS, bids(4, 4, 2, 2, 2))).toEqual({ winner: null, winningBid: null });
    expect(resolveBids(SEATS, bids(0, 0, 0, 0, 0))).toEqual({ winner: null, winningBid: null });
  });

  it("the winner pays and gains a point; bids are published without owners, the winner by alias", () => {
    let s = fresh();
    s = act(s, "s1", { type: "bid", amount: 6 });
    s = act(s, "s2", { type: "bid", amount: 6 });
    s = act(s, "s3", { type: "bid", amount: 4 });
    s = round(s, { s4: [{ type: "bid", amount: 1 }] });
    expect(s.garnets.s3).toBe(10 - 4 - 1); // pays 4, and no card cost 1
    expect(s.garnets.s1).toBe(9);
    expect(game.view(s, "s3").me!.knownPoints).toBe(1);
    expect(pub(s).bidding).toEqual({ bids: [6, 6, 4, 1, 0], winningBid: 4, winner: aliasOf(s, "s3") });
  });

  it("bids are 0..10 and within free garnets", () => {
    let s = fresh({ startingGarnetsBySeat: { s1: 3 } });
    expect(tryAct(s, "s2", { type: "bid", amount: 11 })).toMatchObject({ ok: false, code: "action/illegal" });
    expect(tryAct(s, "s1", { type: "bid", amount: 4 })).toMatchObject({ ok: false, code: "action/garnets" });
    s = act(s, "s1", { type: "rps", opponent: "s2", bet: 2, throw: "rock" });
    expect(tryAct(s, "s1", { type: "bid", amount: 2 })).toMatchObject({ ok: false, code: "action/garnets" });
    expect(game.view(s, "s1").me!.mg4!.maxBid).toBe(1);
    expect(tryAct(s, "s1", { type: "bid", amount: 1 }).ok).toBe(true);
  });
});

describe("garnet balances", () => {
  it("never go below 0: a penalty that cannot be paid is waived", () => {
    let s = fresh({ startingGarnetsBySeat: { s1: 0 } });
    s = round(s, {});
    expect(s.garnets.s1).toBe(0);
    expect(lastRound(s).garnetDelta.s1).toBe(-1);
  });

  it("start from the host's default with per-seat overrides, told privately", () => {
    const s = fresh({ startingGarnets: 7, startingGarnetsBySeat: { s4: 15 } });
    expect(s.garnets).toEqual({ s1: 7, s2: 7, s3: 7, s4: 15, s5: 7 });
    expect(game.view(s, "s4").me!.garnets).toBe(15);
    expect(JSON.stringify(game.view(s, "s1"))).not.toContain('"garnets":15');
  });
});
