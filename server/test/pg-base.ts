// Where tests and benchmarks find PostgreSQL: TEST_DATABASE_URL, else the
// machine's on 127.0.0.1:5432, else an embedded one started here. Each run then
// makes a fresh database of its own on that server (see createTestDb).
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../db/embedded";

async function reachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    await c.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

export interface PgBase {
  /** A URL of the server's maintenance database, from which test databases are made. */
  url: string;
  /** Stops the embedded server if this call started one. */
  stop(): Promise<void>;
}

export async function findPgBase(): Promise<PgBase> {
  const base = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  if (await reachable(base)) return { url: base, stop: async () => undefined };
  const embedded = await startEmbeddedPostgres(path.resolve(".data/test"), Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54339));
  return { url: embedded.url.replace(/\/garnet$/, "/postgres"), stop: () => embedded.stop() };
}
