// A season of bots whose server is killed with SIGKILL at seeded random moments
// during each step of an episode (main match, opponent choice, death match).
// After every restart the season goes on; at the end the ledger must hold
// exactly the rows the games' final states give, once each.
import { afterAll, expect, inject, it } from "vitest";
import { Rng } from "../lib/games/core/rng";
import { getGame } from "../lib/games/registry";
import { gameOverLedger } from "../lib/season/ledger";
import type { SeasonLink } from "../lib/season/types";
import type { SeasonPageView } from "../lib/protocol";
import { createDb, type Db } from "./db/client";
import { foldRows } from "./test/fold-rows";
import { client, createTestDb, type Client } from "./test/harness";
import { freePort, ServerProcess } from "./test/server-process";

const host = { id: "guest:crash-host", name: "Hana" };
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f().catch(() => undefined);
});

it("a season survives kill -9 in the middle of each step: nothing lost, nothing doubled", async () => {
  const testDb = await createTestDb(inject("pgBase"));
  cleanup.push(() => testDb.drop());
  const db: Db = createDb(testDb.url, 2);
  cleanup.push(() => db.$disconnect());
  const port = await freePort();
  const start = () => ServerProcess.start({ databaseUrl: testDb.url, port, botDelayMs: 15 });
  let proc = (await start()).server;
  cleanup.push(() => proc.stop());
  let h: Client | null = null;
  const hostClient = async () => (h ??= await client(`http://127.0.0.1:${port}`, host));
  const rng = Rng.fromSeed("season-crash");
  let kills = 0;

  const ask = async <T extends object>(event: string, input: object): Promise<T> => {
    const r = await (await hostClient()).req<T>(event, input);
    if (!r.ok) throw new Error(`${event}: ${r.message}`);
    return r as T;
  };
  const status = async (code: string) => db.room.findUniqueOrThrow({ where: { code }, select: { status: true, version: true } });

  /** Lets the room run, kills the server at a random moment, restarts it; ends phases nobody moves in; until the room is over. */
  async function crashThrough(code: string, killsHere: number): Promise<void> {
    if ((await status(code)).status === "lobby") await ask("host:command", { code, command: { type: "start" } });
    let left = killsHere;
    for (let i = 0; i < 200; i++) {
      const before = await status(code);
      if (before.status === "finished") return;
      if (left > 0) {
        // the crash moment is what is tested here: a seeded random delay, then SIGKILL
        await new Promise((r) => setTimeout(r, rng.range(100, 500)));
        h?.close();
        h = null;
        await proc.kill();
        kills++;
        left--;
        proc = (await start()).server;
        continue;
      }
      await new Promise((r) => setTimeout(r, 300));
      const after = await status(code);
      // nothing moved: an untimed or long phase the bots have finished with; the host ends it, as the clock would
      if (after.status === "running" && after.version === before.version) {
        await (await hostClient()).req("room:watch", { code });
        await (await hostClient()).req("host:command", { code, command: { type: "advance" } });
      }
    }
    throw new Error(`room ${code} did not finish`);
  }

  const { code } = await ask<{ code: string }>("season:create", { name: "Crash season", settings: {} });
  for (let i = 0; i < 6; i++) await ask("season:host", { code, command: { type: "addBot" } });
  for (const [gameId, config] of [["truth-deflector", { rounds: 6 }], ["five-fold-possession", {}]] as const) {
    // Five Fold Possession seats 5 of those still in
    const { view } = await ask<{ view: SeasonPageView }>("season:view", { code });
    const members = view.standings.filter((s) => s.alive).map((s) => s.memberId).slice(0, gameId === "five-fold-possession" ? 5 : undefined);
    const main = await ask<{ room: string }>("season:host", { code, command: { type: "main", gameId, config, members } });
    await crashThrough(main.room, 2);
    const pick = await ask<{ room: string }>("season:host", { code, command: { type: "pick" } });
    await crashThrough(pick.room, 1);
    const dm = await ask<{ room: string }>("season:host", { code, command: { type: "death", config: { startingHealth: 8, finalTiebreak: "coin" } } });
    await crashThrough(dm.room, 1);
  }
  // the main matches outlast their two kills each; a quick opponent choice or death match may end before its kill
  expect(kills).toBeGreaterThanOrEqual(4);

  // the ledger is exactly what the finished rooms' logs give
  const rooms = await db.seasonRoom.findMany({ include: { room: true } });
  expect(rooms.filter((r) => r.room.status === "finished")).toHaveLength(6);
  let expected = 0;
  for (const r of rooms) {
    const game = getGame(r.room.gameId)!;
    const events = await db.event.findMany({ where: { roomId: r.roomId }, orderBy: { seq: "asc" } });
    const state = foldRows(game, r.room.seed, events).state;
    const link: SeasonLink = { seasonId: r.seasonId, episode: r.episode, stage: r.stage as SeasonLink["stage"], members: r.members as Record<string, string>, context: r.context as unknown as SeasonLink["context"] };
    const want = gameOverLedger(link, game, state, r.roomId, events[events.length - 1]!.seq);
    const got = await db.ledgerEntry.findMany({ where: { roomId: r.roomId } });
    expect(got.map((x) => `${x.kind}/${x.seat}/${x.amount}/${x.eventSeq}`).sort()).toEqual(want.map((x) => `${x.kind}/${x.seat}/${x.amount}/${x.eventSeq}`).sort());
    expected += want.length;
  }
  expect(await db.ledgerEntry.count()).toBe(expected);
  expect(expected).toBeGreaterThan(10);
  (h as Client | null)?.close();
}, 240_000);
