// Alerts off the page against local receivers standing in for the push service
// and the Discord webhook: who is pushed what and when, that nothing in a push
// is more than its recipient's own payload shows, that expired subscriptions go,
// and that a receiver that hangs costs the room nothing.
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushFor, type PushMessage } from "../lib/alerts/messages";
import type { RoomPayload } from "../lib/protocol";
import { catalogue } from "../lib/games/registry";
import type { AnyGame } from "../lib/games/core/types";
import { fixtureGame } from "./test/fixture-game";
import { client, startTestServer, useTestServer, type Client } from "./test/harness";
import { browserKeys, decryptPush, startReceiver, subscriptionOf, type BrowserKeys, type Receiver } from "./test/push-receiver";

const host = { id: "guest:al-host", name: "Host Hana" };
const alice = { id: "guest:al-a", name: "Alice" };
const bob = { id: "guest:al-b", name: "Bob" };

let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(async () => {
  await rx.close();
});

const vapid = { ...webpush.generateVAPIDKeys(), subject: "mailto:test@example.invalid" };
const games = [fixtureGame as AnyGame, ...catalogue];
const alertsConfig = { vapid, allowLoopback: true, timeoutMs: 1_500, queueMax: 100, concurrency: 4 };
const t = useTestServer(games, { alerts: alertsConfig });

/** A browser of `c`'s user subscribed at `path` of the receiver. */
async function subscribe(c: Client, path: string): Promise<BrowserKeys> {
  const keys = browserKeys();
  const r = await c.req("alerts:subscribe", { subscription: subscriptionOf(rx.url + path, keys) });
  expect(r).toEqual({ ok: true });
  return keys;
}

function pushesAt(path: string, keys: BrowserKeys): PushMessage[] {
  return rx.received.filter((r) => r.path === path).map((r) => JSON.parse(decryptPush(r.body, keys)) as PushMessage);
}
const posts = (path: string) => rx.received.filter((r) => r.path === path).map((r) => (JSON.parse(r.body.toString()) as { content: string }).content);

async function room(config: object, players = [alice, bob]) {
  const { h, seated, code } = await t.seatedRoom(host, players, { gameId: "fixture", config });
  const [a, b] = seated as [Client, Client];
  return { h, a, b, code };
}

describe("pushes", () => {
  it("reach each player when their move starts, a minute before the deadline they still owe, on the host's announcements and nudges, and at the end — as their setting allows", async () => {
    const { h, a, b, code } = await room({ rounds: 2, pickSeconds: 600 });
    const ka = await subscribe(a, "/push/alice");
    const kb = await subscribe(b, "/push/bob");
    // Bob only wants to hear about his own moves
    expect(await b.req("alerts:setting", { code, mode: "mine" })).toEqual({ ok: true, mode: "mine", publicKey: vapid.publicKey });
    expect(await a.req("alerts:setting", { code })).toEqual({ ok: true, mode: "all", publicKey: vapid.publicKey });

    await h.req("host:command", { code, command: { type: "start" } });
    await rx.waitFor(() => pushesAt("/push/alice", ka).length === 1 && pushesAt("/push/bob", kb).length === 1);
    expect(pushesAt("/push/alice", ka)[0]).toEqual({ kind: "phase", title: "Round 1 · Pick", body: `Your move in ${code}`, tag: `${code}:phase`, url: `/r/${code}` });

    await h.req("host:command", { code, command: { type: "announce", text: "Break in five minutes" } });
    await rx.waitFor(() => pushesAt("/push/alice", ka).some((m) => m.kind === "announce"));

    // the next round starts paused with 62 s on its clock, so the minute's warning comes 2 s after the resume
    await h.req("host:command", { code, command: { type: "pause" } });
    await h.req("host:command", { code, command: { type: "duration", phase: "pick", seconds: 62 } });
    await a.req("game:act", { code, action: { type: "pick", value: 3 } });
    await h.req("host:command", { code, command: { type: "nudge", seat: "s2" } });
    await rx.waitFor(() => pushesAt("/push/bob", kb).some((m) => m.kind === "nudge"));
    await b.req("game:act", { code, action: { type: "pick", value: 4 } });
    await rx.waitFor(() => pushesAt("/push/bob", kb).filter((m) => m.kind === "phase").length === 2);
    await a.req("game:act", { code, action: { type: "pick", value: 5 } });
    await h.req("host:command", { code, command: { type: "resume" } });
    await rx.waitFor(() => pushesAt("/push/bob", kb).some((m) => m.kind === "deadline"), 20_000);
    expect(pushesAt("/push/bob", kb).find((m) => m.kind === "deadline")).toEqual({ kind: "deadline", title: "1 minute left · Round 2 · Pick", body: `Your move in ${code}`, tag: `${code}:deadline`, url: `/r/${code}` });

    await b.req("game:act", { code, action: { type: "pick", value: 6 } });
    await rx.waitFor(() => pushesAt("/push/alice", ka).some((m) => m.kind === "end"));
    await t.server.alerts.outbox.idle();

    // Alice (all): both phase starts, the announcement, the end; she had picked before the warning, and was not nudged
    expect(pushesAt("/push/alice", ka).map((m) => m.kind)).toEqual(["phase", "announce", "phase", "end"]);
    // Bob (his moves only): no announcement, no end
    expect(pushesAt("/push/bob", kb).map((m) => m.kind)).toEqual(["phase", "nudge", "phase", "deadline"]);
    // a push says nothing its recipient's own payload does not: each one is what their own payload gives
    const own = (c: Client, round: number) => c.states.find((p: RoomPayload) => p.status === "running" && p.phase?.round === round && p.you && p.phase.waitingOn.includes(p.you))!;
    expect(pushesAt("/push/bob", kb)[3]).toEqual(pushFor("deadline", own(b, 2)));
    for (const [path, keys] of [["/push/alice", ka], ["/push/bob", kb]] as const)
      for (const m of pushesAt(path, keys)) {
        expect(Object.keys(m).sort()).toEqual(["body", "kind", "tag", "title", "url"]);
        expect(`${m.title} ${m.body}`).not.toMatch(/Break in five|Alice|Bob/);
      }
    // VAPID: the push service sees the server's public key and a signed token
    const req = rx.received.find((r) => r.path === "/push/alice")!;
    expect(req.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    expect(req.headers["content-encoding"]).toBe("aes128gcm");
  });

  it("a room another process adopts after a failover still warns a minute before the deadline, with no event after the adoption", async () => {
    // two processes on the test database; the first serves the room, then dies
    const first = await startTestServer(t.dbUrl, games, { owner: "alerts-first", leaseTtlMs: 60_000, alerts: alertsConfig });
    const opened: Client[] = [];
    const on = async (user: { id: string; name: string }) => {
      const c = await client(first.url, user);
      opened.push(c);
      return c;
    };
    let second: Awaited<ReturnType<typeof startTestServer>> | null = null;
    try {
      const h = await on(host);
      const created = await h.req<{ code: string }>("room:create", { gameId: "fixture", seats: 2, config: { rounds: 2, pickSeconds: 600 } });
      if (!created.ok) throw new Error(created.message);
      const code = created.code;
      await h.req("room:watch", { code });
      const [a, b] = [await on(alice), await on(bob)];
      for (const p of [a, b]) {
        await p.req("room:watch", { code });
        await p.req("seat:claim", { code });
      }
      const kb = await subscribe(b, "/push/bob-adopted");
      await h.req("host:command", { code, command: { type: "start" } });
      // round 2 starts paused with 70 s on its clock; resumed, the minute's warning falls due 10 s later
      await h.req("host:command", { code, command: { type: "pause" } });
      await h.req("host:command", { code, command: { type: "duration", phase: "pick", seconds: 70 } });
      await a.req("game:act", { code, action: { type: "pick", value: 3 } });
      await b.req("game:act", { code, action: { type: "pick", value: 4 } });
      await a.req("game:act", { code, action: { type: "pick", value: 5 } });
      // the second process is up (and knows Bob's browser) before the room comes to it
      second = await startTestServer(t.dbUrl, games, { owner: "alerts-second", leaseTtlMs: 60_000, alerts: alertsConfig });
      expect((await h.req("host:command", { code, command: { type: "resume" } })).ok).toBe(true);
      for (const c of opened) c.close();
      await first.close();
      // nothing happens in the room from here on: only the adoption can arm the warning
      expect(await second.rooms.adoptOrphans()).toBeGreaterThanOrEqual(1);
      expect(second.rooms.loaded(code)?.data.clock.deadlineAt).toBeGreaterThan(Date.now() + 60_000);
      await rx.waitFor(() => pushesAt("/push/bob-adopted", kb).some((m) => m.kind === "deadline"), 30_000);
      expect(pushesAt("/push/bob-adopted", kb).filter((m) => m.kind === "deadline")).toEqual([{ kind: "deadline", title: "1 minute left · Round 2 · Pick", body: `Your move in ${code}`, tag: `${code}:deadline`, url: `/r/${code}` }]);
    } finally {
      for (const c of opened) c.close();
      await first.close();
      await second?.close();
    }
  });

  it("a subscription the push service says is gone (410, 404) is removed; the others stay", async () => {
    const { h, a, code } = await room({ rounds: 1, pickSeconds: 600 });
    rx.status.set("/push/gone", 410);
    rx.status.set("/push/unknown", 404);
    await subscribe(a, "/push/gone");
    await subscribe(a, "/push/unknown");
    const kept = await subscribe(a, "/push/kept");
    expect(await t.server.db.pushSubscription.count({ where: { userId: alice.id } })).toBe(4);
    await h.req("host:command", { code, command: { type: "start" } });
    await rx.waitFor((r) => r.some((x) => x.path === "/push/gone") && r.some((x) => x.path === "/push/unknown") && r.some((x) => x.path === "/push/kept"));
    await t.server.alerts.outbox.idle();
    const left = await t.server.db.pushSubscription.findMany({ where: { userId: alice.id }, select: { endpoint: true } });
    expect(left.map((x) => x.endpoint).sort()).toEqual([rx.url + "/push/alice", rx.url + "/push/kept"]);
    expect(pushesAt("/push/kept", kept).map((m) => m.kind)).toEqual(["phase"]);
  });

  it("refuses an endpoint the server should not post to, and a player unsubscribes", async () => {
    const a = await t.client(alice);
    const keys = browserKeys();
    for (const endpoint of ["http://push.example.com/x", "https://push.example.com/x", "https://10.0.0.1/push", "https://localhost/push", "https://push.example.com:8443/x", "http://127.0.0.2:9/x", "https://localhost./push", "https://metadata.google.internal./x", "https://2130706433/x", "https://[::ffff:7f00:1]/x", "https://fcm.googleapis.com@127.0.0.1/x"]) {
      const r = await a.req("alerts:subscribe", { subscription: subscriptionOf(endpoint, keys) });
      expect(r.ok ? "accepted" : r.code, endpoint).toBe("alerts/endpoint");
    }
    // keys of the right length and alphabet that no push can be encrypted for
    for (const keys of [{ p256dh: "B" + "A".repeat(86), auth: "A".repeat(22) }, { p256dh: browserKeys().publicKey.toString("base64url"), auth: "A".repeat(30) }])
      expect(await a.req("alerts:subscribe", { subscription: { endpoint: rx.url + "/push/bad-keys", keys } })).toMatchObject({ ok: false, code: "input/invalid" });
    const anon = await t.client();
    expect(await anon.req("alerts:subscribe", { subscription: subscriptionOf(rx.url + "/push/anon", keys) })).toMatchObject({ ok: false, code: "auth/required" });
    await a.req("alerts:subscribe", { subscription: subscriptionOf(rx.url + "/push/temp", keys) });
    expect(await a.req("alerts:unsubscribe", { endpoint: rx.url + "/push/temp" })).toEqual({ ok: true });
    expect(await t.server.db.pushSubscription.count({ where: { endpoint: rx.url + "/push/temp" } })).toBe(0);
  });
});

describe("the Discord channel", () => {
  it("only the host sets it, only to a webhook URL; phase starts, announcements and the public result are posted there", async () => {
    const { h, a, b, code } = await room({ rounds: 1, pickSeconds: 600 });
    const hook = `${rx.url}/api/webhooks/123456/room-${code}`;
    expect(await a.req("alerts:webhook", { scope: "room", code, url: hook })).toMatchObject({ ok: false, code: "host/only" });
    for (const url of ["https://example.com/api/webhooks/123456/abcdefghijklmnopqrstuvwxyz", "http://discord.com/api/webhooks/123456/abcdefghijklmnopqrstuvwxyz", "https://discord.com.evil.io/api/webhooks/123456/abcdefghijklmnopqrstuvwxyz", "https://discord.com/api/users/123456"])
      expect(await h.req("alerts:webhook", { scope: "room", code, url }), url).toMatchObject({ ok: false, code: "alerts/webhook" });
    const set = await h.req<{ webhook: string }>("alerts:webhook", { scope: "room", code, url: hook });
    expect(set.ok && set.webhook).toBeTruthy();
    expect(set.ok && set.webhook).not.toContain(`room-${code}`);
    const path = `/api/webhooks/123456/room-${code}`;
    await rx.waitFor(() => posts(path).length === 1);

    await h.req("host:command", { code, command: { type: "start" } });
    await h.req("host:command", { code, command: { type: "announce", text: "@everyone welcome" } });
    await a.req("game:act", { code, action: { type: "pick", value: 7 } });
    await b.req("game:act", { code, action: { type: "pick", value: 2 } });
    await rx.waitFor(() => posts(path).length === 4);
    const [, phase, announce, end] = posts(path);
    expect(phase).toBe(`**Fixture** · room ${code}: Round 1 · Pick began.`);
    expect(announce).toBe(`**Fixture** · room ${code}: Announcement: @everyone welcome`);
    expect(end).toBe(`**Fixture** · room ${code}: game over. done`);
    // mentions are switched off: an announcement pings nobody
    const body = JSON.parse(rx.received.filter((r) => r.path === path)[2]!.body.toString()) as { allowed_mentions: unknown };
    expect(body.allowed_mentions).toEqual({ parse: [] });
    // what a post says is among what a spectator is sent
    const spec = await t.client();
    const seen = await spec.req<{ payload: RoomPayload }>("room:watch", { code });
    expect(seen.ok && seen.payload.notices.map((n) => n.text)).toContain("Announcement: @everyone welcome");
    expect(await h.req("alerts:webhook", { scope: "room", code })).toEqual({ ok: true, webhook: set.ok ? set.webhook : null });
    expect(await h.req("alerts:webhook", { scope: "room", code, url: null })).toEqual({ ok: true, webhook: null });
  });

  it("a season's channel gets the posts of every room the season makes; only the season's host sets it", async () => {
    const h = await t.client(host);
    const created = await h.req<{ code: string }>("season:create", { name: "Hooked", settings: {} });
    if (!created.ok) throw new Error(created.message);
    const season = created.code;
    const hook = `${rx.url}/api/webhooks/654321/season-${season}`;
    const a = await t.client(alice);
    expect(await a.req("alerts:webhook", { scope: "season", code: season, url: hook })).toMatchObject({ ok: false, code: "season/host_only" });
    expect(await h.req("alerts:webhook", { scope: "season", code: season, url: hook })).toMatchObject({ ok: true });
    for (let i = 0; i < 5; i++) expect(await h.req("season:host", { code: season, command: { type: "addBot" } })).toMatchObject({ ok: true });
    const main = await h.req<{ room: string }>("season:host", { code: season, command: { type: "main", gameId: "truth-deflector", config: {} } });
    if (!main.ok) throw new Error(main.message);
    await h.req("room:watch", { code: main.room });
    expect(await h.req("host:command", { code: main.room, command: { type: "start" } })).toMatchObject({ ok: true });
    const path = `/api/webhooks/654321/season-${season}`;
    await rx.waitFor(() => posts(path).some((x) => x.startsWith(`**Truth Deflector** · room ${main.room}: `) && x.endsWith(" began.")));
  });

  it("a host cannot spam: announcements past the room's limit go unannounced, the room goes on", async () => {
    const { h, a, code } = await room({ rounds: 1, pickSeconds: 600 });
    const ka = await subscribe(a, `/push/spam-${code}`);
    await h.req("host:command", { code, command: { type: "start" } });
    for (let i = 0; i < 10; i++) expect(await h.req("host:command", { code, command: { type: "announce", text: `news ${i}` } })).toMatchObject({ ok: true });
    await t.server.alerts.outbox.idle();
    const got = pushesAt(`/push/spam-${code}`, ka).filter((m) => m.kind === "announce");
    expect(got).toHaveLength(6);
    expect(t.server.alerts.figures.limited).toBeGreaterThanOrEqual(4);
  });
});

describe("what an attacker, a careless host and a bystander try", () => {
  it("an outsider or a spectator who opts in to a room gets no push from it; a user keeps at most 10 browsers", async () => {
    const { h, code } = await room({ rounds: 1, pickSeconds: 600 });
    const eve = await t.client({ id: "guest:al-eve", name: "Eve" });
    await eve.req("room:watch", { code });
    const ke = await subscribe(eve, "/push/eve");
    // a setting is a seated player's: Eve's is refused, and Eve is pushed nothing all the same
    expect(await eve.req("alerts:setting", { code, mode: "all" })).toMatchObject({ ok: false, code: "seat/none" });
    expect(await eve.req("alerts:setting", { code })).toMatchObject({ ok: true, mode: "all" });
    await h.req("host:command", { code, command: { type: "start" } });
    await h.req("host:command", { code, command: { type: "announce", text: "seated players only" } });
    await t.server.alerts.outbox.idle();
    expect(pushesAt("/push/eve", ke)).toEqual([]);
    for (let i = 0; i < 12; i++) await subscribe(eve, `/push/eve-${i}`);
    const left = await t.server.db.pushSubscription.findMany({ where: { userId: "guest:al-eve" }, select: { endpoint: true } });
    expect(left).toHaveLength(10);
    expect(left.map((x) => x.endpoint)).toContain(rx.url + "/push/eve-11");
  });

  it("what a player turned off never uses up their pushes: a host's announcements in muted rooms do not crowd out their move", async () => {
    const [pat, fil] = [{ id: "guest:al-pat", name: "Pat" }, { id: "guest:al-fil", name: "Fil" }];
    let kp: BrowserKeys | null = null;
    for (let i = 0; i < 4; i++) {
      const { h, a, code } = await room({ rounds: 1, pickSeconds: 600 }, [pat, fil]);
      kp ??= await subscribe(a, "/push/pat");
      expect(await a.req("alerts:setting", { code, mode: "off" })).toMatchObject({ ok: true, mode: "off" });
      await h.req("host:command", { code, command: { type: "start" } });
      for (let n = 0; n < 6; n++) await h.req("host:command", { code, command: { type: "announce", text: `muted ${n}` } });
    }
    await t.server.alerts.outbox.idle();
    // 28 alerts were owed to Pat in rooms Pat turned off, more than the 20 a minute Pat may be pushed
    const { h } = await room({ rounds: 1, pickSeconds: 600 }, [pat, fil]);
    await h.req("host:command", { code: h.last()!.code, command: { type: "start" } });
    await t.server.alerts.outbox.idle();
    expect(pushesAt("/push/pat", kp!).map((m) => m.kind)).toEqual(["phase"]);
  });

  it("a player the host removed hears nothing more from the room", async () => {
    const { h, b, code } = await room({ rounds: 1, pickSeconds: 600 }, [{ id: "guest:al-c", name: "Cleo" }, { id: "guest:al-d", name: "Dara" }]);
    const kb = await subscribe(b, `/push/removed-${code}`);
    await h.req("host:command", { code, command: { type: "start" } });
    await rx.waitFor(() => pushesAt(`/push/removed-${code}`, kb).length === 1);
    expect(await h.req("host:command", { code, command: { type: "kick", seat: "s2", ban: true } })).toMatchObject({ ok: true });
    await h.req("host:command", { code, command: { type: "announce", text: "after the removal" } });
    await h.req("host:command", { code, command: { type: "end", reason: "over" } });
    await t.server.alerts.outbox.idle();
    expect(pushesAt(`/push/removed-${code}`, kb).map((m) => m.kind)).toEqual(["phase"]);
  });

  it("one browser used by two accounts in turn gets the pushes of the one who subscribed it last, never the other's", async () => {
    const [ann, ben] = [{ id: "guest:al-ann", name: "Ann" }, { id: "guest:al-ben", name: "Ben" }];
    const { h, a, b, code } = await room({ rounds: 1, pickSeconds: 600 }, [ann, ben]);
    const shared = browserKeys();
    expect(await a.req("alerts:subscribe", { subscription: subscriptionOf(rx.url + "/push/shared", shared) })).toEqual({ ok: true });
    // Ben signs in on the same browser: its page tells the server the browser's subscription again
    expect(await b.req("alerts:subscribe", { subscription: subscriptionOf(rx.url + "/push/shared", shared) })).toEqual({ ok: true });
    expect(await t.server.db.pushSubscription.findMany({ where: { endpoint: rx.url + "/push/shared" }, select: { userId: true } })).toEqual([{ userId: ben.id }]);
    // Ann cannot take it off Ben's account by unsubscribing it
    expect(await a.req("alerts:unsubscribe", { endpoint: rx.url + "/push/shared" })).toEqual({ ok: true });
    expect(await t.server.db.pushSubscription.count({ where: { endpoint: rx.url + "/push/shared", userId: ben.id } })).toBe(1);
    await h.req("host:command", { code, command: { type: "start" } });
    await h.req("host:command", { code, command: { type: "nudge", seat: "s1" } });
    await t.server.alerts.outbox.idle();
    // one phase push (Ben's); Ann's nudge is not pushed to this browser
    expect(pushesAt("/push/shared", shared).map((m) => m.kind)).toEqual(["phase"]);
  });

  it("a webhook Discord says is gone (404, 401) is dropped; a user sets at most 10 webhooks in 10 minutes", async () => {
    const owner = { id: "guest:al-hooks", name: "Hook Owner" };
    const o = await t.client(owner);
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await o.req<{ code: string }>("room:create", { gameId: "fixture", seats: 2, config: {} });
      if (!r.ok) throw new Error(r.message);
      codes.push(r.code);
    }
    rx.status.set("/api/webhooks/777/gone", 404);
    rx.status.set("/api/webhooks/778/bad-token", 401);
    expect(await o.req("alerts:webhook", { scope: "room", code: codes[0], url: `${rx.url}/api/webhooks/777/gone` })).toMatchObject({ ok: true });
    expect(await o.req("alerts:webhook", { scope: "room", code: codes[1], url: `${rx.url}/api/webhooks/778/bad-token` })).toMatchObject({ ok: true });
    await rx.waitFor((r) => r.some((x) => x.path === "/api/webhooks/777/gone") && r.some((x) => x.path === "/api/webhooks/778/bad-token"));
    await t.server.alerts.outbox.idle();
    expect(await o.req("alerts:webhook", { scope: "room", code: codes[0] })).toEqual({ ok: true, webhook: null });
    expect(await o.req("alerts:webhook", { scope: "room", code: codes[1] })).toEqual({ ok: true, webhook: null });
    expect(await t.server.db.alertWebhook.count({ where: { setBy: owner.id } })).toBe(0);
    // each set posts a first line at once: past the user's budget a set is refused, and nothing is posted
    for (let i = 2; i < 10; i++) expect(await o.req("alerts:webhook", { scope: "room", code: codes[i], url: `${rx.url}/api/webhooks/${800 + i}/ok` })).toMatchObject({ ok: true });
    const before = rx.received.length;
    expect(await o.req("alerts:webhook", { scope: "room", code: codes[10], url: `${rx.url}/api/webhooks/810/ok` })).toMatchObject({ ok: false, code: "rate/limited" });
    await t.server.alerts.outbox.idle();
    expect(rx.received.slice(before).some((x) => x.path === "/api/webhooks/810/ok")).toBe(false);
    // clearing is not limited
    expect(await o.req("alerts:webhook", { scope: "room", code: codes[2], url: null })).toEqual({ ok: true, webhook: null });
  });
});

describe("a receiver that hangs", () => {
  it("costs the room nothing: commands are answered and broadcast while every push waits, and the pushes time out", async () => {
    const { h, a, b, code } = await room({ rounds: 3, pickSeconds: 600 });
    rx.hold.add("/push/slow-a");
    rx.hold.add("/push/slow-b");
    await subscribe(a, "/push/slow-a");
    await subscribe(b, "/push/slow-b");
    const timedOut = t.server.alerts.outbox.figures.timedOut;
    await h.req("host:command", { code, command: { type: "start" } });
    await rx.waitFor((r) => r.filter((x) => x.path.startsWith("/push/slow")).length >= 2);
    // the receiver holds both pushes of round 1; the room plays two more rounds meanwhile
    for (let round = 1; round <= 2; round++) {
      expect(await a.req("game:act", { code, action: { type: "pick", value: 1 } })).toMatchObject({ ok: true });
      expect(await b.req("game:act", { code, action: { type: "pick", value: 2 } })).toMatchObject({ ok: true });
      await h.waitFor((p) => p.phase?.round === round + 1);
    }
    expect(rx.held).toBeGreaterThanOrEqual(2);
    expect(rx.answered).toBeLessThan(rx.received.length);
    // the outbox gives them up after its timeout
    await t.server.alerts.outbox.idle();
    expect(t.server.alerts.outbox.figures.timedOut - timedOut).toBeGreaterThanOrEqual(2);
    rx.hold.clear();
    rx.release();
  });
});
