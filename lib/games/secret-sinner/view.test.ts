import { describe, expect, it } from "vitest";
import { lockTargets, queryLetters, windowsOf } from "./choices";
import { configSchema } from "./config";
import { lettersOf, setup } from "./engine";
import { act, endRound, firstLetter, newGame, objectsIn, pastRounds } from "./fixtures";
import { game } from "./index";
import { playWithBots, replay } from "../core/commands";
import { seatIds } from "../core/seats";
import type { Viewer } from "../core/types";
import type { Letter } from "./rules";
import type { State } from "./state";
import type { SeatPanel, View } from "./view";

/**
 * Round 1: s5 (Hell) queries s1 (Heaven) and s1 queries s9; s2 and s6 lock in.
 * Returned in round 1 (nothing delivered yet) and in round 2 (delivered).
 */
function scenario(): { r1: State; r2: State } {
  let s = newGame();
  const L = (seat: string) => firstLetter(s, seat);
  s = act(s, "s5", { type: "query", letters: [L("s2"), L("s3"), L("s6")], attribute: "faith", recipient: "s1" });
  s = act(s, "s1", { type: "query", letters: [L("s2"), L("s7"), L("s8")], attribute: "greed", recipient: "s9" });
  s = act(s, "s2", { type: "lock", letter: L("s2"), target: L("s10") });
  s = act(s, "s6", { type: "lock", letter: L("s6"), target: L("s4") });
  return { r1: s, r2: endRound(s) };
}

function finished(): State {
  let s = pastRounds(scenario().r2);
  if (s.stage === "ascension") s = game.timeout(s);
  return s;
}

const seats = seatIds(13);
const viewers: Viewer[] = [...seats, "spectator", "host"];

/** Letters whose pair (a sin or a virtue) appears in the view. */
function lettersWithPairs(v: View): Set<string> {
  return new Set(objectsIn(v).filter((o) => typeof o.letter === "string" && ("sin" in o || "virtue" in o)).map((o) => o.letter as string));
}

function keysIn(v: View, key: string): Record<string, unknown>[] {
  return objectsIn(v).filter((o) => key in o);
}

describe("secrecy of pairs", () => {
  it("shows a letter's pair only to its holder and the host, in every stage including the end", () => {
    const { r1, r2 } = scenario();
    const briefing = setup({ seats, config: configSchema.parse({ realms: newGame().config.realms }), seed: "fixture" });
    for (const s of [briefing, r1, r2, finished()]) {
      for (const viewer of viewers) {
        const seen = lettersWithPairs(game.view(s, viewer));
        if (viewer === "host") expect(seen.size).toBe(21);
        else if (viewer === "spectator" || s.stage === "briefing") expect(seen.size).toBe(0);
        else expect([...seen].sort()).toEqual(lettersOf(s, viewer));
      }
    }
  });

  it("keeps the letters themselves hidden during the briefing", () => {
    const s = setup({ seats, config: configSchema.parse({}), seed: "brief" });
    const v = game.view(s, "s1");
    expect(v.board).toEqual([]);
    expect(v.players.every((p) => p.letters.length === 0)).toBe(true);
    expect(v.me!.letters).toEqual([]);
    expect(v.me!.realm).toBe(s.realms.s1);
    expect(v.players.find((p) => p.seat === "s2")!.realm).toBe(s.realms.s2);
  });

  it("shows the public board with holders to everyone from round 1", () => {
    const s = newGame();
    const v = game.view(s, "spectator");
    expect(v.board).toHaveLength(21);
    expect(v.board.find((e) => e.letter === firstLetter(s, "s7"))).toEqual({ letter: firstLetter(s, "s7"), owner: "s7", realm: "hell" });
    expect(v.players.find((p) => p.seat === "s1")!.letters).toEqual(lettersOf(s, "s1"));
  });
});

describe("routing of answers", () => {
  it("delivers an answer to its recipient only at the end of the round, without the attribute", () => {
    const { r1, r2 } = scenario();
    expect(game.view(r1, "s1").me!.received).toEqual([]);
    const received = game.view(r2, "s1").me!.received;
    expect(received).toHaveLength(1);
    const q = r2.queries.find((x) => x.sender === "s5")!;
    expect(received[0]).toEqual({ round: 1, sender: "s5", answers: q.letters.map((letter, i) => ({ letter, answer: q.answers[i] ? "Yes" : "No" })) });
    expect(JSON.stringify(received)).not.toMatch(/faith|attribute/);
  });

  it("never gives the sender (or anyone but the recipient and the host) the answer", () => {
    const { r1, r2 } = scenario();
    for (const s of [r1, r2, finished()]) {
      for (const viewer of viewers) {
        const answers = keysIn(game.view(s, viewer), "answer");
        if (viewer === "host") expect(answers).toHaveLength(3 * s.queries.length);
        else {
          const mine = s.stage === "round" && s.round === 1 ? 0 : s.queries.filter((q) => q.recipient === viewer).length;
          expect(answers).toHaveLength(3 * mine);
        }
      }
    }
  });

  it("shows a sender their own queries (letters, attribute, recipient) and nobody else's", () => {
    const { r2 } = scenario();
    expect(game.view(r2, "s5").me!.sent).toEqual([{ round: 1, recipient: "s1", letters: r2.queries[0]!.letters, attribute: "faith" }]);
    for (const viewer of viewers) {
      if (viewer === "host") continue;
      const withAttribute = keysIn(game.view(r2, viewer), "attribute");
      const own = r2.queries.filter((q) => q.sender === viewer).length;
      expect(withAttribute).toHaveLength(own);
    }
  });
});

describe("lock-ins in views", () => {
  it("shows a letter's lock history to its holder only, never whether it was right", () => {
    const { r2 } = scenario();
    const s2 = game.view(r2, "s2").me!;
    expect(s2.lockBoard.find((e) => e.letter === firstLetter(r2, "s2"))!.history).toEqual([{ round: 1, target: firstLetter(r2, "s10") }]);
    for (const viewer of viewers) {
      const v = game.view(r2, viewer);
      const targets = keysIn(v, "target");
      if (viewer === "host") expect(targets).toHaveLength(2);
      else expect(targets).toHaveLength(viewer === "s2" || viewer === "s6" ? 1 : 0);
      if (viewer !== "host") expect(keysIn(v, "correct")).toHaveLength(0);
    }
  });

  it("lists what each letter may still lock in, with reasons", () => {
    let s = newGame();
    const [a, b] = lettersOf(s, "s1") as [Letter, Letter];
    const t = firstLetter(s, "s9");
    s = endRound(act(s, "s1", { type: "lock", letter: a, target: t }));
    const view = game.view(s, "s1");
    const entry = view.me!.lockBoard.find((e) => e.letter === a)!;
    expect(entry).toMatchObject({ used: 1, remaining: 7, canLock: true, lockedThisRound: null });
    const targets = lockTargets(view.board, entry);
    expect(targets).toHaveLength(20);
    expect(targets.find((x) => x.letter === t)).toMatchObject({ available: false });
    expect(targets.find((x) => x.letter === b)!.reason).toMatch(/never allies/);
    expect(targets.filter((x) => x.available)).toHaveLength(17);
    // the entry names only the letters it may not lock in: the board has the rest
    expect(entry.blocked.map((u) => u.letter).sort()).toEqual(targets.filter((x) => !x.available).map((x) => x.letter).sort());
    s = act(s, "s1", { type: "lock", letter: a, target: firstLetter(s, "s10") });
    const afterView = game.view(s, "s1");
    const after = afterView.me!.lockBoard.find((e) => e.letter === a)!;
    expect(after).toMatchObject({ canLock: false, lockedThisRound: firstLetter(s, "s10") });
    expect(after.reason).toMatch(/Already locked/);
    // what it may lock in next: both targets it locked are out, the rest of the list as before
    const afterTargets = lockTargets(afterView.board, after);
    expect(afterTargets).toHaveLength(20);
    expect(afterTargets.filter((x) => x.available)).toHaveLength(16);
    expect(afterTargets.find((x) => x.letter === firstLetter(s, "s10"))!.reason).toMatch(/already locked in/);
    // marking done and the next round leave the list the very same object: nothing of it is sent again
    const done = act(s, "s1", { type: "done" });
    expect(game.view(done, "s1").me!.lockBoard.find((e) => e.letter === a)!.blocked).toBe(after.blocked);
    expect(game.view(endRound(s), "s1").me!.lockBoard.find((e) => e.letter === a)!.blocked).toBe(after.blocked);
  });

  it("lists nothing a letter may not lock in once it used its lock-ins: it may lock nothing more, and says why", () => {
    let s = newGame({ maxLocksPerLetter: 1 });
    const [a] = lettersOf(s, "s1") as [Letter];
    s = endRound(act(s, "s1", { type: "lock", letter: a, target: firstLetter(s, "s9") }));
    const entry = game.view(s, "s1").me!.lockBoard.find((e) => e.letter === a)!;
    expect(entry).toMatchObject({ used: 1, remaining: 0, canLock: false, reason: "Its one lock-in is used.", blocked: [] });
  });

  it("keeps what a move does not change as the very same objects, so that nothing of it is sent again", () => {
    const s = newGame();
    const before = game.view(s, "s2");
    const viewers = ["s2", "s9", "host", "spectator"] as const;
    const others = viewers.map((v) => game.view(s, v));
    const own = game.view(s, "s1");
    const done = act(s, "s1", { type: "done" });
    // one seat marking itself done changes its own view only: everyone learns it from the phase
    viewers.forEach((v, i) => expect(game.view(done, v)).toBe(others[i]));
    expect(game.view(done, "s1")).not.toBe(own);
    expect(game.view(done, "s1").me!.done).toBe(true);
    expect(game.phase(s).waitingOn).toContain("s1");
    expect(game.phase(done).waitingOn).not.toContain("s1");
    // the letters a seat may not query stay the same object while the board does
    const strict = newGame({ queryOwnLetters: false });
    const unselectable = game.view(strict, "s2").me!.query.unselectable;
    expect(unselectable.map((u) => u.letter).sort()).toEqual(lettersOf(strict, "s2").slice().sort());
    expect(game.view(endRound(strict), "s2").me!.query.unselectable).toBe(unselectable);
    expect(game.view(endRound(s), "s2").me!.query.unselectable).toBe(before.me!.query.unselectable);
  });
});

describe("query panel", () => {
  it("offers only recipients of the other realm that are not used up, with reasons", () => {
    let s = newGame();
    s = endRound(act(s, "s1", { type: "query", letters: [firstLetter(s, "s2"), firstLetter(s, "s5"), firstLetter(s, "s6")], attribute: "hope", recipient: "s9" }));
    const panel = game.view(s, "s1").me!.query;
    expect(panel.canSend).toBe(true);
    expect(panel.recipients).toHaveLength(12);
    expect(panel.recipients.find((r) => r.seat === "s2")).toMatchObject({ available: false, reason: expect.stringMatching(/other realm/) });
    expect(panel.recipients.find((r) => r.seat === "s9")).toMatchObject({ used: 1, limit: 1, available: false, reason: expect.stringMatching(/once/) });
    expect(panel.recipients.filter((r) => r.available).map((r) => r.seat)).toEqual(["s5", "s6", "s7", "s8", "s10", "s11", "s12", "s13"]);
    expect(queryLetters(game.view(s, "s1").board, panel).every((l) => l.selectable)).toBe(true);
    const hell = game.view(s, "s5").me!.query;
    expect(hell.recipients.find((r) => r.seat === "s1")).toMatchObject({ used: 0, limit: 2, available: true });
  });

  it("says why no query can be sent: already sent, final round, done", () => {
    const { r1 } = scenario();
    expect(game.view(r1, "s5").me!.query).toMatchObject({ canSend: false, reason: expect.stringMatching(/already sent/) });
    expect(game.view(r1, "s5").me!.query.sentThisRound).toMatchObject({ recipient: "s1", attribute: "faith" });
    let last = newGame({ rounds: 2 });
    last = endRound(last);
    expect(game.view(last, "s5").me!.query).toMatchObject({ canSend: false, reason: expect.stringMatching(/lock-ins only/) });
    const done = act(newGame(), "s7", { type: "done" });
    expect(game.view(done, "s7").me!.query.reason).toMatch(/done/);
  });

  it("marks own letters unselectable when querying them is switched off", () => {
    const s = newGame({ queryOwnLetters: false });
    const view = game.view(s, "s1");
    const letters = queryLetters(view.board, view.me!.query);
    expect(letters.filter((l) => !l.selectable).map((l) => l.letter)).toEqual(lettersOf(s, "s1"));
  });
});

describe("communication windows in views", () => {
  it("shows the sender an upcoming window, then both an open one in the next round, then closed", () => {
    const { r1, r2 } = scenario();
    const windows = (state: typeof r1, seat: string) => windowsOf(game.view(state, seat), game.view(state, seat).me!);
    expect(windows(r1, "s5")).toEqual([{ with: "s1", channelId: "dm:s1:s5", round: 2, status: "upcoming", because: [{ round: 1, direction: "sent" }] }]);
    expect(windows(r1, "s1").map((w) => w.with)).toEqual(["s9"]);
    expect(windows(r2, "s1")).toEqual([
      { with: "s5", channelId: "dm:s1:s5", round: 2, status: "open", because: [{ round: 1, direction: "received" }] },
      { with: "s9", channelId: "dm:s1:s9", round: 2, status: "open", because: [{ round: 1, direction: "sent" }] },
    ]);
    const r3 = endRound(r2);
    expect(windows(r3, "s5")[0]!.status).toBe("closed");
  });

  it("are the windows the chat rules open: each open window is a direct channel its seat may write in, and every direct channel a seat reads is one of its windows", () => {
    const { r1, r2 } = scenario();
    for (const state of [r1, r2, endRound(r2)]) {
      for (const seat of state.seats) {
        const view = game.view(state, seat);
        const windows = windowsOf(view, view.me!);
        const direct = game.chat!(state, state.seats).filter((c) => c.kind === "direct" && c.members.includes(seat));
        for (const w of windows.filter((x) => x.status === "open")) expect(direct.find((c) => c.id === w.channelId)?.writers).toContain(seat);
        for (const c of direct) expect(windows.map((w) => w.channelId)).toContain(c.id);
      }
    }
  });

  it("show what opened a window when both seats queried each other in one round, the sent query first", () => {
    const view = { stage: "round" as const, round: 3 };
    const me: Pick<SeatPanel, "seat" | "sent" | "received"> = {
      seat: "s2",
      sent: [{ round: 2, recipient: "s4", letters: ["A", "B", "C"], attribute: "pride" }],
      received: [
        { round: 2, sender: "s4", answers: [] },
        { round: 1, sender: "s7", answers: [] },
      ],
    };
    expect(windowsOf(view, me)).toEqual([
      { with: "s7", channelId: "dm:s2:s7", round: 2, status: "closed", because: [{ round: 1, direction: "received" }] },
      { with: "s4", channelId: "dm:s2:s4", round: 3, status: "open", because: [{ round: 2, direction: "sent" }, { round: 2, direction: "received" }] },
    ]);
  });

  it("lists every window for the host, none for a spectator", () => {
    const { r2 } = scenario();
    expect(game.view(r2, "host").host!.windows).toEqual([
      { a: "s1", b: "s5", channelId: "dm:s1:s5", round: 2 },
      { a: "s1", b: "s9", channelId: "dm:s1:s9", round: 2 },
    ]);
    expect(JSON.stringify(game.view(r2, "spectator"))).not.toMatch(/dm:/);
  });
});

describe("results", () => {
  it("reveals only the ordering of each realm to players and spectators, never scores", () => {
    const s = finished();
    for (const viewer of viewers) {
      const v = game.view(s, viewer);
      expect(v.results!.heavenOrder).toEqual(s.result!.heavenOrder.map((e) => e.seat));
      expect(v.results!.hellOrder).toEqual(s.result!.hellOrder.map((e) => e.seat));
      if (viewer !== "host") {
        expect(keysIn(v, "score")).toHaveLength(0);
        expect(JSON.stringify(v)).not.toMatch(/aboveNextBy|lockedCorrectly/);
      }
    }
    expect(game.view(s, "host").host!.standings).toHaveLength(13);
  });

  it("has no results before the last round ends", () => {
    const { r2 } = scenario();
    for (const viewer of viewers) expect(game.view(r2, viewer).results).toBeNull();
  });

  it("tells the winner of Heaven it is their pick, with the candidates", () => {
    const s = pastRounds(scenario().r2);
    expect(s.stage).toBe("ascension");
    const winner = s.result!.heavenWinner;
    expect(game.view(s, winner).results).toMatchObject({ youPick: true, pickCandidates: s.result!.pickCandidates });
    const other = seats.find((x) => x !== winner)!;
    expect(game.view(s, other).results!.youPick).toBe(false);
    expect(game.view(s, "spectator").results!.pickCandidates).toEqual(s.result!.pickCandidates);
  });
});

describe("spectator and host", () => {
  it("gives a spectator the public board only", () => {
    const { r2 } = scenario();
    const v = game.view(r2, "spectator");
    expect(v.me).toBeNull();
    expect(v.host).toBeNull();
    for (const key of ["sin", "virtue", "answer", "attribute", "recipient", "target", "correct"]) expect(keysIn(v, key)).toHaveLength(0);
  });

  it("gives the host the whole pair table, every query with its answer and every lock-in", () => {
    const { r1 } = scenario();
    const h = game.view(r1, "host").host!;
    expect(h.pairs).toHaveLength(21);
    expect(h.pairs.every((p) => p.allies.length === 8)).toBe(true);
    expect(h.queries.map((q) => [q.sender, q.recipient, q.attribute, q.delivered])).toEqual([
      ["s5", "s1", "faith", false],
      ["s1", "s9", "greed", false],
    ]);
    expect(h.locks).toHaveLength(2);
    expect(h.standings.map((x) => x.realm)).toEqual([...Array(4).fill("heaven"), ...Array(9).fill("hell")]);
    expect(game.view(r1, "host").me).toBeNull();
  });
});

describe("entries every room shares", () => {
  /** Two bot games of 11 seats, different seeds, played to four fifths. */
  function twoRooms(): State[] {
    const seats = seatIds(11);
    const config = configSchema.parse({ phaseSeconds: { briefing: 0 } });
    return ["shared-a", "shared-b"].map((seed) => {
      const { log } = playWithBots(game, { seats, config, seed });
      return replay(game, { seats, config, seed }, log.slice(0, Math.floor(log.length * 0.8))) as State;
    });
  }

  it("a refusal with its letter, an answer and a lock-in record are one object wherever two rooms show the same", () => {
    const rooms = twoRooms();
    const entries = rooms.map((s) => {
      const found = new Map<string, object>();
      for (const seat of s.seats) {
        const me = game.view(s, seat).me!;
        const add = (list: readonly object[]) => list.forEach((e) => found.set(JSON.stringify(e), e));
        me.lockBoard.forEach((l) => (add(l.blocked), add(l.history)));
        me.received.forEach((r) => add(r.answers));
        add(me.query.unselectable);
      }
      return found;
    });
    const common = [...entries[0]!.keys()].filter((k) => entries[1]!.has(k));
    expect(common.length).toBeGreaterThan(10);
    for (const k of common) expect(entries[1]!.get(k)).toBe(entries[0]!.get(k));
    expect(Object.isFrozen(entries[0]!.get(common[0]!))).toBe(true);
  });
});
