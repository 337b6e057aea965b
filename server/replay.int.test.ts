import { describe, expect, it } from "vitest";
import type { ReplayLog, RoomPayload } from "../lib/protocol";
import { replaySteps } from "../lib/replay";
import { fixtureGame } from "./test/fixture-game";
import { sessionCookie, useTestServer, type Client } from "./test/harness";

const host = { id: "guest:rp-host", name: "Host Hana" };
const alice = { id: "guest:rp-a", name: "Alice" };
const bob = { id: "guest:rp-b", name: "Bob" };

const t = useTestServer([fixtureGame]);
const c = (user?: { id: string; name: string }) => t.client(user);

async function getLog(code: string, user?: { id: string; name: string }): Promise<{ status: number; body: ReplayLog & { code?: string } }> {
  const res = await fetch(`${t.server.url}/api/rooms/${code}/log.json`, { headers: user ? { cookie: await sessionCookie(user) } : {} });
  return { status: res.status, body: await res.json() };
}

describe("log export and replay", () => {
  it("replaying the exported log reproduces every view each viewer received, exactly", async () => {
    const { h, seated, code } = await t.seatedRoom(host, [alice, bob], { gameId: "fixture", config: { rounds: 3 } });
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

    // during the game only the host may export
    expect((await getLog(code)).status).toBe(403);
    expect((await getLog(code, alice)).status).toBe(403);
    expect((await getLog(code, host)).status).toBe(200);

    await h.req("host:command", { code, command: { type: "advance" } });
    await b.req("game:act", { code, action: { type: "pick", value: 2 } });
    await a.req("game:act", { code, action: { type: "pick", value: 2 } });
    await a.waitFor((p: RoomPayload) => p.status === "finished");
    await new Promise((r) => setTimeout(r, 100));

    const { status, body: log } = await getLog(code);
    expect(status).toBe(200);
    expect(log.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(log.messages.map((m) => m.body)).toEqual(["good luck"]); // the public gets table talk only
    const hostLog = (await getLog(code, host)).body;
    expect(hostLog.messages.map((m) => m.body)).toEqual(["good luck", "secret plan"]);

    const steps = replaySteps(fixtureGame, log);
    expect(steps).toHaveLength(log.events.length);
    const byVersion = new Map(steps.map((s) => [s.seq, s]));
    let compared = 0;
    for (const [cl, viewer] of [[a, "s1"], [b, "s2"], [h, "host"], [spec, "spectator"]] as const) {
      for (const p of cl.states) {
        if (p.status === "lobby" || p.view === null) continue;
        const step = byVersion.get(p.version)!;
        const expected = fixtureGame.view(step.state as never, viewer);
        expect(p.view).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);
    const room = (await t.server.rooms.get(code))!;
    expect(steps[steps.length - 1]!.state).toEqual(room.state);
  });

  it("refuses bad codes and unknown rooms with typed errors", async () => {
    const bad = await fetch(`${t.server.url}/api/rooms/ab/log.json`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("room/code");
    const none = await fetch(`${t.server.url}/api/rooms/ZZZZZZ/log.json`);
    expect(none.status).toBe(404);
    const post = await fetch(`${t.server.url}/api/health`, { method: "POST" });
    expect(post.status).toBe(405);
  });
});
