// Times the first open of a join link on a freshly started server, as a new
// player meets it: `npm start` on a fresh embedded database, a room created over
// a socket (no page opened yet), then one browser opens /r/CODE and we time until
// the lobby's seat list shows; then the home page in a second fresh browser.
// Prints the figures; exits non-zero over the goal (1.5 s).
//   npm run first-open            (PORT 3300 unless set; EMBEDDED_PG_PORT 54369 unless set)
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { chromium } from "@playwright/test";
import { io } from "socket.io-client";
import { sessionCookie, TEST_SECRET } from "../server/test/session";

const GOAL_MS = 1500;
const port = Number(process.env.PORT ?? 3300);
const base = `http://localhost:${port}`;
const dataDir = ".data/first-open";

rmSync(dataDir, { recursive: true, force: true });
const server = spawn("node", ["scripts/start.mjs"], {
  stdio: ["ignore", "pipe", "inherit"],
  detached: true, // its own process group, so that stopping it stops the server start.mjs runs
  env: { ...process.env, PORT: String(port), AUTH_URL: base, AUTH_SECRET: TEST_SECRET, GARNET_DATA_DIR: dataDir, EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? "54369", DATABASE_URL: "" },
});
const serving = new Promise<void>((resolve, reject) => {
  let out = "";
  server.stdout!.on("data", (d: Buffer) => {
    out += d.toString();
    if (out.includes("Garnet is serving")) resolve();
  });
  server.once("exit", (code) => reject(new Error(`server exited with ${code} before serving:\n${out}`)));
});

async function createRoom(): Promise<string> {
  const cookie = await sessionCookie({ id: "first-open-host", name: "Host" });
  const socket = io(base, { transports: ["websocket"], extraHeaders: { cookie } });
  try {
    const r = (await socket.timeout(10_000).emitWithAck("room:create", { gameId: "truth-deflector", seats: 5, config: {} })) as { ok: boolean; code?: string; message?: string };
    if (!r.ok || !r.code) throw new Error(`room:create failed: ${r.message}`);
    return r.code;
  } finally {
    socket.close();
  }
}

async function timeOpen(path: string, ready: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const t0 = Date.now();
    await page.goto(base + path);
    await page.locator(ready).first().waitFor({ state: "visible", timeout: 60_000 });
    return Date.now() - t0;
  } finally {
    await browser.close();
  }
}

try {
  await serving;
  const code = await createRoom();
  const join = await timeOpen(`/r/${code}`, '[data-testid="seat-list"]');
  const home = await timeOpen("/", '[data-testid="game-thoths-bluff"]');
  console.log(`first open of the join link /r/${code} after start: ${join} ms (goal ≤ ${GOAL_MS} ms)`);
  console.log(`first open of the home page after that: ${home} ms`);
  process.exitCode = join <= GOAL_MS ? 0 : 1;
} finally {
  process.kill(-server.pid!, "SIGINT");
}
