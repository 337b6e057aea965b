import { expect, test, type Browser, type Page } from "@playwright/test";
import { createRoom } from "./helpers";
import { reverseProxy, servePage } from "./proxy";

/** The app at 127.0.0.1 (the suite's baseURL says localhost: another host, with cookies of its own). */
function loopback(): string {
  const base = new URL(test.info().project.use.baseURL!);
  return `http://127.0.0.1:${base.port}`;
}

async function signIn(browser: Browser, origin: string, name: string): Promise<Page> {
  // the test proxy's certificate is self-signed
  const context = await browser.newContext({ baseURL: origin, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto("/signin?next=%2Fnew");
  await page.getByLabel("Display name").fill(name);
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await page.waitForURL((u) => u.pathname === "/new");
  return page;
}

/**
 * Opens the app's socket with a raw WebSocket from whatever page runs it,
 * watches `code`, and reports the reply (the role the server gave this cookie).
 */
const PROBE = `async function probe(url, code) {
  return await new Promise((resolve) => {
    const ws = new WebSocket(url);
    const done = (r) => { try { ws.close(); } catch {} resolve(r); };
    ws.onmessage = (e) => {
      const m = String(e.data);
      if (m.startsWith("0{")) ws.send("40");
      else if (m.startsWith("40")) ws.send('420["room:watch",{"code":"' + code + '"}]');
      else if (m.startsWith("430")) done({ opened: true, reply: m.slice(3) });
    };
    ws.onerror = () => done({ opened: false });
    setTimeout(() => done({ opened: false, timedOut: true }), 8000);
  });
}`;

test("signing in at 127.0.0.1 stays at 127.0.0.1, signed in, with a working socket", async ({ browser }) => {
  const origin = loopback();
  const page = await signIn(browser, origin, "Ada");
  expect(new URL(page.url()).origin).toBe(origin);
  await expect(page.getByTestId("signed-in-as")).toHaveText("Ada");
  const code = await createRoom(page, "thoths-bluff");
  expect(page.url()).toBe(`${origin}/r/${code}/host`);
  await page.context().close();
});

test("a page on another port can neither use a player's cookie on the socket nor frame the app", async ({ browser }) => {
  const origin = loopback();
  const page = await signIn(browser, origin, "Vera");
  const code = await createRoom(page, "thoths-bluff");
  // named for its room, as the app's own room sockets are: the server routes it to the process that serves the room
  const socketUrl = `${origin.replace("http", "ws")}/socket.io/?EIO=4&transport=websocket&room=${code}`;

  // the probe works: from the app's own page the cookie makes this socket the host
  const own = await page.evaluate(`(${PROBE})(${JSON.stringify(socketUrl)}, ${JSON.stringify(code)})`);
  expect(own).toMatchObject({ opened: true, reply: expect.stringContaining('"role":"host"') });

  // the same script on another port of the same host: same site, so the browser sends the cookie
  const attacker = await servePage(`<!doctype html><title>attacker</title>
    <iframe id="frame" src="${origin}/r/${code}/host"></iframe>
    <script>${PROBE}; probe(${JSON.stringify(socketUrl)}, ${JSON.stringify(code)}).then((r) => { window.result = r; });</script>`);
  const evil = await page.context().newPage();
  await evil.goto(attacker.url);
  await evil.waitForFunction(() => (window as unknown as { result?: unknown }).result !== undefined, undefined, { timeout: 15_000 });
  expect(await evil.evaluate(() => (window as unknown as { result: unknown }).result)).toMatchObject({ opened: false });
  // frame-ancestors 'none': the framed app never renders in the attacker's page
  const framed = evil.frameLocator("#frame");
  await expect(framed.getByTestId("room-code")).toHaveCount(0);
  await attacker.close();
  await page.context().close();
});

test("pages run under a nonce CSP: Next's scripts and the theme script run, injected handlers do not", async ({ browser }) => {
  const page = await signIn(browser, loopback(), "Cleo");
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const code = await createRoom(page, "thoths-bluff");
  for (const path of ["/", "/games/thoths-bluff", "/join", `/r/${code}`, `/r/${code}/watch`, `/r/${code}/host`]) {
    const res = await page.goto(path);
    const h = res!.headers();
    expect(h["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'.*frame-ancestors 'none'/);
    expect(h).toMatchObject({ "x-frame-options": "DENY", "x-content-type-options": "nosniff", "referrer-policy": "same-origin" });
  }
  // the host console rendered, so Next's scripts ran and the socket connected
  await expect(page.getByTestId("room-code")).toHaveText(code);
  // the layout's inline theme script carries the nonce and runs
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(violations).toEqual([]);
  // markup that slips in cannot run an inline handler
  await page.evaluate(() => {
    document.body.insertAdjacentHTML("beforeend", `<img src="/nope.png" onerror="window.pwned = true">`);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
  await page.context().close();
});

test("behind an HTTPS reverse proxy: Secure session cookie, redirects and sockets at the proxy's host", async ({ browser }) => {
  const proxy = await reverseProxy(loopback());
  const page = await signIn(browser, proxy.url, "Pax");
  expect(new URL(page.url()).origin).toBe(proxy.url);
  await expect(page.getByTestId("signed-in-as")).toHaveText("Pax");
  const session = (await page.context().cookies(proxy.url)).find((c) => c.name.endsWith("authjs.session-token"));
  expect(session).toMatchObject({ name: "__Secure-authjs.session-token", secure: true, httpOnly: true, sameSite: "Lax" });
  // the socket goes through the proxy too (its Origin is the proxy's host, which the server trusts to forward)
  const code = await createRoom(page, "thoths-bluff");
  expect(page.url()).toBe(`${proxy.url}/r/${code}/host`);
  await page.context().close();
  await proxy.close();
});
