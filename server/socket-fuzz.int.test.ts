// Socket fuzzing in small: a few thousand malformed, oversized, wrong-typed and
// out-of-order messages against a real server. The 100,000-message run is
// `npm run fuzz`.
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { catalogue, games } from "../lib/games/registry";
import { DEFAULT_ALERTS } from "./alerts/config";
import type { GarnetServer } from "./app-server";
import { fuzzSockets } from "./proof/socket-fuzz";
import { createTestDb, startTestServer } from "./test/harness";

let db: { url: string; drop(): Promise<void> };
let server: GarnetServer;

beforeAll(async () => {
  db = await createTestDb(inject("pgBase"));
  // with push keys, so that hostile push endpoints reach the endpoint check (no push is ever sent: every one must be refused)
  server = await startTestServer(db.url, games, { alerts: { ...DEFAULT_ALERTS, vapid: { ...webpush.generateVAPIDKeys(), subject: "mailto:fuzz@example.invalid" } } });
});

afterAll(async () => {
  await server?.close();
  await db?.drop();
});

describe("socket fuzzing", () => {
  it("answers every refused message with a typed error and changes no room", async () => {
    // rooms of season-only games are created by a season, never by room:create
    const r = await fuzzSockets({ server, games: catalogue, messages: 2500, clients: 40, seed: "socket-fuzz-test" });
    expect(r.sent).toBe(2500);
    expect(r.acceptedExamples).toEqual([]);
    expect(r.accepted).toBe(0);
    expect(r.malformedAnswers).toBe(0);
    expect(r.unanswered).toBe(0);
    expect(r.serverErrors).toBe(0);
    expect(r.roomsChanged).toEqual([]);
    expect(r.serving).toBe(true);
    // other rooms played on meanwhile, and nothing in memory differs from the log
    expect(r.bystanders).toBeGreaterThanOrEqual(5);
    expect(r.bystandersStuck).toEqual([]);
    expect(r.memoryVsLog).toEqual([]);
    expect(r.failedBatches).toBe(0);
    expect(r.typedErrors + r.droppedPackets + r.withoutAck).toBe(r.sent);
    // the hostile classes were refused as such, events the server has no handler for among them
    for (const code of ["input/control_char", "input/too_deep"]) expect(r.codes[code] ?? 0).toBeGreaterThan(0);
    expect(r.codes["input/unknown_event"] ?? 0).toBeGreaterThan(0);
    // the rules of the games themselves were reached, not only the edges
    expect(Object.keys(r.codes).some((c) => c.startsWith("action/") && c !== "action/invalid")).toBe(true);
    // and the season's messages were refused by the season, not only by their schema
    expect(Object.keys(r.codes)).toContain("season/not_found");
    // the alerts' own checks refused endpoints and webhooks that point inside, and webhooks of rooms the sender does not host
    for (const code of ["alerts/endpoint", "alerts/webhook", "host/only", "seat/none"]) expect(r.codes[code] ?? 0, code).toBeGreaterThan(0);
    expect(await server.db.pushSubscription.count()).toBe(0);
    expect(await server.db.alertWebhook.count()).toBe(0);
    expect(await server.db.alertSetting.count()).toBe(0);
  });
});
