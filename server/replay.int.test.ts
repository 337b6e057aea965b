import { describe, expect, it } from "vitest";
import { applyPatch } from "../lib/json-patch";
import type { ReplayExport, ReplayInfo, RoomPayload } from "../lib/protocol";
import { fixtureGame } from "./test/fixture-game";
import { sessionCookie, useTestServer, type Client } from "./test/harness";

const host = { id: "guest:rp-host", name: "Host Hana" };
const alice = { id: "guest:rp-a", name: "Alice" };
const bob = { id: "guest:rp-b", name: "Bob" };
const eve = { id: "guest:rp-e", name: "Eve" };

const t = useTestServer([fixtureGame]);
const c = (user?: { id: string; name: string }) => t.client(user);

async function get<T>(path: string, user?: { id: string; name: string }): Promise<{ status: number; body: T & { code?: string } }> {
  const res = await fetch(`${t.server.url}${path}`, { headers: user ? { cookie: await sessionCookie(user) } : {} });
  return { status: res.status, body: await res.json() };
}

/** Every step's payload of a replay, rebuilt as the page rebuilds it. */
function payloads(r: ReplayInfo): RoomPayload[] {
  const out = [r.first!];
  for (const ops of r.patches) out.push(applyPatch(out[out.length - 1]!, ops));
  return out;
}

/** What a replay step and a live payload must agree on (the live clock runs, the replay's stands still). */
const comparable = (p: RoomPayload) => ({ version: p.version, status: p.status, role: p.role, you: p.you, phase: p.phase, view: p.view, outcome: p.outcome, notices: p.notices, channels: p.channels, seats: p.seats.map((s) => ({ ...s, connected: true })) });

async function playedRoom(spectators?: object) {
  const { h, seated, code } = await t.seatedRoom(host, [alice, bob], { gameId: "fixture", config: { rounds: 3 }, ...(spectators ? { spectators } : {}) });
  const [a, b] = seated as [Client, Client];
  const spec = await c();
  await spec.req("room:watch", { code });
  await h.req("host:command", { code, command: { type: "start" } });
  await a.req("chat:send", { code, channel: "public", body: "good luck" });
  await b.req("chat:send", { code, channel: "confessional:s2", body: "secret plan" });
  await a.req("game:act", { code, action: { type: "pick", value: 3 } });
  await h.req("host:command", { code, command: { type: "pause" } });
  await b.req("game:act", { code, action: { type: "pick", value: 8 } });
  await h.req("host:command", { code, command: { type: "resume" } });
  await a.req("game:act", { code, action: { type: "pick", value: 1 } });
  return { h, a, b, spec, code };
}

async function finish(code: string, h: Client, a: Client, b: Client): Promise<void> {
  await h.req("host:command", { code, command: { type: "advance" } });
  await b.req("game:act", { code, action: { type: "pick", value: 2 } });
  await a.req("game:act", { code, action: { type: "pick", value: 2 } });
  await a.waitFor((p) => p.status === "finished");
}

describe("replay and log export", () => {
  it("a replay step equals, for each viewer, the payload that viewer was sent live at that version", async () => {
    const { h, a, b, spec, code } = await playedRoom();
    // during the game only the host replays, as anyone
    expect((await get(`/api/rooms/${code}/replay`)).status).toBe(403);
    expect((await get(`/api/rooms/${code}/replay`, alice)).status).toBe(403);
    expect((await get<ReplayInfo>(`/api/rooms/${code}/replay?as=s1`, host)).status).toBe(200);
    await finish(code, h, a, b);

    let compared = 0;
    for (const [cl, viewer, user] of [[a, "s1", alice], [b, "s2", bob], [h, "host", host], [spec, "spectator", undefined]] as const) {
      const r = await get<ReplayInfo>(`/api/rooms/${code}/replay?as=${viewer}`, user);
      expect(r.status).toBe(200);
      const byVersion = new Map(payloads(r.body).map((p) => [p.version, p]));
      for (const live of cl.states) {
        const step = byVersion.get(live.version);
        // before a seat was taken its socket watched as a spectator
        if (!step || step.role !== live.role) continue;
        expect(comparable(step)).toEqual(comparable(live));
        compared++;
      }
      // lines name people, never seat ids
      expect(r.body.steps.map((s) => s.line).join("\n")).not.toMatch(/\bs[12]\b/);
    }
    expect(compared).toBeGreaterThan(20);
  });

  it("follows the room's reveal setting: without it, no seed, no other seat's moves, no private talk and no all-seeing view", async () => {
    const { h, a, b, code } = await playedRoom();
    await finish(code, h, a, b);
    const pub = await get<ReplayExport>(`/api/rooms/${code}/log.json`);
    expect(pub.status).toBe(200);
    expect(pub.body.seed).toBeUndefined();
    expect(pub.body.events.every((e) => e.payload === undefined)).toBe(true);
    expect(pub.body.events.filter((e) => e.kind === "action").map((e) => e.line)).toContain("Alice made a move");
    expect(pub.body.messages.map((m) => m.body)).toEqual(["good luck"]);
    const mine = await get<ReplayInfo>(`/api/rooms/${code}/replay`, alice);
    expect(mine.body.viewers.map((v) => v.id)).toEqual(["s1", "spectator"]);
    expect((await get(`/api/rooms/${code}/replay?as=host`, alice)).status).toBe(403);
    expect((await get(`/api/rooms/${code}/replay?as=s2`, alice)).status).toBe(403);
    expect((await get(`/api/rooms/${code}/replay?as=s1`, eve)).status).toBe(403);
    const bobs = await get<ReplayInfo>(`/api/rooms/${code}/replay?as=s2`, bob);
    expect(bobs.body.messages.map((m) => m.body)).toEqual(["good luck", "secret plan"]);
    const hostLog = await get<ReplayExport>(`/api/rooms/${code}/log.json`, host);
    expect(hostLog.body.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(hostLog.body.messages.map((m) => m.body)).toEqual(["good luck", "secret plan"]);
  });

  it("with everything revealed at the end, everyone gets the whole log and every view", async () => {
    const { h, a, b, code } = await playedRoom({ mode: "live", lag: 1, revealAtEnd: true });
    await finish(code, h, a, b);
    const pub = await get<ReplayExport>(`/api/rooms/${code}/log.json`);
    expect(pub.body.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(pub.body.events.find((e) => e.kind === "action")?.payload).toEqual({ action: { type: "pick", value: 3 } });
    const r = await get<ReplayInfo>(`/api/rooms/${code}/replay?as=host`);
    expect(r.status).toBe(200);
  });

  it("refuses bad codes, unknown rooms and other methods with typed errors", async () => {
    const bad = await fetch(`${t.server.url}/api/rooms/ab/log.json`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("input/invalid");
    const none = await fetch(`${t.server.url}/api/rooms/ZZZZZZ/replay`);
    expect(none.status).toBe(404);
    const post = await fetch(`${t.server.url}/api/health`, { method: "POST" });
    expect(post.status).toBe(405);
  });
});
