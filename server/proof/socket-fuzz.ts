// Socket-level fuzzing against a real server: many socket.io clients (the
// host, seated players, outsiders, anonymous visitors) send malformed,
// oversized, wrong-typed and out-of-order messages to rooms of every game in
// the lobby, running (clock paused) and ended. Every message is one the server
// must refuse: each answer must be a typed error (events the server has no
// handler for included); what socket.io itself drops (packets over its size
// limit, broken packets) is counted apart; afterwards every room must have
// the state and version it had before, in memory and in the database, and the
// server must still serve.
import { createECDH, randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { botMove, playWithBots, runCommand } from "../../lib/games/core/commands";
import { corrupted, DEEPEST, HOSTILE_NUMBERS, HOSTILE_STRINGS, HOSTILE_URLS, nestedJson, withJunk } from "../../lib/games/core/hostile";
import { Rng } from "../../lib/games/core/rng";
import { badCharacter } from "../../lib/games/core/storable";
import { playableSeatCounts, seatIds } from "../../lib/games/core/seats";
import type { AnyGame, SeatId } from "../../lib/games/core/types";
import { CHAT_MAX_LENGTH, type Ack } from "../../lib/protocol";
import type { GarnetServer } from "../app-server";
import { chatRules } from "../rooms/chat";
import type { Room } from "../rooms/room";
import { client, type Client } from "../test/harness";
import { requestPatiently, requestRaw } from "../test/seat-client";
import { foldRows } from "../test/fold-rows";

type User = { id: string; name: string };
type Kind = "lobby" | "running" | "over";

interface FuzzRoom {
  code: string;
  kind: Kind;
  game: AnyGame;
  /** Seat → user, for the seats players hold. */
  players: Map<SeatId, User>;
  /** Moves the game's bots made in a whole game of their own: legal at their moment, mostly out of order now. */
  moves: unknown[];
}

export interface SocketFuzzOptions {
  server: GarnetServer;
  games: AnyGame[];
  /** Messages to send in all. */
  messages: number;
  /** Socket.io clients sending them. */
  clients: number;
  /** Messages per second per client; the server allows 20 with bursts of 40. */
  perSecond?: number;
  seed?: string;
  /** Progress lines, e.g. console.log; nothing by default. */
  progress?: (line: string) => void;
}

export interface SocketFuzzReport {
  sent: number;
  /** Answered with `{ ok: false, code, message }`. */
  typedErrors: number;
  /** Error answers by code. */
  codes: Record<string, number>;
  /** Answered `ok: true`: a message the fuzzer meant to be refused was accepted (should be 0). */
  accepted: number;
  acceptedExamples: string[];
  /** Answers that were neither (should be 0). */
  malformedAnswers: number;
  /** Sent on purpose without an ack callback: the server cannot answer. */
  withoutAck: number;
  /** Messages to events the server has no handler for (each must be answered with a typed error, as any other). */
  unknownEvents: number;
  /** Packets over the size limit or not parseable: socket.io closes the connection. */
  droppedPackets: number;
  /** Of those, how many did close their connection. */
  connectionsClosed: number;
  /** Messages that should have been answered and were not within the timeout (should be 0). */
  unanswered: number;
  /** Answers with code "server/error": a handler threw (should be 0). */
  serverErrors: number;
  /** Messages given up because a better one could not be drawn (legal moves are not fuzz). */
  skippedLegal: number;
  rooms: number;
  /** Rooms whose state, status or version differ afterwards, in memory or in the database (should be empty). */
  roomsChanged: string[];
  /** The server answered a valid request for every room afterwards. */
  serving: boolean;
  /** Rooms of every game played by bots meanwhile, not fuzzed: each must have moved on. */
  bystanders: number;
  /** Bystander rooms that did not move on during the run (should be empty). */
  bystandersStuck: string[];
  /** Rooms (fuzzed or not) whose memory differs from what their log in PostgreSQL folds to (should be empty). */
  memoryVsLog: string[];
  /** Batches the store had to retry commit by commit (a write PostgreSQL refused; should be 0). */
  failedBatches: number;
  durationMs: number;
}

/** Hostile strings the server must refuse wherever they would be stored. */
const UNSTORABLE = HOSTILE_STRINGS.filter(badCharacter);

const EVENTS = ["room:create", "room:watch", "room:sync", "room:unwatch", "seat:claim", "seat:release", "game:act", "host:command", "chat:send", "chat:history", "room:audit", "alerts:subscribe", "alerts:unsubscribe", "alerts:setting", "alerts:webhook"] as const;
/** A browser's push keys as a subscription carries them (usable ones: the refusal must come from the endpoint). */
const PUSH_KEYS = (() => {
  const ecdh = createECDH("prime256v1");
  return { p256dh: ecdh.generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") };
})();

/** A payload that no schema takes: wrong type, missing fields, bad codes. */
function garbage(rng: Rng): unknown {
  const deep = (d: number): unknown => (d === 0 ? rng.int(10) : rng.chance(0.5) ? [deep(d - 1), deep(d - 1)] : { a: deep(d - 1), code: deep(d - 1) });
  const options: (() => unknown)[] = [
    () => null,
    () => rng.int(1_000_000) - 500_000,
    () => "AB2CD3",
    () => "x".repeat(rng.int(300)),
    () => [],
    () => [{ code: "AB2CD3" }],
    () => true,
    () => ({}),
    () => ({ code: rng.int(999_999) }),
    () => ({ code: "" }),
    () => ({ code: "abc" }),
    () => ({ code: "IIIIII" }),
    () => ({ code: "AB2CD3X" }),
    () => ({ code: { $ne: null } }),
    () => ({ code: ["AB2CD3"] }),
    () => ({ code: null, action: { type: "done" } }),
    () => ({ __proto__: { code: "AB2CD3" } }),
    () => ({ constructor: { prototype: { ok: true } }, code: 12 }),
    () => deep(6),
    () => ({ gameId: rng.int(5), seats: "nine" }),
    () => ({ gameId: "thoths-bluff", seats: rng.pick([0, -1, 33, 1.5, 1e9]) }),
    () => ({ gameId: "x".repeat(65), seats: 2 }),
  ];
  return rng.pick(options)();
}

/** A room code that is well-formed but names no room. */
function nowhere(rng: Rng): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from({ length: 6 }, () => alphabet[rng.int(alphabet.length)]).join("");
}

export async function fuzzSockets(o: SocketFuzzOptions): Promise<SocketFuzzReport> {
  const started = Date.now();
  const rng = Rng.fromSeed(o.seed ?? "socket-fuzz");
  const perSecond = o.perSecond ?? 15;
  const url = o.server.url;
  const report: SocketFuzzReport = {
    sent: 0, typedErrors: 0, codes: {}, accepted: 0, acceptedExamples: [], malformedAnswers: 0, withoutAck: 0, unknownEvents: 0, droppedPackets: 0, connectionsClosed: 0,
    unanswered: 0, serverErrors: 0, skippedLegal: 0, rooms: 0, roomsChanged: [], serving: false, durationMs: 0, bystanders: 0, bystandersStuck: [], memoryVsLog: [], failedBatches: 0,
  };

  // ---------------------------------------------------------------- setup (valid requests, not counted)
  const host: User = { id: "fuzz:host", name: "Fuzz Host" };
  const maxSeats = Math.max(...o.games.map((g) => playableSeatCounts(g)[0] ?? g.meta.players.min));
  const players: User[] = Array.from({ length: maxSeats }, (_, i) => ({ id: `fuzz:p${i + 1}`, name: `Player ${i + 1}` }));
  const outsiders: User[] = Array.from({ length: 4 }, (_, i) => ({ id: `fuzz:o${i + 1}`, name: `Outsider ${i + 1}` }));
  const setupClients = new Map<string, Client>();
  const as = async (u: User): Promise<Client> => {
    let c = setupClients.get(u.id);
    if (!c) setupClients.set(u.id, (c = await client(url, u)));
    return c;
  };
  const must = async <T extends object>(c: Client, event: string, input: unknown): Promise<Ack<T> & { ok: true }> => {
    const r = await requestPatiently<T>(c.socket, event, input);
    if (!r.ok) throw new Error(`setup ${event} failed: ${r.code} ${r.message}`);
    return r;
  };
  const rooms: FuzzRoom[] = [];
  const live = (code: string): Room => {
    const r = o.server.rooms.loaded(code);
    if (!r) throw new Error(`room ${code} is not live`);
    return r;
  };
  const h = await as(host);
  for (const game of o.games) {
    const n = playableSeatCounts(game)[0] ?? game.meta.players.min;
    const moves = playWithBots(game, { seats: seatIds(n), seed: `${o.seed ?? "socket-fuzz"}/${game.meta.id}` })
      .log.flatMap((c) => (c.kind === "action" ? [c.action] : []))
      .slice(0, 400);
    for (const kind of ["lobby", "running", "over"] as const) {
      const { code } = await must<{ code: string }>(h, "room:create", { gameId: game.meta.id, seats: n, config: {} });
      const seated = new Map<SeatId, User>();
      const takers = kind === "lobby" ? players.slice(0, n - 1) : players.slice(0, n);
      for (const p of takers) {
        const { seat } = await must<{ seat: string }>(await as(p), "seat:claim", { code });
        seated.set(seat, p);
      }
      if (kind !== "lobby") {
        await must(h, "host:command", { code, command: { type: "start" } });
        // a few phases in, so that the refusals come from different moments of the game
        for (let i = rng.int(4); i > 0 && live(code).status === "running"; i--) await must(h, "host:command", { code, command: { type: "advance" } });
        if (kind === "running" && live(code).status === "running") await must(h, "host:command", { code, command: { type: "pause" } });
        else if (live(code).status === "running") await must(h, "host:command", { code, command: { type: "end", reason: "Ended before fuzzing" } });
      }
      rooms.push({ code, kind: live(code).status === "running" ? kind : kind === "lobby" ? "lobby" : "over", game, players: seated, moves });
    }
  }
  for (const c of setupClients.values()) c.close();
  report.rooms = rooms.length;

  const snapshot = async () =>
    new Map(
      await Promise.all(
        rooms.map(async (fr) => {
          const r = live(fr.code);
          const row = await o.server.db.room.findUnique({ where: { code: fr.code } });
          const events = await o.server.db.event.count({ where: { roomId: r.id } });
          return [fr.code, JSON.stringify({ version: r.version, status: r.status, state: r.state, clock: r.clock, seats: r.seats, dbVersion: row?.version, dbStatus: row?.status, events })] as const;
        }),
      ),
    );
  const before = await snapshot();

  // ---------------------------------------------------------------- what to send
  type Who = { user: User | null; label: "host" | "player" | "outsider" | "anonymous" };
  type Plan =
    | { how: "ack"; event: string; input: unknown; note: string }
    | { how: "noAck"; event: string; input: unknown }
    | { how: "unknown"; event: string; input: unknown }
    | { how: "oversized"; event: string; input: unknown }
    | { how: "raw"; packet: string }
    | { how: "deep"; event: string; json: string }
    | { how: "binary"; event: string };

  /** A game action the room would refuse from this actor now (checked against the live state), or null. */
  const refusedAction = (fr: FuzzRoom, actor: string): unknown => {
    const room = live(fr.code);
    const seats = room.seats.map((s) => s.seat);
    for (let tries = 0; tries < 6; tries++) {
      let action: unknown;
      const other = rng.pick(seats);
      const move = rng.chance(0.5) && fr.moves.length ? rng.pick(fr.moves) : room.state === null ? null : botMove(fr.game, room.state, other, rng);
      if (move && rng.chance(0.7)) action = move;
      else if (move) action = { ...(move as object), [rng.pick(Object.keys(move as object))]: garbage(rng) };
      else action = { type: rng.pick(["done", "roll", "submit", "vote", "lock", "query", "playCard", "pickWinner"]), value: garbage(rng) };
      const r = room.state === null ? { ok: false } : runCommand(fr.game, room.state, { kind: "action", actor, action });
      if (!r.ok) return action;
    }
    report.skippedLegal++;
    return null;
  };

  const seatOf = (fr: FuzzRoom, who: Who): SeatId | null => (who.user ? ([...fr.players].find(([, u]) => u.id === who.user!.id)?.[0] ?? null) : null);
  const outOfOrder = (who: Who): Plan | null => {
    // players mostly aim at running games they sit in, where the game's own rules must refuse
    const mine = rooms.filter((r) => r.kind === "running" && seatOf(r, who));
    const fr = who.label === "player" && mine.length && rng.chance(0.6) ? rng.pick(mine) : rng.pick(rooms);
    const code = fr.code;
    const room = live(code);
    const mySeat = seatOf(fr, who);
    const gameAct = (): Plan | null => {
      // a game action: before the start, after the end, from someone without a seat (the host has none), or one the rules refuse
      const action = fr.kind === "running" && mySeat ? refusedAction(fr, mySeat) : { type: "done" };
      return action === null ? null : { how: "ack", event: "game:act", input: { code, action, clientId: `fuzz-${report.sent}` }, note: `${fr.kind} ${who.label}` };
    };
    const picks: (() => Plan | null)[] = [
      gameAct,
      gameAct,
      gameAct,
      () => {
        if (who.label !== "host") return { how: "ack", event: "host:command", input: { code, command: rng.pick([{ type: "pause" }, { type: "advance" }, { type: "end", reason: "fuzz" }, { type: "announce", text: "fuzz" }, { type: "kick", seat: "s1" }]) }, note: "not the host" };
        const refused: Record<Kind, object[]> = {
          lobby: [{ type: "pause" }, { type: "resume" }, { type: "extend", seconds: 30 }, { type: "advance" }, { type: "nudge", seat: "s1" }, { type: "end", reason: "fuzz" }, { type: "start" }, { type: "bot", seat: "s1", on: false }, { type: "duration", phase: "nope", seconds: 30 }, { type: "game", action: { type: "done" } }],
          running: [{ type: "start" }, { type: "pause" }, { type: "kick", seat: "s99" }, { type: "nudge", seat: "s99" }, { type: "bot", seat: "s1", on: false }, { type: "duration", phase: "nope", seconds: 30 }],
          over: [{ type: "start" }, { type: "pause" }, { type: "resume" }, { type: "extend", seconds: 30 }, { type: "advance" }, { type: "nudge", seat: "s1" }, { type: "end", reason: "again" }, { type: "bot", seat: "s1", on: false }, { type: "duration", phase: fr.game.phaseTrack[0]?.key ?? "x", seconds: 30 }, { type: "game", action: { type: "done" } }],
        };
        if (fr.kind === "running" && rng.chance(0.3)) {
          const action = refusedAction(fr, "host");
          return action === null ? null : { how: "ack", event: "host:command", input: { code, command: { type: "game", action } }, note: "host game action" };
        }
        return { how: "ack", event: "host:command", input: { code, command: rng.pick(refused[fr.kind]) }, note: `host ${fr.kind}` };
      },
      () => {
        // claiming a seat: the host never may; an outsider finds the seats taken or the game over
        if (who.label === "player") return null;
        if (who.label === "outsider" && fr.kind === "lobby") return { how: "ack", event: "seat:claim", input: { code, seat: "s1" }, note: "taken seat" };
        return { how: "ack", event: "seat:claim", input: { code }, note: `${who.label} ${fr.kind}` };
      },
      () => (fr.kind === "lobby" && mySeat ? null : { how: "ack", event: "seat:release", input: { code }, note: `${who.label} ${fr.kind}` }),
      () => {
        // chat where this sender may not write (the host may write anywhere, so it gets a channel that does not exist)
        const rules = chatRules(room.rules, room.data);
        const closed = rules.filter((r) => !mySeat || !r.members.includes(mySeat) || !r.writers.includes(mySeat));
        const channel = who.label === "host" || !closed.length || rng.chance(0.3) ? `nope:${rng.int(100)}` : rng.pick(closed).id;
        return { how: "ack", event: "chat:send", input: { code, channel, body: "fuzz" }, note: "closed channel" };
      },
      () => ({ how: "ack", event: "chat:history", input: { code, channel: "public" }, note: "not watching" }),
      () => (who.label === "host" ? null : { how: "ack", event: "room:audit", input: { code }, note: "not the host" }),
      () => ({ how: "ack", event: rng.pick(["game:act", "seat:claim", "room:watch", "room:sync", "chat:history"]), input: { code: nowhere(rng), action: { type: "done" }, channel: "public" }, note: "no such room" }),
      () => ({ how: "ack", event: "room:create", input: rng.pick([{ gameId: "no-such-game", seats: 2 }, { gameId: fr.game.meta.id, seats: fr.game.meta.players.max + 1 }, { gameId: fr.game.meta.id, seats: 2, config: { rounds: "many", startingHealth: -5, phaseSeconds: { rolling: 1 } } }]), note: who.label }),
      () => ({ how: "ack", event: "chat:send", input: { code, channel: "public", body: rng.pick(["", "   ", "x".repeat(CHAT_MAX_LENGTH + 1 + rng.int(20_000))]) }, note: "bad body" }),
      // hostile text, numbers and fields where they would be stored
      () => ({ how: "ack", event: "chat:send", input: { code, channel: rng.chance(0.5) ? "public" : rng.pick(UNSTORABLE), body: rng.pick(UNSTORABLE) }, note: "unstorable text" }),
      () => (who.label === "host" ? { how: "ack", event: "host:command", input: { code, command: rng.pick([{ type: "announce", text: rng.pick(UNSTORABLE) }, { type: "end", reason: rng.pick(UNSTORABLE) }, { type: "duration", phase: rng.pick(UNSTORABLE), seconds: 30 }, { type: "extend", seconds: rng.pick(HOSTILE_NUMBERS) }]) }, note: "hostile host input" } : null),
      () => {
        const action = fr.kind === "running" && mySeat ? refusedAction(fr, mySeat) : { type: "done" };
        return action === null ? null : { how: "ack", event: "game:act", input: { code, action: rng.chance(0.5) ? withJunk(action, rng) : corrupted(action, rng), clientId: rng.chance(0.3) ? rng.pick(UNSTORABLE) : `fuzz-${report.sent}` }, note: "hostile action" };
      },
      () => ({ how: "ack", event: "chat:history", input: { code, channel: "public", before: "9".repeat(19 + rng.int(40)) }, note: "cursor out of range" }),
      () => ({ how: "deep", event: rng.pick(["game:act", "chat:send", "host:command"]), json: `{"code":"${code}","action":${nestedJson(rng.pick([100, 1000, DEEPEST]))},"body":"x"}` }),
      // alerts off the page: endpoints and webhooks that point inside, hostile text, a room's webhook from someone not its host
      () => ({ how: "ack", event: "alerts:subscribe", input: rng.chance(0.8) ? { subscription: { endpoint: rng.pick([...HOSTILE_URLS, ...UNSTORABLE]), keys: PUSH_KEYS } } : { subscription: { endpoint: "https://fcm.googleapis.com/fcm/send/fuzz", keys: { p256dh: "B" + "A".repeat(86), auth: "A".repeat(22) } } }, note: `${who.label} endpoint` }),
      () => ({ how: "ack", event: "alerts:unsubscribe", input: { endpoint: rng.chance(0.5) ? `https://push.example.com/${rng.pick(UNSTORABLE)}` : { $ne: null } }, note: "unsubscribe" }),
      () => ({ how: "ack", event: "alerts:setting", input: { code, mode: mySeat ? rng.pick(["loud", "", rng.pick(UNSTORABLE), 1]) : rng.pick(["all", "mine", "off", "loud"]) }, note: mySeat ? "bad mode" : "setting without a seat" }),
      () =>
        who.label === "host"
          ? { how: "ack", event: "alerts:webhook", input: { scope: rng.pick(["room", "season"]), code: rng.chance(0.8) ? code : nowhere(rng), url: rng.pick([...HOSTILE_URLS, ...UNSTORABLE]) }, note: "host webhook" }
          : { how: "ack", event: "alerts:webhook", input: { scope: "room", code, ...(rng.chance(0.3) ? {} : { url: rng.pick([null, "https://discord.com/api/webhooks/123456/abcdefghijklmnopqrstuvwxyz"]) }) }, note: `${who.label} webhook` },
      // seasons: no such season, a bad invite, a nameless season, commands that are not well-formed
      () => ({
        how: "ack",
        event: rng.pick(["season:view", "season:join", "season:host", "season:create"] as const),
        input: rng.pick([{ code: nowhere(rng), invite: "not-the-invite", command: { type: "addBot" } }, { code: 42 }, { name: "", settings: { tokenOfLife: "maybe" } }, { code: nowhere(rng), command: { type: "main" } }]),
        note: "season",
      }),
    ];
    return rng.pick(picks)();
  };

  const plan = (who: Who): Plan => {
    const roll = rng.next();
    if (roll < 0.003) return { how: "oversized", event: rng.pick(EVENTS), input: { code: "AB2CD3", body: "x".repeat(70 * 1024) } };
    // a socket.io packet (the engine adds its own "message" prefix) that its parser refuses
    if (roll < 0.006) return { how: "raw", packet: rng.pick(['2["game:act",', "2[{]", "9", "2", '5-["x"]', "2" + "[".repeat(2000), "3abc", '2/nowhere,["room:watch"]']) };
    if (roll < 0.03) return { how: "unknown", event: rng.pick(["game:ack", "room:delete", "admin", "__proto__", "constructor", "x".repeat(200), ""]), input: garbage(rng) };
    if (roll < 0.05) return { how: "noAck", event: rng.pick(EVENTS), input: garbage(rng) };
    if (roll < 0.07) return { how: "binary", event: rng.pick(EVENTS) };
    // (room:unwatch takes any well-formed code: leaving a room one is not in is not an error)
    if (roll < 0.1) return { how: "ack", event: rng.pick(EVENTS.filter((e) => e !== "room:unwatch")), input: { code: "AB2CD3", junk: "x".repeat(50_000 + rng.int(10_000)) }, note: "near the size limit" };
    if (roll < 0.45) return { how: "ack", event: rng.pick(EVENTS), input: garbage(rng), note: "garbage" };
    for (let i = 0; i < 4; i++) {
      const p = outOfOrder(who);
      if (p) return p;
    }
    return { how: "ack", event: rng.pick(EVENTS), input: garbage(rng), note: "garbage" };
  };

  // ---------------------------------------------------------------- the fuzzing clients
  const identities: Who[] = [];
  for (let i = 0; i < o.clients; i++) {
    const r = i % 10;
    identities.push(
      r < 4 ? { user: players[i % players.length]!, label: "player" } : r < 6 ? { user: outsiders[i % outsiders.length]!, label: "outsider" } : r < 8 ? { user: null, label: "anonymous" } : { user: host, label: "host" },
    );
  }
  const answer = (ack: unknown, p: Plan & { how: "ack" | "binary" | "unknown" }) => {
    const a = ack as { ok?: unknown; code?: unknown; message?: unknown } | null;
    if (a && a.ok === false && typeof a.code === "string" && typeof a.message === "string") {
      report.typedErrors++;
      report.codes[a.code] = (report.codes[a.code] ?? 0) + 1;
      if (a.code === "server/error") report.serverErrors++;
    } else if (a && a.ok === true) {
      report.accepted++;
      if (report.acceptedExamples.length < 10) report.acceptedExamples.push(`${p.how === "ack" ? `${p.event} (${p.note})` : p.event}: ${JSON.stringify(p.how === "binary" ? "binary" : p.input).slice(0, 200)} → ${JSON.stringify(ack).slice(0, 200)}`);
    } else report.malformedAnswers++;
  };

  let budget = o.messages;
  const interval = 1000 / perSecond;
  const runClient = async (who: Who, index: number): Promise<void> => {
    let c = await client(url, who.user ?? undefined);
    /** This client's answers still to come: a connection is only dropped once they are in. */
    const pending = new Set<Promise<void>>();
    const track = (t: Promise<void>) => {
      pending.add(t);
      void t.finally(() => pending.delete(t));
    };
    const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await delay((index % perSecond) * (interval / perSecond) * 4);
    // every host opens with a webhook that points inside (a rare pick at random, which a slow run could miss altogether)
    let opener: Plan | null = who.label === "host" ? { how: "ack", event: "alerts:webhook", input: { scope: "room", code: rooms[index % rooms.length]!.code, url: HOSTILE_URLS[index % HOSTILE_URLS.length] }, note: "host webhook" } : null;
    while (budget > 0) {
      budget--;
      const p = opener ?? plan(who);
      opener = null;
      if (++report.sent % 10_000 === 0) o.progress?.(`  ${report.sent} messages sent, ${report.typedErrors} typed errors so far, ${Math.round((Date.now() - started) / 1000)} s`);
      const socket = c.socket;
      if (p.how === "oversized" || p.how === "raw") {
        await Promise.all([...pending]);
        report.droppedPackets++;
        const closed = new Promise<boolean>((resolve) => {
          socket.once("disconnect", () => resolve(true));
          setTimeout(() => resolve(false), 5000);
        });
        if (p.how === "oversized") socket.emit(p.event, p.input, () => undefined);
        else (socket.io.engine as unknown as { write(m: string): void }).write(p.packet);
        if (await closed) report.connectionsClosed++;
        socket.close();
        c = await client(url, who.user ?? undefined);
      } else if (p.how === "deep") {
        track(requestRaw(socket, p.event, p.json, 15_000).then((ack) => (ack.ok === false && ack.code === "net/timeout" ? void report.unanswered++ : answer(ack, { how: "ack", event: p.event, input: "(nested deeply)", note: "deep" }))));
      } else if (p.how === "noAck") {
        report.withoutAck++;
        socket.emit(p.event, p.input);
      } else {
        if (p.how === "unknown") report.unknownEvents++;
        const input = p.how === "binary" ? Buffer.from([0, 1, 2, 255]) : p.input;
        track(socket.timeout(15_000).emitWithAck(p.event, input).then(
          (ack: unknown) => answer(ack, p),
          () => void report.unanswered++,
        ));
      }
      await delay(interval);
    }
    await Promise.all([...pending]);
    c.close();
  };
  // meanwhile, rooms of every game that nobody fuzzes are played by bots, one after another, and must move on
  let fuzzing = true;
  const bystanderCodes: string[] = [];
  const bystanderHost: User = { id: "fuzz:bystander-host", name: "Bystander Host" };
  const bystanders = async (game: AnyGame): Promise<void> => {
    const bh = await client(url, bystanderHost);
    try {
      while (fuzzing) {
        const n = playableSeatCounts(game)[0] ?? game.meta.players.min;
        const made = await requestPatiently<{ code: string }>(bh.socket, "room:create", { gameId: game.meta.id, seats: n, config: {} });
        if (!made.ok) throw new Error(`bystander room: ${made.code} ${made.message}`);
        bystanderCodes.push(made.code);
        // short phases, so that whatever the bots leave to the clock moves on too
        for (const t of game.phaseTrack) await requestPatiently(bh.socket, "host:command", { code: made.code, command: { type: "duration", phase: t.key, seconds: 5 } });
        const started = await requestPatiently(bh.socket, "host:command", { code: made.code, command: { type: "start", fillWithBots: true } });
        if (!started.ok) throw new Error(`bystander start: ${started.code} ${started.message}`);
        const room = live(made.code);
        let seen = room.version;
        let movedAt = Date.now();
        while (fuzzing && room.status === "running") {
          await new Promise((r) => setTimeout(r, 200));
          if (room.version !== seen) [seen, movedAt] = [room.version, Date.now()];
          else if (Date.now() - movedAt > 12_000) {
            report.bystandersStuck.push(`${game.meta.id} ${made.code} (no change for 12 s at version ${seen})`);
            break;
          }
        }
        // stopped once the fuzzing is over, so that it stands still while memory and log are compared
        if (room.status === "running") await requestPatiently(bh.socket, "host:command", { code: made.code, command: { type: "end", reason: "The fuzzing is over" } });
      }
    } finally {
      bh.close();
    }
  };
  const watching = Promise.all(o.games.map(bystanders));
  await Promise.all(identities.map((who, i) => runClient(who, i)));
  fuzzing = false;
  await watching;
  report.bystanders = bystanderCodes.length;

  // ---------------------------------------------------------------- afterwards
  const after = await snapshot();
  for (const fr of rooms) if (before.get(fr.code) !== after.get(fr.code)) report.roomsChanged.push(`${fr.game.meta.id} ${fr.kind} ${fr.code}`);
  const check = await client(url, host);
  try {
    let ok = true;
    for (const fr of rooms) {
      const r = await check.req<{ payload: { version: number } }>("room:watch", { code: fr.code });
      ok &&= r.ok && r.payload.version === live(fr.code).version;
    }
    const health = await fetch(`${url}/api/health`);
    report.serving = ok && health.ok;
  } finally {
    check.close();
  }
  // every room's memory equals what its log folds to, fuzzed or not
  for (const code of [...rooms.map((r) => r.code), ...bystanderCodes]) {
    const room = live(code);
    await room.idle();
    const rows = await o.server.db.event.findMany({ where: { roomId: room.id }, orderBy: { seq: "asc" } });
    // (PostgreSQL's jsonb keeps object keys in an order of its own: compared as values, not as text)
    if (!isDeepStrictEqual(foldRows(room.game, room.seed, rows), room.data)) report.memoryVsLog.push(`${room.game.meta.id} ${code}`);
  }
  report.failedBatches = o.server.rooms.store.stats.failedBatches;
  report.durationMs = Date.now() - started;
  return report;
}
