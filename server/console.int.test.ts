import { describe, expect, it } from "vitest";
import type { AuditEntry, ChatMessage, RoomPayload } from "../lib/protocol";
import { fixtureGame } from "./test/fixture-game";
import { useTestServer, type Client } from "./test/harness";

const host = { id: "guest:co-host", name: "Host Hana" };
const alice = { id: "guest:co-a", name: "Alice" };
const bob = { id: "guest:co-b", name: "Bob" };

const t = useTestServer([fixtureGame]);
const c = (user?: { id: string; name: string }) => t.client(user);

async function room(config: object, spectators?: object) {
  const { h, seated, code } = await t.seatedRoom(host, [alice, bob], { gameId: "fixture", config, spectators });
  const [a, b] = seated as [Client, Client];
  return { h, a, b, code };
}

describe("spectator modes", () => {
  it("a delayed spectator's payloads never contain the live phase, nor live table talk", async () => {
    const { h, a, b, code } = await room({ rounds: 6 }, { mode: "delayed", lag: 2, revealAtEnd: true });
    const spec = await c();
    const chats: ChatMessage[] = [];
    spec.socket.on("chat:message", (p: { message: ChatMessage }) => chats.push(p.message));
    await spec.req("room:watch", { code });
    await h.req("host:command", { code, command: { type: "start" } });
    const live = (await t.server.rooms.get(code))!;
    for (let round = 1; round <= 4; round++) {
      await a.req("chat:send", { code, channel: "public", body: `talk in round ${round}` });
      await a.req("game:act", { code, action: { type: "pick", value: round } });
      await b.req("game:act", { code, action: { type: "pick", value: 9 - round } });
    }
    expect(live.phase()?.round).toBe(5);
    // the spectator is two phase starts behind round 5's: at round 3's
    await spec.waitFor((p) => p.phase?.round === 3);
    expect(spec.states.length).toBeGreaterThan(3);
    for (const p of spec.states) {
      if (p.status !== "running") continue;
      // never the live phase: at most the round two phases back
      if (p.phase) expect(p.phase.round).toBeLessThan(live.phase()!.round);
      expect(p.spectators.behindBy).toBe(2);
      expect(p.clock.deadlineAt).toBeNull();
    }
    const lastSpec = spec.states[spec.states.length - 1]!;
    expect(lastSpec.phase?.round).toBe(3);
    expect(JSON.stringify(lastSpec.view)).not.toContain('"s1":4'); // round 4's picks are not in the delayed view
    expect(chats).toHaveLength(0);
    const hist = await spec.req<{ messages: ChatMessage[] }>("chat:history", { code, channel: "public" });
    expect(hist.ok && hist.messages.map((m) => m.body)).toEqual(["talk in round 1", "talk in round 2"]);

    // after the end, the all-seeing view
    await h.req("host:command", { code, command: { type: "end", reason: "done" } });
    const end = await spec.waitFor((p: RoomPayload) => p.status === "aborted");
    expect((end.view as { picks?: unknown }).picks).toBeDefined();
  });

  it("a delay turned on mid-game reaches back at once: the phases before it are taken from the log", async () => {
    const { h, a, b, code } = await room({ rounds: 6 });
    const spec = await c();
    await spec.req("room:watch", { code });
    await h.req("host:command", { code, command: { type: "start" } });
    for (let round = 1; round <= 3; round++) {
      await a.req("game:act", { code, action: { type: "pick", value: round } });
      await b.req("game:act", { code, action: { type: "pick", value: 9 - round } });
    }
    await spec.waitFor((p) => p.phase?.round === 4);
    expect(await h.req("host:command", { code, command: { type: "spectators", mode: "delayed", lag: 2 } })).toMatchObject({ ok: true });
    const delayed = await spec.waitFor((p) => p.spectators.mode === "delayed");
    expect(delayed.spectators.behindBy).toBe(2);
    // two phase starts back from round 4's, with that phase's public view
    expect(delayed.phase?.round).toBe(2);
    expect(delayed.view).not.toBeNull();
    expect(delayed.clock.deadlineAt).toBeNull();
  });

  it("the host switches spectators between live and delayed during the game", async () => {
    const { h, a, code } = await room({ rounds: 4 });
    const spec = await c();
    await spec.req("room:watch", { code });
    await h.req("host:command", { code, command: { type: "start" } });
    expect(await h.req("host:command", { code, command: { type: "spectators", mode: "delayed", lag: 1 } })).toMatchObject({ ok: true });
    const delayed = await spec.waitFor((p) => p.spectators.mode === "delayed");
    expect(delayed.spectators.behindBy).toBe(1);
    expect(await a.req("host:command", { code, command: { type: "spectators", mode: "live" } })).toMatchObject({ ok: false, code: "host/only" });
    await h.req("host:command", { code, command: { type: "spectators", mode: "live" } });
    const liveAgain = await spec.waitFor((p) => p.spectators.mode === "live" && p.phase?.round === 1);
    expect(liveAgain.spectators.behindBy).toBeNull();
  });
});

describe("host console", () => {
  it("edits a phase length for the rest of the game, nudges, announces — and the audit log has every command", async () => {
    const { h, a, b, code } = await room({ rounds: 3, pickSeconds: 600 });
    await h.req("host:command", { code, command: { type: "start" } });
    const r = (await t.server.rooms.get(code))!;
    expect(await h.req("host:command", { code, command: { type: "duration", phase: "nope", seconds: 30 } })).toMatchObject({ ok: false, code: "host/no_phase" });
    expect(await h.req("host:command", { code, command: { type: "duration", phase: "pick", seconds: 4 } })).toMatchObject({ ok: false, code: "input/invalid" });
    expect(await h.req("host:command", { code, command: { type: "duration", phase: "pick", seconds: 30 } })).toMatchObject({ ok: true });
    // the phase under way keeps its deadline; the next one is 30 s long
    expect(r.clock.deadlineAt! - Date.now()).toBeGreaterThan(500_000);

    const nudges: string[] = [];
    b.socket.on("room:nudge", (p: { text: string }) => nudges.push(p.text));
    await a.req("game:act", { code, action: { type: "pick", value: 5 } });
    expect(await h.req("host:command", { code, command: { type: "nudge", seat: "s1" } })).toMatchObject({ ok: false, code: "host/not_waiting" });
    expect(await h.req("host:command", { code, command: { type: "nudge", seat: "s2" } })).toMatchObject({ ok: true });
    await h.req("host:command", { code, command: { type: "announce", text: "Five minutes to the finale" } });
    await b.req("game:act", { code, action: { type: "pick", value: 2 } });
    expect(r.phase()?.round).toBe(2);
    const left = r.clock.deadlineAt! - Date.now();
    expect(left).toBeGreaterThan(28_000);
    expect(left).toBeLessThanOrEqual(30_000);
    await new Promise((res) => setTimeout(res, 100));
    expect(nudges).toEqual(["The host is waiting on you in Pick."]);
    const seen = await a.waitFor((p) => p.notices.some((n) => n.text === "Announcement: Five minutes to the finale"));
    expect(seen.notices.map((n) => n.text)).toEqual(expect.arrayContaining(["The host set Pick to 30 s for the rest of the game", "The host nudged Bob"]));

    expect(await a.req("room:audit", { code })).toMatchObject({ ok: false, code: "host/only" });
    const audit = await h.req<{ entries: AuditEntry[] }>("room:audit", { code });
    if (!audit.ok) throw new Error(audit.message);
    const count = await t.server.db.event.count({ where: { roomId: r.id } });
    expect(audit.entries).toHaveLength(count);
    expect(audit.entries.map((e) => e.seq)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(audit.entries.map((e) => e.line)).toEqual([
      "The host opened the room",
      "Alice took seat 1",
      "Bob took seat 2",
      "The host started the game",
      "The host set Pick to 30 s for the rest of the game",
      "Alice: pick",
      "The host nudged Bob",
      "Announcement: Five minutes to the finale",
      "Bob: pick",
    ]);
  });
});
