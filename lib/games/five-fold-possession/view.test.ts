// What each viewer sees. Most tests are counterfactual: two states differing only
// in one secret must give identical views to everyone not entitled to it.
import { describe, expect, it } from "vitest";
import { playWithBots } from "../core/commands";
import type { Viewer } from "../core/types";
import { configSchema } from "./config";
import { startSession, withStone } from "./greed";
import { game } from "./index";
import type { State } from "./state";
import { act, FIXED_SCHEDULE, fresh, next, patchSub, rightIdentities, round, SEATS } from "./testing";
import type { View } from "./view";

const VIEWERS: Viewer[] = [...SEATS, "spectator", "host"];
const cfg = configSchema.parse({});

/** The same plain submissions for everyone, whatever the secrets. */
function plainRound(s: State): State {
  let t = s;
  SEATS.forEach((seat, i) => {
    const hand = t.hands[seat]!;
    t = act(t, seat, { type: "playCard", card: hand[(i * 3 + t.round) % hand.length]! });
  });
  t = act(t, "s1", { type: "bid", amount: 2 });
  t = act(t, "s3", { type: "bid", amount: 1 });
  return next(round(t, {}));
}

function expectSameFor(a: State, b: State, same: Viewer[], differ: Viewer[], strip: (v: View) => View = (v) => v) {
  for (const v of same) expect(strip(game.view(a, v)), `view of ${v}`).toEqual(strip(game.view(b, v)));
  for (const v of differ) expect(strip(game.view(a, v)), `view of ${v} should differ`).not.toEqual(strip(game.view(b, v)));
}

describe("roles", () => {
  it("a seat sees its own role only, from the start of the round", () => {
    const s = next(round(fresh(), {}));
    expect(SEATS.map((x) => game.view(s, x).me!.role)).toEqual(["possessed", "ghostHunter", "player", "player", "player"]);
    expect(game.view(fresh(), "s1").me!.role).toBe("player");
  });

  it("who is possessed does not reach anyone else, during or after the round", () => {
    const other = {
      ...FIXED_SCHEDULE,
      roles: FIXED_SCHEDULE.roles.map((r, i) => (i === 1 ? { possessed: "s3", ghostHunter: "s2" } : r)),
    };
    let a = next(round(fresh(), {}));
    let b = { ...a, schedule: other };
    expectSameFor(a, b, ["s2", "s4", "s5", "spectator"], ["s1", "s3", "host"]);
    a = plainRound(a);
    b = plainRound(b);
    expectSameFor(a, b, ["s2", "s4", "s5", "spectator"], ["s1", "s3", "host"]);
    a = plainRound(a);
    b = plainRound(b);
    expectSameFor(a, b, ["s2", "s4", "s5", "spectator"], ["s1", "s3", "host"]);
  });
});

describe("aliases", () => {
  it("nobody learns whose alias is whose, their own included", () => {
    // s4 and s5 submit nothing, so their results are alike and only the alias map tells them apart
    const a = fresh();
    const r1 = a.aliases[0]!;
    const b = { ...a, aliases: [{ ...r1, s4: r1.s5!, s5: r1.s4! }, ...a.aliases.slice(1)] };
    const run = (s: State) => next(round(act(act(s, "s1", { type: "playCard", card: 4 }), "s2", { type: "bid", amount: 3 }), {}));
    expectSameFor(run(a), run(b), [...SEATS, "spectator"], ["host"]);
  });

  it("results are published by alias only, in alphabetical order", () => {
    const s = plainRound(fresh());
    const h = game.view(s, "s2").history[0]!;
    expect(h.aliases).toEqual(Object.values(s.aliases[0]!).sort());
    expect(h.median.plays.map((p) => p.alias)).toEqual(h.aliases);
    expect(h.rps.map((p) => p.alias)).toEqual(h.aliases);
    expect(JSON.stringify(h)).not.toMatch(/"s[1-5]"/);
  });
});

describe("another seat's play", () => {
  it("submissions, bag draws, guesses and hand of one seat reach only that seat and the host", () => {
    const base = plainRound(next(round(fresh(), {})));
    expect(base.round).toBe(3);
    let a = base;
    a = act(a, "s2", { type: "playCard", card: a.hands.s2![0]! });
    a = act(a, "s2", { type: "rps", opponent: "s4", bet: 2, throw: "paper" });
    a = act(a, "s2", { type: "bid", amount: 4 });
    a = act(a, "s2", { type: "guessIdentities", seats: rightIdentities(a, 2) });
    a = act(a, "s2", { type: "guessRoles", possessed: "s1", ghostHunter: "s3" });
    a = patchSub(a, "s2", { greed: withStone(cfg.greed, withStone(cfg.greed, startSession(cfg.greed), "white"), "red") });
    let b = base;
    b = act(b, "s2", { type: "playCard", card: b.hands.s2![5]! });
    b = act(b, "s2", { type: "guessRoles", possessed: "s4", ghostHunter: "s5" });
    expectSameFor(a, b, ["s1", "s3", "s4", "s5", "spectator"], ["s2", "host"]);
  });

  it("a seat's hand is private", () => {
    const a = fresh();
    const b = { ...a, hands: { ...a.hands, s2: [2, 4, 6, 8] } };
    expectSameFor(a, b, ["s1", "s3", "s4", "s5", "spectator"], ["s2", "host"]);
  });

  it("a seat's garnet balance is private", () => {
    expectSameFor(fresh(), fresh({ startingGarnetsBySeat: { s2: 25 } }), ["s1", "s3", "s4", "s5", "spectator"], ["s2", "host"]);
  });
});

describe("hidden scores", () => {
  const stripIdentityEcho = (v: View): View => ({ ...v, me: v.me ? { ...v.me, rounds: v.me.rounds.map((r) => ({ ...r, identityGuess: null })) } : null });

  it("nobody learns whether their own identity guess was right (only the published count)", () => {
    const start = next(round(fresh(), {}));
    const wrong = rightIdentities(start, 1).slice().reverse();
    const a = next(round(act(act(start, "s3", { type: "guessIdentities", seats: rightIdentities(start, 1) }), "s4", { type: "guessIdentities", seats: wrong }), {}));
    const b = next(round(act(act(start, "s4", { type: "guessIdentities", seats: rightIdentities(start, 1) }), "s3", { type: "guessIdentities", seats: wrong }), {}));
    expect(a.deferredGarnets.s3).toBe(1);
    expect(b.deferredGarnets.s3).toBe(0);
    expectSameFor(a, b, [...SEATS, "spectator"], ["host"], stripIdentityEcho);
  });

  it("view JSON before the end carries no schedule, guess points, identity garnets or alias map", () => {
    const r = playWithBots(game, { seats: SEATS, seed: "search" });
    const log = r.log;
    let state = game.setup({ seats: SEATS, config: cfg, seed: "search" });
    const checkpoints = new Set([Math.floor(log.length / 4), Math.floor(log.length / 2), Math.floor((log.length * 3) / 4), log.length - 2]);
    let checked = 0;
    log.forEach((cmd, i) => {
      state = (cmd.kind === "timeout" ? game.timeout(state) : (game.apply(state, cmd.actor, cmd.action as never) as { state: State }).state) as State;
      if (!checkpoints.has(i) || state.phase === "end") return;
      for (const v of [...SEATS, "spectator"] as Viewer[]) {
        const json = JSON.stringify(game.view(state, v));
        for (const word of ["emptyRound", "halves", "guessHalves", "rightNames", "possessedNamedBy", "detected", "identityGarnets", "deferred", "schedule"])
          expect(json, `${v} view at step ${i}`).not.toContain(`"${word}"`);
        state.aliases.slice(0, state.round).forEach((map) => {
          for (const seat of SEATS) expect(json).not.toContain(`"${seat}":"${map[seat]}"`);
        });
        checked++;
      }
    });
    expect(checked).toBeGreaterThanOrEqual(18);
  });
});

describe("viewers", () => {
  it("a spectator sees public results only; the host sees everything", () => {
    const s = plainRound(next(round(fresh(), {})));
    const spec = game.view(s, "spectator");
    expect(spec.me).toBeNull();
    expect(spec.host).toBeNull();
    expect(spec.end).toBeNull();
    expect(spec.history).toHaveLength(2);
    const host = game.view(s, "host");
    expect(host.me).toBeNull();
    expect(host.host!.roles[1]).toEqual({ possessed: "s1", ghostHunter: "s2" });
    expect(host.host!.emptyRound).toBe(7);
    expect(host.host!.aliases[0]).toEqual(s.aliases[0]);
    expect(host.host!.hands.s2).toEqual(s.hands.s2);
    expect(host.host!.rounds[1]!.challenges!.possessed).toBe("s1");
  });

  it("views are fresh objects: changing one never touches the state", () => {
    const ended = playWithBots(game, { seats: SEATS, seed: "fresh-objects" }).state as State;
    let mid = plainRound(plainRound(next(round(fresh(), {}))));
    mid = act(mid, "s4", { type: "greedJoin" });
    mid = act(mid, "s4", { type: "greedDraw" });
    mid = act(mid, "s4", { type: "rps", opponent: "s2", bet: 1, throw: "rock" });
    mid = act(mid, "s4", { type: "guessIdentities", seats: SEATS });
    mid = act(mid, "s4", { type: "guessRoles", possessed: "s1", ghostHunter: "s2" });
    for (const s of [ended, mid]) {
      const before = JSON.stringify(s);
      for (const v of VIEWERS) {
        const view = game.view(s, v) as unknown as Record<string, unknown>;
        const scramble = (x: unknown): void => {
          // a part every room shares is frozen: nothing can change it
          if (Object.isFrozen(x)) return;
          if (Array.isArray(x)) {
            x.forEach(scramble);
            x.push("x");
          } else if (x && typeof x === "object") {
            for (const k of Object.keys(x)) {
              scramble((x as Record<string, unknown>)[k]);
              (x as Record<string, unknown>)[k] = "x";
            }
          }
        };
        scramble(view);
      }
      expect(JSON.stringify(s)).toBe(before);
    }
  });

  it("a seat's view carries what the dashboard needs to act", () => {
    const s = next(round(fresh(), {}));
    const me = game.view(s, "s1").me!;
    expect(me).toMatchObject({ seat: "s1", role: "possessed", garnets: 9, committed: 0, available: 9, done: false, knownPoints: 0 });
    expect(me.hand).toHaveLength(11);
    expect(me.mg1).toMatchObject({ entry: null, blocked: [], minBet: 1, maxBet: 5, missStreak: 1, penaltyIfNoGame: true });
    expect(me.mg1!.opponents).toEqual(["s2", "s3", "s4", "s5"]);
    expect(me.mg2).toEqual({ card: null });
    expect(me.mg3).toEqual({ fee: 1, canJoin: true, session: null });
    expect(me.mg4).toEqual({ bid: null, maxBid: 9 });
    expect(me.mg5!.targetRound).toBe(1);
    expect(me.roleGuess).toBeNull();
    expect(me.opal).toBeNull();
    expect(me.challenges).toHaveLength(10);
    expect(me.doneBlockers).toEqual(["Play a card in The Median."]);
    expect(me.rounds[0]).toMatchObject({ round: 1, role: "player", cardDefaulted: true, garnetChange: -1, garnetsAfter: 9 });
    const v = game.view(s, "s4");
    expect(v.aliases).toEqual(Object.values(s.aliases[1]!).sort());
    expect(v.reference.stones).toEqual([
      { stone: "grey", count: 3, effect: "none" },
      { stone: "white", count: 5, effect: "plus1" },
      { stone: "black", count: 4, effect: "minus1" },
      { stone: "green", count: 1, effect: "double" },
      { stone: "red", count: 2, effect: "bust" },
    ]);
  });

  it("the drawing interaction: one stone at a time, stop, and the possessed's ignore", () => {
    let s = next(round(fresh(), {}));
    s = act(s, "s1", { type: "greedJoin" });
    let g = game.view(s, "s1").me!.mg3!;
    expect(g.canJoin).toBe(false);
    expect(g.session).toMatchObject({ drawn: [], pot: 1, status: "drawing", canDraw: true, canStop: true, canIgnore: false });
    expect(g.session!.bagLeft).toEqual({ grey: 3, white: 5, black: 4, green: 1, red: 2 });
    s = act(s, "s1", { type: "greedDraw" });
    g = game.view(s, "s1").me!.mg3!;
    expect(g.session!.drawn).toHaveLength(1);
    expect(g.session!.canIgnore).toBe(true);
    expect(Object.values(g.session!.bagLeft).reduce((x, y) => x + y, 0)).toBe(14);
  });

  it("the end reveals roles by round, aliases, challenges, points and the outcome to everyone, garnets only to their holder", () => {
    const r = playWithBots(game, { seats: SEATS, seed: "end-view" });
    const s = r.state as State;
    for (const v of VIEWERS) {
      const end = game.view(s, v).end!;
      expect(end.emptyRound).toBe(s.schedule.emptyRound);
      expect(end.rounds.map((x) => (x.possessed ? { possessed: x.possessed, ghostHunter: x.ghostHunter } : null))).toEqual(s.schedule.roles);
      expect(end.rounds[3]!.aliases).toHaveLength(5);
      expect(end.standings).toHaveLength(5);
      expect(end.rounds.filter((x) => x.challengesCompleted !== null)).toHaveLength(10);
      expect(JSON.stringify(end.standings)).not.toMatch(/arnets/);
      expect(end.garnets.map((x) => x.seat)).toEqual(v === "host" ? SEATS : v === "spectator" ? [] : [v]);
    }
    expect(JSON.stringify(game.view(s, "s1").end)).not.toMatch(/guessHalves|"halves"/);
  });
});
