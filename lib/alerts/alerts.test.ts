import { describe, expect, it } from "vitest";
import type { RoomPayload } from "../protocol";
import { modeAllows, postFor, pushFor } from "./messages";
import { checkWebhookUrl, webhookKey } from "./webhook";

const TOKEN = "Abc_def-GHIjklMNOpqrSTUvwxYZ0123456789";

describe("checkWebhookUrl", () => {
  it("takes Discord's webhook URLs and shows them back without the token", () => {
    for (const host of ["discord.com", "discordapp.com", "canary.discord.com", "ptb.discord.com"]) {
      const r = checkWebhookUrl(` https://${host}/api/webhooks/112233445566/${TOKEN} `);
      expect(r).toEqual({ ok: true, url: `https://${host}/api/webhooks/112233445566/${TOKEN}`, shown: `${host}/api/webhooks/112233445566/…` });
    }
    expect(checkWebhookUrl(`https://discord.com/api/v10/webhooks/112233445566/${TOKEN}?thread_id=99887766`).ok).toBe(true);
  });

  it("refuses anything else: other hosts and look-alikes, http, ports, credentials, other paths and queries", () => {
    for (const url of [
      "not a url",
      `http://discord.com/api/webhooks/112233445566/${TOKEN}`,
      `https://discord.com.example.net/api/webhooks/112233445566/${TOKEN}`,
      `https://evil-discord.com/api/webhooks/112233445566/${TOKEN}`,
      `https://discord.com:8443/api/webhooks/112233445566/${TOKEN}`,
      `https://user:pw@discord.com/api/webhooks/112233445566/${TOKEN}`,
      `https://discord.com/api/webhooks/112233445566/${TOKEN}#x`,
      `https://discord.com/api/webhooks/112233445566/${TOKEN}?wait=true`,
      "https://discord.com/api/webhooks/112233445566",
      `https://discord.com/api/users/112233445566/${TOKEN}`,
      `http://127.0.0.1:9000/api/webhooks/1/${TOKEN}`,
    ])
      expect(checkWebhookUrl(url).ok, url).toBe(false);
  });

  it("counts a webhook's posts under its id, whichever host, API version or thread the URL names", () => {
    const variants = ["discord.com/api", "discordapp.com/api", "ptb.discord.com/api/v10", "canary.discord.com/api/v9"].flatMap((p) => [`https://${p}/webhooks/112233445566/${TOKEN}`, `https://${p}/webhooks/112233445566/${TOKEN}?thread_id=99887766`]);
    for (const url of variants) expect(webhookKey(checkWebhookUrl(url).ok ? url : "refused")).toBe("discord:112233445566");
    expect(webhookKey(`https://discord.com/api/webhooks/112233445567/${TOKEN}`)).toBe("discord:112233445567");
    // one thread only
    expect(checkWebhookUrl(`https://discord.com/api/webhooks/112233445566/${TOKEN}?thread_id=99887766&thread_id=11223344`).ok).toBe(false);
  });

  it("admits a loopback receiver only when the server is told to (tests)", () => {
    expect(checkWebhookUrl("http://127.0.0.1:9000/hook", true).ok).toBe(true);
    expect(checkWebhookUrl("http://10.0.0.1:9000/hook", true).ok).toBe(false);
  });
});

const payload = (over: Partial<RoomPayload>): RoomPayload =>
  ({ code: "KRRQV5", gameName: "Secret Sinner", status: "running", you: "s2", phase: { key: "rig", name: "Rigging", round: 3, durationMs: 60_000, waitingOn: ["s2"] }, notices: [], outcome: null, endReason: null, version: 7, ...over }) as RoomPayload;

describe("what an alert says", () => {
  it("a push names the phase, the round and the room, and only when the player owes a move says it is theirs", () => {
    expect(pushFor("phase", payload({}))).toEqual({ kind: "phase", title: "Round 3 · Rigging", body: "Your move in KRRQV5", tag: "KRRQV5:phase", url: "/r/KRRQV5" });
    expect(pushFor("phase", payload({ you: "s1" }))).toBeNull();
    expect(pushFor("deadline", payload({ you: "s1" }))).toBeNull();
    expect(pushFor("deadline", payload({}))?.title).toBe("1 minute left · Round 3 · Rigging");
    expect(pushFor("phase", payload({ phase: { key: "r", name: "Round 2", round: 2, durationMs: null, waitingOn: ["s2"] } }))?.title).toBe("Round 2");
    expect(pushFor("end", payload({}))).toBeNull();
    expect(pushFor("end", payload({ status: "finished" }))?.body).toBe("Secret Sinner in KRRQV5 is over.");
  });

  it("each setting lets through what it says", () => {
    expect(["phase", "deadline", "nudge", "announce", "end"].filter((k) => modeAllows("mine", k as never))).toEqual(["phase", "deadline", "nudge"]);
    expect(["phase", "deadline", "nudge", "announce", "end"].every((k) => modeAllows("all", k as never))).toBe(true);
    expect(["phase", "deadline", "nudge", "announce", "end"].some((k) => modeAllows("off", k as never))).toBe(false);
  });

  it("a Discord post takes the announcement from the public notices of its version, and the result from the public outcome", () => {
    const pub = payload({ you: null, notices: [{ version: 6, at: 0, text: "Announcement: old" }, { version: 7, at: 0, text: "Announcement: break" }] });
    expect(postFor("announce", pub, 7)).toBe("**Secret Sinner** · room KRRQV5: Announcement: break");
    expect(postFor("announce", pub, 8)).toBeNull();
    expect(postFor("phase", pub)).toBe("**Secret Sinner** · room KRRQV5: Round 3 · Rigging began.");
    expect(postFor("end", { ...pub, status: "finished", outcome: { summary: "Realm A wins", winners: [], losers: [], ranking: [], awards: [] } })).toBe("**Secret Sinner** · room KRRQV5: game over. Realm A wins");
  });
});
