import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { addressKey, clientAddress, requestOrigin, requestTarget, settleForwardedHeaders } from "./address";
import { originAllowed } from "./sockets";

function req(headers: Record<string, string>, peer = "10.0.0.5", encrypted = false): IncomingMessage {
  return { headers: { ...headers }, socket: { remoteAddress: peer, encrypted } } as unknown as IncomingMessage;
}

describe("client address", () => {
  it("keys IPv4 as is (also IPv4-mapped) and IPv6 by its /64", () => {
    expect(addressKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:db8:0:1:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:db8:0:1::7")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });

  it("ignores X-Forwarded-For unless proxies are trusted, then takes the entry that many hops from the right", () => {
    const spoofed = { "x-forwarded-for": "1.1.1.1, 2.2.2.2" };
    expect(clientAddress(req(spoofed), 0)).toBe("10.0.0.5");
    expect(clientAddress(req(spoofed), 1)).toBe("2.2.2.2");
    expect(clientAddress(req(spoofed), 2)).toBe("1.1.1.1");
    expect(clientAddress(req(spoofed), 9)).toBe("1.1.1.1");
    expect(clientAddress(req({}), 1)).toBe("10.0.0.5");
  });
});

describe("request target", () => {
  it("takes the Host header and the connection's protocol, or a trusted proxy's", () => {
    const h = { host: "127.0.0.1:3000", "x-forwarded-host": "garnet.example", "x-forwarded-proto": "https" };
    expect(requestTarget(req(h), 0)).toEqual({ proto: "http", host: "127.0.0.1:3000" });
    expect(requestTarget(req(h), 1)).toEqual({ proto: "https", host: "garnet.example" });
    expect(requestTarget(req({ host: "a.example" }, "10.0.0.5", true), 0)).toEqual({ proto: "https", host: "a.example" });
    expect(requestOrigin(req(h), 1)).toBe("https://garnet.example");
  });

  it("refuses malformed hosts", () => {
    for (const host of ["", "evil.example/path", "a b", "x@y", "host:99999999"]) expect(requestTarget(req({ host }), 0).host).toBeNull();
    expect(requestTarget(req({ host: "[::1]:3000" }), 0).host).toBe("[::1]:3000");
  });

  it("leaves Next only the forwarded headers it decided on", () => {
    const untrusted = req({ host: "127.0.0.1:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", "x-forwarded-for": "9.9.9.9", "x-forwarded-port": "443", forwarded: "for=9.9.9.9" });
    settleForwardedHeaders(untrusted, 0);
    expect(untrusted.headers).toEqual({ host: "127.0.0.1:3000" });
    const trusted = req({ host: "upstream:3000", "x-forwarded-host": "garnet.example, other", "x-forwarded-proto": "https", "x-forwarded-for": "9.9.9.9, 203.0.113.7" });
    settleForwardedHeaders(trusted, 1);
    expect(trusted.headers).toEqual({ host: "upstream:3000", "x-forwarded-host": "garnet.example", "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7" });
    expect(clientAddress(trusted, 1)).toBe("203.0.113.7");
  });
});

describe("socket origins", () => {
  const cfg = { trustProxy: 0, allowedOrigins: ["https://garnet.example"] };
  it("lets in the app's own origin and the configured ones, and no other", () => {
    expect(originAllowed(req({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }), cfg)).toBe(true);
    expect(originAllowed(req({ host: "127.0.0.1:3000", origin: "https://garnet.example" }), cfg)).toBe(true);
    // another port of the same host is another origin
    expect(originAllowed(req({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:8080" }), cfg)).toBe(false);
    expect(originAllowed(req({ host: "127.0.0.1:3000", origin: "http://localhost:3000" }), cfg)).toBe(false);
    expect(originAllowed(req({ host: "127.0.0.1:3000", origin: "null" }), cfg)).toBe(false);
  });

  it("lets in requests without Origin unless the browser says they are cross-site", () => {
    expect(originAllowed(req({ host: "127.0.0.1:3000" }), cfg)).toBe(true);
    expect(originAllowed(req({ host: "127.0.0.1:3000", "sec-fetch-site": "same-origin" }), cfg)).toBe(true);
    expect(originAllowed(req({ host: "127.0.0.1:3000", "sec-fetch-site": "same-site" }), cfg)).toBe(false);
    expect(originAllowed(req({ host: "127.0.0.1:3000", "sec-fetch-site": "cross-site" }), cfg)).toBe(false);
  });

  it("behind a trusted proxy, compares with the forwarded host", () => {
    const h = { host: "127.0.0.1:3000", "x-forwarded-host": "play.example", "x-forwarded-proto": "https", origin: "https://play.example" };
    expect(originAllowed(req(h), { trustProxy: 1, allowedOrigins: [] })).toBe(true);
    expect(originAllowed(req(h), { trustProxy: 0, allowedOrigins: [] })).toBe(false);
  });
});
