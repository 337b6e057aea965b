// Entry point: `npm start` (production) and `npm run dev`. Brings up the
// database (embedded PostgreSQL unless DATABASE_URL is set) and applies
// migrations; then either serves Next + Socket.IO on one port itself
// (WORKERS=1, and always in development), or, as a cluster primary, forks one
// worker per core that each serve Next + Socket.IO, and routes every incoming
// connection to one of them (server/cluster/).
import cluster from "node:cluster";
import next from "next";
import pg from "pg";
import { loadServerEnv, type ServerEnv } from "./env";
import { startEmbeddedPostgres, type EmbeddedDb } from "./db/embedded";
import { migrateDeploy } from "./db/migrate";
import { startGarnetServer } from "./app-server";
import { startPrimary } from "./cluster/primary";
import { workerSlot } from "./cluster/worker";
import { Leases } from "./rooms/leases";

async function database(env: ServerEnv): Promise<{ url: string; embedded: EmbeddedDb | null }> {
  if (env.databaseUrl) {
    console.log("database: DATABASE_URL");
    await migrateDeploy(env.databaseUrl, env.root);
    return { url: env.databaseUrl, embedded: null };
  }
  const embedded = await startEmbeddedPostgres(env.dataDir, env.embeddedPgPort, (m) => console.log(m));
  console.log(`database: embedded PostgreSQL on 127.0.0.1:${env.embeddedPgPort} (data in ${env.dataDir}/pg)`);
  await migrateDeploy(embedded.url, env.root);
  return { url: embedded.url, embedded };
}

function onSignals(shutdown: (sig: string) => void): void {
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

/** The primary: the database once, then the workers; it serves nothing itself but routes connections. */
async function primary(env: ServerEnv): Promise<void> {
  const db = await database(env);
  // the instance's previous run is gone (this primary is its only process now): its leases are free,
  // and the workers take the downtime from the last heartbeat it left
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  await new Leases(pool, `${env.instanceId}/primary`, env.leaseTtlMs).freeInstance(env.instanceId);
  const beat = await pool.query<{ at: Date }>(`SELECT "beatAt" AS at FROM "ServerBeat" WHERE "id" = $1`, [env.instanceId]);
  await pool.end();
  const lastBeat = beat.rows[0]?.at.getTime();
  const p = await startPrimary({
    workers: env.workers,
    port: env.port,
    host: env.host,
    env: { DATABASE_URL: db.url, ...(lastBeat !== undefined ? { GARNET_LAST_BEAT: String(lastBeat) } : {}) },
    log: (m) => console.log(m),
  });
  console.log(`Garnet is serving on ${env.authUrl ?? `http://localhost:${p.port}`} with ${env.workers} worker processes`);
  // not SIGHUP: the embedded database stops itself on SIGHUP (its exit hook), and so would everything else
  process.on("SIGUSR2", () => void p.roll().then(() => console.log("rolling restart done")));
  let closing = false;
  onSignals((sig) => {
    if (closing) return;
    closing = true;
    console.log(`${sig}: closing`);
    void (async () => {
      await p.close().catch((e) => console.error(e));
      await db.embedded?.stop().catch(() => undefined);
      process.exit(0);
    })();
  });
}

/** One process serving everything (WORKERS=1, development), or one cluster worker. */
async function serve(env: ServerEnv, dev: boolean): Promise<void> {
  const worker = workerSlot();
  const db = worker ? { url: env.databaseUrl!, embedded: null } : await database(env);

  // Next fetches a server action's redirect target from this origin (`next start` sets it
  // too); left to itself it would use the request's protocol, which behind a TLS proxy is
  // https on a port that speaks http.
  const local = ["0.0.0.0", "::", ""].includes(env.host) ? "127.0.0.1" : env.host.includes(":") ? `[${env.host}]` : env.host;
  process.env.__NEXT_PRIVATE_ORIGIN ??= `http://${local}:${env.port}`;
  const app = next({ dev, dir: env.root, hostname: "localhost", port: env.port });
  await app.prepare();
  const handler = app.getRequestHandler();

  const server = await startGarnetServer({
    databaseUrl: db.url,
    authSecret: env.authSecret,
    port: env.port,
    host: env.host,
    botDelayMs: env.botDelayMs,
    heartbeatMs: env.heartbeatMs,
    snapshotEvery: env.snapshotEvery,
    instanceId: env.instanceId,
    lobbyTtlMs: env.lobbyTtlMs,
    unloadIdleMs: env.unloadIdleMs,
    leaseTtlMs: env.leaseTtlMs,
    edge: env.edge,
    alerts: env.alerts,
    crossProcess: env.redisUrl ? { kind: "redis", url: env.redisUrl, prefix: env.redisPrefix } : worker ? { kind: "cluster" } : undefined,
    ...(worker
      ? {
          listen: "exclusive" as const,
          soleOfInstance: false,
          placed: worker.placed,
          // the first workers take the downtime from the heartbeat the previous run left; later ones replace a sibling that served until it stopped
          lastBeat: process.env.GARNET_GENERATION === "first" && process.env.GARNET_LAST_BEAT ? Number(process.env.GARNET_LAST_BEAT) : process.env.GARNET_GENERATION === "first" ? null : Date.now(),
        }
      : {}),
    nextHandler: (req, res) => handler(req, res),
  });
  // the pages load their code before the server calls itself ready (it already answers meanwhile)
  if (!dev) await warmPages(server.url);

  let closing = false;
  const shutdown = async (sig: string) => {
    if (closing) return;
    closing = true;
    if (!worker) console.log(`${sig}: closing`);
    await server.close().catch((e) => console.error(e));
    await app.close?.().catch(() => undefined);
    await db.embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  if (worker) {
    worker.join(server, () => void shutdown("stop"));
    // the primary decides when a worker stops: a Ctrl-C reaches the whole process group, and the primary asks each worker in turn
    for (const sig of ["SIGINT", "SIGTERM", "SIGHUP", "SIGUSR2"] as const) process.on(sig, () => undefined);
  } else {
    console.log(`Garnet is serving on ${env.authUrl ?? `http://localhost:${server.port}`}`);
    onSignals((sig) => void shutdown(sig));
  }
}

/**
 * Next loads a page's server code on its first request; a newcomer opening a join
 * link right after a start would wait for it. Ask for each page once before
 * announcing the server ready (WARMUP is a well-formed code of a room that does not exist).
 */
async function warmPages(base: string): Promise<void> {
  for (const path of ["/r/WARMUP", "/", "/signin", "/join", "/r/WARMUP/watch", "/r/WARMUP/host", "/new", "/games/thoths-bluff"]) {
    await fetch(base + path, { redirect: "manual" })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const dev = process.argv.includes("--dev");
  const env = loadServerEnv({ dev });
  if (cluster.isPrimary && env.workers > 1) await primary(env);
  else await serve(env, dev);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
