// Times the first open of a join link on a freshly started server, as a new
// player meets it: `npm start` on a fresh embedded database, a room created over
// a socket (no page opened yet), then one browser opens /r/CODE and we time until
// the lobby's seat list shows; then the home page in a second fresh browser.
// Prints the figures; exits non-zero over the goal (1.5 s).
//   npm run first-open            (PORT 3300 unless set; EMBEDDED_PG_PORT 54369 unless set)
import { asUser, launchChromium, startFreshServer } from "./lib/fresh-server";

const GOAL_MS = 1500;

async function timeOpen(url: string, ready: string): Promise<number> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const t0 = Date.now();
    await page.goto(url);
    await page.locator(ready).first().waitFor({ state: "visible", timeout: 60_000 });
    return Date.now() - t0;
  } finally {
    await browser.close();
  }
}

const server = await startFreshServer("first-open", Number(process.env.PORT ?? 3300), Number(process.env.EMBEDDED_PG_PORT ?? 54369));
try {
  const host = await asUser(server.base, "first-open-host", "Hana Host");
  const { code } = await host.ask<{ code: string }>("room:create", { gameId: "truth-deflector", seats: 5, config: {} });
  host.close();
  const join = await timeOpen(`${server.base}/r/${code}`, '[data-testid="seat-list"]');
  const home = await timeOpen(`${server.base}/`, '[data-testid="game-thoths-bluff"]');
  console.log(`first open of the join link /r/${code} after start: ${join} ms (goal ≤ ${GOAL_MS} ms)`);
  console.log(`first open of the home page after that: ${home} ms`);
  process.exitCode = join <= GOAL_MS ? 0 : 1;
} finally {
  server.stop();
}
