import { describe, expect, it } from "vitest";
import type { Viewer } from "../core";
import { game } from "./index";
import type { Role, State } from "./types";
import { act, advance, advanceTo, bans, fixture, votes } from "./test-helpers";

// 7 players: s1 Fact Checker, s2 and s3 Scammers, s4 Drunk, s5–s7 Misinformed Users.
const ROLES = "FSSDMMM";
const ROLE_TOKENS: Role[] = ["fact_checker", "scammer", "drunk", "misinformed"];
const viewers = (s: State): Viewer[] => [...s.seats, "spectator", "host"];
const json = (s: State, v: Viewer) => JSON.stringify(game.view(s, v));

/** Which roles a viewer may know while the game runs. */
function allowedRoles(s: State, v: Viewer): Set<Role> {
  if (v === "host") return new Set(ROLE_TOKENS);
  const out = new Set<Role>();
  if (s.snipeUsed?.hit) out.add("scammer");
  if (v === "spectator") return out;
  const mine = s.roles[v] as Role;
  out.add(mine);
  return out;
}

/** The checks that hold at every moment of a running game, for every viewer. */
function checkSecrets(s: State) {
  const cur = s.rounds[s.rounds.length - 1]!;
  for (const v of viewers(s)) {
    const text = json(s, v);
    const view = game.view(s, v);
    // roles: only what this viewer may know, in the players list and anywhere in the JSON
    const allowed = allowedRoles(s, v);
    for (const role of ROLE_TOKENS) if (!allowed.has(role)) expect(text, `${v} must not see "${role}"`).not.toContain(`"${role}"`);
    for (const p of view.players) {
      const mayKnow =
        v === "host" || v === p.seat || (s.snipeUsed?.hit && s.snipeUsed.target === p.seat) || (v !== "spectator" && s.roles[v] === "scammer" && s.roles[p.seat] === "scammer");
      expect(p.role, `${v} looking at ${p.seat}`).toBe(mayKnow ? s.roles[p.seat] : null);
    }
    // the headline's truth before scoring: Scammers, a Fact Checker who peeked, the host
    const knows = v === "host" || (v !== "spectator" && (s.roles[v] === "scammer" || (s.roles[v] === "fact_checker" && cur.peeked)));
    if (!cur.scoring?.pointTo) {
      expect(view.headline?.truth ?? null).toBe(knows ? cur.headline.truth : null);
      expect(view.history.at(-1)?.truth ?? null).toBe(knows ? cur.headline.truth : null);
      if (!knows && s.rounds.every((r) => !r.scoring?.pointTo)) {
        expect(text).not.toMatch(/"truth":"(real|fake)"/);
      }
    }
    // hints: only their holder (and the host)
    const holder = cur.hint?.holder;
    if (v !== "host" && s.rounds.every((r) => r.hint?.holder !== v)) expect(text, `${v} must not see a hint`).not.toContain('"says"');
    if (holder && v === holder) expect(view.me?.hints.at(-1)).toEqual({ round: s.round, says: cur.hint?.says });
    // peeks and missed snipes: the Fact Checker (and the host) only
    if (v !== "host" && s.roles[v] !== "fact_checker") {
      expect(view.me?.peek ?? null).toBeNull();
      expect(view.me?.snipe ?? null).toBeNull();
      expect(text).not.toContain('"hit"');
      expect(text).not.toContain("peekRounds");
    }
    // open ballots stay secret
    if (s.phase === "vote" && v !== "host") {
      expect(view.history.at(-1)?.votes).toBeNull();
      for (const [seat, choice] of Object.entries(cur.votes)) if (seat !== v) expect(text).not.toContain(`"${seat}":"${choice}"`);
    }
    if ((s.phase === "ban_vote" || s.phase === "ban_revote") && v !== "host") {
      const ballot = s.phase === "ban_vote" ? cur.ban!.votes : cur.ban!.revotes!;
      for (const [seat, target] of Object.entries(ballot)) if (seat !== v) expect(text).not.toContain(`"${seat}":${JSON.stringify(target)}`);
    }
    // who may see the host block, and the seat block
    expect(view.host === null).toBe(v !== "host");
    expect(view.me === null).toBe(v === "host" || v === "spectator");
    expect(view.result).toBeNull();
  }
}

describe("views while the game runs", () => {
  it("keep every secret from the seats and spectators that may not know it", () => {
    let s = fixture({ roles: ROLES, truths: ["fake", "real", "fake"] });
    checkSecrets(s);
    s = advance(s);
    s = act(s, "s1", { type: "peek" });
    s = act(s, "s2", { type: "lean", lean: "flag" }); // says flag, will vote trust
    checkSecrets(s);
    s = advance(s);
    s = votes(s, { s1: "flag", s2: "trust", s3: "trust", s4: "flag" });
    checkSecrets(s);
    s = votes(s, { s5: "flag", s6: "trust", s7: "flag" });
    expect(s.phase).toBe("snipe");
    checkSecrets(s);
    s = act(s, "s1", { type: "snipe", target: "s6" }); // a miss: nothing is announced
    checkSecrets(s);
    s = advanceTo(s, "ban_vote", 2);
    s = bans(s, { s2: "s4", s3: "s4", s5: "s2" });
    checkSecrets(s);
    s = bans(s, { s1: "s2", s4: "s2", s6: "s4", s7: "s2" });
    expect(s.phase).toBe("round_end");
    expect(s.bans).toEqual([{ seat: "s2", round: 2, by: "vote" }]);
    checkSecrets(s);
    s = advanceTo(s, "discussion", 3);
    checkSecrets(s);
  });

  it("reveal a Scammer hit by the snipe to everyone", () => {
    let s = advanceTo(fixture({ roles: ROLES }), "snipe");
    s = act(s, "s1", { type: "snipe", target: "s3" });
    checkSecrets(s);
    for (const v of viewers(s)) {
      const view = game.view(s, v);
      expect(view.players.find((p) => p.seat === "s3")).toMatchObject({ role: "scammer", banned: true, ban: { round: 1, by: "snipe" } });
      expect(view.history[0]?.sniped).toBe("s3");
    }
  });

  it("show the truth of a round to everyone once its point gives it away, but not after a tie", () => {
    let s = advanceTo(fixture({ truths: ["real", "fake"] }), "round_end");
    expect(game.view(s, "spectator").history[0]?.scoring).toMatchObject({ pointTo: null, refused: ["s1", "s2", "s3", "s4", "s5"] });
    for (const v of ["s3", "s4", "spectator"] as const) expect(game.view(s, v).history[0]?.truth).toBeNull();
    checkSecrets(s);
    s = advanceTo(s, "vote", 2);
    s = votes(s, { s1: "flag", s2: "flag", s3: "flag", s4: "trust", s5: "trust" });
    s = advanceTo(s, "round_end", 2);
    for (const v of viewers(s)) expect(game.view(s, v).history[1]?.truth).toBe("fake");
    expect(game.view(s, "s4").history[0]?.truth).toBeNull();
  });

  it("keep ballots secret with the secret-ballot switch, showing only the tally until the end", () => {
    let s = advanceTo(fixture({ truths: ["fake"], config: { secretBallots: true } }), "vote");
    s = votes(s, { s1: "flag", s2: "trust", s3: "flag", s4: "trust", s5: "flag" });
    for (const v of ["s1", "s3", "s5", "spectator"] as const) {
      const h = game.view(s, v).history[0]!;
      expect(h.votes).toBeNull();
      expect(h.tally).toEqual({ trust: 2, flag: 3, abstain: 0 });
      expect(JSON.stringify(game.view(s, v))).not.toContain('"s2":"trust"');
    }
    expect(game.view(s, "s2").me?.vote).toBe("trust");
    expect(game.view(s, "host").history[0]?.votes).toEqual({ s1: "flag", s2: "trust", s3: "flag", s4: "trust", s5: "flag" });
    s = act(s, "s1", { type: "snipe", target: "s2" });
    expect(game.view(s, "s5").history[0]?.votes?.s2).toBe("trust");
  });

  it("let a Scammer see the fellow Scammer unless the switch says otherwise", () => {
    const s = fixture({ roles: ROLES });
    expect(game.view(s, "s2").me?.fellowScammers).toEqual(["s3"]);
    expect(game.view(s, "s2").players.find((p) => p.seat === "s3")?.role).toBe("scammer");
    const t = fixture({ roles: ROLES, config: { scammersKnowEachOther: false } });
    expect(game.view(t, "s2").me?.fellowScammers).toEqual([]);
    expect(game.view(t, "s2").players.find((p) => p.seat === "s3")?.role).toBeNull();
    expect(game.view(t, "s2").me?.knows.join(" ")).toMatch(/another Scammer/);
  });

  it("give each role its card and what it may do now", () => {
    let s = fixture({ roles: ROLES });
    const cards = s.seats.map((seat) => game.view(s, seat).me!);
    expect(cards.map((c) => c.roleName)).toEqual(["Fact Checker", "Scammer", "Scammer", "Drunk", "Misinformed User", "Misinformed User", "Misinformed User"]);
    expect(cards.map((c) => c.team)).toEqual(["truth", "scammers", "scammers", "truth", "truth", "truth", "truth"]);
    for (const c of cards) expect(c.knows.length).toBeGreaterThan(0);
    expect(cards[0]?.peek).toMatchObject({ left: 3, perGame: 3, canNow: false });
    expect(cards[0]?.snipe).toMatchObject({ used: null, rounds: [1, 2, 3, 4], deciding: false, targets: [] });
    s = advance(s);
    expect(game.view(s, "s1").me?.can).toEqual(["ready", "lean", "peek"]);
    expect(game.view(s, "s5").me?.can).toEqual(["ready", "lean"]);
    s = advance(s);
    const v = game.view(s, "s5");
    expect(v.me?.can).toEqual(["vote"]);
    expect(v.vote).toEqual({ options: ["trust", "flag", "abstain"], eligible: s.seats });
    s = advance(s);
    expect(game.view(s, "s1").me?.can).toEqual(["snipe"]);
    expect(game.view(s, "s1").me?.snipe?.targets).toEqual(["s2", "s3", "s4", "s5", "s6", "s7"]);
    expect(game.view(s, "s5").me?.can).toEqual([]);
    s = advanceTo(s, "ban_vote", 2);
    const b = game.view(s, "s5");
    expect(b.me?.can).toEqual(["ban"]);
    expect(b.banVote).toEqual({ revote: false, voters: s.seats, candidates: s.seats, firstBallot: null });
  });

  it("show the revote with the first ballot and only the tied players", () => {
    let s = advanceTo(fixture(), "ban_vote", 2);
    s = bans(s, { s1: "s4", s2: "s5", s3: "s4", s4: "s5", s5: null });
    const v = game.view(s, "spectator");
    expect(v.banVote).toEqual({ revote: true, voters: ["s1", "s2", "s3", "s4", "s5"], candidates: ["s4", "s5"], firstBallot: { s1: "s4", s2: "s5", s3: "s4", s4: "s5", s5: null } });
    expect(v.history[1]?.banVote?.tied).toEqual(["s4", "s5"]);
    const before = game.view(s, "s2");
    const voter = game.view(s, "s1");
    s = act(s, "s1", { type: "ban", target: "s5" });
    expect(game.view(s, "s1").me?.ban).toEqual({ voted: true, target: "s5" });
    expect(game.view(s, "s2").me?.ban).toEqual({ voted: false, target: null });
    // a ballot leaves everyone else's view of the vote as it was: who has voted is the phase's waitingOn
    expect(game.view(s, "s2")).toBe(before);
    expect(game.view(s, "s1")).not.toBe(voter);
    expect(game.phase(s).waitingOn).toEqual(["s2", "s3", "s4", "s5"]);
    checkSecrets(s);
  });

  it("tell a shadow-banned player they are out", () => {
    let s = advanceTo(fixture(), "ban_vote", 2);
    s = bans(s, { s1: "s4", s2: "s4", s3: "s4", s4: "s1", s5: "s4" });
    const me = game.view(s, "s4").me!;
    expect(me.banned).toBe(true);
    expect(me.can).toEqual([]);
    expect(me.knows.join(" ")).toMatch(/shadow-banned/);
  });

  it("give the host every secret", () => {
    let s = advance(fixture({ roles: ROLES, truths: ["fake"] }));
    s = act(s, "s1", { type: "peek" });
    s = advance(s);
    s = act(s, "s5", { type: "vote", choice: "trust" });
    const h = game.view(s, "host");
    expect(h.players.map((p) => p.role)).toEqual(["fact_checker", "scammer", "scammer", "drunk", "misinformed", "misinformed", "misinformed"]);
    expect(h.headline?.truth).toBe("fake");
    expect(h.host?.roles).toEqual(s.roles);
    expect(h.host?.headlineSet).toBe(s.headlineSet);
    expect(h.host?.deck).toHaveLength(10);
    expect(h.host?.hints).toEqual([{ round: 1, holder: "s4", says: "fake" }]);
    expect(h.host?.peekRounds).toEqual([1]);
    expect(h.host?.votes).toEqual({ s5: "trust" });
  });
});

describe("the table in views", () => {
  it("shares each seat's entry between viewers and keeps it from state to state while it stays the same", () => {
    let s = advance(fixture({ roles: ROLES }));
    const before = game.view(s, "s5").players;
    s = act(s, "s4", { type: "lean", lean: "trust" });
    const after = game.view(s, "s5").players;
    // only the seat that moved has a new entry: the diff passes over the others by identity
    expect(after.filter((p, i) => p !== before[i]).map((p) => p.seat)).toEqual(["s4"]);
    expect(after[3]).toMatchObject({ seat: "s4", lean: "trust", role: null });
    // a seat's entry without its role is one object for every viewer who may not know it; with it, one for those who may
    expect(game.view(s, "s6").players[3]).toBe(after[3]);
    expect(game.view(s, "spectator").players[3]).toBe(after[3]);
    expect(game.view(s, "host").players[3]).toBe(game.view(s, "s4").players[3]);
    expect(game.view(s, "s4").players[3]!.role).toBe("drunk");
    // Scammers see each other's role in their own entries, never in the shared ones
    expect(game.view(s, "s2").players[2]!.role).toBe("scammer");
    expect(game.view(s, "s5").players[2]!.role).toBeNull();
  });
});

describe("the history in views", () => {
  it("is one list for every viewer of a kind: the seats without a secret, the Scammers, the Fact Checker, the spectators", () => {
    let s = advance(fixture({ roles: ROLES }));
    s = act(s, "s4", { type: "lean", lean: "trust" });
    const history = (v: Viewer) => game.view(s, v).history;
    expect(history("s6")).toBe(history("s5"));
    expect(history("s4")).toBe(history("s5"));
    expect(history("s3")).toBe(history("s2"));
    // the kinds that may know different truths keep lists of their own, equal where they know the same
    expect(history("s2")).not.toBe(history("s5"));
    expect(history("spectator")).not.toBe(history("s5"));
    expect(history("s1")).not.toBe(history("s5"));
    expect(history("spectator")).toEqual(history("s5"));
    expect(history("s2").at(-1)!.truth).not.toBeNull();
    expect(history("s5").at(-1)!.truth).toBeNull();
  });
});

describe("views at the end", () => {
  it("reveal every role, the set, hints and peeks to everyone, with the outcome", () => {
    let s = advance(fixture({ roles: ROLES, truths: ["real", "real", "real"] }));
    s = act(s, "s1", { type: "peek" });
    while (s.phase !== "game_over") {
      if (s.phase === "vote") for (const seat of s.seats) if (s.phase === "vote") s = act(s, seat, { type: "vote", choice: "flag" });
      s = s.phase === "game_over" ? s : advance(s);
    }
    expect(s.result?.winner).toBe("scammers");
    for (const v of viewers(s)) {
      const view = game.view(s, v);
      expect(view.players.map((p) => p.role)).toEqual(["fact_checker", "scammer", "scammer", "drunk", "misinformed", "misinformed", "misinformed"]);
      expect(view.result).toMatchObject({ winner: "scammers", reason: "scammers_points", roles: s.roles, headlineSet: s.headlineSet, peekRounds: [1] });
      expect(view.result?.summary).toMatch(/Scammers win/);
      expect(view.result?.hints).toHaveLength(3);
      expect(view.history.every((r) => r.truth === "real")).toBe(true);
      expect(view.me?.can ?? []).toEqual([]);
    }
    const out = game.outcome(s)!;
    expect(out.winners).toEqual(["s2", "s3"]);
    expect(out.losers).toEqual(["s1", "s4", "s5", "s6", "s7"]);
    expect(out.awards).toContainEqual({ seat: "s2", label: "Never caught" });
    expect(game.outcome(fixture())).toBeNull();
  });
});

describe("the views a move can change", () => {
  const changed = (before: State, after: State, actor: string) => game.changedViews!(before, after, actor, null as never);
  /** Every viewer the claim leaves out (but the host, always built again) sees the same view as JSON. */
  const othersUnchanged = (before: State, after: State, claim: readonly string[]) => {
    for (const v of viewers(after)) if (v !== "host" && !claim.includes(v)) expect(json(after, v)).toBe(json(before, v));
  };

  it("are the mover's alone for a ready, a secret ballot or a peek that ends nothing", () => {
    let s = fixture({ roles: ROLES });
    let next = act(s, "s3", { type: "ready" });
    expect(changed(s, next, "s3")).toEqual(["s3"]);
    othersUnchanged(s, next, ["s3"]);
    s = advanceTo(next, "discussion");
    next = act(s, "s1", { type: "peek" });
    expect(changed(s, next, "s1")).toEqual(["s1"]);
    othersUnchanged(s, next, ["s1"]);
    s = advanceTo(next, "vote");
    next = act(s, "s4", { type: "vote", choice: "flag" });
    expect(changed(s, next, "s4")).toEqual(["s4"]);
    othersUnchanged(s, next, ["s4"]);
    s = advanceTo(next, "ban_vote", 2);
    next = act(s, "s5", { type: "ban", target: "s2" });
    expect(changed(s, next, "s5")).toEqual(["s5"]);
    othersUnchanged(s, next, ["s5"]);
  });

  it("are anyone's for a lean, which the table shows, and for a move that ends its phase", () => {
    let s = advanceTo(fixture({ roles: ROLES }), "discussion");
    expect(changed(s, act(s, "s2", { type: "lean", lean: "trust" }), "s2")).toBeNull();
    s = advanceTo(s, "vote");
    s = votes(s, { s1: "trust", s2: "trust", s3: "trust", s4: "trust", s5: "trust", s6: "trust" });
    const closed = act(s, "s7", { type: "vote", choice: "flag" });
    expect(closed.rounds[0]?.voteClosed).toBe(true);
    expect(changed(s, closed, "s7")).toBeNull();
  });
});
