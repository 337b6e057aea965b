// Integration tests need a real PostgreSQL: TEST_DATABASE_URL, else the
// machine's on 127.0.0.1:5432, else an embedded one started here.
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedDb } from "../db/embedded";

declare module "vitest" {
  export interface ProvidedContext {
    pgBase: string;
  }
}

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

let embedded: EmbeddedDb | null = null;

export async function setup(project: TestProject): Promise<void> {
  let base = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  if (!(await reachable(base))) {
    embedded = await startEmbeddedPostgres(path.resolve(".data/test"), Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54339));
    base = embedded.url.replace(/\/garnet$/, "/postgres");
  }
  project.provide("pgBase", base);
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
}
