import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_SOCKETS_PER_ADDRESS, DEFAULT_SOCKET_BUFFER_BYTES } from "./edge/config";
import { DEFAULT_LIMITS, KeyedBuckets, LIMIT_NAMES, Limits, limitEnvName, limitsFromEnv, parseRate, withoutAddressLimits, type LimitTable } from "./limits";

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const off = Object.fromEntries(LIMIT_NAMES.map((n) => [n, { per: null, global: null }])) as LimitTable;

describe("KeyedBuckets", () => {
  it("gives `count` at once, then refills at count per period", () => {
    const c = clock();
    const b = new KeyedBuckets({ count: 3, perSeconds: 3 }, 100, c.now);
    for (let i = 0; i < 3; i++) {
      expect(b.wait("a")).toBe(0);
      b.spend("a");
    }
    expect(b.wait("a")).toBe(1000);
    c.advance(999);
    expect(b.wait("a")).toBe(1);
    c.advance(1);
    expect(b.wait("a")).toBe(0);
    // another key has its own bucket
    expect(b.wait("b")).toBe(0);
  });

  it("holds at most maxKeys keys, forgetting the least recently used", () => {
    const c = clock();
    const b = new KeyedBuckets({ count: 1, perSeconds: 60 }, 1000, c.now);
    for (let i = 0; i < 50_000; i++) b.spend(`10.0.${i >> 8}.${i & 255}`);
    expect(b.size).toBe(1000);
    // the most recent keys are still limited, the oldest are forgotten (a full bucket again)
    expect(b.wait(`10.0.${49_999 >> 8}.${49_999 & 255}`)).toBeGreaterThan(0);
    expect(b.wait("10.0.0.0")).toBe(0);
  });
});

describe("Limits", () => {
  it("refuses with a typed refusal and a retry-after, and takes nothing when refused", () => {
    const c = clock();
    const l = new Limits({ ...off, signin: { per: { count: 2, perSeconds: 60 }, global: null } }, { now: c.now });
    expect(l.take("signin", "1.2.3.4")).toEqual({ ok: true });
    expect(l.take("signin", "1.2.3.4")).toEqual({ ok: true });
    const r = l.take("signin", "1.2.3.4");
    expect(r).toMatchObject({ ok: false, code: "rate/limited", scope: "key", retryAfterMs: 30_000 });
    expect(!r.ok && r.message).toBe("Too many sign-ins from your address; try again in 30 s.");
    expect(l.take("signin", "5.6.7.8").ok).toBe(true);
    expect(l.refused.signin).toBe(1);
  });

  it("a global bucket bounds everyone together, whatever the number of addresses", () => {
    const c = clock();
    const l = new Limits({ ...off, room_create: { per: { count: 5, perSeconds: 60 }, global: { count: 10, perSeconds: 60 } } }, { now: c.now });
    let ok = 0;
    for (let i = 0; i < 1000; i++) if (l.take("room_create", `10.0.0.${i}`).ok) ok++;
    expect(ok).toBe(10);
    expect(l.check("room_create", "10.9.9.9")).toMatchObject({ ok: false, scope: "global" });
    // a per-key refusal does not spend the global bucket
    c.advance(6_000);
    expect(l.take("room_create", "10.0.0.1").ok).toBe(true);
  });

  it("a global refusal does not spend the key's bucket", () => {
    const c = clock();
    const l = new Limits({ ...off, room_create: { per: { count: 1, perSeconds: 3600 }, global: { count: 1, perSeconds: 1 } } }, { now: c.now });
    expect(l.take("room_create", "a").ok).toBe(true);
    expect(l.take("room_create", "b")).toMatchObject({ ok: false, scope: "global", retryAfterMs: 1000 });
    c.advance(1000);
    // b's one token (an hour to come back) is still there
    expect(l.take("room_create", "b").ok).toBe(true);
    expect(l.take("room_create", "b")).toMatchObject({ ok: false, scope: "key" });
  });

  it("check looks without taking; forget drops a key; an off limit never refuses", () => {
    const l = new Limits({ ...off, unknown_code: { per: { count: 1, perSeconds: 60 }, global: null } });
    expect(l.check("unknown_code", "a").ok).toBe(true);
    expect(l.check("unknown_code", "a").ok).toBe(true);
    l.take("unknown_code", "a");
    expect(l.check("unknown_code", "a").ok).toBe(false);
    l.forget("unknown_code", "a");
    expect(l.check("unknown_code", "a").ok).toBe(true);
    for (let i = 0; i < 100; i++) expect(l.take("log", "a").ok).toBe(true);
  });
});

describe("configuration", () => {
  it("reads COUNT/SECONDS or off from LIMIT_<NAME> and LIMIT_<NAME>_GLOBAL", () => {
    expect(parseRate("X", "20/60")).toEqual({ count: 20, perSeconds: 60 });
    expect(parseRate("X", " 5 / 1.5s ")).toEqual({ count: 5, perSeconds: 1.5 });
    expect(parseRate("X", "off")).toBeNull();
    expect(() => parseRate("LIMIT_SIGNIN", "lots")).toThrow(/LIMIT_SIGNIN must be COUNT\/SECONDS/);
    const t = limitsFromEnv({ LIMIT_SIGNIN: "3/10", LIMIT_CONNECT_GLOBAL: "off" });
    expect(t.signin).toEqual({ per: { count: 3, perSeconds: 10 }, global: DEFAULT_LIMITS.signin.global });
    expect(t.connect.global).toBeNull();
    expect(t.log).toEqual(DEFAULT_LIMITS.log);
  });

  it("a one-address table keeps only the per-socket limits", () => {
    const t = withoutAddressLimits(DEFAULT_LIMITS);
    expect(t.socket_event).toEqual(DEFAULT_LIMITS.socket_event);
    expect(t.signin).toEqual({ per: null, global: null });
  });
});

describe("docs/security.md", () => {
  it("lists every limit with the defaults the code has", () => {
    const rows = readFileSync(new URL("../docs/security.md", import.meta.url), "utf8").split("\n").filter((l) => l.startsWith("|"));
    const row = (variable: string) => rows.find((r) => r.includes(`\`${variable}\``)) ?? `no row for ${variable}`;
    for (const name of LIMIT_NAMES) {
      for (const global of [false, true]) {
        const rate = global ? DEFAULT_LIMITS[name].global : DEFAULT_LIMITS[name].per;
        if (rate) expect(row(limitEnvName(name, global))).toContain(`| ${rate.count} per ${rate.perSeconds} s |`);
      }
    }
    expect(row("MAX_SOCKETS_PER_ADDRESS")).toContain(`| ${DEFAULT_MAX_SOCKETS_PER_ADDRESS} |`);
    expect(row("SOCKET_MAX_BUFFER_BYTES")).toContain(`(${DEFAULT_SOCKET_BUFFER_BYTES})`);
  });
});
