// The Prisma client over node-postgres (driver adapter, no native engine).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";
import { StatementWriter } from "./writer";

export type Db = PrismaClient;

export function createDb(url: string, max = 10): Db {
  const adapter = new PrismaPg({ connectionString: url, max });
  return new PrismaClient({ adapter });
}

export type SqlPool = pg.Pool;

/**
 * How many runs of a named statement (the batch write) a connection makes
 * before it plans the statement again, and how many queries a connection of
 * the pool runs before it is replaced. PostgreSQL keeps the plan of a named
 * statement for as long as the statement lives once it settles on a generic
 * one, and plans it against the tables as they were then. A server that
 * started with few rooms then kept reading the Room table whole in every batch
 * (a hash join), long after the table had grown, wherever nothing analyzed it
 * meanwhile (autovacuum off): planned again, it reads the tables as they are.
 */
export const USES_PER_CONNECTION = 2000;

/** A plain node-postgres pool for the hot write path (one statement per batch, no query building). */
export function createSqlPool(url: string, max = 4, maxUses = USES_PER_CONNECTION): SqlPool {
  const pool = new pg.Pool({ connectionString: url, max, maxUses, allowExitOnIdle: true });
  // an idle connection the server closed (a restart, a dropped database): the pool
  // discards it and opens another when asked; without a listener it would crash the process
  pool.on("error", (e) => console.error(`database pool: an idle connection failed (${(e as { code?: string }).code ?? e.message}); it will be replaced`));
  return pool;
}

/** The batch writes' own connections (writer.ts), made as the pool makes its own; the statement is planned again as often as the pool's connections are replaced. */
export function createWriter(pool: SqlPool, connections: number, runsPerPlan = USES_PER_CONNECTION): StatementWriter {
  return new StatementWriter(() => new pg.Client(pool.options), { connections, runsPerPlan });
}
