// `npm start`: builds the web app when the build is missing or older than the
// sources, then runs the server in production mode.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";

const root = process.cwd();
const env = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
const buildId = path.join(root, ".next", "BUILD_ID");

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

const sources = ["app", "components", "lib", "public", "next.config.js", "postcss.config.mjs", "package-lock.json"].map((p) => path.join(root, p));
const stale = !existsSync(buildId) || Math.max(...sources.map(newestMtime)) > statSync(buildId).mtimeMs;
if (stale) {
  console.log("Building the web app (first start or sources changed)…");
  const r = spawnSync("npx", ["--no-install", "next", "build"], { stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// the server's V8 flags go on tsx's command line, which hands them to the node process it starts (and a
// cluster's primary to its workers); NODE_OPTIONS cannot carry them all. A flag the operator's own
// NODE_OPTIONS sets is left out, so that theirs wins (the command line would win over it).
const own = env.NODE_OPTIONS ?? "";
const flags = SERVER_NODE_FLAGS.filter((f) => !own.includes(f.split("=")[0]));
const r = spawnSync("npx", ["--no-install", "tsx", ...flags, "server/index.ts"], { stdio: "inherit", env });
process.exit(r.status ?? 1);
