import { describe, expect, it } from "vitest";
import type { ChatMessage, RoomPayload } from "../lib/protocol";
import { fixtureGame } from "./test/fixture-game";
import { useTestServer, type Client } from "./test/harness";

const host = { id: "guest:ch-host", name: "Host Hana" };
const alice = { id: "guest:ch-a", name: "Alice" };
const bob = { id: "guest:ch-b", name: "Bob" };
const carl = { id: "guest:ch-c", name: "Carl" };

const t = useTestServer([fixtureGame]);
const c = (user?: { id: string; name: string }) => t.client(user);

const settle = () => new Promise((r) => setTimeout(r, 150));

describe("game-aware chat", () => {
  it("enforces the game's channel rules: refused messages are never stored or delivered; readers get only their channels", async () => {
    const { h, seated, code } = await t.seatedRoom(host, [alice, bob, carl], { gameId: "fixture", config: { rounds: 5 } });
    const [a, b, x] = seated as [Client, Client, Client];
    const spec = await c();
    await spec.req("room:watch", { code });
    await h.req("host:command", { code, command: { type: "start" } });

    // round 1: the direct channel s1–s2 is open; table talk open to all
    expect(await a.req("chat:send", { code, channel: "dm:s1:s2", body: "psst <b>bold</b>" })).toMatchObject({ ok: true });
    expect(await x.req("chat:send", { code, channel: "dm:s1:s2", body: "let me in" })).toMatchObject({ ok: false, code: "chat/not_member" });
    expect(await a.req("chat:send", { code, channel: "public", body: "hello table" })).toMatchObject({ ok: true });
    expect(await a.req("chat:send", { code, channel: "confessional:s1", body: "dear host" })).toMatchObject({ ok: true });
    expect(await a.req("chat:send", { code, channel: "confessional:s2", body: "snooping" })).toMatchObject({ ok: false, code: "chat/not_member" });
    expect(await spec.req("chat:send", { code, channel: "public", body: "spectator here" })).toMatchObject({ ok: false, code: "auth/required" });
    expect(await a.req("chat:send", { code, channel: "public", body: "   " })).toMatchObject({ ok: false, code: "input/empty" });
    expect(await a.req("chat:send", { code, channel: "public", body: "x".repeat(501) })).toMatchObject({ ok: false, code: "input/too_wide" });
    expect(await h.req("chat:send", { code, channel: "confessional:s2", body: "host to bob" })).toMatchObject({ ok: true });
    await settle();

    expect(a.inbox.map((m) => m.body)).toEqual(["psst <b>bold</b>", "hello table", "dear host"]);
    expect(b.inbox.map((m) => m.body)).toEqual(["psst <b>bold</b>", "hello table", "host to bob"]);
    expect(x.inbox.map((m) => m.body)).toEqual(["hello table"]);
    expect(spec.inbox.map((m) => m.body)).toEqual(["hello table"]);
    expect(h.inbox.map((m) => m.body)).toEqual(["psst <b>bold</b>", "hello table", "dear host", "host to bob"]);

    // everyone picks; s1 picks 9 and is muted at the table in round 2; the direct channel closes in round 2
    await a.req("game:act", { code, action: { type: "pick", value: 9 } });
    await b.req("game:act", { code, action: { type: "pick", value: 2 } });
    await x.req("game:act", { code, action: { type: "pick", value: 3 } });
    const r2 = await a.waitFor((p: RoomPayload) => p.phase?.round === 2);
    const table = r2.channels.find((ch) => ch.id === "public")!;
    expect(table).toMatchObject({ canWrite: false, closedReason: "You picked 9, so you are muted this round." });
    expect(r2.channels.find((ch) => ch.id === "dm:s1:s2")).toMatchObject({ canWrite: false, closedReason: "Open in odd rounds only." });
    expect(await a.req("chat:send", { code, channel: "public", body: "can you hear me" })).toMatchObject({ ok: false, code: "chat/closed", message: "You picked 9, so you are muted this round." });
    expect(await b.req("chat:send", { code, channel: "dm:s1:s2", body: "window closed?" })).toMatchObject({ ok: false, code: "chat/closed" });
    await settle();
    const stored = await t.server.db.message.findMany({ where: { room: { code } }, orderBy: { id: "asc" } });
    expect(stored.map((m) => m.body)).toEqual(["psst <b>bold</b>", "hello table", "dear host", "host to bob"]);

    // history is paged per channel and only for readers
    const hist = await b.req<{ messages: ChatMessage[]; more: boolean }>("chat:history", { code, channel: "dm:s1:s2" });
    expect(hist.ok && hist.messages.map((m) => m.body)).toEqual(["psst <b>bold</b>"]);
    expect(await x.req("chat:history", { code, channel: "dm:s1:s2" })).toMatchObject({ ok: false, code: "chat/not_member" });
    expect(await spec.req("chat:history", { code, channel: "confessional:s1" })).toMatchObject({ ok: false, code: "chat/not_member" });
    const hostHist = await h.req<{ messages: ChatMessage[] }>("chat:history", { code, channel: "confessional:s1" });
    expect(hostHist.ok && hostHist.messages.map((m) => m.body)).toEqual(["dear host"]);
  });

  it("rate-limits chat per author and pages long histories", async () => {
    const h = await c(host);
    const created = await h.req<{ code: string }>("room:create", { gameId: "fixture", seats: 2 });
    if (!created.ok) throw new Error(created.message);
    const code = created.code;
    await h.req("room:watch", { code });
    const a = await c(alice);
    await a.req("room:watch", { code });
    await a.req("seat:claim", { code });
    const results = [];
    for (let i = 0; i < 10; i++) results.push(await a.req("chat:send", { code, channel: "public", body: `m${i}` }));
    expect(results.filter((r) => r.ok)).toHaveLength(8);
    expect(results[9]).toMatchObject({ ok: false, code: "rate/limited" });
    const room = (await t.server.rooms.get(code))!;
    for (let i = 0; i < 60; i++) await room.sendChat(host.id, "public", `h${i}`);
    const page1 = await a.req<{ messages: ChatMessage[]; more: boolean }>("chat:history", { code, channel: "public" });
    if (!page1.ok) throw new Error(page1.message);
    expect(page1.messages).toHaveLength(50);
    expect(page1.more).toBe(true);
    expect(page1.messages[49]!.body).toBe("h59");
    const page2 = await a.req<{ messages: ChatMessage[]; more: boolean }>("chat:history", { code, channel: "public", before: page1.messages[0]!.id });
    if (!page2.ok) throw new Error(page2.message);
    expect(page2.more).toBe(false);
    expect(page2.messages.map((m) => m.body).slice(0, 8)).toEqual(["m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7"]);
  });
});
