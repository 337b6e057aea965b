// One rate limiter for every limit of the server: keyed token buckets, per
// address, per socket or per user, each optionally under a global bucket.
// Refusals are values with a retry-after. The key table of each limit is
// bounded (least recently used keys go first), so an attack from many
// addresses costs a fixed amount of memory.

/** A bucket of `count` tokens that refills `count` tokens every `perSeconds`: at most `count` at once, and that many per period. */
export interface Rate {
  count: number;
  perSeconds: number;
}

/** A named limit: a bucket per key (address, socket, user) and/or one shared by everyone. Null switches a part off. */
export interface LimitRule {
  per: Rate | null;
  global: Rate | null;
}

export const LIMIT_NAMES = ["signin", "connect", "room_create", "unknown_code", "log", "socket_event", "address_event", "chat", "alert_host", "alert_push", "alert_webhook", "alert_webhook_set"] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];
export type LimitTable = Record<LimitName, LimitRule>;

/** What each limit counts, how it is keyed, and its defaults; docs/security.md shows this table. */
export const LIMIT_INFO: Record<LimitName, { what: string; per: string; defaults: LimitRule }> = {
  signin: { what: "sign-ins (guest form, Auth.js sign-in and callback posts)", per: "address", defaults: { per: { count: 20, perSeconds: 60 }, global: { count: 300, perSeconds: 60 } } },
  connect: { what: "new socket connections", per: "address", defaults: { per: { count: 60, perSeconds: 60 }, global: { count: 1200, perSeconds: 60 } } },
  room_create: { what: "rooms created", per: "address", defaults: { per: { count: 30, perSeconds: 600 }, global: { count: 300, perSeconds: 600 } } },
  unknown_code: { what: "lookups of room codes that do not exist (watch, join, log export)", per: "address", defaults: { per: { count: 30, perSeconds: 60 }, global: { count: 600, perSeconds: 60 } } },
  log: { what: "log exports (/api/rooms/CODE/log.json)", per: "address", defaults: { per: { count: 60, perSeconds: 60 }, global: { count: 600, perSeconds: 60 } } },
  socket_event: { what: "messages on one socket", per: "socket", defaults: { per: { count: 40, perSeconds: 2 }, global: null } },
  // many sockets of one address together: without it an address multiplies the per-socket limit by its sockets
  address_event: { what: "socket messages from one address, all its sockets together", per: "address", defaults: { per: { count: 60, perSeconds: 2 }, global: null } },
  // one seat cannot flood a channel; the host is not limited here (the message limits still hold)
  chat: { what: "chat messages of one player in one room", per: "player in a room", defaults: { per: { count: 8, perSeconds: 10 }, global: null } },
  // alerts off the page (server/alerts): past a limit the room goes on and the alert is not sent
  alert_host: { what: "announcements and nudges of one room that go out as alerts", per: "room", defaults: { per: { count: 6, perSeconds: 60 }, global: null } },
  alert_push: { what: "pushes to one user (all their browsers count as one)", per: "user", defaults: { per: { count: 20, perSeconds: 60 }, global: { count: 6000, perSeconds: 60 } } },
  // keyed by the webhook's id, whatever host, API version or thread the URL names; the global part keeps the server's
  // address far below the invalid requests Discord bans an address for (10,000 in 10 minutes), even if every webhook were dead
  alert_webhook: { what: "posts to one Discord webhook", per: "webhook", defaults: { per: { count: 20, perSeconds: 60 }, global: { count: 300, perSeconds: 60 } } },
  // each new webhook gets a first post at once: a user cannot make the server post to many webhooks that way
  alert_webhook_set: { what: "Discord webhooks set by one user (each gets a first post)", per: "user", defaults: { per: { count: 10, perSeconds: 600 }, global: null } },
};

const NOUNS: Record<LimitName, string> = {
  signin: "sign-ins",
  connect: "connections",
  room_create: "new rooms",
  unknown_code: "lookups of rooms that do not exist",
  log: "log exports",
  socket_event: "messages",
  address_event: "messages",
  chat: "chat messages",
  alert_host: "alerts",
  alert_push: "pushes",
  alert_webhook: "posts",
  alert_webhook_set: "Discord webhooks set",
};

export const DEFAULT_LIMITS: LimitTable = Object.fromEntries(LIMIT_NAMES.map((n) => [n, LIMIT_INFO[n].defaults])) as LimitTable;

export type Taken = { readonly ok: true } | { ok: false; code: "rate/limited"; message: string; retryAfterMs: number; scope: "key" | "global" };

const TAKEN: Taken = Object.freeze({ ok: true });

interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets by key, at most `maxKeys` of them: a key not in the table has a full bucket. */
export class KeyedBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    readonly rate: Rate,
    readonly maxKeys: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = rate.count / (rate.perSeconds * 1000);
  }

  get size(): number {
    return this.buckets.size;
  }

  /** `key`'s bucket refilled up to now: the one held, or a full one not yet held. */
  refill(key: string): Bucket {
    const t = this.now();
    const b = this.buckets.get(key);
    if (!b) return { tokens: this.rate.count, at: t };
    b.tokens = Math.min(this.rate.count, b.tokens + (t - b.at) * this.perMs);
    b.at = t;
    return b;
  }

  /** Milliseconds until `cost` tokens are there for `key` (0: now). */
  wait(key: string, cost = 1): number {
    return this.waitIn(this.refill(key), cost);
  }

  /** Milliseconds until `cost` tokens are in a bucket just refilled (0: now). */
  waitIn(b: Bucket, cost: number): number {
    // (the small epsilon keeps float error from adding a millisecond)
    return b.tokens >= cost ? 0 : Math.ceil((cost - b.tokens) / this.perMs - 1e-9);
  }

  /** Takes `cost` tokens that `wait` said are there. */
  spend(key: string, cost = 1): void {
    this.spendFrom(key, this.refill(key), cost);
  }

  /** Takes `cost` tokens from `key`'s bucket just refilled (`refill`), which `waitIn` said has them. */
  spendFrom(key: string, b: Bucket, cost: number): void {
    b.tokens -= cost;
    // re-inserting keeps the map in least-recently-used order
    this.buckets.delete(key);
    this.buckets.set(key, b);
    while (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
  }

  forget(key: string): void {
    this.buckets.delete(key);
  }
}

export interface LimitsOptions {
  /** Keys kept per limit; beyond it the least recently used are forgotten (their buckets count as full again). */
  maxKeys?: number;
  now?: () => number;
}

/** Every named limit of a server. */
export class Limits {
  private readonly keyed = new Map<LimitName, KeyedBuckets>();
  private readonly global = new Map<LimitName, KeyedBuckets>();
  /** Refusals per limit since start, for the figures. */
  readonly refused: Record<LimitName, number> = Object.fromEntries(LIMIT_NAMES.map((n) => [n, 0])) as Record<LimitName, number>;

  constructor(
    readonly table: LimitTable,
    o: LimitsOptions = {},
  ) {
    for (const name of LIMIT_NAMES) {
      const rule = table[name];
      if (rule.per) this.keyed.set(name, new KeyedBuckets(rule.per, o.maxKeys ?? 20_000, o.now));
      if (rule.global) this.global.set(name, new KeyedBuckets(rule.global, 1, o.now));
    }
  }

  private refusal(name: LimitName, scope: "key" | "global", retryAfterMs: number): Taken {
    this.refused[name]++;
    const secs = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const where = scope === "global" ? "on this server" : LIMIT_INFO[name].per === "socket" ? "on this connection" : `from your ${LIMIT_INFO[name].per}`;
    return { ok: false, code: "rate/limited", message: `Too many ${NOUNS[name]} ${where}; try again in ${secs} s.`, retryAfterMs, scope };
  }

  /** Whether `take` would succeed now, without taking anything. */
  check(name: LimitName, key: string, cost = 1): Taken {
    return this.decide(name, key, cost, false);
  }

  /** Takes `cost` tokens from `key`'s bucket and the global one, or neither when either is short. */
  take(name: LimitName, key: string, cost = 1): Taken {
    return this.decide(name, key, cost, true);
  }

  /** Whether both buckets have `cost` tokens now, and with `spend`, takes them: each bucket looked up once (a take runs for every socket event). */
  private decide(name: LimitName, key: string, cost: number, spend: boolean): Taken {
    const keyed = this.keyed.get(name);
    const mine = keyed?.refill(key);
    const k = mine ? keyed!.waitIn(mine, cost) : 0;
    if (k > 0) return this.refusal(name, "key", k);
    const global = this.global.get(name);
    const all = global?.refill("*");
    const g = all ? global!.waitIn(all, cost) : 0;
    if (g > 0) return this.refusal(name, "global", g);
    if (spend && mine) keyed!.spendFrom(key, mine, cost);
    if (spend && all) global!.spendFrom("*", all, cost);
    return TAKEN;
  }

  /** Drops a key that is gone (a closed socket), so its bucket does not wait to be evicted. */
  forget(name: LimitName, key: string): void {
    this.keyed.get(name)?.forget(key);
  }

  /** Keys held per limit (the bound on memory under attack). */
  keys(): Record<string, number> {
    return Object.fromEntries([...this.keyed].map(([n, b]) => [n, b.size]));
  }
}

// ---- configuration from the environment ----

/** "20/60" (20 per 60 s, 20 at once), or "off". */
export function parseRate(name: string, raw: string): Rate | null {
  const v = raw.trim().toLowerCase();
  if (v === "off" || v === "0") return null;
  const m = /^(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*s?$/.exec(v);
  if (!m || Number(m[1]) < 1 || Number(m[2]) <= 0) throw new Error(`${name} must be COUNT/SECONDS (say 20/60) or off, got "${raw}"`);
  return { count: Number(m[1]), perSeconds: Number(m[2]) };
}

export const limitEnvName = (name: LimitName, global: boolean) => `LIMIT_${name.toUpperCase()}${global ? "_GLOBAL" : ""}`;

/** The limit table: defaults, each part overridable by LIMIT_<NAME> and LIMIT_<NAME>_GLOBAL. */
export function limitsFromEnv(env: Record<string, string | undefined> = process.env): LimitTable {
  const part = (name: LimitName, global: boolean): Rate | null => {
    const key = limitEnvName(name, global);
    const raw = env[key];
    const fallback = global ? LIMIT_INFO[name].defaults.global : LIMIT_INFO[name].defaults.per;
    return raw === undefined || raw === "" ? fallback : parseRate(key, raw);
  };
  return Object.fromEntries(LIMIT_NAMES.map((n) => [n, { per: part(n, false), global: part(n, true) }])) as LimitTable;
}

/** The same table with every per-address and global limit off (per-socket ones stay): for test and benchmark servers whose clients all come from one address. */
export function withoutAddressLimits(table: LimitTable): LimitTable {
  return Object.fromEntries(LIMIT_NAMES.map((n) => [n, LIMIT_INFO[n].per !== "address" ? table[n] : { per: null, global: null }])) as LimitTable;
}
