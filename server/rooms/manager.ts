// Owns the live rooms of this server: creates them, loads them lazily from the
// log (the latest snapshot plus the events after it, folded by the one fold),
// and on start re-arms every unfinished room with the time its phase had left.
import { randomBytes, randomUUID } from "node:crypto";
import { seatIds } from "../../lib/games/core/seats";
import type { AnyGame } from "../../lib/games/core/types";
import { createdRoom, foldLog } from "../../lib/room/fold";
import { GameRules } from "../../lib/room/rules";
import type { LoggedEvent, RoomData, SeatFill, SpectatorSettings } from "../../lib/room/types";
import type { SeasonLink } from "../../lib/season/types";
import { storableProblem } from "../../lib/storable";
import { commitOf } from "./commit";
import { CommandError } from "./errors";
import { Room, type RoomHooks, type RoomOptions } from "./room";
import type { Store } from "./store";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const MAX_OPEN_ROOMS_PER_HOST = 25;

export function newRoomCode(): string {
  const bytes = randomBytes(6);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

export type { SeatFill };

export interface CreateOptions {
  /** Seats taken at creation, in seat order (a season seats its roster). */
  seated?: SeatFill[];
  /** Ties the room to a season: stored with the room, in the same transaction. */
  season?: SeasonLink;
}

export interface ManagerOptions extends RoomOptions {
  heartbeatMs: number;
  /** A lobby nobody watches and nobody started for this long expires. */
  lobbyTtlMs?: number;
  /** A finished room nobody watches leaves memory after this long (it is loaded again when asked for). */
  unloadIdleMs?: number;
  /** How often rooms are swept for the two above. */
  sweepMs?: number;
  instanceId: string;
  lookupGame: (id: string) => AnyGame | undefined;
}

export class RoomManager {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room | null>>();
  private beat: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private readonly now: () => number;

  constructor(
    readonly store: Store,
    private readonly hooks: RoomHooks,
    private readonly opts: ManagerOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  live(): Room[] {
    return [...this.rooms.values()];
  }

  /** The room with this code if it is in memory now (no database read). */
  loaded(code: string): Room | undefined {
    return this.rooms.get(code);
  }

  async createRoom(hostId: string, gameId: string, seatCount: number, config: unknown, spectators: SpectatorSettings = { mode: "live", lag: 1, revealAtEnd: false }, opts: CreateOptions = {}): Promise<Room> {
    const game = this.opts.lookupGame(gameId);
    // a game only a season plays (the opponent choice) is not made by hand
    if (!game || (game.meta.seasonOnly && !opts.season)) throw new CommandError("room/unknown_game", "There is no such game.");
    const { min, max } = game.meta.players;
    if (seatCount < min || seatCount > max) throw new CommandError("room/seats", `${game.meta.name} is for ${min === max ? min : `${min}–${max}`} players.`);
    const parsed = game.configSchema.safeParse(config ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CommandError("room/config", `Config${issue?.path.length ? ` field ${issue.path.join(".")}` : ""}: ${issue?.message ?? "invalid"}.`);
    }
    const problem = storableProblem(parsed.data);
    if (problem) throw new CommandError(problem.code, problem.message);
    // a dry run of the game's setup refuses seat counts and configs the rules cannot use
    try {
      game.setup({ seats: seatIds(seatCount), config: parsed.data, seed: "validation" });
    } catch (e) {
      throw new CommandError("room/config", `${game.meta.name} cannot be set up like that: ${e instanceof Error ? e.message : String(e)}`);
    }
    const hostName = await this.store.userName(hostId);
    if (hostName === null) throw new CommandError("auth/required", "Sign in first.");
    const open = await this.store.openRoomCount(hostId);
    if (open >= MAX_OPEN_ROOMS_PER_HOST) throw new CommandError("room/too_many", `You already host ${open} open rooms; finish or end one first.`);
    const seed = randomBytes(16).toString("hex");
    const create: LoggedEvent = { kind: "create", actor: "host", payload: { seats: seatCount, config: parsed.data, spectators, ...(opts.seated ? { seated: opts.seated } : {}) }, seq: 1, at: this.now() };
    const data = createdRoom(create.payload, create.seq, create.at);
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = newRoomCode();
      const id = randomUUID();
      if (!(await this.store.createRoom({ id, code, gameId, hostId, config: parsed.data, seed, spectators, seats: data.seats, season: opts.season ?? null }, create))) continue; // code taken: draw another
      const room = new Room({ id, code, game, hostId, hostName, seed, data, season: opts.season ?? null }, this.store, this.hooks, this.opts);
      this.rooms.set(code, room);
      return room;
    }
    throw new CommandError("room/code", "Could not allocate a room code; try again.");
  }

  /** The live room for a code, loading it from the database when needed. */
  async get(code: string): Promise<Room | null> {
    const live = this.rooms.get(code);
    if (live) return live;
    let p = this.loading.get(code);
    if (!p) {
      p = this.load(code).finally(() => this.loading.delete(code));
      this.loading.set(code, p);
    }
    return p;
  }

  /** Rebuilds a room from its log; `start` arms its clock and bots (recovery does that itself, once every room is back). */
  private async load(code: string, start = true): Promise<Room | null> {
    const stored = await this.store.loadRoom(code);
    if (!stored) return null;
    const game = this.opts.lookupGame(stored.gameId);
    if (!game) return null;
    const rules = new GameRules(game, stored.seed);
    const steps: { before: RoomData | null; after: RoomData }[] = [];
    let prev = stored.snapshot;
    const data = foldLog(rules, stored.snapshot, stored.events, (after) => {
      steps.push({ before: prev, after });
      prev = after;
    });
    if (!data) throw new Error(`room ${code} has no events`);
    const room = new Room({ id: stored.id, code: stored.code, game, hostId: stored.hostId, hostName: stored.hostName, seed: stored.seed, data, season: stored.season }, this.store, this.hooks, this.opts);
    // delayed spectators: the public payload at each recent phase start
    const ctx = room.payloadContext();
    for (const s of steps) room.frames.observe(ctx, s.before, s.after);
    this.rooms.set(code, room);
    if (start) room.start();
    return room;
  }

  /**
   * Rebuilds every unfinished room. The time the server was down does not count
   * against a phase: from this instance's last heartbeat until the rooms are
   * back, their clocks stood still. Each timed room gets a clock correction
   * event, written with a fresh heartbeat in one transaction.
   */
  async recover(): Promise<{ rooms: number; downtimeMs: number }> {
    const lastBeat = await this.store.lastBeat(this.opts.instanceId);
    const codes = await this.store.runningRoomCodes();
    const loaded = await Promise.all(
      codes.map((code) =>
        this.load(code, false).catch((e) => {
          console.error(`room ${code} could not be recovered:`, e);
          return null;
        }),
      ),
    );
    const rooms = loaded.filter((r): r is Room => r !== null);
    const now = this.now();
    const downtimeMs = lastBeat === null ? 0 : Math.max(0, now - lastBeat);
    const corrected = downtimeMs
      ? rooms.flatMap((room) => {
          if (room.data.clock.deadlineAt === null) return [];
          const c = room.correction(downtimeMs, now);
          return c ? [{ room, ...c }] : [];
        })
      : [];
    await this.store.commitWithBeat(
      corrected.map((c) => commitOf(c.room.id, c.room.data, c.data, c.event, null, false)),
      this.opts.instanceId,
      new Date(now),
    );
    for (const c of corrected) c.room.adopt(c.data);
    for (const r of rooms) r.start();
    return { rooms: rooms.length, downtimeMs };
  }

  /**
   * Keeps memory bounded: a lobby nobody watches and nobody started for a day
   * expires, and a finished room nobody watches leaves memory after a while.
   */
  async sweep(): Promise<{ expired: number; unloaded: number }> {
    const now = this.now();
    const lobbyTtl = this.opts.lobbyTtlMs ?? 24 * 3_600_000;
    const unloadIdle = this.opts.unloadIdleMs ?? 10 * 60_000;
    let expired = 0;
    let unloaded = 0;
    for (const room of [...this.rooms.values()]) {
      if ((this.hooks.watchers?.(room) ?? 0) > 0) continue;
      const idle = now - room.lastActive;
      if (room.status === "lobby" && idle >= lobbyTtl) {
        await room.expire(`The lobby closed: nobody started it for ${Math.round(lobbyTtl / 3_600_000) || "under an"} hour${lobbyTtl === 3_600_000 ? "" : "s"}`).catch((e) => console.error(`room ${room.code}: expiry failed`, e));
        expired++;
      } else if ((room.status === "finished" || room.status === "aborted") && idle >= unloadIdle) {
        this.rooms.delete(room.code);
        room.dispose();
        await room.idle().catch(() => undefined);
        unloaded++;
      }
    }
    return { expired, unloaded };
  }

  startSweeping(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => void this.sweep().catch((e) => console.error("room sweep failed", e)), this.opts.sweepMs ?? 60_000);
    this.sweeper.unref();
  }

  startHeartbeat(): void {
    if (this.beat) return;
    this.beat = setInterval(() => {
      this.store.beat(this.opts.instanceId).catch((e) => console.error("heartbeat failed", e));
    }, this.opts.heartbeatMs);
    this.beat.unref();
  }

  async close(): Promise<void> {
    if (this.beat) clearInterval(this.beat);
    if (this.sweeper) clearInterval(this.sweeper);
    this.beat = this.sweeper = null;
    for (const r of this.rooms.values()) r.dispose();
    await Promise.allSettled([...this.rooms.values()].map((r) => r.idle()));
    await this.store.drain();
    await this.store.beat(this.opts.instanceId).catch(() => undefined);
    this.rooms.clear();
  }
}
