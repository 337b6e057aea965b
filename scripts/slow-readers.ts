// npm run slow-readers [-- --clients 16] [--rate 10] [--seconds 40] [--cap BYTES|off] [--read]
//
// Clients that never read, against a room server in a process of its own:
// each watches a room as an anonymous spectator, stops reading its connection,
// and keeps asking for a page of table talk (about 30 KB per answer) `--rate`
// times a second; a dropped client connects again at once. Prints the memory the
// server holds while it lasts, how many sockets the unsent-bytes cap dropped and
// the most bytes one socket held. `--cap off` shows the server without the cap;
// `--read` the same clients reading (what the load itself costs).
import { parseArgs } from "node:util";
import { io as connect, type Socket } from "socket.io-client";
import { createTestDb } from "../server/test/harness";
import { findPgBase } from "../server/test/pg-base";
import { request, signedInSocket } from "../server/test/seat-client";
import { ServerProcess, type ChildStats } from "../server/test/server-process";
import { DEFAULT_SOCKET_BUFFER_BYTES } from "../server/edge/config";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "16" },
    rate: { type: "string", default: "10" },
    seconds: { type: "string", default: "40" },
    read: { type: "boolean", default: false },
    cap: { type: "string", default: String(DEFAULT_SOCKET_BUFFER_BYTES) },
  },
});
const clients = Number(values.clients);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const MB = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

const pg = await findPgBase();
const db = await createTestDb(pg.url);
const { server, url } = await ServerProcess.start({ databaseUrl: db.url, nodeArgs: ["--expose-gc"], env: { SOCKET_MAX_BUFFER_BYTES: values.cap } });
const open: Socket[] = [];
try {
  // a room whose table talk holds a full page of long messages
  const host = await signedInSocket(url, { id: "guest:slow-host", name: "Hana" });
  open.push(host);
  const created = await request<{ code: string }>(host, "room:create", { gameId: "fixture", seats: 2, config: { rounds: 10, pickSeconds: 3600 } });
  if (!created.ok) throw new Error(created.message);
  const code = created.code;
  await request(host, "room:watch", { code });
  for (let i = 0; i < 60; ) {
    const r = await request(host, "chat:send", { code, channel: "public", body: `${i} ${"talk ".repeat(99)}` });
    if (r.ok) i++;
    else if (r.code === "rate/limited") await new Promise((res) => setTimeout(res, 200));
    else throw new Error(`could not fill the table talk: ${r.message}`);
  }
  const page = await request<{ messages: unknown[] }>(host, "chat:history", { code, channel: "public" });
  const pageBytes = JSON.stringify(page).length;

  const held = (st: ChildStats) => st.memory.heapUsed + st.memory.external;
  const base = await server.ask({ type: "stats", gc: true });
  let peakRss = base.memory.rss;
  let peakHeld = held(base);
  let peakUnsentAll = 0;
  let connects = 0;
  let stop = false;

  // one attacker: connect, watch, stop reading, ask for history `rate` times a second until dropped, then again
  async function attacker(): Promise<void> {
    while (!stop) {
      const s = connect(url, { transports: ["websocket"], reconnection: false, forceNew: true });
      open.push(s);
      const up = await new Promise<boolean>((resolve) => {
        s.once("connect", () => resolve(true));
        s.once("connect_error", () => resolve(false));
      });
      if (!up) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      connects++;
      await request(s, "room:watch", { code, as: "spectator" });
      if (!values.read) (s.io.engine.transport as unknown as { ws: { pause(): void } }).ws.pause();
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          if (stop || s.disconnected) {
            clearInterval(timer);
            s.close();
            return resolve();
          }
          s.emit("chat:history", { code, channel: "public" }, () => {});
        }, 1000 / rate);
        s.io.engine.once("close", () => s.disconnect());
      });
    }
  }

  const started = Date.now();
  const running = Array.from({ length: clients }, () => attacker());
  while (Date.now() - started < seconds * 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    // collected first: what the server holds, not the garbage of the answers it made
    const st = await server.ask({ type: "stats", gc: true });
    peakRss = Math.max(peakRss, st.memory.rss);
    peakHeld = Math.max(peakHeld, held(st));
    peakUnsentAll = Math.max(peakUnsentAll, st.edge.unsentNow);
  }
  const end = await server.ask({ type: "stats", gc: true });
  stop = true;
  await Promise.all(running);
  await new Promise((r) => setTimeout(r, 5000));
  const after = await server.ask({ type: "stats", gc: true });

  const cap = values.cap === "off" || values.cap === "0" ? "off" : MB(Number(values.cap));
  console.log(`slow readers: ${clients} clients that ${values.read ? "read (the baseline)" : "never read"}, ${seconds} s, each asking ${rate} times a second for a ${(pageBytes / 1024).toFixed(1)} KiB answer; unsent-bytes cap ${cap}`);
  console.log(`  memory the server holds (heap after a collection, plus buffers), sampled each second: ${MB(held(base))} at start, ${MB(peakHeld)} at most (+${MB(peakHeld - held(base))}), ${MB(held(end))} at the end, ${MB(held(after))} 5 s after the clients left`);
  console.log(`  server RSS: ${MB(base.memory.rss)} at start, ${MB(peakRss)} at most (+${MB(peakRss - base.memory.rss)})`);
  console.log(`  unsent bytes of all sockets together, sampled each second: at most ${MB(peakUnsentAll)}, ${MB(end.edge.unsentNow)} at the end`);
  console.log(`  sockets dropped for not reading: ${end.edge.droppedSlow}; connections made: ${connects}; most unsent bytes one socket held: ${MB(end.edge.peakUnsent)}`);
} finally {
  for (const s of open) s.close();
  await server.stop();
  await db.drop();
  await pg.stop();
}
