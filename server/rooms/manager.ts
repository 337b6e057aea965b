// Owns the live rooms of this process: creates them, loads them lazily from the
// log (the latest snapshot plus the events after it, folded by the one fold),
// and on start re-arms every unfinished room nobody else holds with the time
// its phase had left. A room is served only under its lease (leases.ts): taken
// before the log is read, renewed with all the others in one statement, given
// up on close; a room whose lease another process took is dropped at once.
import { randomBytes, randomUUID } from "node:crypto";
import { sharedReadBack } from "../../lib/games/core/exact";
import type { AnyGame } from "../../lib/games/core/types";
import { createdRoom, foldLog } from "../../lib/room/fold";
import { GameRules } from "../../lib/room/rules";
import type { LoggedEvent, RoomData, SeatFill, SpectatorSettings } from "../../lib/room/types";
import type { SeasonLink } from "../../lib/season/types";
import { commitOf } from "./commit";
import { checkNewRoom, MAX_OPEN_ROOMS_PER_HOST, newRoomCode } from "./create";
import { CommandError } from "./errors";
import { Leases, StaleLease, type Lease } from "./leases";
import { Room, type RoomHooks, type RoomOptions } from "./room";
import type { Store, StoredRoom } from "./store";

export { newRoomCode };

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
  /** This process's name in the leases (unique per process start; default: instance, pid and a random tag). */
  owner?: string;
  /** How long a lease lasts unless renewed (renewed every third of it). */
  leaseTtlMs?: number;
  /**
   * Asked when another live process holds a room this process was asked for:
   * may get the holder to hand it over (true when it did). Without it, the
   * request is refused with room/moved and the room stays where it is.
   */
  handover?: (code: string, holder: string) => Promise<boolean>;
  /** Whether this process should adopt an orphaned room (cluster placement); default: every one. */
  placed?: (code: string) => boolean;
  /**
   * Whether this process is the only one of its instance when it starts (a
   * single server, or the cluster primary on its workers' behalf): then leases
   * still held under the instance's name belong to a run that is gone, and
   * recovery frees them. False for cluster workers, whose siblings are alive.
   */
  soleOfInstance?: boolean;
  /** When the instance was last seen alive, for recovery's downtime (default: its heartbeat row). */
  lastBeat?: number | null;
}

export const DEFAULT_LEASE_TTL_MS = 10_000;
/**
 * A finished room nobody watches leaves memory after a minute. It holds its
 * whole folded game, its last frames and the view parts kept for every viewer
 * (a few hundred KiB in an 8-seat game), and a busy server finishes rooms by
 * the hundred: kept ten minutes, they outweigh the live rooms many times over,
 * and every major collection marks them all. A viewer who comes back later
 * costs one read of the room's last snapshot and the events after it.
 */
export const DEFAULT_UNLOAD_IDLE_MS = 60_000;
const HANDOVER_TRIES = 4;
/** Rooms read back per statement at a restart: enough to spare a round trip per room, few enough that folding starts while the rest are read. */
const RECOVER_CHUNK = 50;

export class RoomManager {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room | null>>();
  private beat: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private renewer: NodeJS.Timeout | null = null;
  /** Set once close() began: no room is loaded any more. */
  private closing = false;
  private readonly now: () => number;
  private readonly roomHooks: RoomHooks;
  readonly leases: Leases;
  /** Owners known to be dead (told by the cluster primary): their leases may be taken before they expire. */
  readonly deadOwners = new Set<string>();

  constructor(
    readonly store: Store,
    private readonly hooks: RoomHooks,
    private readonly opts: ManagerOptions,
  ) {
    this.now = opts.now ?? Date.now;
    this.leases = new Leases(store.sql, opts.owner ?? `${opts.instanceId}/${process.pid}/${randomBytes(4).toString("hex")}`, opts.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS);
    // eslint-disable-next-line perf/closures-unnamed -- made once per process
    this.roomHooks = { ...hooks, lost: (room) => this.drop(room) };
  }

  /** This process's name in the leases. */
  get owner(): string {
    return this.leases.owner;
  }

  live(): Room[] {
    return [...this.rooms.values()];
  }

  /** The room with this code if it is in memory now (no database read). */
  loaded(code: string): Room | undefined {
    return this.rooms.get(code);
  }

  async createRoom(hostId: string, gameId: string, seatCount: number, config: unknown, spectators: SpectatorSettings = { mode: "live", lag: 1, revealAtEnd: false }, opts: CreateOptions = {}): Promise<Room> {
    const { game, config: parsed } = checkNewRoom(this.opts.lookupGame(gameId), seatCount, config, Boolean(opts.season));
    const hostName = await this.store.userName(hostId);
    if (hostName === null) throw new CommandError("auth/required", "Sign in first.");
    const open = await this.store.openRoomCount(hostId);
    if (open >= MAX_OPEN_ROOMS_PER_HOST) throw new CommandError("room/too_many", `You already host ${open} open rooms; finish or end one first.`);
    const seed = randomBytes(16).toString("hex");
    const create: LoggedEvent = { kind: "create", actor: "host", payload: { seats: seatCount, config: parsed, spectators, ...(opts.seated ? { seated: opts.seated } : {}) }, seq: 1, at: this.now() };
    const data = createdRoom(create.payload, create.seq, create.at);
    const placed = this.opts.placed ?? (() => true);
    for (let attempt = 0; attempt < 8; attempt++) {
      // behind a cluster primary, a code that routes to this process: the room's sockets then meet here, with no handover
      let code = newRoomCode();
      for (let draw = 0; draw < 64 && !placed(code); draw++) code = newRoomCode();
      const id = randomUUID();
      if (!(await this.store.createRoom({ id, code, gameId, hostId, config: parsed, seed, spectators, seats: data.seats, season: opts.season ?? null }, create, { owner: this.owner, ttlMs: this.leases.ttlMs }))) continue; // code taken: draw another
      const room = new Room({ id, code, game, hostId, hostName, seed, data, fence: 1, season: opts.season ?? null }, this.store, this.roomHooks, this.opts);
      this.rooms.set(code, room);
      return room;
    }
    throw new CommandError("room/code", "Could not allocate a room code; try again.");
  }

  /**
   * The live room for a code, loading it from the database when needed.
   * `takeOver`: when another live process holds it, ask for it (the request
   * was routed here for this room); otherwise such a room is refused with
   * room/moved and stays where it is.
   */
  async get(code: string, takeOver = true): Promise<Room | null> {
    if (this.closing) throw new CommandError("room/closed", "This server is shutting down; reconnecting finds the room on another.");
    return this.rooms.get(code) ?? this.loadOnce(code, true, takeOver);
  }

  /** One load per code at a time: a second acquisition by this process would fence out the first copy. */
  private loadOnce(code: string, start: boolean, takeOver = false): Promise<Room | null> {
    return this.loading.get(code) ?? this.tracked(code, this.load(code, start, takeOver));
  }

  /** `load` in flight for `code`: a `get` meanwhile waits for it rather than loading the room a second time. */
  private tracked(code: string, load: Promise<Room | null>): Promise<Room | null> {
    const p = load.finally(() => this.loading.delete(code));
    this.loading.set(code, p);
    return p;
  }

  /**
   * A room to read (a replay, an export) without serving it: the live one when
   * this process serves it, else rebuilt from the log, taking no lease and
   * arming nothing, and not kept.
   */
  async read(code: string): Promise<Room | null> {
    return this.rooms.get(code) ?? this.build(code, -1);
  }

  /** Takes the room's lease (asking its live holder to hand it over when it has one) and rebuilds it from the log. */
  private async load(code: string, start: boolean, takeOver: boolean): Promise<Room | null> {
    let got = await this.leases.acquire(code, [...this.deadOwners]);
    // whatever the answer (a holder that gave the room up on its own meanwhile, or an adapter that
    // answered before the holder did), the lease is tried again, and the holder asked again, a few times
    for (let n = 1; !got.ok && got.holder !== null && takeOver && this.opts.handover && n <= HANDOVER_TRIES; n++) {
      await this.opts.handover(code, got.holder).catch(() => false);
      got = await this.leases.acquire(code, [...this.deadOwners]);
      if (!got.ok && n < HANDOVER_TRIES) await new Promise((r) => setTimeout(r, 100 * n));
    }
    if (!got.ok) {
      if (got.holder === null) return null;
      throw new CommandError("room/moved", "Another server serves this room; reconnecting finds it there.");
    }
    const room = await this.build(code, got.lease.token).catch(async (e) => {
      await this.leases.release(got.lease).catch(() => undefined);
      throw e;
    });
    if (!room) return null;
    this.rooms.set(code, room);
    if (start) room.start();
    return room;
  }

  /** The room folded from its log, under lease token `fence` (not registered, not started). */
  private async build(code: string, fence: number): Promise<Room | null> {
    const stored = await this.store.loadRoom(code);
    return stored && this.assemble(stored, fence);
  }

  /** The room folded from what the store read of it (`build`'s second half). */
  private assemble(stored: StoredRoom, fence: number): Room | null {
    const game = this.opts.lookupGame(stored.gameId);
    if (!game) return null;
    const rules = new GameRules(game, stored.seed);
    const steps: { before: RoomData | null; after: RoomData }[] = [];
    // the snapshot's game state shares its records as a state the rules built here does
    const snapshot = stored.snapshot && { ...stored.snapshot, state: sharedReadBack(stored.snapshot.state) };
    let prev = snapshot;
    const data = foldLog(rules, snapshot, stored.events, (after) => {
      steps.push({ before: prev, after });
      prev = after;
    });
    if (!data) throw new Error(`room ${stored.code} has no events`);
    const room = new Room({ id: stored.id, code: stored.code, game, hostId: stored.hostId, hostName: stored.hostName, seed: stored.seed, data, fence, season: stored.season }, this.store, this.roomHooks, this.opts);
    // delayed spectators: the public payload at each recent phase start
    if (data.spectators.mode === "delayed") {
      const ctx = room.payloadContext();
      for (const s of steps) room.frames.record(ctx, s.before, s.after);
    }
    return room;
  }

  /** Another process took the room's lease: the room leaves memory and its clients are told to reconnect. */
  private drop(room: Room): void {
    if (this.rooms.get(room.code) !== room) return;
    this.rooms.delete(room.code);
    room.dispose("moved");
    this.hooks.moved?.(room);
  }

  /**
   * Hands a room over to another process (it asked, because the room's clients
   * reach it now): the room finishes what it has queued, gives up its lease and
   * tells its clients to reconnect. False when this process neither serves nor holds it.
   */
  async release(code: string): Promise<boolean> {
    const room = this.rooms.get(code);
    // a lease this process holds for a room it does not serve (say, one still loading) is given up too
    if (!room) return (await this.leases.releaseCode(code)) > 0;
    this.rooms.delete(code);
    room.dispose("moved");
    await room.idle().catch(() => undefined);
    await this.leases.release({ roomId: room.id, token: room.fence });
    this.hooks.moved?.(room);
    return true;
  }

  /** Renews every lease this process holds; rooms whose lease is gone are dropped. */
  async renew(): Promise<number> {
    const held = [...this.rooms.values()];
    const kept = new Set((await this.leases.renew()).map((l) => `${l.roomId}/${l.token}`));
    let lost = 0;
    for (const room of held) {
      if (kept.has(`${room.id}/${room.fence}`)) continue;
      lost++;
      this.drop(room);
    }
    return lost;
  }

  /**
   * Renews the leases every third of their life; and once per life, adopts the
   * unfinished rooms whose holder vanished without a word (its lease ran out):
   * their clocks and bots run again even before a client comes back.
   */
  startRenewing(): void {
    if (this.renewer) return;
    let n = 0;
    let running = false;
    this.renewer = setInterval(() => {
      // a renewal still under way (the database slow to answer: many rooms loading at once) is not joined by another over the same leases
      if (running) return;
      running = true;
      void this.renew()
        .then(() => (++n % 3 === 0 ? this.adoptOrphans() : 0))
        .catch((e) => console.error("lease renewal failed", e))
        .finally(() => (running = false));
    }, Math.max(50, Math.floor(this.leases.ttlMs / 3)));
    this.renewer.unref();
  }

  /**
   * A process died (the cluster primary says so): its leases are freed and this
   * process adopts the unfinished rooms that now fall to it, at once, with the
   * deadlines they had (the rooms were served until the moment it died, so no
   * downtime is taken off their phases).
   */
  async ownerDied(owner: string): Promise<number> {
    this.deadOwners.add(owner);
    await this.leases.freeOwner(owner);
    return this.adoptOrphans();
  }

  /** Loads and arms every unfinished room nobody holds that falls to this process. */
  async adoptOrphans(): Promise<number> {
    const placed = this.opts.placed ?? (() => true);
    const codes = (await this.leases.orphans()).filter((c) => placed(c) && !this.rooms.has(c));
    const loaded = await Promise.all(codes.map((code) => this.get(code).catch(() => null)));
    return loaded.filter(Boolean).length;
  }

  /**
   * Rebuilds every unfinished room. The time the server was down does not count
   * against a phase: from this instance's last heartbeat until the rooms are
   * back, their clocks stood still. Each timed room gets a clock correction
   * event, written with a fresh heartbeat in one transaction.
   */
  async recover(): Promise<{ rooms: number; downtimeMs: number }> {
    const lastBeat = this.opts.lastBeat !== undefined ? this.opts.lastBeat : await this.store.lastBeat(this.opts.instanceId);
    if (this.opts.soleOfInstance !== false) await this.leases.freeInstance(this.opts.instanceId);
    const placed = this.opts.placed ?? (() => true);
    const codes = (await this.leases.orphans()).filter(placed);
    const rooms = await this.loadAll(codes);
    const now = this.now();
    const downtimeMs = lastBeat === null ? 0 : Math.max(0, now - lastBeat);
    const corrected = downtimeMs
      ? rooms.flatMap((room) => {
          if (room.data.clock.deadlineAt === null) return [];
          const c = room.correction(downtimeMs, now);
          return c ? [{ room, ...c }] : [];
        })
      : [];
    let written = corrected;
    try {
      await this.store.commitWithBeat(
        corrected.map((c) => commitOf(c.room.id, c.room.fence, c.room.data, c.data, c.event, null, false)),
        this.opts.instanceId,
        now,
      );
    } catch (e) {
      if (!(e instanceof StaleLease)) throw e;
      // another process took some of these rooms meanwhile: they are its, the rest is written again without them
      for (const r of rooms) if (e.roomIds.includes(r.id)) this.drop(r);
      written = corrected.filter((c) => !e.roomIds.includes(c.room.id));
      await this.store.commitWithBeat(
        written.map((c) => commitOf(c.room.id, c.room.fence, c.room.data, c.data, c.event, null, false)),
        this.opts.instanceId,
        now,
      );
    }
    for (const c of written) c.room.adopt(c.data);
    const serving = rooms.filter((r) => !r.closed);
    for (const r of serving) r.start();
    return { rooms: serving.length, downtimeMs };
  }

  /**
   * Recovery's load: every room's lease in one statement, then the rooms taken
   * read back RECOVER_CHUNK per statement, each folded as its statement returns.
   * A room held by a live process is left to it.
   */
  private async loadAll(codes: string[]): Promise<Room[]> {
    const fresh = codes.filter((c) => !this.loading.has(c) && !this.rooms.has(c));
    const leases = this.leases.acquireAll(fresh, [...this.deadOwners]);
    const reads = leases.then((held) => {
      const byCode = new Map<string, Promise<Map<string, StoredRoom>>>();
      const taken = [...held.keys()];
      for (let i = 0; i < taken.length; i += RECOVER_CHUNK) {
        const chunk = taken.slice(i, i + RECOVER_CHUNK);
        const read = this.store.loadRooms(chunk).then((rows) => new Map(rows.map((s) => [s.code, s])));
        for (const code of chunk) byCode.set(code, read);
      }
      return byCode;
    });
    const loaded = await Promise.all(fresh.map((code) => this.tracked(code, this.recoverOne(code, leases, reads))));
    return loaded.filter((r): r is Room => r !== null);
  }

  /** One room of `loadAll`: one that cannot be rebuilt is logged, and its lease given up. */
  private async recoverOne(code: string, leases: Promise<Map<string, Lease>>, reads: Promise<Map<string, Promise<Map<string, StoredRoom>>>>): Promise<Room | null> {
    const [held, byCode] = await Promise.all([leases, reads]);
    const lease = held.get(code);
    if (!lease) return null;
    try {
      const stored = (await byCode.get(code)!).get(code);
      if (!stored) throw new Error("no such room");
      const room = this.assemble(stored, lease.token);
      if (room) this.rooms.set(code, room);
      return room;
    } catch (e) {
      console.error(`room ${code} could not be recovered:`, e);
      await this.leases.release(lease).catch(() => undefined);
      return null;
    }
  }

  /**
   * Keeps memory bounded: a lobby nobody watches and nobody started for a day
   * expires, and a finished room nobody watches leaves memory after a while.
   */
  async sweep(): Promise<{ expired: number; unloaded: number }> {
    const now = this.now();
    const lobbyTtl = this.opts.lobbyTtlMs ?? 24 * 3_600_000;
    const unloadIdle = this.opts.unloadIdleMs ?? DEFAULT_UNLOAD_IDLE_MS;
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
        await this.leases.release({ roomId: room.id, token: room.fence }).catch(() => undefined);
        unloaded++;
      }
    }
    return { expired, unloaded };
  }

  startSweeping(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => void this.sweep().catch((e) => console.error("room sweep failed", e)), this.opts.sweepMs ?? 15_000);
    this.sweeper.unref();
  }

  startHeartbeat(): void {
    if (this.beat) return;
    this.beat = setInterval(() => {
      this.store.beat(this.opts.instanceId).catch((e) => console.error("heartbeat failed", e));
    }, this.opts.heartbeatMs);
    this.beat.unref();
  }

  /** Stops every room, writes what is queued and gives up every lease: another process may take the rooms at once. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.beat) clearInterval(this.beat);
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.renewer) clearInterval(this.renewer);
    this.beat = this.sweeper = this.renewer = null;
    for (const r of this.rooms.values()) r.dispose();
    await Promise.allSettled([...this.rooms.values()].map((r) => r.idle()));
    await this.store.drain();
    await this.store.beat(this.opts.instanceId).catch(() => undefined);
    await this.leases.releaseAll().catch(() => undefined);
    this.rooms.clear();
  }
}
