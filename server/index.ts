// Entry point: `npm start` (production) and `npm run dev`. Brings up the
// database (embedded PostgreSQL unless DATABASE_URL is set), applies
// migrations, prepares Next and serves Next + Socket.IO on one port.
import next from "next";
import { loadServerEnv } from "./env";
import { startEmbeddedPostgres, type EmbeddedDb } from "./db/embedded";
import { migrateDeploy } from "./db/migrate";
import { startGarnetServer } from "./app-server";

async function main(): Promise<void> {
  const dev = process.argv.includes("--dev");
  const env = loadServerEnv({ dev });
  let embedded: EmbeddedDb | null = null;
  let databaseUrl = env.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(env.dataDir, env.embeddedPgPort, (m) => console.log(m));
    databaseUrl = embedded.url;
    console.log(`database: embedded PostgreSQL on 127.0.0.1:${env.embeddedPgPort} (data in ${env.dataDir}/pg)`);
  } else {
    console.log("database: DATABASE_URL");
  }
  await migrateDeploy(databaseUrl, env.root);

  // Next fetches a server action's redirect target from this origin (`next start` sets it
  // too); left to itself it would use the request's protocol, which behind a TLS proxy is
  // https on a port that speaks http.
  const local = ["0.0.0.0", "::", ""].includes(env.host) ? "127.0.0.1" : env.host.includes(":") ? `[${env.host}]` : env.host;
  process.env.__NEXT_PRIVATE_ORIGIN ??= `http://${local}:${env.port}`;
  const app = next({ dev, dir: env.root, hostname: "localhost", port: env.port });
  await app.prepare();
  const handler = app.getRequestHandler();

  const server = await startGarnetServer({
    databaseUrl,
    authSecret: env.authSecret,
    port: env.port,
    host: env.host,
    botDelayMs: env.botDelayMs,
    heartbeatMs: env.heartbeatMs,
    snapshotEvery: env.snapshotEvery,
    instanceId: env.instanceId,
    lobbyTtlMs: env.lobbyTtlMs,
    unloadIdleMs: env.unloadIdleMs,
    edge: env.edge,
    alerts: env.alerts,
    nextHandler: (req, res) => handler(req, res),
  });
  // the pages load their code before the server calls itself ready (it already answers meanwhile)
  if (!dev) await warmPages(server.url);
  console.log(`Garnet is serving on ${env.authUrl ?? `http://localhost:${server.port}`}`);

  let closing = false;
  const shutdown = async (sig: string) => {
    if (closing) return;
    closing = true;
    console.log(`${sig}: closing`);
    await server.close().catch((e) => console.error(e));
    await app.close?.().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
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

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
