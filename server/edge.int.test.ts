// The server's edge as an attacker meets it: sockets from foreign origins, clients
// that never read, floods from one address or many, forged forwarding headers,
// missing security headers. Each limit is set low here so a test can reach it.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { LIMIT_NAMES, type LimitTable } from "./limits";
import { DEFAULT_EDGE, type EdgeConfig } from "./edge";
import type { GarnetServer, GarnetServerOptions } from "./app-server";
import { fixtureGame } from "./test/fixture-game";
import { createTestDb, sessionCookie, startTestServer } from "./test/harness";

const off = Object.fromEntries(LIMIT_NAMES.map((n) => [n, { per: null, global: null }])) as LimitTable;
const edge = (o: Partial<EdgeConfig> = {}): EdgeConfig => ({ ...DEFAULT_EDGE, limits: off, maxSocketsPerAddress: null, ...o });

let db: { url: string; drop(): Promise<void> };
const servers: GarnetServer[] = [];
const sockets: Socket[] = [];
let instance = 0;

beforeAll(async () => {
  db = await createTestDb(inject("pgBase"));
});
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const s of servers) await s.close();
  await db.drop();
});

async function serve(cfg: EdgeConfig, extra: Partial<GarnetServerOptions> = {}): Promise<GarnetServer> {
  const s = await startTestServer(db.url, [fixtureGame], { edge: cfg, instanceId: `edge-${++instance}`, ...extra });
  servers.push(s);
  return s;
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request with exactly these headers (fetch would not let a test set Host or Origin). */
function call(url: string, path: string, o: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method: o.method ?? "GET", headers: o.headers ?? {} }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(o.body);
  });
}

const POLL = "/socket.io/?EIO=4&transport=polling";

/** A Socket.IO connection over WebSocket with these headers: "connected", or the error it failed with. */
async function open(url: string, headers: Record<string, string> = {}): Promise<{ result: string; socket: Socket }> {
  const socket = connect(url, { transports: ["websocket"], extraHeaders: headers, reconnection: false, forceNew: true, timeout: 5000 });
  sockets.push(socket);
  const result = await new Promise<string>((resolve) => {
    socket.once("connect", () => resolve("connected"));
    socket.once("connect_error", (e) => resolve(`refused: ${e.message}`));
  });
  return { result, socket };
}

const user = { id: "guest:edge-victim", name: "Vera" };

describe("cross-site WebSocket hijacking", () => {
  it("refuses handshakes from another origin, also with the user's cookie, and lets the app's own pages in", async () => {
    const s = await serve(edge({ allowedOrigins: ["https://garnet.example"] }));
    const cookie = await sessionCookie(user);
    // a page on another port of the same host: same site, so the browser sends the cookie
    const foreign = await open(s.url, { cookie, origin: "http://127.0.0.1:1" });
    expect(foreign.result).toMatch(/^refused/);
    const polled = await call(s.url, POLL, { headers: { cookie, origin: "http://127.0.0.1:1" } });
    expect(polled.status).toBe(403);
    expect(JSON.parse(polled.body)).toMatchObject({ message: expect.stringMatching(/^origin\/forbidden/) });
    // a browser that marks a request without Origin as cross-site is refused too
    expect((await call(s.url, POLL, { headers: { cookie, "sec-fetch-site": "same-site" } })).status).toBe(403);
    expect(s.edge.stats().refusedOrigin).toBe(3);

    // the app's own origin, a configured one, and non-browser clients (no Origin) connect and are served
    for (const origin of [s.url, "https://garnet.example", undefined]) {
      const own = await open(s.url, { cookie, ...(origin ? { origin } : {}) });
      expect(own.result).toBe("connected");
      const r = await own.socket.timeout(5000).emitWithAck("room:watch", { code: "ZZZZZZ" });
      expect(r).toMatchObject({ ok: false, code: "room/not_found" });
    }
  });
});

describe("slow readers", () => {
  it("drops a socket that stops reading once its unsent bytes pass the cap, and keeps the ones that read", async () => {
    const cap = 256 * 1024;
    const s = await serve(edge({ socketBufferBytes: cap }));
    const reader = await open(s.url);
    const slow = await open(s.url);
    let received = 0;
    reader.socket.on("room:nudge", () => received++);
    // the slow client stops reading from its TCP connection (engine.io-client's WebSocket in Node is a `ws` one)
    (slow.socket.io.engine.transport as unknown as { ws: { pause(): void } }).ws.pause();

    const chunk = { code: "ZZZZZZ", text: "x".repeat(16 * 1024) };
    let sent = 0;
    const started = Date.now();
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (s.edge.stats().droppedSlow > 0) {
          clearInterval(timer);
          return resolve();
        }
        if (Date.now() - started > 40_000) {
          clearInterval(timer);
          return reject(new Error(`the slow socket was not dropped after ${sent} messages`));
        }
        s.io.emit("room:nudge", chunk);
        sent++;
      }, 4);
    });
    const stats = s.edge.stats();
    expect(stats.droppedSlow).toBe(1);
    // the cap holds, give or take the one packet that crossed it
    expect(stats.peakUnsent).toBeLessThanOrEqual(cap + chunk.text.length + 64);
    expect(s.io.engine.clientsCount).toBe(1);
    await expect.poll(() => received, { timeout: 10_000 }).toBe(sent);
    expect(reader.socket.connected).toBe(true);
    console.log(`slow reader: dropped after ${sent} broadcasts of 16 KiB (${((sent * 16) / 1024).toFixed(1)} MiB, ${Date.now() - started} ms); most unsent bytes held for one socket ${stats.peakUnsent} (cap ${cap}); the reading socket got all ${received}`);
  });
});

describe("limits per address and for everyone", () => {
  it("caps new connections per address, ignoring a forged X-Forwarded-For when no proxy is trusted", async () => {
    const s = await serve(edge({ limits: { ...off, connect: { per: { count: 3, perSeconds: 60 }, global: null } } }));
    for (let i = 0; i < 3; i++) expect((await open(s.url, { "x-forwarded-for": `198.51.100.${i}` })).result).toBe("connected");
    expect((await open(s.url, { "x-forwarded-for": "198.51.100.99" })).result).toMatch(/^refused/);
    const polled = await call(s.url, POLL);
    expect(polled.status).toBe(403);
    expect(JSON.parse(polled.body).message).toMatch(/^rate\/limited: Too many connections from your address; try again in \d+ s\.$/);
  });

  it("caps sockets open at once per address", async () => {
    const s = await serve(edge({ maxSocketsPerAddress: 2 }));
    const a = await open(s.url);
    expect((await open(s.url)).result).toBe("connected");
    expect((await open(s.url)).result).toMatch(/^refused/);
    a.socket.close();
    await expect.poll(async () => (await open(s.url)).result, { timeout: 5000 }).toBe("connected");
  });

  it("behind a trusted proxy, keys by the forwarded address, and the global limit bounds many addresses", async () => {
    const s = await serve(edge({ trustProxy: 1, limits: { ...off, connect: { per: { count: 1, perSeconds: 60 }, global: { count: 4, perSeconds: 60 } } } }));
    expect((await open(s.url, { "x-forwarded-for": "203.0.113.1" })).result).toBe("connected");
    expect((await open(s.url, { "x-forwarded-for": "203.0.113.1" })).result).toMatch(/^refused/);
    for (let i = 2; i <= 4; i++) expect((await open(s.url, { "x-forwarded-for": `203.0.113.${i}` })).result).toBe("connected");
    const many = await call(s.url, POLL, { headers: { "x-forwarded-for": "203.0.113.50" } });
    expect(JSON.parse(many.body).message).toMatch(/Too many connections on this server/);
  });

  it("limits sign-ins per address, answering each kind of sender in a way it can show", async () => {
    const s = await serve(edge({ limits: { ...off, signin: { per: { count: 2, perSeconds: 60 }, global: null } } }), {
      nextHandler: (_req, res) => void res.end("next"),
    });
    const action = { "next-action": "abc", "content-type": "text/plain" };
    expect((await call(s.url, "/signin?next=%2Fnew", { method: "POST", headers: action })).body).toBe("next");
    expect((await call(s.url, "/api/auth/callback/guest", { method: "POST" })).body).toBe("next");
    const refused = await call(s.url, "/signin?next=%2Fnew", { method: "POST", headers: action });
    expect(refused.status).toBe(429);
    expect(refused.headers["x-action-redirect"]).toBe("/signin?next=%2Fnew&error=rate%2Flimited;push");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const form = await call(s.url, "/signin", { method: "POST" });
    expect([form.status, form.headers.location]).toEqual([303, "/signin?error=rate%2Flimited"]);
    const api = await call(s.url, "/api/auth/callback/guest", { method: "POST" });
    expect([api.status, JSON.parse(api.body).code]).toEqual([429, "rate/limited"]);
    // reading pages and signing out are not sign-ins
    expect((await call(s.url, "/signin")).status).toBe(200);
    expect((await call(s.url, "/api/auth/signout", { method: "POST" })).status).toBe(200);
    expect(s.edge.stats().refused.signin).toBe(3);
  });

  it("limits log exports and guesses at room codes per address", async () => {
    const s = await serve(edge({ limits: { ...off, unknown_code: { per: { count: 3, perSeconds: 60 }, global: null }, log: { per: { count: 6, perSeconds: 60 }, global: null } } }));
    const codes = ["ZZZZZ2", "ZZZZZ3", "ZZZZZ4", "ZZZZZ5"];
    const statuses = [];
    for (const c of codes) statuses.push((await call(s.url, `/api/rooms/${c}/log.json`)).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const other = await serve(edge({ limits: { ...off, log: { per: { count: 2, perSeconds: 60 }, global: null } } }));
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push((await call(other.url, "/api/rooms/ZZZZZ2/log.json")).status);
    expect(seen).toEqual([404, 404, 429]);
  });

  it("limits rooms created, codes guessed and messages sent over sockets, per address, with the same limiter", async () => {
    const s = await serve(
      edge({
        limits: {
          ...off,
          room_create: { per: { count: 2, perSeconds: 600 }, global: null },
          unknown_code: { per: { count: 2, perSeconds: 60 }, global: null },
          chat: { per: { count: 2, perSeconds: 60 }, global: null },
        },
      }),
    );
    const cookie = await sessionCookie({ id: "guest:edge-host", name: "Hana" });
    // two guests from one address together get the address's room budget, not one each
    const other = await sessionCookie({ id: "guest:edge-other", name: "Olga" });
    const [a, b] = [(await open(s.url, { cookie })).socket, (await open(s.url, { cookie: other })).socket];
    const made = [];
    for (const sock of [a, b, a]) made.push(await sock.timeout(5000).emitWithAck("room:create", { gameId: "fixture", seats: 2 }));
    expect(made.map((r) => (r.ok ? "ok" : r.code))).toEqual(["ok", "ok", "rate/limited"]);
    expect(made[2]).toMatchObject({ retryAfterMs: expect.any(Number) });
    // guessing codes: misses are counted; once the budget is spent no code is looked up, while a live room still answers
    const guesses = [];
    for (const code of ["ZZZZZ2", "ZZZZZ3", "ZZZZZ4"]) guesses.push((await a.timeout(5000).emitWithAck("room:watch", { code })).code);
    expect(guesses).toEqual(["room/not_found", "room/not_found", "rate/limited"]);
    expect(await a.timeout(5000).emitWithAck("room:watch", { code: made[0].code })).toMatchObject({ ok: true });
  });
});

describe("headers and proxies", () => {
  it("sets the security headers on the API and on the edge's own answers", async () => {
    const s = await serve(edge());
    for (const [path, method, status] of [["/api/health", "GET", 200], ["/api/nope", "GET", 404], ["/", "POST", 405]] as const) {
      const r = await call(s.url, path, { method });
      expect(r.status).toBe(status);
      expect(r.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
      expect(r.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      expect(r.headers).toMatchObject({ "x-frame-options": "DENY", "x-content-type-options": "nosniff", "referrer-policy": "same-origin" });
    }
    expect((await call(s.url, "/api/health", { headers: { host: "evil.example/x" } })).status).toBe(400);
  });

  it("hands Next the nonce and only the forwarded headers the server trusts", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const capture = (req: { headers: IncomingHttpHeaders }, res: { end(b: string): void }) => {
      seen.push({ ...req.headers });
      res.end("ok");
    };
    const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", "x-forwarded-for": "9.9.9.9", "x-nonce": "mine", "content-security-policy": "script-src *" };
    const direct = await serve(edge(), { nextHandler: capture });
    const r = await call(direct.url, "/", { headers: forged });
    const h = seen.pop()!;
    expect(h).not.toHaveProperty("x-forwarded-host");
    expect(h).not.toHaveProperty("x-forwarded-proto");
    expect(h).not.toHaveProperty("x-forwarded-for");
    expect(h["x-nonce"]).not.toBe("mine");
    expect(h["content-security-policy"]).toBe(r.headers["content-security-policy"]);
    expect(r.headers["content-security-policy"]).toContain(`'nonce-${h["x-nonce"]}'`);

    const proxied = await serve(edge({ trustProxy: 1 }), { nextHandler: capture });
    await call(proxied.url, "/", { headers: { ...forged, "x-forwarded-host": "garnet.example" } });
    expect(seen.pop()).toMatchObject({ "x-forwarded-host": "garnet.example", "x-forwarded-proto": "https", "x-forwarded-for": "9.9.9.9" });
  });
});
