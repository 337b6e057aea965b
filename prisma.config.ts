// Prisma CLI configuration: the wasm ("js") schema engine driven through
// @prisma/adapter-pg, so no native engine is ever downloaded.
import path from "node:path";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

// The wasm engine leaves long timers behind that keep the CLI alive for up to a
// minute after it is done; long timers must not hold the process open.
const LONG_TIMER_MS = 5_000;
const plainSetTimeout = globalThis.setTimeout;
const plainSetInterval = globalThis.setInterval;
globalThis.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
  const t = plainSetTimeout(fn, ms, ...rest);
  if ((ms ?? 0) >= LONG_TIMER_MS) t.unref();
  return t;
}) as typeof setTimeout;
globalThis.setInterval = ((fn: (...a: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
  const t = plainSetInterval(fn, ms, ...rest);
  if ((ms ?? 0) >= LONG_TIMER_MS) t.unref();
  return t;
}) as typeof setInterval;

// The migration engine reads catalog columns of type "char" (oid 18) and name
// (oid 19), which the adapter cannot map; report them as text (oid 25).
const TEXT_OID = 25;
function textifyFields<T>(res: T): T {
  const fields = (res as { fields?: { dataTypeID: number }[] } | undefined)?.fields;
  for (const f of fields ?? []) if (f.dataTypeID === 18 || f.dataTypeID === 19) f.dataTypeID = TEXT_OID;
  return res;
}
class CatalogTextClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const last = args[args.length - 1];
    if (typeof last === "function") {
      args[args.length - 1] = (err: unknown, res: unknown) => last(err, err ? res : textifyFields(res));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return (super.query as any)(...args);
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const out = (super.query as any)(...args);
    return out && typeof out.then === "function" ? out.then(textifyFields) : out;
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set");
    return new PrismaPg({ connectionString: url, Client: CatalogTextClient, max: 2, allowExitOnIdle: true, idleTimeoutMillis: 200 });
  },
});
