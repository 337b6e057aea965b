// One room's bad input must never reach another room. For 15 s a host, a
// seated player and an outsider of one room send every class of hostile input
// as fast as the server lets them, while 50 other rooms play: half by moves
// over sockets, half by their phase clocks. No other room may see an error, every
// clocked phase must end on time, and afterwards every room's memory must equal
// what its log in PostgreSQL folds to.
import { describe, expect, it } from "vitest";
import { DEEPEST, HOSTILE_NUMBERS, HOSTILE_STRINGS, nestedJson, withJunk } from "../lib/games/core/hostile";
import { Rng } from "../lib/games/core/rng";
import { fixtureGame } from "./test/fixture-game";
import { foldRows } from "./test/fold-rows";
import { useTestServer } from "./test/harness";
import { request, requestPatiently, requestRaw, SeatClient } from "./test/seat-client";

const POISON_MS = 15_000;
const ROOMS = 50;
/** How late a phase may end after its deadline on a busy two-core machine before it counts as late. */
const LATE_MS = 1500;

const t = useTestServer([fixtureGame], { botDelayMs: 40 });

describe("a poisoned room", () => {
  it("fails alone: 50 other rooms play on without an error and on time, and every room's memory equals its log", async () => {
    const url = t.server.url;
    const hosts = Array.from({ length: 5 }, (_, i) => ({ id: `guest:pz-host-${i}`, name: `Host ${i}` }));
    const hostClients = await Promise.all(hosts.map((h) => t.client(h)));
    const players: SeatClient[] = [];
    const rooms: { code: string; active: boolean; player: SeatClient }[] = [];
    for (let i = 0; i < ROOMS; i++) {
      const h = hostClients[i % hosts.length]!;
      const active = i % 2 === 0;
      // active rooms are played by moves; clocked rooms wait on a player who never moves, so their 1 s phases end by the clock
      const created = await requestPatiently<{ code: string }>(h.socket, "room:create", { gameId: "fixture", seats: 2, config: { rounds: 10, pickSeconds: active ? 600 : 1 } });
      if (!created.ok) throw new Error(created.message);
      const user = { id: `guest:pz-p-${i}`, name: `Player ${i}` };
      const player = await SeatClient.open({ url, user, code: created.code, game: fixtureGame }, true);
      players.push(player);
      const started = await requestPatiently(h.socket, "host:command", { code: created.code, command: { type: "start", fillWithBots: true } });
      if (!started.ok) throw new Error(started.message);
      rooms.push({ code: created.code, active, player });
    }

    // the poisoned room: its host, a seated player and an outsider send hostile input
    const poisonHost = await t.client({ id: "guest:pz-evil-host", name: "Evil" });
    const made = await poisonHost.req<{ code: string }>("room:create", { gameId: "fixture", seats: 2, config: { rounds: 10, pickSeconds: 600 } });
    if (!made.ok) throw new Error(made.message);
    const code = made.code;
    const evilPlayer = await SeatClient.open({ url, user: { id: "guest:pz-evil-p", name: "Mallory" }, code, game: fixtureGame }, true);
    await poisonHost.req("host:command", { code, command: { type: "start", fillWithBots: true } });
    const outsider = await t.client({ id: "guest:pz-evil-o", name: "Trudy" });
    const rng = Rng.fromSeed("poison");
    const hostile = (): [string, unknown][] => {
      const s = rng.pick(HOSTILE_STRINGS);
      return [
        ["host:command", { code, command: { type: "announce", text: s } }],
        ["host:command", { code, command: { type: "end", reason: s } }],
        ["host:command", { code, command: { type: "duration", phase: s, seconds: rng.pick(HOSTILE_NUMBERS) } }],
        ["host:command", { code, command: { type: "extend", seconds: rng.pick(HOSTILE_NUMBERS) } }],
        ["chat:send", { code, channel: "public", body: s }],
        ["chat:send", { code, channel: s, body: "hello" }],
        ["game:act", { code, action: { type: "pick", value: 3 }, clientId: s }],
        ["game:act", { code, action: withJunk({ type: "pick", value: 1 + rng.int(9) }, rng) }],
        ["raw:game:act", `{"code":"${code}","action":${nestedJson(DEEPEST)}}`],
        ["game:act", { code, action: { type: "pick", value: rng.pick(HOSTILE_NUMBERS) } }],
        ["chat:history", { code, channel: "public", before: "9".repeat(19 + rng.int(30)) }],
        ["room:watch", { code: s }],
        ["seat:claim", { code, seat: s }],
      ];
    };
    const poisonAnswers: Record<string, number> = {};
    let poisonSent = 0;
    const stop = Date.now() + POISON_MS;
    const flood = async (send: (event: string, input: unknown) => Promise<{ ok: boolean; code?: string }>) => {
      while (Date.now() < stop) {
        for (const [event, input] of hostile()) {
          const r = await send(event, input);
          poisonSent++;
          const key = r.ok ? "ok" : r.code!;
          poisonAnswers[key] = (poisonAnswers[key] ?? 0) + 1;
        }
      }
    };

    // the other rooms play meanwhile; every answer they get is recorded
    const errors: string[] = [];
    let acks = 0;
    const play = async (r: (typeof rooms)[number]) => {
      while (Date.now() < stop) {
        await new Promise((res) => setTimeout(res, 150 + rng.int(150)));
        const move = r.player.nextMove(rng);
        if (!move) continue;
        const out = await r.player.act(move, `${r.code}-${acks}-${rng.int(1e9)}`);
        if (out.kind === "ack") acks++;
        // a move the phase moved on from is the game's refusal, not the server's failure
        else if (!(out.kind === "refused" && out.code.startsWith("action/"))) errors.push(`${r.code}: ${JSON.stringify(out)}`);
      }
    };
    // deep values go out as raw packets: the client's own encoder cannot walk them
    const via = (socket: typeof outsider.socket) => (e: string, i: unknown) => (e.startsWith("raw:") ? requestRaw(socket, e.slice(4), i as string) : request(socket, e, i));
    await Promise.all([
      flood(via(poisonHost.socket)),
      flood(via(evilPlayer.socket)),
      flood(via(outsider.socket)),
      ...rooms.filter((r) => r.active).map(play),
    ]);
    console.log(`poison: ${poisonSent} hostile messages, answers ${JSON.stringify(poisonAnswers)}; meanwhile ${acks} moves acknowledged in ${ROOMS / 2} rooms`);

    expect(errors).toEqual([]);
    expect(acks).toBeGreaterThan(ROOMS);
    expect(poisonAnswers["server/error"] ?? 0).toBe(0);
    expect(poisonAnswers["store/unavailable"] ?? 0).toBe(0);
    expect(t.server.rooms.store.stats.failedBatches).toBe(0);

    // every clocked phase of the other rooms ended on time
    let late = 0;
    let timeouts = 0;
    for (const r of rooms.filter((x) => !x.active)) {
      const room = t.server.rooms.loaded(r.code)!;
      const events = await t.server.db.event.findMany({ where: { roomId: room.id }, orderBy: { seq: "asc" } });
      for (let i = 1; i < events.length; i++) {
        const e = events[i]!;
        const deadline = events[i - 1]!.deadlineAt;
        if (e.kind !== "timeout" || e.actor !== "clock" || !deadline) continue;
        timeouts++;
        if (e.at.getTime() - deadline.getTime() > LATE_MS) late++;
      }
      expect(room.phase()!.round).toBeGreaterThanOrEqual(8);
    }
    console.log(`clocked rooms: ${timeouts} phases ended by the clock, ${late} later than ${LATE_MS} ms`);
    expect(late).toBe(0);

    // memory equals the log, for every room (the poisoned one too), and nothing hostile was stored
    await new Promise((r) => setTimeout(r, 200));
    for (const c of [...rooms.map((r) => r.code), code]) {
      const room = t.server.rooms.loaded(c)!;
      await room.idle();
      const rows = await t.server.db.event.findMany({ where: { roomId: room.id }, orderBy: { seq: "asc" } });
      expect(foldRows(fixtureGame, room.seed, rows)).toEqual(room.data);
    }
    const stored = await t.server.db.event.findMany({ where: { room: { code } } });
    for (const e of stored) expect(JSON.stringify(e.payload)).not.toMatch(/junk|padding|\\u0000/);
    for (const p of players) p.close();
    evilPlayer.close();
  }, 120_000);
});
