// Who is asking and under which name: the client's address, protocol and host,
// taken from the connection, or from a reverse proxy's X-Forwarded-* headers
// only when the server is told to trust that many proxies (TRUST_PROXY). One
// place decides, for HTTP requests and socket handshakes alike.
import type { IncomingMessage } from "node:http";
import { isIPv6 } from "node:net";
import type { TLSSocket } from "node:tls";

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v)?.split(",")[0]?.trim() || undefined;

/**
 * The key an address is limited under: IPv4 as is (also when IPv4-mapped), IPv6
 * by its /64 prefix, which one household or one attacker's machine holds whole.
 */
export function addressKey(address: string): string {
  const a = address.trim().toLowerCase().replace(/^\[|\]$/g, "");
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  if (v4) return v4[1]!;
  if (!isIPv6(a)) return a || "unknown";
  const [head = "", tail = ""] = a.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = a.includes("::") ? [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill("0"), ...t] : h;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** The address as the client's connection or the trusted proxies give it, unkeyed. */
function rawClientAddress(req: IncomingMessage, hops: number): string {
  const peer = req.socket?.remoteAddress ?? "unknown";
  if (hops <= 0) return peer;
  const raw = req.headers["x-forwarded-for"];
  const chain = (Array.isArray(raw) ? raw.join(",") : (raw ?? "")).split(",").map((s) => s.trim()).filter(Boolean);
  chain.push(peer);
  return chain[Math.max(0, chain.length - 1 - hops)]!;
}

const decided = new WeakMap<IncomingMessage, string>();

/**
 * The client's address as a limit key. Without trusted proxies it is the
 * connection's peer; with `hops` of them, the entry that many places from the
 * right of X-Forwarded-For (each proxy appends the address it saw, so entries
 * further left are whatever the client claimed). Decided once per request.
 */
export function clientAddress(req: IncomingMessage, hops: number): string {
  let a = decided.get(req);
  if (a === undefined) {
    a = addressKey(rawClientAddress(req, hops));
    decided.set(req, a);
  }
  return a;
}

const HOST_RE = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The protocol and host the client used: the proxy's X-Forwarded-Proto/Host when trusted, else the connection's and the Host header. Null host: missing or malformed. */
export function requestTarget(req: IncomingMessage, hops: number): { proto: "http" | "https"; host: string | null } {
  const encrypted = Boolean((req.socket as TLSSocket | undefined)?.encrypted);
  const fwdProto = hops > 0 ? first(req.headers["x-forwarded-proto"])?.toLowerCase() : undefined;
  const proto = fwdProto === "https" || fwdProto === "http" ? fwdProto : encrypted ? "https" : "http";
  const host = (hops > 0 ? first(req.headers["x-forwarded-host"]) : undefined) ?? req.headers.host?.trim();
  return { proto, host: host && HOST_RE.test(host) ? host.toLowerCase() : null };
}

/** The origin ("http://host:port") the client addressed, or null when the host is missing or malformed. */
export function requestOrigin(req: IncomingMessage, hops: number): string | null {
  const { proto, host } = requestTarget(req, hops);
  if (!host) return null;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * Makes the X-Forwarded-* headers Next.js and Auth.js read say what this module
 * decided: removed when no proxy is trusted (a client cannot pick the host its
 * redirects go to, or claim https), else replaced by the one value taken.
 */
export function settleForwardedHeaders(req: IncomingMessage, hops: number): void {
  const { proto, host } = requestTarget(req, hops);
  clientAddress(req, hops);
  const client = rawClientAddress(req, hops);
  const h = req.headers;
  for (const name of ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-for", "x-forwarded-port", "forwarded"]) delete h[name];
  if (hops <= 0) return;
  h["x-forwarded-proto"] = proto;
  if (host) h["x-forwarded-host"] = host;
  h["x-forwarded-for"] = client;
}
