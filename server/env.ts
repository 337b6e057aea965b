// Server configuration from the environment, with defaults. Loaded once, before
// anything reads process.env (Next itself only loads .env inside prepare()).
import { availableParallelism } from "node:os";
import path from "node:path";
import nextEnv from "@next/env";
import { persistedSecret } from "./data-secret";
import { alertsFromEnv, type AlertsConfig } from "./alerts/config";
import { edgeFromEnv, type EdgeConfig } from "./edge";

export interface ServerEnv {
  root: string;
  dev: boolean;
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  embeddedPgPort: number;
  authSecret: string;
  /** The public URL when set; unset, every request is answered under the host it came to. */
  authUrl: string | null;
  edge: EdgeConfig;
  /** Web Push keys and the Discord channel's settings (docs/alerts.md). */
  alerts: AlertsConfig;
  botDelayMs: number;
  heartbeatMs: number;
  snapshotEvery: number;
  instanceId: string;
  lobbyTtlMs: number;
  unloadIdleMs: number;
  /** Server processes on this machine (1: one process, no cluster). */
  workers: number;
  /** Redis for delivery between machines; null: none (one machine). */
  redisUrl: string | null;
  /** Prefix of the Redis adapter's channels. */
  redisPrefix: string;
  /** How long a room lease lasts unless renewed. */
  leaseTtlMs: number;
}

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

export function loadServerEnv(opts: { dev?: boolean; root?: string } = {}): ServerEnv {
  const root = opts.root ?? process.cwd();
  const dev = opts.dev ?? process.env.NODE_ENV !== "production";
  nextEnv.loadEnvConfig(root, dev);
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  const dataDir = path.resolve(root, process.env.GARNET_DATA_DIR ?? ".data");
  const port = int("PORT", 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  const authSecret = process.env.AUTH_SECRET ?? persistedSecret(dataDir);
  // Auth.js reads these itself. Without AUTH_URL it builds its URLs from the host the
  // request came to, which the edge settles (the Host header, or a trusted proxy's).
  const authUrl = process.env.AUTH_URL || null;
  if (!authUrl) delete process.env.AUTH_URL;
  process.env.AUTH_SECRET = authSecret;
  process.env.AUTH_TRUST_HOST ??= "true";
  return {
    root,
    dev,
    port,
    host,
    databaseUrl: process.env.DATABASE_URL || null,
    dataDir,
    embeddedPgPort: int("EMBEDDED_PG_PORT", 54329),
    authSecret,
    authUrl,
    edge: edgeFromEnv(process.env, dev),
    alerts: alertsFromEnv(process.env, dataDir, authUrl),
    botDelayMs: int("BOT_DELAY_MS", 700),
    heartbeatMs: int("HEARTBEAT_MS", 200),
    snapshotEvery: int("SNAPSHOT_EVERY", 50),
    instanceId: process.env.INSTANCE_ID ?? "main",
    lobbyTtlMs: int("LOBBY_TTL_HOURS", 24) * 3_600_000,
    unloadIdleMs: int("UNLOAD_IDLE_MINUTES", 1) * 60_000,
    // the development server is one process (Next's dev compiler is not shared between processes)
    workers: dev ? 1 : Math.max(1, int("WORKERS", availableParallelism())),
    redisUrl: process.env.REDIS_URL || null,
    redisPrefix: process.env.REDIS_PREFIX || "garnet",
    leaseTtlMs: Math.max(1_000, int("LEASE_TTL_MS", 10_000)),
  };
}
