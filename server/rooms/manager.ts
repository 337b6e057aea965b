// Owns the live rooms of this server: creates them, loads them lazily from the
// database (rebuilding state from the latest snapshot plus the log), and on
// start re-arms every unfinished room with the time its phase had left.
import { randomBytes, randomUUID } from "node:crypto";
import { runCommand, type GameCommand } from "../../lib/games/core/commands";
import { seatIds } from "../../lib/games/core/seats";
import type { AnyGame } from "../../lib/games/core/types";
import type { Notice, RoomStatus, SpectatorSettings } from "../../lib/protocol";
import type { Db, SqlPool } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { CommandError, phaseIdOf, Room, type Clock, type RoomHooks, type RoomOptions } from "./room";
import { Store } from "./store";
import type { SeasonLink } from "../../lib/season/types";

/** Who sits in a seat from the start, for a room created with its players (a season's). */
export interface SeatFill {
  userId: string | null;
  name: string;
  isBot: boolean;
}

export interface CreateOptions {
  /** Seats taken at creation, in seat order (a season seats its roster). */
  seated?: SeatFill[];
  /** Ties the room to a season: stored with the room, in the same insert. */
  season?: SeasonLink;
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const MAX_OPEN_ROOMS_PER_HOST = 25;

export function newRoomCode(): string {
  const bytes = randomBytes(6);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

export interface ManagerOptions extends RoomOptions {
  heartbeatMs: number;
  instanceId: string;
  lookupGame: (id: string) => AnyGame | undefined;
  /** The pool the event log is written through. */
  sql: SqlPool;
}

interface EventLike {
  seq: number;
  kind: string;
  actor: string;
  payload: unknown;
  at: Date;
}

/** Folds logged events onto a state. Platform events (host, seat) do not touch game state. */
export function foldEvents(game: AnyGame, seed: string, start: unknown | null, events: EventLike[], onPhase?: (state: unknown, seq: number) => void): unknown | null {
  let state = start;
  let phaseId = state === null ? null : phaseIdOf(game.phase(state));
  const seen = (seq: number) => {
    const id = phaseIdOf(game.phase(state));
    if (id !== phaseId) {
      phaseId = id;
      onPhase?.(state, seq);
    }
  };
  for (const ev of events) {
    if (ev.kind === "start") {
      const p = ev.payload as { seats: string[]; config: unknown };
      state = game.setup({ seats: p.seats, config: game.configSchema.parse(p.config), seed });
      seen(ev.seq);
      continue;
    }
    let cmd: GameCommand;
    if (ev.kind === "action") cmd = { kind: "action", actor: ev.actor, action: (ev.payload as { action: unknown }).action };
    else if (ev.kind === "timeout") cmd = { kind: "timeout", phase: (ev.payload as { phase: string }).phase };
    else continue;
    const r = runCommand(game, state, cmd);
    if (!r.ok) throw new Error(`event ${ev.seq} no longer applies: ${r.code} ${r.message}`);
    state = r.state;
    seen(ev.seq);
  }
  return state;
}

function noticeFor(ev: EventLike): string | null {
  const p = ev.payload as Record<string, unknown>;
  if (ev.kind === "start") return "The host started the game";
  if (ev.kind !== "host") return null;
  switch (p.type) {
    case "pause": return "The host paused the clock";
    case "resume": return "The host resumed the clock";
    case "extend": return `The host extended the phase by ${String(p.seconds)} s`;
    case "kick": return `The host opened seat ${String(p.seat).slice(1)}`;
    case "bot": return p.on ? `A bot now plays seat ${String(p.seat).slice(1)}` : `Seat ${String(p.seat).slice(1)} is open for a player`;
    case "end": return `The host ended the game early: ${String(p.reason)}`;
    case "announce": return `Announcement: ${String(p.text)}`;
    case "nudge": return `The host nudged seat ${String(p.seat).slice(1)}`;
    case "duration": return p.seconds === null ? `The host reset ${String(p.phase)} to its default length` : `The host set ${String(p.phase)} to ${String(p.seconds)} s for the rest of the game`;
    case "spectators": return p.mode === "live" ? "Spectators now watch live" : `Spectators now watch ${String(p.lag)} phase(s) behind`;
    default: return null;
  }
}

function seasonLinkOf(r: { seasonId: string; episode: number; stage: string; members: unknown; context: unknown }): SeasonLink {
  return { seasonId: r.seasonId, episode: r.episode, stage: r.stage as SeasonLink["stage"], members: r.members as SeasonLink["members"], context: r.context as SeasonLink["context"] };
}

export class RoomManager {
  readonly store: Store;
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room | null>>();
  private beat: NodeJS.Timeout | null = null;

  constructor(
    readonly db: Db,
    private readonly hooks: RoomHooks,
    private readonly opts: ManagerOptions,
  ) {
    this.store = new Store(db, opts.sql);
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
    if (!game || (game.meta.seasonOnly && !opts.season)) throw new CommandError("room/unknown_game", `There is no game "${gameId}".`);
    const { min, max } = game.meta.players;
    if (seatCount < min || seatCount > max) throw new CommandError("room/seats", `${game.meta.name} is for ${min === max ? min : `${min}–${max}`} players.`);
    const parsed = game.configSchema.safeParse(config ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CommandError("room/config", `Config${issue?.path.length ? ` field ${issue.path.join(".")}` : ""}: ${issue?.message ?? "invalid"}.`);
    }
    // A dry run of the game's setup refuses seat counts and configs the rules cannot use.
    try {
      game.setup({ seats: seatIds(seatCount), config: parsed.data, seed: "validation" });
    } catch (e) {
      throw new CommandError("room/config", `${game.meta.name} cannot be set up like that: ${e instanceof Error ? e.message : String(e)}`);
    }
    const host = await this.db.user.findUnique({ where: { id: hostId } });
    if (!host) throw new CommandError("auth/required", "Sign in first.");
    const openRooms = await this.db.room.count({ where: { hostId, status: { in: ["lobby", "running"] } } });
    if (openRooms >= MAX_OPEN_ROOMS_PER_HOST) throw new CommandError("room/too_many", `You already host ${openRooms} open rooms; finish or end one first.`);
    const seed = randomBytes(16).toString("hex");
    const fill = (i: number): SeatFill => opts.seated?.[i] ?? { userId: null, name: "", isBot: false };
    const link = opts.season;
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = newRoomCode();
      try {
        const row = await this.db.room.create({
          data: {
            id: randomUUID(),
            code,
            gameId,
            hostId,
            config: (config ?? {}) as Prisma.InputJsonValue,
            seed,
            spectatorMode: spectators.mode,
            spectatorLag: spectators.lag,
            spectatorReveal: spectators.revealAtEnd,
            seats: { create: seatIds(seatCount).map((seat, position) => ({ seatId: seat, position, ...fill(position) })) },
            ...(link
              ? { seasonRoom: { create: { seasonId: link.seasonId, episode: link.episode, stage: link.stage, members: link.members, context: link.context as unknown as Prisma.InputJsonValue } } }
              : {}),
          },
        });
        const room = new Room(
          {
            id: row.id, code, game, hostId, hostName: host.name, seats: seatIds(seatCount).map((seat, position) => ({ seat, position, ...fill(position) })),
            config: config ?? {}, seed, status: "lobby", version: 0, state: null, clock: { deadlineAt: null, paused: false, remainingMs: null }, durations: {}, endReason: null, spectators, season: link ?? null,
          },
          this.store, this.hooks, this.opts,
        );
        this.rooms.set(code, room);
        return room;
      } catch (e) {
        if ((e as { code?: string }).code === "P2002") continue; // code taken: draw another
        throw e;
      }
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

  /** Rebuilds a room from the database; `start` arms its clock and bots (recovery does that itself, once every room is back). */
  private async load(code: string, start = true): Promise<Room | null> {
    const row = await this.db.room.findUnique({ where: { code }, include: { seats: { orderBy: { position: "asc" } }, host: true, seasonRoom: true } });
    if (!row) return null;
    const game = this.opts.lookupGame(row.gameId);
    if (!game) return null;
    const snap = await this.db.snapshot.findFirst({ where: { roomId: row.id, seq: { lte: row.version } }, orderBy: { seq: "desc" } });
    const events = await this.db.event.findMany({ where: { roomId: row.id, seq: { gt: snap?.seq ?? 0, lte: row.version } }, orderBy: { seq: "asc" } });
    const frames: { state: unknown; version: number }[] = [];
    const state = foldEvents(game, row.seed, snap ? snap.state : null, events, (st, seq) => frames.push({ state: st, version: seq }));
    const notices: Notice[] = [];
    for (const ev of events) {
      const text = noticeFor(ev);
      if (text) notices.push({ version: ev.seq, at: ev.at.getTime(), text });
    }
    let clock: Clock = { deadlineAt: row.deadlineAt ? row.deadlineAt.getTime() : null, paused: row.pausedAt !== null, remainingMs: row.remainingMs };
    if (row.status !== "running") clock = { deadlineAt: null, paused: false, remainingMs: null };
    const room = new Room(
      {
        id: row.id, code: row.code, game, hostId: row.hostId, hostName: row.host.name,
        seats: row.seats.map((s) => ({ seat: s.seatId, position: s.position, userId: s.userId, name: s.name, isBot: s.isBot })),
        config: row.config, seed: row.seed, status: row.status as RoomStatus, version: row.version, state, clock,
        durations: (row.durations ?? {}) as Record<string, number>, endReason: row.endReason, notices,
        spectators: { mode: row.spectatorMode === "delayed" ? "delayed" : "live", lag: row.spectatorLag, revealAtEnd: row.spectatorReveal },
        season: row.seasonRoom ? seasonLinkOf(row.seasonRoom) : null,
      },
      this.store, this.hooks, this.opts,
    );
    room.seedSpectatorFrames(frames);
    this.rooms.set(code, room);
    if (start) {
      room.armTimer();
      room.scheduleBots();
    }
    return room;
  }

  /**
   * Rebuilds every unfinished room. The time the server was down does not count
   * against a phase: its clock stood still from this instance's last heartbeat
   * until the rooms are back, so deadlines move by that much (rebuilding them
   * included). The moved deadlines and a fresh heartbeat are written together,
   * so that a crash during recovery neither loses nor doubles a shift.
   */
  async recover(): Promise<{ rooms: number; downtimeMs: number }> {
    const beat = await this.db.serverBeat.findUnique({ where: { id: this.opts.instanceId } });
    const rows = await this.db.room.findMany({ where: { status: "running" }, select: { code: true } });
    const loaded = await Promise.all(rows.map((r) => this.load(r.code, false).catch((e) => {
      console.error(`room ${r.code} could not be recovered:`, e);
      return null;
    })));
    const rooms = loaded.filter((r): r is Room => r !== null);
    const now = Date.now();
    const downtimeMs = beat ? Math.max(0, now - beat.beatAt.getTime()) : 0;
    const timed = rooms.filter((r) => r.clock.deadlineAt !== null);
    await this.db.$transaction([
      ...(downtimeMs && timed.length
        ? [this.db.$executeRaw`UPDATE "Room" SET "deadlineAt" = "deadlineAt" + ${downtimeMs} * interval '1 millisecond' WHERE "id" = ANY(${timed.map((r) => r.id)})`]
        : []),
      this.beatQuery(new Date(now)),
    ]);
    for (const r of timed) r.clock = { ...r.clock, deadlineAt: r.clock.deadlineAt! + downtimeMs };
    for (const r of rooms) {
      r.armTimer();
      r.scheduleBots();
    }
    return { rooms: rooms.length, downtimeMs };
  }

  private beatQuery(at: Date) {
    return this.db.serverBeat.upsert({ where: { id: this.opts.instanceId }, create: { id: this.opts.instanceId, beatAt: at }, update: { beatAt: at } });
  }

  private async heartbeat(): Promise<void> {
    await this.beatQuery(new Date());
  }

  startHeartbeat(): void {
    if (this.beat) return;
    this.beat = setInterval(() => {
      this.heartbeat().catch((e) => console.error("heartbeat failed", e));
    }, this.opts.heartbeatMs);
    this.beat.unref();
  }

  async close(): Promise<void> {
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
    for (const r of this.rooms.values()) r.dispose();
    await Promise.allSettled([...this.rooms.values()].map((r) => r.idle()));
    await this.store.drain();
    await this.heartbeat().catch(() => undefined);
    this.rooms.clear();
  }
}
