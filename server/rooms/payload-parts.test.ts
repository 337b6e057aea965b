// The room's payload memory (shared parts kept while equal, views kept per
// state and carried over the moves that leave them as they were, viewers' own
// parts kept) must never change what anyone is sent: over random bot games of every
// game, with seats coming and going, each change's payloads built the way a
// broadcast builds them (one context, the room's memory) equal the payloads
// built from scratch, for every seat, the spectators and the host.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { botMove } from "../../lib/games/core/commands";
import type { ChatChannelRule } from "../../lib/games/core/types";
import { Rng } from "../../lib/games/core/rng";
import { games, getGame } from "../../lib/games/registry";
import { AuditRoom, auditSetup } from "../proof/leak-audit";
import { channelsUnder, chatRules, type SharedInfos } from "./chat";
import { PayloadMemo } from "./payload-parts";
import { buildPayload, payloadParts, type PayloadContext, type PayloadParts } from "./payloads";

const buildParts = (ctx: PayloadContext, data: AuditRoom["data"], seat: string): PayloadParts => payloadParts(ctx, data, "player", seat, seat);

function payloads(room: AuditRoom, ctx: PayloadContext): Record<string, string> {
  const out: Record<string, string> = {};
  const data = room.data;
  out.host = JSON.stringify(buildPayload(ctx, data, "host", null, "host"));
  out.spectator = JSON.stringify(room.frames.payload(ctx, data));
  for (const s of data.seats) out[s.seat] = JSON.stringify(buildPayload(ctx, data, "player", s.seat, s.seat));
  return out;
}

describe("payload memory", () => {
  for (const game of games) {
    it(`${game.meta.id}: payloads built with the room's memory equal payloads built from scratch`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 5 }), fc.integer(), fc.integer({ min: 20, max: 80 }), (setupIndex, seed, steps) => {
          const setup = auditSetup(game, setupIndex);
          const room = new AuditRoom(game, `memo-${seed}`, setup.seats, setup.config, setup.spectators);
          const rng = Rng.fromSeed(`memo-bots-${seed}`);
          const memo = new PayloadMemo();
          const away = new Set<string>();
          let compared = 0;
          for (let step = 0; step < steps && room.data.state !== null && !room.phase()?.finished; step++) {
            // presence changes too: a seat's holder goes away or comes back
            if (rng.chance(0.2)) {
              const seat = rng.pick(setup.seats);
              if (away.has(seat)) away.delete(seat);
              else away.add(seat);
            }
            const connected = (seat: string) => !away.has(seat);
            const base = room.context();
            const kept = payloads(room, { ...base, connected, memo });
            const fresh = payloads(room, { ...base, connected });
            expect(kept).toEqual(fresh);
            compared++;
            const state = room.data.state;
            const mover = setup.seats.find((seat) => botMove(game, state, seat, rng) !== null);
            const move = mover ? botMove(game, state, mover, rng) : null;
            if (mover && move) room.apply({ kind: "action", actor: mover, payload: { action: move } });
            else room.apply({ kind: "timeout", actor: "clock", payload: { phase: room.rules.phaseId(state)! } });
            // as the room does once a step is durable: the views the step leaves as they were are kept
            memo.follow(state, room.data.state, room.changed);
          }
          expect(compared).toBeGreaterThan(0);
        }),
        { numRuns: 6, seed: 2_026_112_5 },
      );
    });
  }
});

describe("views a move leaves as they were", () => {
  for (const id of ["truth-deflector", "five-fold-possession", "secret-sinner"]) {
    it(`${id}: are not built again, and the seats' own parts stay the same objects, when one seat moves`, () => {
      const game = getGame(id)!;
      const built: string[] = [];
      const counting = { ...game, view: (state: unknown, viewer: string) => (built.push(viewer), game.view(state, viewer)) };
      const setup = auditSetup(game, 0);
      const room = new AuditRoom(counting, "follow", setup.seats, setup.config, setup.spectators);
      const memo = new PayloadMemo();
      const ctx = () => ({ ...room.context(), memo });
      const owns = () => setup.seats.map((s) => buildParts(ctx(), room.data, s).own);
      let moved = 0;
      for (let step = 0; step < 40 && moved < 5; step++) {
        const before = owns();
        const state = room.data.state;
        const rng = Rng.fromSeed(`follow-${step}`);
        const mover = setup.seats.find((seat) => botMove(game, state, seat, rng) !== null);
        if (mover) room.apply({ kind: "action", actor: mover, payload: { action: botMove(game, state, mover, rng)! } });
        else room.apply({ kind: "timeout", actor: "clock", payload: { phase: room.rules.phaseId(state)! } });
        memo.follow(state, room.data.state, room.changed);
        built.length = 0;
        const after = owns();
        if (!Array.isArray(room.changed)) continue;
        moved++;
        const changed = room.changed;
        // the seats the move may have changed are built again; every other seat's view and own part is the one it had
        expect(built.sort()).toEqual([...changed].sort());
        setup.seats.forEach((s, i) => (changed.includes(s) ? undefined : expect(after[i]).toBe(before[i])));
      }
      expect(moved).toBeGreaterThan(0);
    });
  }
});

describe("chat rules", () => {
  it("are one list from change to change while the seats stay, for a game with the platform's default chat as for one with its own", () => {
    for (const id of ["thoths-bluff", "truth-wars"]) {
      const game = getGame(id)!;
      const setup = auditSetup(game, 0);
      const room = new AuditRoom(game, "chat-kept", setup.seats, setup.config, setup.spectators);
      const first = chatRules(room.rules, room.data);
      const { state, seats } = room.data;
      const mover = setup.seats.find((seat) => botMove(game, state, seat, Rng.fromSeed("chat")) !== null)!;
      room.apply({ kind: "action", actor: mover, payload: { action: botMove(game, state, mover, Rng.fromSeed("chat"))! } });
      expect(room.data.state).not.toBe(state);
      expect(room.data.seats).toBe(seats);
      expect(chatRules(room.rules, room.data)).toBe(first);
    }
  });

  it("read one seat list while the seat ids stay, when a seat changes hands as when nothing does", () => {
    const game = getGame("secret-sinner")!;
    const setup = auditSetup(game, 0);
    const room = new AuditRoom(game, "chat-seats", setup.seats, setup.config, setup.spectators);
    const ids = room.rules.seatIds(room.data.seats);
    expect(ids).toEqual(setup.seats);
    const first = chatRules(room.rules, room.data);
    // the host hands a seat to a bot: new seat records, the same ids, so the same list and the same rules
    const seats = room.data.seats;
    room.apply({ kind: "host", actor: "host", payload: { type: "bot", seat: setup.seats[0]!, on: true } });
    expect(room.data.seats).not.toBe(seats);
    expect(room.data.seats[0]!.isBot).toBe(true);
    expect(room.rules.seatIds(room.data.seats)).toBe(ids);
    expect(chatRules(room.rules, room.data)).toBe(first);
    // other ids: another list, and rules of their own
    const fewer = room.data.seats.slice(1);
    expect(room.rules.seatIds(fewer)).toEqual(setup.seats.slice(1));
    expect(room.rules.seatIds(fewer)).not.toBe(ids);
  });
});

describe("channel infos", () => {
  const rules: ChatChannelRule[] = [
    { id: "table", kind: "public", title: "Table", members: ["A", "B", "C"], writers: ["A", "B"], public: true, closedReason: "Closed for now.", mutedReasons: { C: "You are out." } },
    { id: "ab", kind: "direct", title: "A & B", members: ["A", "B"], writers: [], public: false },
  ];

  it("are one object for every viewer who sees a channel alike, and each viewer's list says what that viewer may do", () => {
    const shared: SharedInfos = new Array(rules.length * 3);
    const host = channelsUnder(rules, "host", null, shared);
    const a = channelsUnder(rules, "player", "A", shared);
    const b = channelsUnder(rules, "player", "B", shared);
    const c = channelsUnder(rules, "player", "C", shared);
    const watching = channelsUnder(rules, "spectator", null, shared);
    // each list is what it is without sharing
    for (const [list, role, seat] of [[host, "host", null], [a, "player", "A"], [b, "player", "B"], [c, "player", "C"], [watching, "spectator", null]] as const) {
      expect(list).toEqual(channelsUnder(rules, role, seat));
    }
    expect(host[0]).toMatchObject({ canWrite: true, closedReason: null });
    expect(a[0]).toBe(host[0]);
    expect(b[0]).toBe(host[0]);
    expect(c[0]).toMatchObject({ canWrite: false, closedReason: "You are out." });
    expect(a[1]).toMatchObject({ canWrite: false, closedReason: "This channel is closed now." });
    expect(b[1]).toBe(a[1]);
    expect(host[1]).toMatchObject({ canWrite: true, closedReason: null });
    expect(watching).toEqual([{ id: "table", kind: "public", title: "Table", canWrite: false, closedReason: "Spectators read along but do not write.", members: ["A", "B", "C"] }]);
    // a muted member's own reason is never handed to a member closed for the rule's reason
    const closed = [{ ...rules[0]!, writers: [] }];
    const infos: SharedInfos = new Array(3);
    expect(channelsUnder(closed, "player", "C", infos)[0]).toMatchObject({ closedReason: "You are out." });
    expect(channelsUnder(closed, "player", "A", infos)[0]).toMatchObject({ canWrite: false, closedReason: "Closed for now." });
  });
});
