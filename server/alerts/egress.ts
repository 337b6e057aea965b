// The one way alerts leave the server: an HTTPS request to a push service or a
// Discord webhook. Whatever a subscription or a webhook URL names, the request
// connects only to a public address — the name is resolved here and each
// address checked before the connection is made to that very address (so a
// name that resolves to 127.0.0.1, 10.x or 169.254.x, or changes its answer
// between a check and the connection, gets nowhere) — follows no redirect,
// reads at most a few KiB of the answer and gives up after a timeout.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/** Addresses no alert may reach: this machine, private and shared networks, link-local, documentation, multicast, reserved. */
const INSIDE = new BlockList();
for (const [net, bits] of [["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4]] as const)
  INSIDE.addSubnet(net, bits, "ipv4");
// (IPv4-mapped and NAT64 addresses are checked by the IPv4 address they carry, below)
for (const [net, bits] of [["::", 96], ["100::", 64], ["2001:db8::", 32], ["fc00::", 7], ["fe80::", 10], ["fec0::", 10], ["ff00::", 8]] as const) INSIDE.addSubnet(net, bits, "ipv6");
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), or null. */
function carriedV4(ip: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (m) return m[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  const six = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/i.exec(ip);
  const parts = hex ?? six;
  if (!parts) return null;
  const [hi, lo] = [parseInt(parts[1]!, 16), parseInt(parts[2]!, 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether an alert may connect to `ip`: a public address, or (tests only, `allowLoopback`) this machine's loopback. */
export function addressAllowed(ip: string, allowLoopback: boolean): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  const v4 = family === 6 ? carriedV4(ip) : ip;
  // (a mapped form not read above is refused rather than judged as IPv6: the list would match it by its IPv4 part anyway)
  if (family === 6 && !v4 && /^::ffff:/i.test(ip)) return false;
  const [addr, type] = v4 ? [v4, "ipv4" as const] : [ip, "ipv6" as const];
  if (allowLoopback && LOOPBACK.check(addr, type)) return true;
  return !INSIDE.check(addr, type);
}

export class EgressRefused extends Error {
  override name = "EgressRefused";
}

type Resolve = (host: string, cb: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;
const systemResolve: Resolve = (host, cb) => dnsLookup(host, { all: true, verbatim: true }, cb);

/** A `lookup` for the connection: resolves the name and hands on only the addresses an alert may reach. */
export function guardedLookup(allowLoopback: boolean, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (err, addresses) => {
      const cb = callback as (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
      if (err) return cb(err, options.all ? [] : "", 0);
      const ok = addresses.filter((a) => addressAllowed(a.address, allowLoopback) && (!options.family || a.family === options.family));
      if (!ok.length) return cb(new EgressRefused(`${hostname} resolves to no public address`), options.all ? [] : "", 0);
      if (options.all) cb(null, ok);
      else cb(null, ok[0]!.address, ok[0]!.family);
    });
  };
}

export interface EgressOptions {
  timeoutMs: number;
  /** Tests only: http:// and loopback addresses are let through. */
  allowLoopback: boolean;
  /** Bytes of an answer read at most; past them the connection is closed (the status is all an alert needs). */
  maxAnswerBytes?: number;
  /** The name resolution (tests hand in their own). */
  resolve?: Resolve;
}

export interface EgressInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer | null;
}

const MAX_ANSWER = 16 * 1024;

/** One request under the rules above; resolves with the status, rejects on a refusal, a network error or the timeout (`TimeoutError`). */
export function send(url: string, init: EgressInit, o: EgressOptions): Promise<number> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return Promise.reject(new EgressRefused("not a URL"));
  }
  const literal = u.hostname.replace(/^\[|\]$/g, "");
  if (u.username || u.password) return Promise.reject(new EgressRefused("a URL with credentials"));
  if (u.protocol !== "https:" && !(o.allowLoopback && u.protocol === "http:")) return Promise.reject(new EgressRefused(`${u.protocol} is not https:`));
  if (!o.allowLoopback && u.port !== "" && u.port !== "443") return Promise.reject(new EgressRefused(`port ${u.port} is not 443`));
  // an address written out is checked as is (no lookup runs for it)
  if (isIP(literal) && !addressAllowed(literal, o.allowLoopback)) return Promise.reject(new EgressRefused(`${literal} is not a public address`));
  const max = o.maxAnswerBytes ?? MAX_ANSWER;
  return new Promise<number>((resolve, reject) => {
    const body = init.body ?? null;
    const make = u.protocol === "https:" ? httpsRequest : httpRequest;
    const req = make(u, { method: init.method ?? "POST", headers: { ...init.headers, ...(body !== null ? { "content-length": String(Buffer.byteLength(body)) } : {}) }, lookup: guardedLookup(o.allowLoopback, o.resolve) });
    let settled = false;
    const finish = (err: Error | null, status?: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(status!);
    };
    const timer = setTimeout(() => {
      const e = new Error(`no answer within ${o.timeoutMs} ms`);
      e.name = "TimeoutError";
      finish(e);
      req.destroy(e);
    }, o.timeoutMs);
    req.on("error", (e) => finish(e));
    req.on("response", (res: IncomingMessage) => {
      // a redirect is an answer like any other: never followed
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > max) {
          finish(null, res.statusCode ?? 0);
          res.destroy();
        }
      });
      res.on("end", () => finish(null, res.statusCode ?? 0));
      res.on("error", () => finish(null, res.statusCode ?? 0));
    });
    req.end(body ?? undefined);
  });
}
