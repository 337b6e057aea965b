// Applies pending migrations with the Prisma CLI (wasm schema engine).
import { spawn } from "node:child_process";
import path from "node:path";

export async function migrateDeploy(databaseUrl: string, root: string): Promise<void> {
  const bin = path.join(root, "node_modules", ".bin", "prisma");
  await new Promise<void>((resolve, reject) => {
    const child = spawn(bin, ["migrate", "deploy"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`prisma migrate deploy failed (${code}):\n${out}`))));
  });
}
