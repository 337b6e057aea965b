// A Garnet server for a proof script: the real `npm start` path (build when
// stale, embedded PostgreSQL) on a fresh data folder, in its own process group,
// with the test auth secret so the script can mint session cookies.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { chromium, type Browser } from "@playwright/test";
import { io, type Socket } from "socket.io-client";
import { ROOM_EVENTS, type ClientEvent } from "../../lib/protocol";
import { sessionCookie, TEST_SECRET } from "../../server/test/session";

export interface FreshServer {
  base: string;
  stop(): void;
}

export async function startFreshServer(name: string, port: number, pgPort: number): Promise<FreshServer> {
  const base = `http://localhost:${port}`;
  const dataDir = `.data/${name}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn("node", ["scripts/start.mjs"], {
    stdio: ["ignore", "pipe", "inherit"],
    detached: true, // its own process group: stopping it stops the server start.mjs runs
    env: { ...process.env, PORT: String(port), AUTH_URL: base, AUTH_SECRET: TEST_SECRET, GARNET_DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), DATABASE_URL: "", BOT_DELAY_MS: "50" },
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("Garnet is serving")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code} before serving:\n${out}`)));
  });
  return {
    base,
    stop: () => {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGINT");
    },
  };
}

/** A signed-in user: the session cookie's value and socket clients speaking as that user (one per room, as the browser has, and one for the rest). */
export async function asUser(base: string, id: string, name: string) {
  const cookie = await sessionCookie({ id, name });
  const sockets = new Map<string | null, Socket>();
  const socketFor = (room: string | null) => {
    let s = sockets.get(room);
    if (!s) {
      s = io(base, { transports: ["websocket"], extraHeaders: { cookie }, forceNew: true, ...(room ? { query: { room } } : {}) });
      sockets.set(room, s);
    }
    return s;
  };
  const ask = async <T extends object>(event: string, input: unknown): Promise<T> => {
    const code = ROOM_EVENTS.has(event as ClientEvent) ? (input as { code?: unknown }).code : undefined;
    const socket = socketFor(typeof code === "string" ? code : null);
    const r = (await socket.timeout(10_000).emitWithAck(event as never, input as never)) as { ok: boolean; message?: string } & T;
    if (!r.ok) throw new Error(`${event} failed: ${r.message}`);
    return r;
  };
  return { token: cookie.slice(cookie.indexOf("=") + 1), ask, close: () => sockets.forEach((s) => s.close()) };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
}
