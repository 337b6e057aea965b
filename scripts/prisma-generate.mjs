// Runs `prisma generate`. The schema reads DATABASE_URL, which generation never
// connects to, so a placeholder is supplied when it is unset.
import { spawnSync } from "node:child_process";

const env = { ...process.env };
env.DATABASE_URL ??= "postgresql://placeholder@127.0.0.1:5432/placeholder";
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
const r = spawnSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env });
process.exit(r.status ?? 1);
