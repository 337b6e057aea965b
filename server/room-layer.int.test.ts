// The room layer's promises, against a real PostgreSQL: nothing is visible
// before it is durable; a failed write changes nothing and stops nothing; the
// one fold gives the same room live, after a restart and in the replay; seats
// change hands on the room's queue and sockets follow.
import { describe, expect, it } from "vitest";
import { applyPatch } from "../lib/json-patch";
import type { ReplayInfo } from "../lib/protocol";
import type { Commit } from "./rooms/store";
import { frameOf } from "./sockets/frames";
import { HOST_GROUP } from "./sockets/watchers";
import { fixtureGame } from "./test/fixture-game";
import { sessionCookie, useTestServer, type Client } from "./test/harness";
import { foldRows } from "./test/fold-rows";
import { until } from "./test/until";
import { catalogue } from "../lib/games/registry";

const host = { id: "guest:rl-host", name: "Hana" };
const alice = { id: "guest:rl-a", name: "Alice" };
const bob = { id: "guest:rl-b", name: "Bob" };
const carl = { id: "guest:rl-c", name: "Carl" };

const t = useTestServer([fixtureGame], { botDelayMs: 50 });
const settle = () => new Promise((r) => setTimeout(r, 200));

/** Makes every write that holds one of this room's commits fail, as a database would, `times` times (until the test clears the fault). */
function failWrites(roomId: string, times = Infinity): { failed: () => number } {
  let failed = 0;
  t.server.rooms.store.fault = (commits: Commit[]) => {
    if (failed >= times || !commits.some((c) => c.event.roomId === roomId)) return null;
    failed++;
    return new Error("injected write failure");
  };
  return { failed: () => failed };
}

describe("durable, then visible", () => {
  it("a failed write leaves the room as it was, keeps its timer and bots armed, answers a typed error, and the next command succeeds", async () => {
    const { h, seated, code } = await t.seatedRoom(host, [alice], { gameId: "fixture", seats: 3, config: { rounds: 5, pickSeconds: 600 } });
    const [a] = seated as [Client];
    await h.req("host:command", { code, command: { type: "pause" } }).then((r) => expect(r).toMatchObject({ ok: false, code: "host/not_running" }));
    await h.req("host:command", { code, command: { type: "start", fillWithBots: true } });
    const room = (await t.server.rooms.get(code))!;
    // the bots pick, then wait for Alice
    await a.waitFor((p) => p.phase?.waitingOn.length === 1);
    const before = JSON.stringify(room.data);
    const rowBefore = await t.server.db.room.findUniqueOrThrow({ where: { id: room.id } });
    const seen = a.states.length;

    const fault = failWrites(room.id);
    const r = await a.req("game:act", { code, action: { type: "pick", value: 6 } });
    expect(r).toMatchObject({ ok: false, code: "store/unavailable" });
    t.server.rooms.store.fault = null;
    expect(fault.failed()).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(room.data)).toBe(before);
    expect(room.armed()).toEqual({ phase: true, bots: true });
    expect(await t.server.db.room.findUniqueOrThrow({ where: { id: room.id } })).toMatchObject({ version: rowBefore.version, status: "running" });
    await settle();
    expect(a.states.slice(seen).every((p) => p.version === rowBefore.version)).toBe(true);

    const again = await a.req<{ version: number }>("game:act", { code, action: { type: "pick", value: 6 } });
    expect(again).toMatchObject({ ok: true, version: rowBefore.version + 1 });
    expect(room.phase()?.round).toBe(2);
  });

  it("a timeout whose write fails is tried again: the room does not stop", async () => {
    const { h, code } = await t.seatedRoom(host, [alice, bob], { gameId: "fixture", config: { rounds: 3, pickSeconds: 1 } });
    await h.req("host:command", { code, command: { type: "start" } });
    const room = (await t.server.rooms.get(code))!;
    const fault = failWrites(room.id, 3);
    await h.waitFor((p) => (p.phase?.round ?? 0) >= 2, 20_000);
    expect(fault.failed()).toBe(3);
    t.server.rooms.store.fault = null;
    const events = await t.server.db.event.findMany({ where: { roomId: room.id }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.filter((e) => e.kind === "timeout").length).toBeGreaterThanOrEqual(1);
  });
});

describe("actions that queue up take one turn", () => {
  it("folds the actions that wait for a write in order, writes them in one batch, tells the seats once and acks each only once durable", async () => {
    const { h, seated, code } = await t.seatedRoom(host, [alice, bob, carl], { gameId: "fixture", config: { rounds: 5, pickSeconds: 600 } });
    const [a, b, c] = seated as [Client, Client, Client];
    await h.req("host:command", { code, command: { type: "start" } });
    const room = (await t.server.rooms.get(code))!;
    const v = room.version;
    // the room's next write is held until the test lets it go; every write's events are noted
    const writes: number[][] = [];
    let release!: () => void;
    const held = new Promise<null>((r) => (release = () => r(null)));
    t.server.rooms.store.fault = (commits: Commit[]) => {
      const mine = commits.filter((x) => x.event.roomId === room.id).map((x) => x.event.seq);
      if (!mine.length) return null;
      writes.push(mine);
      return writes.length === 1 ? held : null;
    };
    try {
      const first = a.req<{ version: number }>("game:act", { code, action: { type: "pick", value: 1 } });
      expect(await until(() => writes.length === 1)).toBe(true);
      const acked: string[] = [];
      const second = b.req<{ version: number }>("game:act", { code, action: { type: "pick", value: 2 } }).then((r) => (acked.push("b"), r));
      expect(await until(() => room.waiting === 1)).toBe(true);
      const third = c.req<{ version: number }>("game:act", { code, action: { type: "pick", value: 3 } }).then((r) => (acked.push("c"), r));
      expect(await until(() => room.waiting === 2)).toBe(true);
      expect(acked).toEqual([]);
      expect(room.version).toBe(v);
      release();
      expect(await first).toMatchObject({ ok: true, version: v + 1 });
      expect(await second).toMatchObject({ ok: true, version: v + 2 });
      expect(await third).toMatchObject({ ok: true, version: v + 3 });
      expect(writes).toEqual([[v + 1], [v + 2, v + 3]]);
      // the host was told of the first action, then of the two together: no payload stands at v + 2
      await h.waitFor((p) => p.version === v + 3);
      const seen = h.states.map((p) => p.version);
      expect(seen).toContain(v + 1);
      expect(seen).not.toContain(v + 2);
      expect(room.phase()?.round).toBe(2);
      const events = await t.server.db.event.findMany({ where: { roomId: room.id, seq: { gt: v } }, orderBy: { seq: "asc" } });
      expect(events.map((e) => [e.seq, e.actor])).toEqual([
        [v + 1, "s1"],
        [v + 2, "s2"],
        [v + 3, "s3"],
      ]);
    } finally {
      t.server.rooms.store.fault = null;
      release();
    }
  });

  it("answers a refusal decided on a waiting step only with that step's fate: when its write fails, so does the refusal", async () => {
    const { h, seated, code } = await t.seatedRoom(host, [alice, bob, carl], { gameId: "fixture", config: { rounds: 5, pickSeconds: 600 } });
    const [a, b] = seated as [Client, Client, Client];
    await h.req("host:command", { code, command: { type: "start" } });
    const room = (await t.server.rooms.get(code))!;
    const v = room.version;
    let release!: () => void;
    const held = new Promise<null>((r) => (release = () => r(null)));
    let writes = 0;
    // Alice's write is held; every write of Bob's event (v + 2) fails
    t.server.rooms.store.fault = (commits: Commit[]) => {
      const mine = commits.filter((x) => x.event.roomId === room.id).map((x) => x.event.seq);
      if (!mine.length) return null;
      writes++;
      return mine.includes(v + 2) ? new Error("injected write failure") : writes === 1 ? held : null;
    };
    try {
      const first = a.req("game:act", { code, action: { type: "pick", value: 1 } });
      expect(await until(() => writes === 1)).toBe(true);
      const pick = b.req("game:act", { code, action: { type: "pick", value: 2 } });
      expect(await until(() => room.waiting === 1)).toBe(true);
      // refused on Bob's own pick, which is not durable yet
      const again = b.req("game:act", { code, action: { type: "pick", value: 3 } });
      expect(await until(() => room.waiting === 2)).toBe(true);
      release();
      expect(await first).toMatchObject({ ok: true, version: v + 1 });
      expect(await pick).toMatchObject({ ok: false, code: "store/unavailable" });
      expect(await again).toMatchObject({ ok: false, code: "store/unavailable" });
      expect(room.version).toBe(v + 1);
    } finally {
      t.server.rooms.store.fault = null;
      release();
    }
    expect(await b.req("game:act", { code, action: { type: "pick", value: 3 } })).toMatchObject({ ok: true, version: v + 2 });
    expect(await b.req("game:act", { code, action: { type: "pick", value: 4 } })).toMatchObject({ ok: false, code: "action/already_submitted" });
  });
});

describe("one fold, one renderer", () => {
  it("notices and the folded room are the same live, after a restart and in the replay", async () => {
    const { h, seated, code } = await t.seatedRoom(host, [alice, bob, carl], { gameId: "fixture", config: { rounds: 2, pickSeconds: 600 } });
    const [a, b] = seated as [Client, Client, Client];
    await h.req("host:command", { code, command: { type: "start" } });
    await h.req("host:command", { code, command: { type: "announce", text: "Welcome ‮to the finale" } });
    await h.req("host:command", { code, command: { type: "pause" } });
    await h.req("host:command", { code, command: { type: "extend", seconds: 30 } });
    await h.req("host:command", { code, command: { type: "resume" } });
    await a.req("game:act", { code, action: { type: "pick", value: 4 } });
    await h.req("host:command", { code, command: { type: "bot", seat: "s3", on: true } });
    await h.req("host:command", { code, command: { type: "duration", phase: "pick", seconds: 120 } });
    await b.req("game:act", { code, action: { type: "pick", value: 7 } });
    // Carl's bot picks too, and round 2 waits on Alice
    await h.waitFor((p) => p.phase?.round === 2);
    expect(await h.req("host:command", { code, command: { type: "nudge", seat: "s1" } })).toMatchObject({ ok: true });
    await h.req("host:command", { code, command: { type: "kick", seat: "s2" } });
    await h.req("host:command", { code, command: { type: "spectators", mode: "delayed", lag: 1 } });
    // paused, no bot moves while the room is compared
    await h.req("host:command", { code, command: { type: "pause" } });
    const room = (await t.server.rooms.get(code))!;
    await room.idle();
    const live = structuredClone(room.data);
    expect(live.notices.map((n) => n.text)).toEqual(
      expect.arrayContaining(["The host started the game", "Announcement: Welcome to the finale", "A bot now plays for Carl (seat 3)", "The host removed Bob from seat 2; the seat is open", "The host nudged Alice"]),
    );

    // the whole log folds to exactly the live room
    const rows = await t.server.db.event.findMany({ where: { roomId: room.id }, orderBy: { seq: "asc" } });
    expect(foldRows(fixtureGame, room.seed, rows)).toEqual(live);

    // a restart rebuilds the same room (paused, its clock needs no correction)
    const fresh = await t.restart();
    const after = (await fresh.rooms.get(code))!;
    expect(after.data).toEqual(live);

    // the replay's last step shows the same notices, as the host saw them
    const res = await fetch(`${fresh.url}/api/rooms/${code}/replay?as=host`, { headers: { cookie: await sessionCookie(host) } });
    const replay = (await res.json()) as ReplayInfo;
    let p = replay.first!;
    for (const ops of replay.patches) p = applyPatch(p, ops);
    const hostNow = after.payload("host", null);
    expect(p.notices).toEqual(hostNow.notices);
    expect(p.seats).toEqual(hostNow.seats.map((s) => ({ ...s, connected: true })));
    expect(replay.steps.map((s) => s.line)).toContain("Bot for Carl: pick");
  });
});

describe("seats change hands on the room's queue", () => {
  it("a kicked player's socket stops following the seat: the next holder's confessional and private history are not theirs", async () => {
    const { h, seated, code } = await t.seatedRoom(host, [alice, bob], { gameId: "fixture", config: { rounds: 3, pickSeconds: 600 } });
    const [a] = seated as [Client, Client];
    await h.req("host:command", { code, command: { type: "start" } });
    await a.req("chat:send", { code, channel: "confessional:s1", body: "alice's secret" });
    await h.req("host:command", { code, command: { type: "kick", seat: "s1", ban: true } });
    const moved = await a.waitFor((p) => p.role === "spectator" && p.status === "running");
    expect(moved.you).toBeNull();
    // a banned user cannot ask again
    expect(await a.req("seat:claim", { code })).toMatchObject({ ok: false, code: "seat/banned" });

    // mid-game, Carl asks the host for the open seat; it is his once the host approves
    const c = await t.client(carl);
    await c.req("room:watch", { code });
    expect(await c.req("seat:claim", { code })).toMatchObject({ ok: true, seat: "s1", requested: true });
    const asked = await h.waitFor((p) => (p.requests ?? []).some((r) => r.userId === carl.id));
    expect(asked.requests).toEqual([expect.objectContaining({ userId: carl.id, name: "Carl", seat: "s1" })]);
    expect(await c.req("game:act", { code, action: { type: "pick", value: 3 } })).toMatchObject({ ok: false, code: "seat/none" });
    await h.req("host:command", { code, command: { type: "approve", userId: carl.id } });
    await c.waitFor((p) => p.you === "s1");

    const inboxBefore = a.inbox.length;
    expect(await c.req("chat:send", { code, channel: "confessional:s1", body: "carl's secret" })).toMatchObject({ ok: true });
    const history = await c.req<{ messages: { body: string }[] }>("chat:history", { code, channel: "confessional:s1" });
    expect(history.ok && history.messages.map((m) => m.body)).toEqual(["carl's secret"]);
    await settle();
    expect(a.inbox.slice(inboxBefore).map((m) => m.body)).not.toContain("carl's secret");
    const hostHistory = await h.req<{ messages: { body: string }[] }>("chat:history", { code, channel: "confessional:s1" });
    expect(hostHistory.ok && hostHistory.messages.map((m) => m.body)).toEqual(["alice's secret", "carl's secret"]);
  });

  it("a bot plays for a holder who keeps their name, and the host hands the seat back", async () => {
    const { h, seated, code } = await t.seatedRoom(host, [alice, bob], { gameId: "fixture", config: { rounds: 4, pickSeconds: 600 } });
    const [a, b] = seated as [Client, Client];
    await h.req("host:command", { code, command: { type: "start" } });
    await b.req("game:act", { code, action: { type: "pick", value: 2 } });
    await h.req("host:command", { code, command: { type: "bot", seat: "s1", on: true } });
    const mine = await a.waitFor((p) => p.botFrom !== null);
    expect(mine).toMatchObject({ you: "s1", youName: "Alice", botFrom: 1 });
    expect(mine.seats[0]).toMatchObject({ name: "Alice", isBot: true, botFor: true });
    expect(await a.req("game:act", { code, action: { type: "pick", value: 5 } })).toMatchObject({ ok: false, code: "seat/bot_plays" });
    await a.waitFor((p) => p.phase?.round === 2);
    await h.req("host:command", { code, command: { type: "bot", seat: "s1", on: false } });
    const back = await a.waitFor((p) => p.botFrom === null && p.seats[0]!.isBot === false);
    expect(back.seats[0]).toMatchObject({ name: "Alice", isBot: false });
    expect(await a.req("game:act", { code, action: { type: "pick", value: 5 } })).toMatchObject({ ok: true });
  });

  it("nobody takes a seat under a name that passes for the host's or a seated player's", async () => {
    const { code } = await t.seatedRoom(host, [alice], { gameId: "fixture", seats: 3 });
    for (const [id, name] of [["guest:rl-fake-host", "HANA"], ["guest:rl-fake-alice", "ALICE"], ["guest:rl-fake-alice2", "Al1ce"]] as const) {
      const c = await t.client({ id, name });
      expect(await c.req("seat:claim", { code }), name).toMatchObject({ ok: false, code: "seat/name" });
    }
    const ok = await t.client({ id: "guest:rl-alina", name: "Alina" });
    expect(await ok.req("seat:claim", { code })).toMatchObject({ ok: true });
  });

  it("a socket that leaves before its claim commits is not left subscribed or shown connected", async () => {
    const h = await t.client(host);
    const created = await h.req<{ code: string }>("room:create", { gameId: "fixture", seats: 2, config: {} });
    if (!created.ok) throw new Error(created.message);
    const code = created.code;
    await h.req("room:watch", { code });
    const b = await t.client(bob);
    // the claim's write is held until the socket has gone
    let gone: () => void = () => undefined;
    const left = new Promise<null>((r) => (gone = () => r(null)));
    t.server.rooms.store.fault = (commits) => (commits.some((c) => c.event.kind === "seat") ? left : null);
    b.socket.emit("seat:claim", { code });
    await t.server.rooms.loaded(code)!.idle().then(() => undefined, () => undefined);
    await new Promise((r) => setTimeout(r, 50));
    b.socket.disconnect();
    await new Promise((r) => setTimeout(r, 50));
    gone();
    const seatedGone = await h.waitFor((p) => p.seats[0]!.occupied);
    t.server.rooms.store.fault = null;
    await settle();
    const now = h.last()!;
    expect(seatedGone.seats[0]!.name).toBe("Bob");
    expect(now.seats[0]!.connected).toBe(false);
    // a chat history cursor out of range is a typed refusal, not a server error
    expect(await h.req("chat:history", { code, channel: "public", before: "12345678901234567890" })).toMatchObject({ ok: false, code: "input/invalid" });
  });
});

describe("a room nobody watches", () => {
  it("lets its views go when its last watcher leaves, and a player who comes back is shown the game as it stands", async () => {
    const { h, seated, code } = await t.seatedRoom(host, [alice, bob], { gameId: "fixture", config: { rounds: 3, pickSeconds: 600 } });
    await h.req("host:command", { code, command: { type: "start" } });
    const [a, b] = seated as [Client, Client];
    await a.req("game:act", { code, action: { type: "pick", value: 2 } });
    const room = (await t.server.rooms.get(code))!;
    const held = room.data;
    const shown = await b.waitFor((p) => p.version === held.version);
    for (const c of [h, a, b]) c.close();
    // the data is copied, so that nothing the games kept for its objects stays reachable
    expect(await until(() => room.data !== held)).toBe(true);
    expect(room.data).toEqual(held);
    // and the last frame each group was sent, which held those views, goes with them
    expect(frameOf(room, HOST_GROUP)).toBeUndefined();
    expect(room.seats.map((s) => frameOf(room, s.seat))).toEqual(room.seats.map(() => undefined));

    const back = await t.client(bob);
    const watched = await back.req<{ payload: { view: unknown; version: number } }>("room:watch", { code });
    if (!watched.ok) throw new Error(watched.message);
    expect(watched.payload.version).toBe(shown.version);
    expect(watched.payload.view).toEqual(shown.view);
    // and the game goes on from there
    const a2 = await t.client(alice);
    await a2.req("room:watch", { code });
    await back.req("game:act", { code, action: { type: "pick", value: 3 } }).then((r) => expect(r.ok).toBe(true));
    await back.waitFor((p) => p.version > shown.version);
    back.close();
    a2.close();
  });
});

describe("memory stays bounded", () => {
  const s = useTestServer([fixtureGame], { lobbyTtlMs: 0, unloadIdleMs: 0 });

  it("a lobby nobody watches expires, and a finished room nobody watches leaves memory and comes back when asked for", async () => {
    const h = await s.client(host);
    const made = await h.req<{ code: string }>("room:create", { gameId: "fixture", seats: 2, config: {} });
    if (!made.ok) throw new Error(made.message);
    await h.req("room:watch", { code: made.code });
    const { h: h2, seated, code: played } = await s.seatedRoom(host, [alice, bob], { gameId: "fixture", config: { rounds: 1, pickSeconds: 600 } });
    await h2.req("host:command", { code: played, command: { type: "start" } });
    for (const c of seated) await c.req("game:act", { code: played, action: { type: "pick", value: 2 } });
    await h2.waitFor((p) => p.status === "finished");
    // a watched room stays as it is
    expect(await s.server.rooms.sweep()).toEqual({ expired: 0, unloaded: 0 });
    const finished = structuredClone(s.server.rooms.loaded(played)!.data);
    for (const c of [h, h2, ...seated]) c.close();
    await settle();

    const swept = await s.server.rooms.sweep();
    expect(swept).toEqual({ expired: 1, unloaded: 1 });
    expect(s.server.rooms.loaded(played)).toBeUndefined();
    const lobby = s.server.rooms.loaded(made.code)!;
    expect(lobby.data).toMatchObject({ status: "aborted", endReason: expect.stringContaining("nobody started it") });
    expect(await s.server.db.room.count({ where: { hostId: host.id, status: { in: ["lobby", "running"] } } })).toBe(0);
    // the expired lobby leaves memory on the next sweep; the finished room is read again from its log
    expect(await s.server.rooms.sweep()).toEqual({ expired: 0, unloaded: 1 });
    expect((await s.server.rooms.get(played))!.data).toEqual(finished);
  });
});

describe("bots on the server", () => {
  const s = useTestServer(catalogue, { botDelayMs: 5 });
  // short games that bots finish on their own (the crash test's rooms)
  const rooms: Record<string, { seats: number; config: object }> = {
    "truth-deflector": { seats: 6, config: { rounds: 3 } },
    "truth-wars": { seats: 6, config: { rounds: 2 } },
    "secret-sinner": { seats: 9, config: { rounds: 2, phaseSeconds: { briefing: 0 } } },
    "five-fold-possession": { seats: 5, config: {} },
    "thoths-bluff": { seats: 2, config: { startingHealth: 12, finalTiebreak: "coin" } },
  };

  it("play every game to the end with no phase waiting for its clock: the room logs every bot move (an optional field left out included)", async () => {
    expect(Object.keys(rooms).sort()).toEqual(catalogue.map((g) => g.meta.id).sort());
    const h = await s.client(host);
    const codes = await Promise.all(
      Object.entries(rooms).map(async ([gameId, r]) => {
        const made = await h.req<{ code: string }>("room:create", { gameId, seats: r.seats, config: r.config });
        if (!made.ok) throw new Error(`${gameId}: ${made.message}`);
        const started = await h.req("host:command", { code: made.code, command: { type: "start", fillWithBots: true } });
        expect(started).toMatchObject({ ok: true });
        return [gameId, made.code] as const;
      }),
    );
    for (const [game, code] of codes) {
      const room = (await s.server.rooms.get(code))!;
      // five bot games at once are CPU work: on a shared, loaded machine they take a while, bounded by the test's own timeout
      while (room.status === "running") await new Promise((r) => setTimeout(r, 50));
      const log = await s.server.db.event.findMany({ where: { room: { code } }, select: { kind: true } });
      expect({ game, status: room.status, timeouts: log.filter((e) => e.kind === "timeout").length }).toEqual({ game, status: "finished", timeouts: 0 });
    }
  }, 240_000);
});
