// A burst of connections through the cluster primary: 200 rooms created on the
// shared socket, each then opened by four sockets that name it in their
// handshake, twenty rooms at a time. Every one must finish its namespace
// handshake. A primary whose copy of a handed-on connection still reads can
// take the client's first packet after the engine's handshake and drop it; the
// client then waits for ever. That happened to about one connection in 1,600.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Socket } from "socket.io-client";
import { createTestDb } from "./test/harness";
import { connected, request, signedInSocket } from "./test/seat-client";
import { ServerProcess } from "./test/server-process";

const CLUSTER = new URL("./test/cluster-child.ts", import.meta.url).pathname;
let testDb: { url: string; drop(): Promise<void> };
let server: ServerProcess;
let url: string;
const opened: Socket[] = [];

beforeAll(async () => {
  testDb = await createTestDb(inject("pgBase"));
  ({ server, url } = await ServerProcess.start({ databaseUrl: testDb.url, entry: CLUSTER, env: { WORKERS: "2" } }));
}, 60_000);

afterAll(async () => {
  for (const s of opened) s.close();
  await server?.stop();
  await testDb?.drop();
});

describe("the cluster primary under a burst of connections", () => {
  it("hands on every connection whole: each socket that names its room finishes its handshake", async () => {
    const hosts = await Promise.all(
      Array.from({ length: 10 }, async (_, h) => {
        const s = await signedInSocket(url, { id: `guest:burst-host-${h}`, name: `Host Hana ${"abcdefghij"[h]}` });
        opened.push(s);
        await connected(s);
        return s;
      }),
    );
    const stuck: string[] = [];
    let done = 0;
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const n = round * 20 + i;
          const made = await request<{ code: string }>(hosts[n % 10]!, "room:create", { gameId: "fixture", seats: 2, config: {} });
          if (!made.ok) throw new Error(`room:create: ${made.message}`);
          const code = (made as unknown as { code: string }).code;
          await Promise.all(
            Array.from({ length: 4 }, async (_, k) => {
              const s = await signedInSocket(url, { id: `guest:burst-${n}-${k}`, name: `Player ${"abcd"[k]}` }, false, code);
              opened.push(s);
              try {
                await connected(s, 15_000);
                done++;
              } catch {
                stuck.push(`${code}/${k}`);
              }
            }),
          );
        }),
      );
    }
    expect(stuck).toEqual([]);
    expect(done).toBe(800);
  }, 240_000);
});
