// Every read and write of rooms goes through here; a room never talks to the
// database itself. Event appends from every room are batched into one
// statement per tick, and a command is acknowledged only once its batch has
// committed. A batch that fails is retried commit by commit, so that one bad
// commit fails alone and the other rooms of its batch never notice. A commit
// whose room's lease was taken by another process fails with StaleLease.
import { createWriter, type Db, type SqlPool } from "../db/client";
import type { StatementWriter } from "../db/writer";
import type { LoggedEvent, RoomData, SeatRec } from "../../lib/room/types";
import type { SeasonLink } from "../../lib/season/types";
import { insertLedgerRows } from "../season/ledger-store";
import { isoUtc } from "../db/iso-time";
import { batchQuery, type Commit } from "./batch-sql";
import { staleLeaseOf } from "./leases";

export type { Commit, EventRow, RoomRow, SeatRow } from "./batch-sql";

interface Pending {
  commit: Commit;
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** What a room is rebuilt from: its row, its latest snapshot and the events after it. */
export interface StoredRoom {
  id: string;
  code: string;
  gameId: string;
  hostId: string;
  hostName: string;
  seed: string;
  version: number;
  snapshot: RoomData | null;
  events: LoggedEvent[];
  season: SeasonLink | null;
}

export interface StoredMessage {
  id: string;
  channel: string;
  author: string;
  name: string;
  body: string;
  at: number;
  version: number;
}

/** Test hook, run before each write: an error makes the write fail as a database would; a promise holds the write until it settles. */
export type FaultInjector = (commits: Commit[]) => Error | null | Promise<Error | null>;

/** A batch write slower than this counts as slow in the store's figures (ms). */
const SLOW_WRITE_MS = 50;

/**
 * Batch writes in flight at once. With two, the next batch is written while
 * the server works out what the last one released (payloads, acks), rather
 * than after. A room has commits in one batch at a time (its turn waits for
 * them), so batches in flight never share a room.
 */
const WRITES_IN_FLIGHT = 2;

/**
 * With no write in flight, a commit waits up to FIRST_GATHER_MS for others to
 * join its batch; while one write is in flight, a second starts only once the
 * one in flight has taken GATHER_MS. Either way PROMPT_BATCH commits waiting
 * start a write at once. At a slow pace (a match's few moves a second) commits
 * then share batches, rather than each paying a round trip of its own (and the
 * database a transaction of its own, and the server the wake-up of another
 * process); under load the writes start at once, and no commit waits long.
 */
const PROMPT_BATCH = 8;
const FIRST_GATHER_MS = 2;
const GATHER_MS = 10;

/** An event's columns as LoggedEvent's members; `at` (UTC, millisecond precision) as epoch milliseconds. */
const EVENT_COLUMNS = `e."seq", e."kind", e."actor", e."payload", (extract(epoch FROM e."at") * 1000)::float8 AS "at", e."clientId"`;

const LOAD_ROOMS = `SELECT r."id", r."code", r."gameId", r."hostId", u."name" AS "hostName", r."seed", r."version",
    s."state" AS "snapshot", sr."seasonId", sr."episode", sr."stage", sr."members", sr."context",
    (SELECT coalesce(json_agg(ev ORDER BY ev."seq"), '[]'::json) FROM (SELECT ${EVENT_COLUMNS} FROM "Event" e
       WHERE e."roomId" = r."id" AND e."seq" > coalesce(s."seq", 0) AND e."seq" <= r."version") ev) AS "events"
  FROM "Room" r
  JOIN "User" u ON u."id" = r."hostId"
  LEFT JOIN LATERAL (SELECT "seq", "state" FROM "Snapshot" WHERE "roomId" = r."id" AND "seq" <= r."version" ORDER BY "seq" DESC LIMIT 1) s ON true
  LEFT JOIN "SeasonRoom" sr ON sr."roomId" = r."id"
  WHERE r."code" = ANY($1::text[])`;

/** The instance's heartbeat: when it was last known alive (UTC, as the schema stores times). */
const BEAT_SQL = `INSERT INTO "ServerBeat" ("id", "beatAt") VALUES ($1, $2::timestamp(3)) ON CONFLICT ("id") DO UPDATE SET "beatAt" = EXCLUDED."beatAt"`;

/** StoredRoom as the load statement returns it: the season link flat, null when there is none. */
type LoadedRoomRow = Omit<StoredRoom, "season"> & { seasonId: string | null; episode: number | null; stage: string | null; members: unknown; context: unknown };

export class Store {
  private pending: Pending[] = [];
  /** When the oldest commit waiting came (ms, performance.now). */
  private pendingSince = 0;
  /** When each batch write under way started (ms, performance.now), oldest first: at most WRITES_IN_FLIGHT. */
  private started: number[] = [];
  private scheduled = false;
  /** Set while commits wait for others to join them (FIRST_GATHER_MS) or for a write in flight to take GATHER_MS. */
  private gather: NodeJS.Timeout | null = null;
  /** Counters for benchmarks and health. */
  stats = { batches: 0, events: 0, failedBatches: 0, failedCommits: 0, writeMs: 0, slowWrites: 0, slowestWriteMs: 0 };
  fault: FaultInjector | null = null;
  /** The batch writes' own connections, one per write in flight (db/writer.ts); everything else goes through the pool. */
  private readonly writer: StatementWriter;

  constructor(
    readonly db: Db,
    readonly sql: SqlPool,
  ) {
    this.writer = createWriter(sql, WRITES_IN_FLIGHT);
  }

  /**
   * Resolves once the commit is durable; rejects, having written nothing of
   * it, when it cannot be. A room may append several commits at once (in the
   * order of their events): they go in one batch, and when one of them cannot
   * be written, none after it is.
   */
  append(commit: Commit): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) this.pendingSince = performance.now();
      this.pending.push({ commit, resolve, reject });
      this.schedule();
    });
  }

  /** How long the commits waiting have yet to wait before a batch write may start (ms; 0: now, Infinity: when a write in flight ends). */
  private waitLeft(): number {
    const flushing = this.started.length;
    if (flushing >= WRITES_IN_FLIGHT) return Infinity;
    if (this.pending.length >= PROMPT_BATCH) return 0;
    const now = performance.now();
    const left = flushing === 0 ? FIRST_GATHER_MS - (now - this.pendingSince) : GATHER_MS - (now - this.started[0]!);
    // under a millisecond is none: a timer's delay is counted in whole milliseconds, and can end that much early
    return left < 1 ? 0 : left;
  }

  private schedule(): void {
    if (this.scheduled || this.pending.length === 0) return;
    const wait = this.waitLeft();
    if (wait === Infinity) return;
    if (wait > 0) {
      this.gather ??= setTimeout(() => {
        this.gather = null;
        this.schedule();
      }, wait);
      return;
    }
    this.cancelGather();
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  /** Stops the timer of a wait worked out before (the wait is over, or is worked out again). */
  private cancelGather(): void {
    if (!this.gather) return;
    clearTimeout(this.gather);
    this.gather = null;
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    // a write that ended meanwhile can leave the commits waiting longer (they gather from their own arrival now)
    if (this.waitLeft() > 0) return this.schedule();
    const began = performance.now();
    this.started.push(began);
    const all = this.pending;
    this.pending = [];
    // a commit with season ledger rows is written alone, with them, in one transaction; when its room
    // has commits in the batch too (they come before it), it waits for them and is not written if one failed
    const alone = all.filter((p) => p.commit.ledger?.length);
    const batch = alone.length ? all.filter((p) => !p.commit.ledger?.length) : all;
    try {
      const failed = this.flushBatch(batch);
      await Promise.all([failed, ...alone.map((p) => this.afterBatch(p, batch, failed))]);
    } finally {
      this.started.splice(this.started.indexOf(began), 1);
      // the wait left changed with the writes in flight: worked out again
      this.cancelGather();
      this.schedule();
    }
  }

  /** Writes a commit that has ledger rows, once the batch it waits for is written: not when a commit of its room in that batch failed. */
  private async afterBatch(p: Pending, batch: Pending[], failed: Promise<Set<string>>): Promise<void> {
    const room = p.commit.room.id;
    if (batch.some((b) => b.commit.room.id === room) && (await failed).has(room)) return this.notAfter(p);
    await this.settle(p, () => this.writeWithLedger(p.commit));
  }

  /** Writes the batch; resolves to the rooms of which some commit was not written. */
  private async flushBatch(batch: Pending[]): Promise<Set<string>> {
    const failed = new Set<string>();
    if (!batch.length) return failed;
    const began = performance.now();
    try {
      await this.write(batch.map((p) => p.commit));
      this.timed(performance.now() - began);
      this.stats.batches++;
      this.stats.events += batch.length;
      for (const p of batch) p.resolve();
    } catch (e) {
      this.stats.failedBatches++;
      if (batch.length === 1) {
        this.stats.failedCommits++;
        batch[0]!.reject(staleLeaseOf(e) ?? e);
        return failed.add(batch[0]!.commit.room.id);
      }
      // the statement wrote nothing: each commit is tried alone, and only the ones that fail alone fail;
      // a room's commits are tried in their order, and once one fails the room's later ones fail with it
      const byRoom = new Map<string, Pending[]>();
      for (const p of batch) {
        const list = byRoom.get(p.commit.room.id);
        if (list) list.push(p);
        else byRoom.set(p.commit.room.id, [p]);
      }
      await Promise.all([...byRoom].map(async ([room, list]) => (await this.settleInOrder(list)) || failed.add(room)));
    }
    return failed;
  }

  /** One room's commits, alone and in order; the first that fails fails the rest, so the room's log never has a gap. True when all were written. */
  private async settleInOrder(list: Pending[]): Promise<boolean> {
    for (let i = 0; i < list.length; i++) {
      if (await this.settle(list[i]!, () => this.write([list[i]!.commit]))) continue;
      list.slice(i + 1).forEach((p) => this.notAfter(p));
      return false;
    }
    return true;
  }

  /** Refuses a commit that follows one of its room's that failed: written, it would leave a gap in the log. */
  private notAfter(p: Pending): void {
    this.stats.failedCommits++;
    p.reject(new Error(`event ${p.commit.event.seq} not written: an earlier event of its room failed`));
  }

  /** A batch's write time: every acknowledgement of the process waits on it, so a slow one is the whole process's tail. */
  private timed(ms: number): void {
    this.stats.writeMs += ms;
    if (ms > SLOW_WRITE_MS) this.stats.slowWrites++;
    this.stats.slowestWriteMs = Math.max(this.stats.slowestWriteMs, ms);
  }

  /** Runs one commit's write and answers its append; true when it was written. */
  private async settle(p: Pending, write: () => Promise<void>): Promise<boolean> {
    try {
      await write();
      this.stats.events++;
      p.resolve();
      return true;
    } catch (e) {
      this.stats.failedCommits++;
      p.reject(staleLeaseOf(e) ?? e);
      return false;
    }
  }

  /** One commit and the season ledger rows its event causes, in one transaction: both or neither. */
  private async writeWithLedger(commit: Commit): Promise<void> {
    const injected = this.fault ? await this.fault([commit]) : null;
    if (injected) throw injected;
    const client = await this.sql.connect();
    try {
      await client.query("BEGIN");
      await client.query(batchQuery([commit]));
      await insertLedgerRows(client, commit.ledger ?? []);
      await client.query("COMMIT");
    } catch (e) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  /** One statement, one round trip, in PostgreSQL's implicit transaction: durable whole or not at all. */
  private async write(commits: Commit[]): Promise<void> {
    const injected = this.fault ? await this.fault(commits) : null;
    if (injected) throw injected;
    await this.writer.run(batchQuery(commits));
  }

  /** Closes the batch writes' connections (after the drain; the pool is its owner's to end). */
  close(): Promise<void> {
    return this.writer.end();
  }

  /** Waits until everything queued so far is written (for shutdown). */
  async drain(): Promise<void> {
    while (this.pending.length || this.started.length) {
      await new Promise((r) => setTimeout(r, 5));
      await this.flush();
    }
  }

  // ---------- rooms ----------

  /** Inserts a room, its seats, its creation event and its first lease (token 1, held by `lease.owner`) together; false when the code is taken. */
  async createRoom(row: { id: string; code: string; gameId: string; hostId: string; config: unknown; seed: string; spectators: RoomData["spectators"]; seats: SeatRec[]; season: SeasonLink | null }, create: LoggedEvent, lease: { owner: string; ttlMs: number }): Promise<boolean> {
    const client = await this.sql.connect();
    try {
      await client.query("BEGIN");
      const inserted = await client.query(
        `INSERT INTO "Room" ("id", "code", "gameId", "hostId", "config", "seed", "version", "spectatorMode", "spectatorLag", "spectatorReveal", "updatedAt")
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, now() AT TIME ZONE 'UTC') ON CONFLICT ("code") DO NOTHING`,
        [row.id, row.code, row.gameId, row.hostId, JSON.stringify(row.config), row.seed, create.seq, row.spectators.mode, row.spectators.lag, row.spectators.revealAtEnd],
      );
      if (inserted.rowCount !== 1) {
        await client.query("ROLLBACK");
        return false;
      }
      await client.query(
        `INSERT INTO "Seat" ("roomId", "seatId", "position", "userId", "name", "isBot") SELECT $1, s, p, u, n, b FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::boolean[]) AS v(s, p, u, n, b)`,
        [row.id, row.seats.map((s) => s.seat), row.seats.map((s) => s.position), row.seats.map((s) => s.userId), row.seats.map((s) => s.name), row.seats.map((s) => s.isBot)],
      );
      if (row.season) {
        const l = row.season;
        await client.query(`INSERT INTO "SeasonRoom" ("roomId", "seasonId", "episode", "stage", "members", "context") VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`, [row.id, l.seasonId, l.episode, l.stage, JSON.stringify(l.members), JSON.stringify(l.context)]);
      }
      await client.query(`INSERT INTO "Event" ("roomId", "seq", "kind", "actor", "payload", "at", "paused") VALUES ($1, $2, $3, $4, $5::jsonb, $6::timestamp(3), false)`, [
        row.id,
        create.seq,
        create.kind,
        create.actor,
        JSON.stringify(create.payload),
        isoUtc(create.at),
      ]);
      await client.query(`INSERT INTO "RoomLease" ("roomId", "owner", "token", "expiresAt") VALUES ($1, $2, 1, (now() AT TIME ZONE 'UTC') + $3::int * interval '1 millisecond')`, [row.id, lease.owner, lease.ttlMs]);
      await client.query("COMMIT");
      return true;
    } catch (e) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  /** The room with this code, as `loadRooms` reads it. */
  async loadRoom(code: string): Promise<StoredRoom | null> {
    return (await this.loadRooms([code]))[0] ?? null;
  }

  /**
   * Rooms as they are rebuilt, in one statement: each one's row, its host's name,
   * its season link, its latest snapshot and the events after it (a restart loads
   * every live room at once, and a query builder's cost per query was most of
   * the restart's). Codes with no room are left out.
   */
  async loadRooms(codes: readonly string[]): Promise<StoredRoom[]> {
    const r = await this.sql.query<LoadedRoomRow>(LOAD_ROOMS, [codes]);
    return r.rows.map(({ seasonId, episode, stage, members, context, ...room }) => ({
      ...room,
      season: seasonId === null ? null : { seasonId, episode: episode!, stage: stage as SeasonLink["stage"], members: members as SeasonLink["members"], context: context as unknown as SeasonLink["context"] },
    }));
  }

  /** A room's events after `afterSeq` (up to `upTo`), oldest first. */
  async events(roomId: string, afterSeq = 0, upTo?: number): Promise<(LoggedEvent & { clientId: string | null })[]> {
    const r = await this.sql.query<LoggedEvent & { clientId: string | null }>(
      `SELECT ${EVENT_COLUMNS} FROM "Event" e WHERE e."roomId" = $1 AND e."seq" > $2 AND ($3::int IS NULL OR e."seq" <= $3) ORDER BY e."seq"`,
      [roomId, afterSeq, upTo ?? null],
    );
    return r.rows;
  }

  // The reads and writes below run once per room created, socket opened or
  // heartbeat (five a second): named statements over the plain pool, since a
  // query through the Prisma client costs several times as much CPU.

  async openRoomCount(hostId: string): Promise<number> {
    const r = await this.sql.query<{ n: number }>({ name: "garnet-open-rooms", text: `SELECT count(*)::int AS n FROM "Room" WHERE "hostId" = $1 AND "status" IN ('lobby', 'running')`, values: [hostId] });
    return r.rows[0]!.n;
  }

  async userName(id: string): Promise<string | null> {
    const r = await this.sql.query<{ name: string }>({ name: "garnet-user-name", text: `SELECT "name" FROM "User" WHERE "id" = $1`, values: [id] });
    return r.rows[0]?.name ?? null;
  }

  async rememberUser(id: string, name: string): Promise<void> {
    await this.sql.query({ name: "garnet-remember-user", text: `INSERT INTO "User" ("id", "name") VALUES ($1, $2) ON CONFLICT ("id") DO UPDATE SET "name" = EXCLUDED."name"`, values: [id, name] });
  }

  // ---------- chat ----------

  async addMessage(m: { roomId: string; channel: string; author: string; name: string; body: string; version: number; at: number }): Promise<string> {
    const r = await this.sql.query<{ id: string }>(
      `INSERT INTO "Message" ("roomId", "channel", "author", "name", "body", "version", "at") VALUES ($1, $2, $3, $4, $5, $6, $7::timestamp(3)) RETURNING "id"::text AS id`,
      [m.roomId, m.channel, m.author, m.name, m.body, m.version, isoUtc(m.at)],
    );
    return r.rows[0]!.id;
  }

  /**
   * A page of a channel's messages, newest first: before message `before`, sent
   * at room versions in [`fromVersion`, `belowVersion`).
   */
  async messages(roomId: string, channel: string | null, o: { before?: string; fromVersion?: number; belowVersion?: number | null; take?: number } = {}): Promise<StoredMessage[]> {
    const rows = await this.db.message.findMany({
      where: {
        roomId,
        ...(channel !== null ? { channel } : {}),
        ...(o.before ? { id: { lt: BigInt(o.before) } } : {}),
        ...(o.fromVersion !== undefined || (o.belowVersion !== undefined && o.belowVersion !== null)
          ? { version: { ...(o.fromVersion !== undefined ? { gte: o.fromVersion } : {}), ...(o.belowVersion !== undefined && o.belowVersion !== null ? { lt: o.belowVersion } : {}) } }
          : {}),
      },
      orderBy: { id: "desc" },
      ...(o.take ? { take: o.take } : {}),
    });
    return rows.map((m) => ({ id: m.id.toString(), channel: m.channel, author: m.author, name: m.name, body: m.body, at: m.at.getTime(), version: m.version }));
  }

  // ---------- server heartbeat ----------

  async lastBeat(instanceId: string): Promise<number | null> {
    const r = await this.sql.query<{ at: number }>(`SELECT (extract(epoch FROM "beatAt") * 1000)::float8 AS at FROM "ServerBeat" WHERE "id" = $1`, [instanceId]);
    return r.rows[0]?.at ?? null;
  }

  /** Records that this process is alive at `at` (ms since 1970). */
  async beat(instanceId: string, at = Date.now()): Promise<void> {
    await this.sql.query({ name: "garnet-beat", text: BEAT_SQL, values: [instanceId, isoUtc(at)] });
  }

  /**
   * Recovery's clock corrections for every room and the fresh heartbeat, in one
   * transaction: a crash during recovery neither loses nor doubles a correction.
   */
  async commitWithBeat(commits: Commit[], instanceId: string, at: number): Promise<void> {
    const client = await this.sql.connect();
    try {
      await client.query("BEGIN");
      if (commits.length) await client.query(batchQuery(commits));
      await client.query(BEAT_SQL, [instanceId, isoUtc(at)]);
      await client.query("COMMIT");
    } catch (e) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw staleLeaseOf(e) ?? e;
    } finally {
      client.release();
    }
  }
}
