// npm run floods [-- --seconds 25]
//
// The floods of the security report, replayed against a room server with the
// default limits: guest sign-ins, socket handshakes and lookups of room codes
// that do not exist, each from one address and then from many (the server
// trusts one proxy here, so X-Forwarded-For stands for the address). Prints what
// got through and what was refused. Sign-ins stop at the edge's check: a stub
// stands in for Next behind it.
import { request as httpRequest } from "node:http";
import { parseArgs } from "node:util";
import { DEFAULT_EDGE } from "../server/edge";
import { fixtureGame } from "../server/test/fixture-game";
import { createTestDb, startTestServer } from "../server/test/harness";
import { findPgBase } from "../server/test/pg-base";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "25" } } });
const seconds = Number(values.seconds);

function status(url: string, path: string, method: string, forwardedFor: string | null): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest(`${url}${path}`, { method, headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
    req.end();
  });
}

/** Sends requests back to back on 4 connections for `seconds`; counts answers by status. */
async function flood(label: string, send: (i: number) => Promise<number>): Promise<void> {
  const counts = new Map<number, number>();
  const end = Date.now() + seconds * 1000;
  let i = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < end) {
        const s = await send(i++);
        counts.set(s, (counts.get(s) ?? 0) + 1);
      }
    }),
  );
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const shown = [...counts].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${n} × ${s}`).join(", ");
  console.log(`${label.padEnd(46)} ${String(total).padStart(6)} tries (${(total / seconds).toFixed(0)}/s): ${shown}`);
}

const pg = await findPgBase();
const db = await createTestDb(pg.url);
const server = await startTestServer(db.url, [fixtureGame], {
  edge: { ...DEFAULT_EDGE, trustProxy: 1 },
  nextHandler: (_req, res) => void res.end("signed in"),
});
try {
  const one = "198.51.100.7";
  const many = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  console.log(`floods for ${seconds} s each against the default limits (200: let through, 404: looked up and missed, 403/429: refused)`);
  await flood("guest sign-ins, one address", () => status(server.url, "/api/auth/callback/guest", "POST", one));
  await flood("guest sign-ins, a new address each", (i) => status(server.url, "/api/auth/callback/guest", "POST", many(i)));
  await flood("room-code guesses (log export), one address", (i) => status(server.url, `/api/rooms/ZZZ${String(i % 1000).padStart(3, "2").replace(/[01]/g, "2")}/log.json`, "GET", "198.51.100.8"));
  await flood("room-code guesses (log export), a new address each", (i) => status(server.url, "/api/rooms/ZZZZZ2/log.json", "GET", many(1_000_000 + i)));
  await flood("socket handshakes, one address", () => status(server.url, "/socket.io/?EIO=4&transport=polling", "GET", "198.51.100.9"));
  await flood("socket handshakes, a new address each", (i) => status(server.url, "/socket.io/?EIO=4&transport=polling", "GET", many(2_000_000 + i)));
  const st = server.edge.stats();
  console.log(`refusals by limit: ${JSON.stringify(st.refused)}; sockets refused as too many open at once from one address: ${st.refusedBusy}; keys held per limit: ${JSON.stringify(st.keys)}`);
} finally {
  await server.close();
  await db.drop();
  await pg.stop();
}
