// A season of bots through the room layer: three episodes (main match, opponent
// choice, death match) over three different main-match games, with server
// restarts in the middle of an episode. The ledger must equal what the games'
// final states give, row for row, once each.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { games } from "../lib/games/registry";
import { gameOverLedger } from "../lib/season/ledger";
import type { LedgerRow } from "../lib/season/types";
import type { SeasonPageView } from "../lib/protocol";
import type { GarnetServer } from "./app-server";
import { foldRows } from "./test/fold-rows";
import { client, createTestDb, sessionCookie, startTestServer, type Client } from "./test/harness";
import { playOut } from "./test/season-driver";
import { Rng } from "../lib/games/core/rng";
import { auditSeasonPage, emptySeasonFigures } from "./proof/season-audit";

const host = { id: "guest:season-host", name: "Hana" };
const outsider = { id: "guest:season-outsider", name: "Outsider" };

let db: { url: string; drop(): Promise<void> };
let server: GarnetServer;
const open: Client[] = [];

beforeAll(async () => {
  db = await createTestDb(inject("pgBase"));
  server = await startTestServer(db.url, games);
});
afterAll(async () => {
  for (const c of open) c.close();
  await server?.close();
  await db?.drop();
});

async function as(user: { id: string; name: string }): Promise<Client> {
  const c = await client(server.url, user);
  open.push(c);
  return c;
}

async function restart(): Promise<void> {
  for (const c of open.splice(0)) c.close();
  await server.close(); // the rooms' bots and clocks stop; everything committed is drained
  server = await startTestServer(db.url, games);
}

async function command(code: string, cmd: object): Promise<string | undefined> {
  const h = await as(host);
  const r = await h.req<{ room?: string }>("season:host", { code, command: cmd });
  if (!r.ok) throw new Error(`${JSON.stringify(cmd)}: ${r.message}`);
  return r.room;
}

async function view(code: string, user = host): Promise<SeasonPageView> {
  const c = await as(user);
  const r = await c.req<{ view: SeasonPageView }>("season:view", { code });
  if (!r.ok) throw new Error(r.message);
  return r.view;
}

/** The rows a finished room must have written: its game's effects on the state folded from its own log. */
async function expectedRows(roomCode: string): Promise<LedgerRow[]> {
  const room = (await server.rooms.get(roomCode))!;
  const events = await server.db.event.findMany({ where: { roomId: room.id }, orderBy: { seq: "asc" } });
  const state = foldRows(room.game, room.seed, events).state;
  return gameOverLedger(room.season!, room.game, state, room.id, events[events.length - 1]!.seq);
}

const strip = (r: LedgerRow) => ({ memberId: r.memberId, seat: r.seat, kind: r.kind, amount: r.amount, data: r.data, eventSeq: r.eventSeq, episode: r.episode });

async function episode(code: string, gameId: string, config: object, members?: string[], restartAfter?: number): Promise<void> {
  const main = (await command(code, { type: "main", gameId, config, ...(members ? { members } : {}) }))!;
  if (restartAfter !== undefined) {
    const room = await playOut(server, main, host.id, restartAfter);
    expect(room.status).toBe("running");
    await restart();
    // the old room object holds what it had committed when the server stopped
    const before = { version: room.version, state: JSON.stringify(room.state) };
    const again = (await server.rooms.get(main))!;
    // nothing was lost; what came after is only the clock's correction for the time the server was away
    const after = await server.db.event.findMany({ where: { roomId: again.id, seq: { gt: before.version } } });
    expect(after.map((e) => e.kind)).toEqual(again.version > before.version ? ["clock"] : []);
    expect(JSON.stringify(again.state)).toBe(before.state);
  }
  await playOut(server, main, host.id);
  const v = await view(code);
  if (v.next?.kind !== "pick") return;
  // the step waiting for the host is derived from the database: it survives a restart too
  await restart();
  expect((await view(code)).next).toEqual(v.next);
  const pick = (await command(code, { type: "pick" }))!;
  await playOut(server, pick, host.id);
  const dm = (await command(code, { type: "death", config: { startingHealth: 6 } }))!;
  await playOut(server, dm, host.id);
}

describe("a season of bots", () => {
  it("plays three episodes over three main-match games; the ledger is the sum of the games' effects, once each, across restarts", async () => {
    const h = await as(host);
    const created = await h.req<{ code: string; invite: string }>("season:create", { name: "Bots' season", settings: { startingGarnets: 10, pickSeconds: 30 } });
    if (!created.ok) throw new Error(created.message);
    const code = created.code;
    for (let i = 0; i < 9; i++) await command(code, { type: "addBot" });

    await episode(code, "secret-sinner", { rounds: 2, phaseSeconds: { briefing: 0, round: 60 } });
    await episode(code, "truth-deflector", { rounds: 3 }, undefined, 12);
    const alive = (await view(code)).standings.filter((s) => s.alive).map((s) => s.memberId);
    await episode(code, "five-fold-possession", {}, alive.slice(0, 5), 40);

    const v = await view(code);
    const mains = v.episodes.map((e) => e.rooms.find((r) => r.stage === "main" && r.status === "finished")!.gameId);
    expect(mains).toEqual(["secret-sinner", "truth-deflector", "five-fold-possession"]);

    // every finished room wrote exactly the rows its final state gives, and nothing else was written
    const rooms = await server.db.seasonRoom.findMany({ include: { room: true } });
    let expected: LedgerRow[] = [];
    for (const r of rooms) if (r.room.status === "finished") expected = expected.concat(await expectedRows(r.room.code));
    const stored = await server.db.ledgerEntry.findMany({ orderBy: { id: "asc" } });
    expect(stored).toHaveLength(expected.length);
    const key = (r: { roomId: string; kind: string; seat: string }) => `${r.roomId}/${r.kind}/${r.seat}`;
    const byKey = new Map(stored.map((r) => [key(r), r]));
    for (const e of expected) expect(strip({ ...byKey.get(key(e))!, data: byKey.get(key(e))!.data ?? null } as unknown as LedgerRow)).toEqual(strip(e));

    // balances on the host's page are the season's start plus the games' effects
    for (const s of v.standings) {
      const mine = expected.filter((e) => e.memberId === s.memberId);
      const sum = (kind: string) => mine.filter((e) => e.kind === kind).reduce((a, e) => a + e.amount, 0);
      expect(s.garnets).toBe(10 + sum("garnets"));
      expect(s.tokens).toBe(sum("tokens"));
      expect(s.alive).toBe(sum("eliminated") === 0);
    }
    // each episode ended with its death match: an elimination, or a Token of Life spent instead
    for (const e of v.episodes) {
      expect(e.step).toBe("done");
      expect(e.deathMatch).not.toBeNull();
      expect(e.eliminated ?? e.saved).toBe(e.deathMatch!.loser);
    }
    expect(v.timeline.map((t) => t.memberId)).toEqual(v.episodes.flatMap((e) => (e.eliminated ? [e.eliminated] : [])));

    // the leak audit of the season page, on this season as stored
    const audit = emptySeasonFigures();
    auditSeasonPage(await server.seasons.data(code), Rng.fromSeed("season-int"), audit);
    expect(audit.examples).toEqual([]);
    expect(audit.effective).toBeGreaterThan(0);

    // the public page and a season room's log keep garnets to the host
    const pub = await view(code, outsider);
    expect(pub.standings.every((s) => s.garnets === null)).toBe(true);
    expect(pub.invite).toBeUndefined();
    expect(pub.ledger.some((r) => r.kind === "garnets")).toBe(false);
    const ffp = v.episodes[2]!.rooms.find((r) => r.stage === "main")!.code;
    const log = await fetch(`${server.url}/api/rooms/${ffp}/log.json`);
    expect(log.status).toBe(403);
    expect(((await log.json()) as { code: string }).code).toBe("log/season");
  });

  it("joins by the invite link only, keeps the roster and the steps to the host, and exports per viewer", async () => {
    const alice = { id: "guest:season-alice", name: "Alice" };
    const h = await as(host);
    const created = await h.req<{ code: string; invite: string }>("season:create", { name: "Edges", settings: {} });
    if (!created.ok) throw new Error(created.message);
    const { code, invite } = created;
    const a = await as(alice);
    expect(await a.req("season:join", { code, invite: "wrong-invite-123" })).toMatchObject({ ok: false, code: "season/invite" });
    expect(await h.req("season:join", { code, invite })).toMatchObject({ ok: false, code: "season/host" });
    expect(await a.req("season:join", { code: "nope", invite })).toMatchObject({ ok: false, code: "input/invalid" });
    const joined = await a.req<{ memberId: string }>("season:join", { code, invite });
    expect(joined.ok).toBe(true);
    // joining twice is the same membership
    expect(await a.req("season:join", { code, invite })).toEqual(joined);
    expect(await a.req("season:host", { code, command: { type: "addBot" } })).toMatchObject({ ok: false, code: "season/host_only" });
    expect(await h.req("season:host", { code, command: { type: "pick" } })).toMatchObject({ ok: false, code: "season/step" });
    for (let i = 0; i < 3; i++) await command(code, { type: "addBot" });
    expect(await h.req("season:host", { code, command: { type: "main", gameId: "opponent-choice" } })).toMatchObject({ ok: false, code: "season/game" });
    const room = await command(code, { type: "main", gameId: "truth-deflector", config: { rounds: 1 } });
    // the roster is fixed now, and a season room's seats are the roster's
    const late = await as({ id: "guest:season-late", name: "Late" });
    expect(await late.req("season:join", { code, invite })).toMatchObject({ ok: false, code: "season/started" });
    await late.req("room:watch", { code: room });
    expect(await late.req("seat:claim", { code: room })).toMatchObject({ ok: false, code: "seat/season" });
    await a.req("room:watch", { code: room });
    expect(await a.req("seat:release", { code: room })).toMatchObject({ ok: false, code: "seat/season" });
    expect(await h.req("host:command", { code: room, command: { type: "spectators", mode: "live", revealAtEnd: true } })).toMatchObject({ ok: false, code: "host/season_reveal" });

    // the export: the host gets every balance, a member their own, anyone else none
    const exported = async (user?: { id: string; name: string }) => {
      const res = await fetch(`${server.url}/api/seasons/${code}/export.json`, { headers: user ? { cookie: await sessionCookie(user) } : {} });
      return (await res.json()) as { exportedFor: string; members: { name: string; garnets: number | null }[] };
    };
    expect((await exported(host)).members.every((m) => m.garnets === 10)).toBe(true);
    expect((await exported(alice)).members.map((m) => m.garnets)).toEqual([10, null, null, null]);
    expect((await exported()).members.every((m) => m.garnets === null)).toBe(true);
    expect((await exported()).exportedFor).toBe("public");
  });
});
