// What the server's edge enforces, from the environment with defaults (README's
// configuration table and docs/security.md list every variable).
import { DEFAULT_LIMITS, limitsFromEnv, withoutAddressLimits, type LimitTable } from "../limits";

export interface EdgeConfig {
  /** How many reverse proxies in front are trusted for X-Forwarded-For/-Proto/-Host (0: none). */
  trustProxy: number;
  /** Origins besides the one a request addresses that may open sockets (normalised, e.g. "https://garnet.example"). */
  allowedOrigins: string[];
  limits: LimitTable;
  /** Most sockets open at once from one address; null: no cap. */
  maxSocketsPerAddress: number | null;
  /** Most bytes a socket may leave unsent (a client that does not read); beyond it the socket is dropped. Null: no cap. */
  socketBufferBytes: number | null;
  dev: boolean;
  /** Origins the sign-in form may post to besides this one (Discord's, when it is on). */
  formTargets: string[];
}

export const DEFAULT_SOCKET_BUFFER_BYTES = 1024 * 1024;
export const DEFAULT_MAX_SOCKETS_PER_ADDRESS = 50;

export const DEFAULT_EDGE: EdgeConfig = {
  trustProxy: 0,
  allowedOrigins: [],
  limits: DEFAULT_LIMITS,
  maxSocketsPerAddress: DEFAULT_MAX_SOCKETS_PER_ADDRESS,
  socketBufferBytes: DEFAULT_SOCKET_BUFFER_BYTES,
  dev: false,
  formTargets: [],
};

type Env = Record<string, string | undefined>;

/** A non-negative integer, or null for "off"/0 (no cap). */
function cap(env: Env, name: string, fallback: number): number | null {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (raw === "off" || raw === "0") return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a positive integer or off, got "${env[name]}"`);
  return n;
}

/** TRUST_PROXY: unset/0/false, true (one proxy), or the number of proxies in front. */
export function parseTrustProxy(raw: string | undefined): number {
  const v = raw?.trim().toLowerCase();
  if (!v || v === "false" || v === "0" || v === "no") return 0;
  if (v === "true" || v === "yes") return 1;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`TRUST_PROXY must be true, false or a number of proxies, got "${raw}"`);
  return n;
}

/** "https://a.example, http://b.example:8080" → their origins; a value that is not an http(s) URL is an error. */
export function parseOrigins(name: string, raw: string | undefined): string[] {
  if (!raw?.trim()) return [];
  return raw.split(",").map((s) => s.trim()).filter(Boolean).map((s) => {
    let u: URL;
    try {
      u = new URL(s);
    } catch {
      throw new Error(`${name}: "${s}" is not a URL (write it as https://host[:port])`);
    }
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error(`${name}: "${s}" is not an http(s) origin`);
    return u.origin;
  });
}

export function edgeFromEnv(env: Env = process.env, dev = false): EdgeConfig {
  return {
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    // the public URL, when set, is one of the app's own origins
    allowedOrigins: [...new Set([...parseOrigins("AUTH_URL", env.AUTH_URL), ...parseOrigins("ALLOWED_ORIGINS", env.ALLOWED_ORIGINS)])],
    limits: limitsFromEnv(env),
    maxSocketsPerAddress: cap(env, "MAX_SOCKETS_PER_ADDRESS", DEFAULT_MAX_SOCKETS_PER_ADDRESS),
    socketBufferBytes: cap(env, "SOCKET_MAX_BUFFER_BYTES", DEFAULT_SOCKET_BUFFER_BYTES),
    dev,
    formTargets: env.AUTH_DISCORD_ID && env.AUTH_DISCORD_SECRET ? ["https://discord.com"] : [],
  };
}

/** For servers whose clients all come from one address (tests, benchmarks): no per-address or global limits; origins and per-socket caps as given. */
export function oneAddressEdge(base: EdgeConfig = DEFAULT_EDGE): EdgeConfig {
  return { ...base, limits: withoutAddressLimits(base.limits), maxSocketsPerAddress: null };
}
