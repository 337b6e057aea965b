// The Prisma client over node-postgres (driver adapter, no native engine).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";

export type Db = PrismaClient;

export function createDb(url: string, max = 10): Db {
  const adapter = new PrismaPg({ connectionString: url, max });
  return new PrismaClient({ adapter });
}

export type SqlPool = pg.Pool;

/** A plain node-postgres pool for the hot write path (one statement per batch, no query building). */
export function createSqlPool(url: string, max = 4): SqlPool {
  const pool = new pg.Pool({ connectionString: url, max, allowExitOnIdle: true });
  // an idle connection the server closed (a restart, a dropped database): the pool
  // discards it and opens another when asked; without a listener it would crash the process
  pool.on("error", (e) => console.error(`database pool: an idle connection failed (${(e as { code?: string }).code ?? e.message}); it will be replaced`));
  return pool;
}
