// The server Playwright tests run against: the real `npm start` path on a fresh
// embedded database of its own, with quick bots.
import { rmSync } from "node:fs";
import { spawn } from "node:child_process";

const dataDir = ".data/e2e";
rmSync(`${dataDir}/pg`, { recursive: true, force: true });
const env = {
  ...process.env,
  GARNET_DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? "54349",
  BOT_DELAY_MS: process.env.BOT_DELAY_MS ?? "120",
};
delete env.DATABASE_URL;
const child = spawn("node", ["scripts/start.mjs"], { stdio: "inherit", env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
