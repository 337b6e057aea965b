import { describe, expect, it } from "vitest";
import type { RoomPayload } from "../lib/protocol";
import { clientEvents } from "../lib/protocol-input";
import { fixtureGame } from "./test/fixture-game";
import { useTestServer, type Client } from "./test/harness";

const host = { id: "guest:host", name: "Hana" };
const alice = { id: "guest:alice", name: "Alice" };
const bob = { id: "guest:bob", name: "Bob" };
const eve = { id: "guest:eve", name: "Eve" };

const t = useTestServer([fixtureGame]);
const c = (user?: { id: string; name: string }) => t.client(user);

async function lobbyWithTwo(config: object = {}) {
  const { h, seated, code } = await t.seatedRoom(host, [alice, bob], { gameId: "fixture", config });
  const [a, b] = seated as [Client, Client];
  return { h, a, b, code };
}

describe("rooms over sockets with a real PostgreSQL", () => {
  it("plays a game to the end: acks carry versions, every seat gets only its own view", async () => {
    const { h, a, b, code } = await lobbyWithTwo({ rounds: 2 });
    // the room's log so far: its creation and the two seats taken
    const start = await h.req<{ version: number }>("host:command", { code, command: { type: "start" } });
    expect(start).toMatchObject({ ok: true, version: 4 });

    const ra = await a.req<{ version: number; clientId: string }>("game:act", { code, action: { type: "pick", value: 7 }, clientId: "a-1" });
    expect(ra).toEqual({ ok: true, version: 5, clientId: "a-1" });
    // Bob sees that Alice picked, not what she picked
    const bView = await b.waitFor((p) => p.version === 5);
    expect(JSON.stringify(bView.view)).not.toContain("7");
    expect(bView.role).toBe("player");
    const hostView = await h.waitFor((p) => p.version === 5);
    expect((hostView.view as { picks: Record<string, number> }).picks.s1).toBe(7);

    await b.req("game:act", { code, action: { type: "pick", value: 3 } });
    await a.req("game:act", { code, action: { type: "pick", value: 2 } });
    await b.req("game:act", { code, action: { type: "pick", value: 9 } });
    const end = await a.waitFor((p) => p.status === "finished");
    expect(end.outcome?.winners).toEqual(["s2"]);
    expect((end.view as { totals: Record<string, number> }).totals).toEqual({ s1: 9, s2: 12 });

    const events = await t.server.db.event.findMany({ where: { room: { code } }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.kind)).toEqual(["create", "seat", "seat", "start", "action", "action", "action", "action"]);
    expect(events[4]!.clientId).toBe("a-1");
  });

  it("sends changes as patches that rebuild exactly the payload a fresh watch gets, across seat changes", async () => {
    // each seat watched the room before taking its seat: its socket moved to the seat's patch chain
    const { h, a, b, code } = await lobbyWithTwo({ rounds: 2 });
    const wire = { a: { states: 0, patches: 0, patchChars: 0 } };
    a.socket.on("room:state", () => void wire.a.states++);
    a.socket.on("room:patch", (x: unknown) => {
      wire.a.patches++;
      wire.a.patchChars += JSON.stringify(x).length;
    });
    await h.req("host:command", { code, command: { type: "start" } });
    await a.req("game:act", { code, action: { type: "pick", value: 4 } });
    const last = await b.req<{ version: number }>("game:act", { code, action: { type: "pick", value: 5 } });
    if (!last.ok) throw new Error(last.message);
    const v = (await h.waitFor((p) => p.version === last.version)).version;
    for (const [who, user] of [[a, alice], [b, bob], [h, host]] as const) {
      const mine = await who.waitFor((p) => p.version === v);
      const fresh = await c(user);
      const w = await fresh.req<{ payload: RoomPayload }>("room:watch", { code });
      if (!w.ok) throw new Error(w.message);
      const strip = (p: RoomPayload) => ({ ...p, clock: { ...p.clock, serverNow: 0 }, seats: p.seats.map((s) => ({ ...s, connected: true })) });
      expect(strip(mine)).toEqual(strip(w.payload));
      fresh.close();
    }
    // once seated, Alice got only patches, each smaller than a payload
    expect(wire.a.patches).toBeGreaterThanOrEqual(3);
    expect(wire.a.states).toBe(0);
    expect(wire.a.patchChars / wire.a.patches).toBeLessThan(JSON.stringify(a.last()).length);
  });

  it("answers a sync with the socket's current frame, and refuses one for a room it does not watch", async () => {
    const { a, code } = await lobbyWithTwo();
    const s = await a.req<{ payload: RoomPayload; frame: number }>("room:sync", { code });
    expect(s.ok && s.payload.you).toBe("s1");
    expect(s.ok && s.frame).toBeGreaterThan(0);
    const stranger = await c(eve);
    expect(await stranger.req("room:sync", { code })).toMatchObject({ ok: false, code: "room/not_watching" });
    expect(await stranger.req("room:sync", { code: "nope" })).toMatchObject({ ok: false, code: "input/invalid" });
  });

  it("hands a socket that starts watching a quiet room the server's time now, and keeps the group's other sockets on the same chain", async () => {
    const { h, code } = await lobbyWithTwo();
    await h.req("host:command", { code, command: { type: "start" } });
    const first = await c(eve);
    const w1 = await first.req<{ payload: RoomPayload; frame: number }>("room:watch", { code });
    if (!w1.ok) throw new Error(w1.message);
    // nothing happens in the room for a while; then a second spectator and a second host tab come in
    await new Promise((r) => setTimeout(r, 1200));
    for (const [who, before] of [
      [first, w1.payload],
      [h, h.last()!],
    ] as const) {
      const other = await c(who === h ? host : { id: "guest:eve2", name: "Evelyn" });
      const since = Date.now();
      const w2 = await other.req<{ payload: RoomPayload; frame: number }>("room:watch", { code });
      if (!w2.ok) throw new Error(w2.message);
      // a countdown is the deadline less the server's time as the payload gives it: it must be the time now, not that of the last change
      expect(w2.payload.clock.serverNow).toBeGreaterThanOrEqual(since - 50);
      expect(w2.payload.clock.serverNow - before.clock.serverNow).toBeGreaterThanOrEqual(1000);
      // the socket that was there already is moved to the same frame, so the next patch fits both
      const caughtUp = await who.waitFor((p) => p.clock.serverNow === w2.payload.clock.serverNow);
      expect(caughtUp).toEqual(w2.payload);
      other.close();
    }
  });

  it("refuses garbage, another user's seat and non-host commands with typed errors, changing nothing", async () => {
    const { h, a, code } = await lobbyWithTwo();
    await h.req("host:command", { code, command: { type: "start" } });
    const before = (await t.server.rooms.get(code))!;
    const version = before.version;
    const stateJson = JSON.stringify(before.state);

    const e = await c(eve);
    await e.req("room:watch", { code });
    const garbage: unknown[] = [null, 42, "x", [], { code }, { code: "nope" }, { code, action: { type: "pick", value: 99 } }, { code, action: { type: "explode" } }, { code, action: "pick" }, { code, action: { type: "pick", value: "7" } }];
    for (const g of garbage) {
      const r = await a.req("game:act", g);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.code).toMatch(/^(input|action|room)\//);
    }
    const notSeated = await e.req("game:act", { code, action: { type: "pick", value: 5 } });
    expect(notSeated).toMatchObject({ ok: false, code: "seat/none" });
    const notHost = await a.req("host:command", { code, command: { type: "pause" } });
    expect(notHost).toMatchObject({ ok: false, code: "host/only" });
    const hostAsGameHost = await a.req("host:command", { code, command: { type: "game", action: { type: "bonus", seat: "s1" } } });
    expect(hostAsGameHost).toMatchObject({ ok: false, code: "host/only" });
    const anon = await c();
    expect(await anon.req("game:act", { code, action: { type: "pick", value: 5 } })).toMatchObject({ ok: false, code: "auth/required" });
    expect(await anon.req("room:create", { gameId: "fixture", seats: 2 })).toMatchObject({ ok: false, code: "auth/required" });
    expect(await h.req("room:create", { gameId: "fixture", seats: 9 })).toMatchObject({ ok: false, code: "room/seats" });
    expect(await h.req("room:create", { gameId: "fixture", seats: 2, config: { rounds: 0 } })).toMatchObject({ ok: false, code: "room/config" });
    expect(await h.req("room:create", { gameId: "nope", seats: 2 })).toMatchObject({ ok: false, code: "room/unknown_game" });

    const after = (await t.server.rooms.get(code))!;
    expect(after.version).toBe(version);
    expect(JSON.stringify(after.state)).toBe(stateJson);
    expect(await t.server.db.event.count({ where: { roomId: after.id } })).toBe(version);
  });

  it("rate-limits a flooding socket with a typed error and stays up", async () => {
    const { a, code } = await lobbyWithTwo();
    const results = await Promise.all(Array.from({ length: 120 }, () => a.req("room:watch", { code })));
    const limited = results.filter((r) => !r.ok && r.code === "rate/limited").length;
    expect(limited).toBeGreaterThan(0);
    expect(results.filter((r) => r.ok).length).toBeGreaterThanOrEqual(30);
  });

  it("host pause, extend, advance and end are logged and shown as public lines", async () => {
    const { h, a, code } = await lobbyWithTwo({ pickSeconds: 600 });
    await h.req("host:command", { code, command: { type: "start" } });
    const room = (await t.server.rooms.get(code))!;
    const deadline = room.clock.deadlineAt!;
    expect(deadline - Date.now()).toBeGreaterThan(590_000);

    expect(await h.req("host:command", { code, command: { type: "pause" } })).toMatchObject({ ok: true });
    expect(room.clock.paused).toBe(true);
    expect(await h.req("host:command", { code, command: { type: "pause" } })).toMatchObject({ ok: false, code: "host/paused" });
    await h.req("host:command", { code, command: { type: "extend", seconds: 30 } });
    expect(room.clock.remainingMs! - (deadline - Date.now())).toBeGreaterThan(29_000);
    await h.req("host:command", { code, command: { type: "resume" } });
    expect(room.clock.paused).toBe(false);

    await h.req("host:command", { code, command: { type: "advance" } });
    expect(room.phase()?.round).toBe(2);
    const seen = await a.waitFor((p) => p.notices.some((n) => n.text.includes("ended Pick early")));
    expect(seen.notices.map((n) => n.text)).toEqual(expect.arrayContaining(["The host paused the clock in Pick", "The host extended Pick by 30 s", "The host resumed the clock"]));

    expect(await h.req("host:command", { code, command: { type: "end", reason: "   " } })).toMatchObject({ ok: false, code: "input/empty" });
    await h.req("host:command", { code, command: { type: "end", reason: "fire drill" } });
    const last = await a.waitFor((p) => p.status === "aborted");
    expect(last.endReason).toBe("fire drill");
    const kinds = await t.server.db.event.findMany({ where: { roomId: room.id }, orderBy: { seq: "asc" }, select: { kind: true, actor: true } });
    expect(kinds.map((k) => `${k.kind}:${k.actor}`)).toEqual(["create:host", "seat:s1", "seat:s2", "start:host", "host:host", "host:host", "host:host", "timeout:host", "host:host"]);
  });

  it("a phase timer that runs out applies the defaults and moves on", async () => {
    const { h, a, code } = await lobbyWithTwo({ pickSeconds: 1, rounds: 1 });
    await h.req("host:command", { code, command: { type: "start" } });
    await a.req("game:act", { code, action: { type: "pick", value: 4 } });
    const end = await a.waitFor((p) => p.status === "finished", 5000);
    expect((end.view as { totals: Record<string, number> }).totals).toEqual({ s1: 4, s2: 1 });
    const ev = await t.server.db.event.findMany({ where: { room: { code } }, orderBy: { seq: "asc" } });
    expect(ev[ev.length - 1]).toMatchObject({ kind: "timeout", actor: "clock" });
  });

  it("fills open seats with bots that play to the end", async () => {
    const h = await c(host);
    const created = await h.req<{ code: string }>("room:create", { gameId: "fixture", seats: 4, config: { rounds: 3 } });
    if (!created.ok) throw new Error(created.message);
    await h.req("room:watch", { code: created.code });
    const r = await h.req("host:command", { code: created.code, command: { type: "start", fillWithBots: true } });
    expect(r.ok).toBe(true);
    const end = await h.waitFor((p: RoomPayload) => p.status === "finished", 10_000);
    expect(end.seats.every((s) => s.isBot)).toBe(true);
    expect(end.outcome?.ranking).toHaveLength(4);
  });

  it("gives a reconnecting user (another tab) their seat and current view back", async () => {
    const { h, a, code } = await lobbyWithTwo();
    await h.req("host:command", { code, command: { type: "start" } });
    await a.req("game:act", { code, action: { type: "pick", value: 6 } });
    a.close();
    const again = await c(alice);
    const w = await again.req<{ payload: RoomPayload }>("room:watch", { code });
    expect(w.ok).toBe(true);
    if (w.ok) {
      expect(w.payload.role).toBe("player");
      expect(w.payload.you).toBe("s1");
      expect((w.payload.view as { mine: number }).mine).toBe(6);
    }
  });
});

describe("the session cookie", () => {
  it("is read at the handshake and not kept with the socket (nor the request it came with), which stays signed in", async () => {
    const a = await c(alice);
    const socket = [...t.server.io.sockets.sockets.values()].find((s) => (s.data as { user?: { id: string } }).user?.id === alice.id);
    expect(socket).toBeDefined();
    expect(socket!.handshake.headers.cookie).toBeUndefined();
    // nor the request the connection began with, whose headers (parsed and raw) held it
    expect(socket!.request).toBeNull();
    expect(JSON.stringify(socket!.handshake)).not.toContain("session-token");
    // the room the handshake names stays, for the cross-process routing
    expect(socket!.handshake.query).toBeDefined();
    const created = await a.req<{ ok: boolean; code?: string }>("room:create", { gameId: "fixture", seats: 2, config: {} });
    expect(created).toMatchObject({ ok: true });
  });
});

describe("the socket edge", () => {
  it("answers an event it has no handler for with a typed error, and keeps no function per event on a socket", async () => {
    const a = await c(alice);
    await c(bob);
    expect(await a.req("room:delete", { code: "ABCDEF" })).toMatchObject({ ok: false, code: "input/unknown_event" });
    expect(await a.req("__proto__", {})).toMatchObject({ ok: false, code: "input/unknown_event" });
    const sockets = [...t.server.io.sockets.sockets.values()];
    expect(sockets.length).toBeGreaterThan(1);
    // every socket shares the server's one event listener and one disconnect listener
    const [first, ...rest] = sockets;
    for (const s of rest) {
      expect(s.eventNames().filter((e) => String(e) in clientEvents)).toEqual([]);
      expect(s.listenersAny()).toEqual(first!.listenersAny());
      expect(s.listeners("disconnect")).toEqual(first!.listeners("disconnect"));
    }
    expect(first!.listenersAny()).toHaveLength(1);
  });
});
