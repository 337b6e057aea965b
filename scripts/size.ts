// First-load JavaScript per route, measured as a browser meets it: every script
// a fresh phone-sized browser loads until the page is ready and the network is
// idle (script tags and the chunks they load on demand, such as the room's own
// dashboard), each gzipped. Room pages are measured for every game: the lobby,
// a seated player's dashboard, the host console and the spectator view.
// Prints a table; exits non-zero when a route is over its budget.
//   npm run size       (PORT 3399 / EMBEDDED_PG_PORT 54399 unless SIZE_PORT / SIZE_PG_PORT are set)
import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";
import { catalogue } from "../lib/games/registry";
import { asUser, launchChromium, startFreshServer } from "./lib/fresh-server";

const BUDGET_KB = 200;
/** Routes shown but not held to the budget (none: the replay is fed by the server and loads no game engine). */
const UNBUDGETED = new Set<string>();

interface Row {
  route: string;
  what: string;
  kb: number;
}

async function firstLoadKb(browser: Browser, base: string, path: string, ready: string, token?: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (token) await context.addCookies([{ name: "authjs.session-token", value: token, url: base }]);
  const page = await context.newPage();
  const sizes = new Map<string, Promise<number>>();
  page.on("response", (r) => {
    if (r.request().resourceType() !== "script" || sizes.has(r.url())) return;
    sizes.set(r.url(), r.body().then((b) => gzipSync(b).length, () => 0));
  });
  try {
    await page.goto(base + path);
    await page.locator(ready).first().waitFor({ state: "visible", timeout: 60_000 });
    await page.getByText("Loading the dashboard…").waitFor({ state: "hidden" });
    await page.waitForLoadState("networkidle");
    const bytes = (await Promise.all(sizes.values())).reduce((a, b) => a + b, 0);
    return bytes / 1000;
  } finally {
    await context.close();
  }
}

const server = await startFreshServer("size", Number(process.env.SIZE_PORT ?? 3399), Number(process.env.SIZE_PG_PORT ?? 54399));
const browser = await launchChromium();
const rows: Row[] = [];
try {
  const host = await asUser(server.base, "size-host", "Hana Host");
  const player = await asUser(server.base, "size-player", "Pia");
  const measure = async (route: string, what: string, path: string, ready: string, token?: string) => rows.push({ route, what, kb: await firstLoadKb(browser, server.base, path, ready, token) });

  await measure("/", "home", "/", '[data-testid="game-thoths-bluff"]');
  await measure("/join", "join by code", "/join", "form");
  await measure("/signin", "sign in", "/signin", "form");
  for (const g of catalogue) {
    const id = g.meta.id;
    await measure("/games/[id]", `rules: ${id}`, `/games/${id}`, "h1", undefined);
    await measure("/new", `create room: ${id}`, `/new?game=${id}`, '[data-testid="create-room-form"]', host.token);
    const { code } = await host.ask<{ code: string }>("room:create", { gameId: id, seats: g.meta.players.min, config: {} });
    await measure("/r/CODE", `lobby: ${id}`, `/r/${code}`, '[data-testid="seat-list"]');
    await player.ask("seat:claim", { code });
    await host.ask("host:command", { code, command: { type: "start", fillWithBots: true } });
    await measure("/r/CODE", `player dashboard: ${id}`, `/r/${code}`, '[data-testid="room-player"]', player.token);
    await measure("/r/CODE/host", `host console: ${id}`, `/r/${code}/host`, '[data-testid="host-panel"]', host.token);
    await measure("/r/CODE/watch", `spectator: ${id}`, `/r/${code}/watch`, '[data-testid="room-spectator"]');
    await measure("/r/CODE/replay", `replay (host): ${id}`, `/r/${code}/replay`, '[data-testid="replay"]', host.token);
  }
  host.close();
  player.close();
} finally {
  await browser.close();
  server.stop();
}

let over = 0;
console.log(`First-load JS (gzip) per route, budget ${BUDGET_KB} kB`);
for (const r of rows) {
  const checked = !UNBUDGETED.has(r.route);
  const bad = checked && r.kb > BUDGET_KB;
  if (bad) over++;
  console.log(`${r.route.padEnd(15)} ${r.what.padEnd(44)} ${r.kb.toFixed(1).padStart(7)} kB  ${checked ? (bad ? "OVER BUDGET" : "ok") : "(replay: not held to this budget)"}`);
}
const worst = Math.max(...rows.filter((r) => !UNBUDGETED.has(r.route)).map((r) => r.kb));
console.log(`largest budgeted route: ${worst.toFixed(1)} kB of ${BUDGET_KB} kB; ${over} over budget`);
process.exitCode = over ? 1 : 0;
