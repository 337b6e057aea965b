import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { DeadlineWarnings } from "./deadlines";
import { Outbox } from "./outbox";
import { HOSTILE_URLS } from "../../lib/games/core/hostile";
import { checkWebhookUrl } from "../../lib/alerts/webhook";
import { endpointAllowed } from "./sockets";

describe("Outbox", () => {
  it("never waits for a job, holds at most `max` (the oldest waiting go first), and cuts a hanging request off at its timeout", async () => {
    const held: (() => void)[] = [];
    const server = createServer((_req, res) => held.push(() => res.end()));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const box = new Outbox({ max: 3, concurrency: 1, timeoutMs: 300, allowLoopback: true });
    const statuses: (number | string)[] = [];
    const ran: number[] = [];
    const accepted = Array.from({ length: 6 }, (_, i) => box.add((post) => (ran.push(i), post(url, { body: "x" })).then((s) => void statuses.push(s), (e: Error) => void statuses.push(e.name))));
    // all six were taken at once: the first runs, three wait, and the two oldest waiting made room for the last two
    expect(accepted).toEqual([true, true, true, true, true, true]);
    expect(box.figures.dropped).toBe(2);
    expect(statuses).toEqual([]);
    await box.idle();
    expect(ran).toEqual([0, 3, 4, 5]);
    expect(statuses).toEqual(["TimeoutError", "TimeoutError", "TimeoutError", "TimeoutError"]);
    expect(box.figures.timedOut).toBe(4);
    for (const f of held) f();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
});

describe("DeadlineWarnings", () => {
  it("keeps one entry per room and fires a minute before its deadline; a new phase or a pause replaces or clears it", async () => {
    let now = 1_000_000;
    const fired: string[] = [];
    const w = new DeadlineWarnings((code, phase) => fired.push(`${code} ${phase}`), () => now);
    w.set("AAAAAA", "1:pick", now + 60_000 + 30);
    w.set("BBBBBB", "1:pick", now + 60_000 + 10);
    w.set("BBBBBB", "2:pick", now + 60_000 + 20);
    w.set("CCCCCC", "1:pick", now + 30_000); // under a minute left: no warning
    w.set("DDDDDD", "1:pick", now + 60_000 + 5);
    w.set("DDDDDD", null, null); // paused
    expect(w.size).toBe(2);
    now += 40;
    await new Promise((r) => setTimeout(r, 80));
    expect(fired.sort()).toEqual(["AAAAAA 1:pick", "BBBBBB 2:pick"]);
    expect(w.size).toBe(0);
    w.close();
  });
});

describe("endpointAllowed", () => {
  it("takes https endpoints of the known push services only (or, when told, on any named public host)", () => {
    for (const ok of ["https://fcm.googleapis.com/fcm/send/abc", "https://updates.push.services.mozilla.com/wpush/v2/abc", "https://web.push.apple.com/QAbc", "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA"]) expect(endpointAllowed(ok, false), ok).toBe(true);
    for (const other of ["https://push.example.com/x", "https://fcm.googleapis.com.evil.example/x", "https://evilfcm.googleapis.com.example/x", "https://notify.windows.com.example/x"]) expect(endpointAllowed(other, false), other).toBe(false);
    expect(endpointAllowed("https://push.example.com/x", false, null)).toBe(true);
    expect(endpointAllowed("https://push.example.com/x", false, ["push.example.com"])).toBe(true);
    for (const bad of ["http://fcm.googleapis.com/x", "https://127.0.0.1/x", "https://[::1]/x", "https://localhost/x", "https://intranet/x", "https://printer.local/x", "https://a.example.com:444/x", "https://u:p@a.example.com/x", "nonsense", "https://localhost./x", "https://push.localhost./x", "https://metadata.google.internal./x", "https://printer.local./x", "https://fcm.googleapis.com/fcm/send/a\tb", "https://fcm.googleapis.com/fcm/send/a\nb", "https://2130706433/x", "https://0x7f.1/x", "https://[::ffff:127.0.0.1]/x", "https://discord.com@127.0.0.1/x"])
      // (refused by the name rules themselves, even where any public host is allowed)
      for (const hosts of [undefined, null]) expect(endpointAllowed(bad, false, hosts), bad).toBe(false);
    expect(endpointAllowed("http://127.0.0.1:4000/push", false)).toBe(false);
    expect(endpointAllowed("http://127.0.0.1:4000/push", true)).toBe(true);
  });
});

describe("URLs the server must never call", () => {
  it("are refused as push endpoints and as webhooks, even where tests let loopback receivers in", () => {
    for (const url of HOSTILE_URLS)
      for (const allowLoopback of [false, true]) {
        expect(endpointAllowed(url, allowLoopback, null), url).toBe(false);
        expect(checkWebhookUrl(url, allowLoopback).ok, url).toBe(false);
      }
  });
});
