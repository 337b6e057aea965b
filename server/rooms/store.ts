// Persistence for rooms. Event appends from every room are batched into one
// statement per tick: a command is acknowledged only after its batch commits.
import type { Db, SqlPool } from "../db/client";
import type { Prisma } from "../db/generated/client";
import type { LedgerRow } from "../../lib/season/types";
import { insertLedgerRows, type Queryable } from "../season/ledger-store";

export interface EventRow {
  roomId: string;
  seq: number;
  kind: string;
  actor: string;
  payload: Prisma.InputJsonValue;
  clientId: string | null;
  at: Date;
  deadlineAt: Date | null;
  paused: boolean;
}

export interface RoomPatch {
  id: string;
  version: number;
  status: "lobby" | "running" | "finished" | "aborted";
  deadlineAt: Date | null;
  pausedAt: Date | null;
  remainingMs: number | null;
  durations?: Prisma.InputJsonValue;
  endReason?: string | null;
  spectators?: { mode: string; lag: number; revealAtEnd: boolean };
}

export interface SeatPatch {
  roomId: string;
  seatId: string;
  userId: string | null;
  name: string;
  isBot: boolean;
}

export interface Commit {
  event: EventRow;
  room: RoomPatch;
  snapshot?: { roomId: string; seq: number; state: Prisma.InputJsonValue };
  seats?: SeatPatch[];
  /** Season ledger rows caused by this commit's event (a season room's game over): committed with it, in one transaction. */
  ledger?: LedgerRow[];
}

/** `b` over `a`, where `b` leaves out what it does not change. */
function mergePatch(a: RoomPatch, b: RoomPatch): RoomPatch {
  return {
    ...b,
    durations: b.durations !== undefined ? b.durations : a.durations,
    endReason: b.endReason !== undefined ? b.endReason : a.endReason,
    spectators: b.spectators ?? a.spectators,
  };
}

// Timestamps travel as ISO text in UTC and are stored without a zone, as the
// rest of the schema stores them. Optional room fields keep their stored value
// when a batch does not set them.
const BATCH_SQL = `
WITH ev AS (
  INSERT INTO "Event" ("roomId", "seq", "kind", "actor", "payload", "clientId", "at", "deadlineAt", "paused")
  SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::jsonb[], $6::text[], $7::timestamp(3)[], $8::timestamp(3)[], $9::boolean[])
), sn AS (
  INSERT INTO "Snapshot" ("roomId", "seq", "state")
  SELECT * FROM unnest($10::text[], $11::int[], $12::jsonb[])
), se AS (
  UPDATE "Seat" AS s SET "userId" = v.u, "name" = v.n, "isBot" = v.b
  FROM unnest($13::text[], $14::text[], $15::text[], $16::text[], $17::boolean[]) AS v(r, sid, u, n, b)
  WHERE s."roomId" = v.r AND s."seatId" = v.sid
)
UPDATE "Room" AS r SET
  "version" = v.version,
  "status" = v.status::"RoomStatus",
  "deadlineAt" = v.deadline,
  "pausedAt" = v.paused,
  "remainingMs" = v.remaining,
  "durations" = COALESCE(v.durations, r."durations"),
  "endReason" = CASE WHEN v.has_end THEN v.end_reason ELSE r."endReason" END,
  "spectatorMode" = COALESCE(v.smode, r."spectatorMode"),
  "spectatorLag" = COALESCE(v.slag, r."spectatorLag"),
  "spectatorReveal" = COALESCE(v.sreveal, r."spectatorReveal"),
  "updatedAt" = now() AT TIME ZONE 'UTC'
FROM unnest($18::text[], $19::int[], $20::text[], $21::timestamp(3)[], $22::timestamp(3)[], $23::int[], $24::jsonb[], $25::boolean[], $26::text[], $27::text[], $28::int[], $29::boolean[])
  AS v(id, version, status, deadline, paused, remaining, durations, has_end, end_reason, smode, slag, sreveal)
WHERE r."id" = v.id`;

interface Pending {
  commit: Commit;
  resolve: () => void;
  reject: (e: unknown) => void;
}

export class Store {
  private pending: Pending[] = [];
  private flushing = false;
  private scheduled = false;
  /** Counters for benchmarks and health. */
  stats = { batches: 0, events: 0 };

  constructor(
    readonly db: Db,
    private readonly sql: SqlPool,
  ) {}

  /** Resolves once the commit is durable. */
  append(commit: Commit): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ commit, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.pending.length === 0) return;
    this.flushing = true;
    const all = this.pending;
    this.pending = [];
    // a commit with ledger rows is written alone, in its own transaction
    const alone = all.filter((p) => p.commit.ledger?.length);
    const batch = all.filter((p) => !p.commit.ledger?.length);
    try {
      await Promise.all([
        batch.length ? this.settle(batch, () => this.write(batch.map((p) => p.commit), this.sql)) : null,
        ...alone.map((p) => this.settle([p], () => this.writeWithLedger(p.commit))),
      ]);
    } finally {
      this.flushing = false;
      if (this.pending.length) this.schedule();
    }
  }

  private async settle(parts: Pending[], write: () => Promise<void>): Promise<void> {
    try {
      await write();
      this.stats.batches++;
      this.stats.events += parts.length;
      for (const p of parts) p.resolve();
    } catch (e) {
      for (const p of parts) p.reject(e);
    }
  }

  /** The event, the room row and the season ledger rows of one commit, in one transaction. */
  private async writeWithLedger(commit: Commit): Promise<void> {
    const client = await this.sql.connect();
    try {
      await client.query("BEGIN");
      await this.write([commit], client);
      await insertLedgerRows(client, commit.ledger ?? []);
      await client.query("COMMIT");
    } catch (e) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  /**
   * One statement per batch, one round trip: the events and snapshots are
   * inserted and the seats and rooms updated from arrays, in PostgreSQL's
   * implicit transaction for the statement, so a batch is durable whole or not at all.
   */
  private async write(commits: Commit[], q: Queryable): Promise<void> {
    const rooms = new Map<string, RoomPatch>();
    const seats = new Map<string, SeatPatch>();
    for (const c of commits) {
      // later commits of the same room win, field by field: a batch may hold a
      // change of durations followed by an action that does not mention them
      const prev = rooms.get(c.room.id);
      rooms.set(c.room.id, prev ? mergePatch(prev, c.room) : c.room);
      for (const seat of c.seats ?? []) seats.set(`${seat.roomId}\u0000${seat.seatId}`, seat);
    }
    const ev = commits.map((c) => c.event);
    const snaps = commits.flatMap((c) => (c.snapshot ? [c.snapshot] : []));
    const rp = [...rooms.values()];
    const sp = [...seats.values()];
    const ts = (d: Date | null) => (d === null ? null : d.toISOString());
    await q.query(BATCH_SQL, [
      ev.map((e) => e.roomId),
      ev.map((e) => e.seq),
      ev.map((e) => e.kind),
      ev.map((e) => e.actor),
      ev.map((e) => JSON.stringify(e.payload)),
      ev.map((e) => e.clientId),
      ev.map((e) => ts(e.at)),
      ev.map((e) => ts(e.deadlineAt)),
      ev.map((e) => e.paused),
      snaps.map((x) => x.roomId),
      snaps.map((x) => x.seq),
      snaps.map((x) => JSON.stringify(x.state)),
      sp.map((x) => x.roomId),
      sp.map((x) => x.seatId),
      sp.map((x) => x.userId),
      sp.map((x) => x.name),
      sp.map((x) => x.isBot),
      rp.map((r) => r.id),
      rp.map((r) => r.version),
      rp.map((r) => r.status),
      rp.map((r) => ts(r.deadlineAt)),
      rp.map((r) => ts(r.pausedAt)),
      rp.map((r) => r.remainingMs),
      rp.map((r) => (r.durations === undefined ? null : JSON.stringify(r.durations))),
      rp.map((r) => r.endReason !== undefined),
      rp.map((r) => r.endReason ?? null),
      rp.map((r) => r.spectators?.mode ?? null),
      rp.map((r) => r.spectators?.lag ?? null),
      rp.map((r) => r.spectators?.revealAtEnd ?? null),
    ]);
  }

  /** Waits until everything queued so far is written (for shutdown). */
  async drain(): Promise<void> {
    while (this.pending.length || this.flushing) {
      await new Promise((r) => setTimeout(r, 5));
      if (!this.flushing && this.pending.length) await this.flush();
    }
  }
}
