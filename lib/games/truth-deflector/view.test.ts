import { describe, expect, it } from "vitest";
import { botMove } from "../core/commands";
import { Rng } from "../core/rng";
import type { SeatId, Viewer } from "../core/types";
import { game } from "./index";
import { act, gang, honest, pick, playRound, start } from "./test-helpers";
import type { State, Submission } from "./types";

const P = "Power" as const;
const C = "Courage" as const;
const W = "Wisdom" as const;

/** Bots play until `round` is reached and `pendingCount` seats have locked in. */
function botsUntil(seed: string, round: number, pendingCount: number, config: Record<string, unknown> = {}): State {
  let s = start(11, config, seed);
  const rng = Rng.fromSeed(`${seed}/bots`);
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.stage !== "round") return s;
    if (s.round === round && Object.keys(s.pending).length >= pendingCount) return s;
    const seat = s.seats.find((x) => !s.pending[x]) as SeatId;
    const a = botMove(game, s, seat, rng);
    s = a ? act(s, seat, a) : game.timeout(s);
  }
  throw new Error("bots did not get there");
}

/** Changes every private fact of `y` (secrets, status, score, garnets, Wisdom, garnet actions). */
function scramble(s: State, y: SeatId): State {
  const flip = (sub: Submission | undefined): Submission => ({
    claim: sub?.claim === "Power" ? "Courage" : "Power",
    secret: sub?.secret === "Wisdom" ? "Courage" : "Wisdom",
    challenges: sub?.challenges.length ? [] : s.seats.filter((x) => x !== y).slice(0, 2),
    wisdom: { kind: "pair", claimed: "Courage", submitted: "Power" },
    cleanse: !sub?.cleanse,
    resurrect: !sub?.resurrect,
    defaulted: !sub?.defaulted,
  });
  const p = s.players[y];
  return {
    ...s,
    players: { ...s.players, [y]: { ...p!, td: !p!.td, points: p!.points + 1000, garnets: p!.garnets + 77, lies: p!.lies + 5 } },
    pending: s.pending[y] ? { ...s.pending, [y]: flip(s.pending[y]) } : s.pending,
    history: s.history.map((r) => ({
      ...r,
      subs: { ...r.subs, [y]: flip(r.subs[y]) },
      ledger: { ...r.ledger, [y]: { challenges: 0, counts: 99, power: 3, courage: 8, total: 110 } },
      wisdom: { ...r.wisdom, [y]: { query: null, answer: { kind: "lieCount", count: 42 } } },
      cleansed: r.cleansed.includes(y) ? r.cleansed.filter((x) => x !== y) : [...r.cleansed, y],
      refunded: r.refunded.includes(y) ? r.refunded.filter((x) => x !== y) : [...r.refunded, y],
      tdAfter: { ...r.tdAfter, [y]: !r.tdAfter[y] },
      pointsAfter: { ...r.pointsAfter, [y]: (r.pointsAfter[y] ?? 0) + 1000 },
      garnetsAfter: { ...r.garnetsAfter, [y]: (r.garnetsAfter[y] ?? 0) + 77 },
    })),
    end: s.end ? { ...s.end, finalGarnets: { ...s.end.finalGarnets, [y]: 999 } } : null,
  };
}

function expectBlind(s: State) {
  for (const y of s.seats) {
    const other = scramble(s, y);
    const viewers: Viewer[] = ["spectator", ...s.seats.filter((x) => x !== y)];
    for (const v of viewers) expect(game.view(other, v), `${v} learns something of ${y}`).toEqual(game.view(s, v));
    expect(game.view(other, "host")).not.toEqual(game.view(s, "host"));
    expect(game.view(other, y)).not.toEqual(game.view(s, y));
  }
}

describe("views: nobody learns another player's secrets", () => {
  it("mid-round: claims, secrets, challenges, Truth Deflector status, points, garnets and Wisdom stay private", () => {
    const s = botsUntil("views-mid", 6, 5);
    expect(s.history.length).toBe(5);
    expect(Object.keys(s.pending).length).toBe(5);
    expectBlind(s);
  });

  it("after the rounds: final points are public, Truth Deflector status and garnet counts are not", () => {
    const s = botsUntil("views-end", 99, 0, { rounds: 4 });
    expect(s.stage === "finished" || s.stage === "ecChoice").toBe(true);
    expectBlind(s);
    const spec = game.view(s, "spectator");
    expect(spec.end?.standings.map((x) => x.points).sort()).toEqual(Object.values(s.end!.finalPoints).sort());
  });

  it("the spectator and the public part of a seat's view never carry per-player choices or status keys", () => {
    let s = start(11, {}, "json");
    const rng = Rng.fromSeed("json/bots");
    // Final points become public at the end; the rest never does.
    const secretKeys = /"(claim|secret|truthDeflector|garnets|roundsLied|wisdom)":/;
    const runningKeys = /"points":/;
    while (s.stage === "round") {
      for (const seat of s.seats) {
        const a = botMove(game, s, seat, rng);
        if (a) s = act(s, seat, a);
        if (s.stage !== "round") break;
      }
      if (s.stage === "round" && Object.keys(s.pending).length === 0) continue;
      if (s.stage === "round") s = game.timeout(s);
      const views = [game.view(s, "spectator"), ...s.seats.map((seat) => ({ ...game.view(s, seat), me: null }))];
      for (const v of views) {
        expect(JSON.stringify(v)).not.toMatch(secretKeys);
        if (s.stage === "round") expect(JSON.stringify(v)).not.toMatch(runningKeys);
      }
    }
    const host = JSON.stringify(game.view(s, "host"));
    expect(host).toMatch(/"secret":"(Power|Wisdom|Courage)"/);
    expect(host).toMatch(/"truthDeflector":(true|false)/);
  });

  it("shows claim counts but not who claimed what", () => {
    const s = playRound(start(4), { s1: pick(P), s2: pick(C, W, { wisdom: { kind: "pair", claimed: P, submitted: C } }), s3: pick(P), s4: pick(C) });
    const spec = game.view(s, "spectator");
    expect(spec.history[0]).toEqual({
      round: 1,
      participants: ["s1", "s2", "s3", "s4"],
      claimCounts: { Power: 2, Wisdom: 0, Courage: 2 },
      countedPlayers: 4,
      challenges: [],
      counted: [],
      eliminated: [],
      resurrected: [],
    });
    expect(spec.me).toBeNull();
    expect(spec.host).toBeNull();
  });
});

describe("views: a seat's own dashboard", () => {
  it("offers nine claim/secret choices with the Truth Deflector consequence before locking in", () => {
    const s = start(5);
    const me = game.view(s, "s1").me!;
    expect(me.can.choose).toBe(true);
    expect(me.choices).toHaveLength(9);
    const lie = me.choices.find((c) => c.claim === C && c.secret === W)!;
    expect(lie).toMatchObject({ lie: true, effects: [C, W], truthDeflectorAfter: true, truthDeflectorAfterIfCleansed: null });
    expect(lie.note).toMatch(/makes you a Truth Deflector/);
    const honestChoice = me.choices.find((c) => c.claim === P && c.secret === P)!;
    expect(honestChoice).toMatchObject({ lie: false, effects: [P], truthDeflectorAfter: false });
    expect(me.can.challengeTargets).toEqual(["s2", "s3", "s4", "s5"]);
    expect(me.can.maxChallenges).toBe(2);
    expect(me.can.wisdom.query).toBe("pair");
    expect(me.can.wisdom.pairs).toHaveLength(6);
    expect(me.can.cleanse).toMatchObject({ allowed: false, cost: 3 });
    expect(me.can.resurrect).toMatchObject({ allowed: false, cost: 5 });
  });

  it("tells a Truth Deflector that cleansing helps only with an honest choice", () => {
    let s = start(5);
    s = playRound(s, honest(s, { s1: pick(P, C) }));
    const me = game.view(s, "s1").me!;
    expect(me.truthDeflector).toBe(true);
    expect(me.can.cleanse.allowed).toBe(true);
    expect(me.can.cleanse.effect).toMatch(/from round 3 on/);
    const honestChoice = me.choices.find((c) => c.claim === P && c.secret === P)!;
    expect(honestChoice).toMatchObject({ truthDeflectorAfter: true, truthDeflectorAfterIfCleansed: false });
    const lie = me.choices.find((c) => c.claim === P && c.secret === C)!;
    expect(lie).toMatchObject({ truthDeflectorAfter: true, truthDeflectorAfterIfCleansed: true });
    expect(lie.note).toMatch(/even if you cleanse/);
  });

  it("keeps a round history with the points breakdown and Wisdom answers, the points a chart shows", () => {
    let s = start(5);
    s = playRound(s, honest(s, { s1: pick(C, W, { wisdom: { kind: "pair", claimed: C, submitted: W } }) }));
    s = playRound(s, honest(s, gang("s1", ["s2", "s3", "s4"])));
    const me = game.view(s, "s1").me!;
    expect(me.history).toHaveLength(2);
    expect(me.history[0]).toMatchObject({
      round: 1,
      played: true,
      claim: C,
      secret: W,
      lied: true,
      points: { challenges: 0, counts: 5, power: 0, courage: 8, total: 13 },
      pointsAfter: 13,
      wisdom: { answer: { kind: "pairTrace", claimed: C, submitted: W, seats: ["s1"] } },
      truthDeflectorAfter: true,
    });
    expect(me.history[1]).toMatchObject({ eliminated: true, points: { total: -5 } });
    // what the dashboard charts: the points each round gained, and the points after it
    expect(me.history.map((h) => [h.round, h.points.total, h.pointsAfter])).toEqual([
      [1, 13, 13],
      [2, -5, 8],
    ]);
    expect(me.alive).toBe(false);
    expect(me.choices).toEqual([]);
    expect(me.can.choose).toBe(false);
    expect(me.can.resurrect.allowed).toBe(true);
    expect(me.can.resurrect.effect).toMatch(/play again from round 4/);
    const pub = game.view(s, "spectator");
    expect(pub.history[1]?.counted).toEqual([{ target: "s1", challengers: ["s2", "s3", "s4"], wasTruthDeflector: true, eliminated: true }]);
    expect(pub.players[0]).toEqual({ seat: "s1", alive: false, eliminatedRound: 2 });
  });

  it("echoes the locked-in submission to its seat and the host only", () => {
    let s = start(5);
    s = act(s, "s2", { type: "submit", claim: P, secret: C, challenges: ["s3"] });
    expect(game.view(s, "s2").me?.submission).toMatchObject({ claim: P, secret: C, challenges: ["s3"] });
    expect(game.view(s, "s1").me?.submission).toBeNull();
    expect(game.phase(s).waitingOn).not.toContain("s2");
    expect(game.view(s, "host").host?.players[1]?.submission).toMatchObject({ claim: P, secret: C, challenges: ["s3"] });
  });

  it("keeps what a move does not change as the very same objects, so that nothing of it is sent again", () => {
    let s = playRound(start(5), honest(start(5), {}));
    const before = game.view(s, "s1");
    const spectatorBefore = game.view(s, "spectator");
    const s2Before = game.view(s, "s2");
    const hostBefore = game.view(s, "host").host!;
    s = act(s, "s2", { type: "submit", claim: P, secret: C, challenges: [] });
    const after = game.view(s, "s1");
    const hostAfter = game.view(s, "host").host!;
    // a lock-in leaves the other seats' views and the spectators' as they were: everyone learns it from the phase
    expect(after).toBe(before);
    expect(game.view(s, "spectator")).toBe(spectatorBefore);
    const own = game.view(s, "s2");
    expect(own).not.toBe(s2Before);
    expect(own.me?.submission).toMatchObject({ claim: P, secret: C });
    expect(own.players).toBe(before.players);
    expect(game.phase(s).waitingOn).toEqual(["s1", "s3", "s4", "s5"]);
    for (const i of [0, 2, 3, 4]) expect(hostAfter.players[i]).toBe(hostBefore.players[i]);
    // a finished round's copy for the host is made once: the next round's end adds one
    s = playRound(s, honest(s, {}));
    const hostLater = game.view(s, "host").host!;
    expect(hostLater.rounds).toHaveLength(2);
    expect(hostLater.rounds[0]).toBe(hostBefore.rounds[0]);
  });
});

describe("views: the host", () => {
  it("sees every secret submission and Truth Deflector status", () => {
    let s = start(4);
    s = playRound(s, honest(s, { s3: pick(W, P, { wisdom: { kind: "pair", claimed: P, submitted: C } }) }));
    const host = game.view(s, "host").host!;
    expect(host.players.map((p) => p.truthDeflector)).toEqual([false, false, true, false]);
    expect(host.rounds[0]?.subs.s3).toMatchObject({ claim: W, secret: P });
    expect(host.rounds[0]?.wisdom.s3?.answer).toEqual({ kind: "pairTrace", claimed: P, submitted: C, seats: [] });
  });
});

describe("views: the end", () => {
  it("lets a winner choose the EC and shows the standings", () => {
    let s = start(4, { rounds: 1 });
    s = playRound(s, honest(s, { s4: pick(C) }));
    expect(s.stage).toBe("ecChoice");
    const v = game.view(s, "s4");
    expect(v.end).toMatchObject({ mainWinners: ["s4"], ecCandidates: ["s1", "s2", "s3"], ec: null, ecChoosers: ["s4"] });
    expect(v.me?.can.pickEC).toBe(true);
    expect(game.view(s, "s1").me?.can.pickEC).toBe(false);
    expect(v.end?.standings[0]).toEqual({ seat: "s4", points: 11, garnetsEarned: 0, tokensOfLife: 2 });
  });
});
