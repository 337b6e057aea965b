// Who owns a live room: one lease per room in PostgreSQL (owner, fencing token,
// expiry). A process acquires a room's lease before it reads the room's log,
// renews every lease it holds a hundred to a statement, and releases them when it
// shuts down. Each acquisition increments the token; every event batch names
// the token its room was loaded under, and the batch's fence (batch-sql.ts)
// fails a batch whose token is no longer current, in the batch's own statement.
// Expiry is the database's clock, so processes on machines whose clocks
// disagree still agree on who holds what.
import type { SqlPool } from "../db/client";

/**
 * How the fence fails a statement: a cast of this marker and the stale room ids
 * to boolean (plain SQL has no RAISE), which PostgreSQL refuses with 22P02 and
 * the text in its message.
 */
export const STALE_MARK = "garnet-stale-lease:";
const STALE_RE = new RegExp(`"${STALE_MARK}([^"]*)"`);

/** A write refused because the writer's lease on these rooms was taken. */
export class StaleLease extends Error {
  constructor(readonly roomIds: string[]) {
    super(`stale room lease: ${roomIds.join(", ")}`);
  }
}

/** The database error as a StaleLease when it is the fence's refusal. */
export function staleLeaseOf(e: unknown): StaleLease | null {
  const err = e as { code?: string; message?: string } | null;
  const m = err?.code === "22P02" ? STALE_RE.exec(err.message ?? "") : null;
  return m ? new StaleLease(m[1]!.split(",").filter(Boolean)) : null;
}

const NOW = `(now() AT TIME ZONE 'UTC')`;
/** The expiry of a lease given up (released): no renewal extends it, and anyone may take it at once. */
const GIVEN_UP = `'1970-01-01'`;
const EXPIRY = `${NOW} + $2::int * interval '1 millisecond'`;

/**
 * An UPDATE of every lease `where` chooses, taking their row locks in room
 * order first. The write batch takes its leases in room order too (batch-sql.ts),
 * so a renewal and a batch may wait for one another but can never deadlock:
 * locked in the table's own order, they did, and PostgreSQL broke each such
 * deadlock only after a second (its deadlock_timeout), a second in which every
 * acknowledgement of the process waited.
 */
function updateInRoomOrder(set: string, where: string, chunk?: { limit: string }): string {
  return `UPDATE "RoomLease" SET ${set} WHERE "roomId" = ANY(ARRAY(${lockInRoomOrder(where, chunk)}))`;
}

/**
 * The rooms of the leases `where` chooses, locked in room order; with `chunk`,
 * the first `limit` of them that no one else holds (the rest passed over, never
 * waited for). An update takes them as a list of keys, each looked up by the
 * table's key: joined to the table instead, the planner read the whole table
 * for a few hundred of its thousands of leases.
 */
function lockInRoomOrder(where: string, chunk?: { limit: string }): string {
  return `SELECT "roomId" FROM "RoomLease" WHERE ${where} ORDER BY "roomId"${chunk ? ` LIMIT ${chunk.limit}` : ""} FOR UPDATE${chunk ? " SKIP LOCKED" : ""}`;
}

/**
 * Leases a renewal extends per statement. Each statement is its own short
 * transaction and passes over a lease a write batch holds (SKIP LOCKED) rather
 * than waiting for it: a write batch for a room whose lease a renewal has
 * locked waits for the renewal's commit, and one statement over a process's
 * thousand leases, waiting in turn for every batch in flight, held them for
 * 95–430 ms at the ORG pace, every third of a lease's life (the tail of the
 * acknowledgements then; docs/benchmarks-history.md, thirty-fifth pass).
 */
const RENEW_CHUNK = 100;

/**
 * The process's next leases after `$3` in room order, up to `$4`, extended; a
 * lease locked by a write batch in flight is passed over. It never waits, so
 * the order it locks in cannot deadlock with a batch. Answers how many it
 * extended and the last of them, where the next chunk starts: the index on
 * (owner, room) hands each chunk its rows in that order from there, so a
 * renewal reads the process's leases once however many chunks it takes.
 */
export const RENEW_CHUNK_SQL = `WITH u AS (
      ${updateInRoomOrder(`"expiresAt" = ${EXPIRY}`, `"owner" = $1 AND "roomId" > $3 AND "expiresAt" > ${GIVEN_UP}`, { limit: "$4" })}
      RETURNING "roomId")
    SELECT count(*)::int AS n, max("roomId") AS last FROM u`;

export interface Lease {
  roomId: string;
  token: number;
}

export type Acquired = { ok: true; lease: Lease } | { ok: false; holder: string | null };

export class Leases {
  constructor(
    private readonly sql: SqlPool,
    /** This process: unique per process start. */
    readonly owner: string,
    readonly ttlMs: number,
  ) {}

  /**
   * Takes the lease of the room with this code when it is free (expired), already
   * this process's, or held by an owner known to be dead; a new token every time.
   * `holder` names the live owner when it is not free; null when there is no such room.
   */
  async acquire(code: string, deadOwners: readonly string[] = []): Promise<Acquired> {
    const lease = (await this.acquireAll([code], deadOwners)).get(code);
    if (lease) return { ok: true, lease };
    const held = await this.sql.query<{ owner: string }>(`SELECT l."owner" FROM "RoomLease" l JOIN "Room" r ON r."id" = l."roomId" WHERE r."code" = $1`, [code]);
    return { ok: false, holder: held.rows[0]?.owner ?? null };
  }

  /**
   * `acquire` for many rooms in one statement (a restart's recovery takes them
   * all at once): the leases it took, by room code. A room held by a live owner,
   * or with no such code, is not among them. Rows are taken in room order, as
   * every statement that locks several leases does.
   */
  async acquireAll(codes: readonly string[], deadOwners: readonly string[] = []): Promise<Map<string, Lease>> {
    if (codes.length === 0) return new Map();
    const r = await this.sql.query<{ code: string; roomId: string; token: number }>(
      `WITH got AS (
         INSERT INTO "RoomLease" ("roomId", "owner", "token", "expiresAt")
         SELECT r."id", $1, 1, ${EXPIRY} FROM "Room" r WHERE r."code" = ANY($3::text[]) ORDER BY r."id"
         ON CONFLICT ("roomId") DO UPDATE SET "owner" = EXCLUDED."owner", "token" = "RoomLease"."token" + 1, "expiresAt" = EXCLUDED."expiresAt"
         WHERE "RoomLease"."expiresAt" <= ${NOW} OR "RoomLease"."owner" = EXCLUDED."owner" OR "RoomLease"."owner" = ANY($4::text[])
         RETURNING "roomId", "token")
       SELECT r."code", got."roomId", got."token" FROM got JOIN "Room" r ON r."id" = got."roomId"`,
      [this.owner, this.ttlMs, codes, deadOwners],
    );
    return new Map(r.rows.map((x) => [x.code, { roomId: x.roomId, token: x.token }]));
  }

  /**
   * Extends every lease this process holds; returns the leases it still holds.
   * The leases go a hundred to a statement, each passing over the ones a write
   * batch holds at that moment (see RENEW_CHUNK); a lease passed over since the
   * renewal before (held by a batch both times, which at most a few are) is
   * waited for. A lease it gave up stays given up: extending it again would
   * keep every other process from a room this one let go (a finished room it
   * unloaded), and each renewal would lock one more row for every room the
   * process ever released.
   */
  async renew(): Promise<Lease[]> {
    for (let after = ""; ; ) {
      const r = await this.sql.query<{ n: number; last: string | null }>(RENEW_CHUNK_SQL, [this.owner, this.ttlMs, after, RENEW_CHUNK]);
      const { n, last } = r.rows[0]!;
      if (n < RENEW_CHUNK || last === null) break;
      after = last;
    }
    // a renewal comes every third of a lease's life: one with less than half of it left was passed over at least once
    const due = `"owner" = $1 AND "expiresAt" > ${GIVEN_UP} AND "expiresAt" <= ${NOW} + $3::int * interval '1 millisecond'`;
    await this.sql.query(updateInRoomOrder(`"expiresAt" = ${EXPIRY}`, due), [this.owner, this.ttlMs, Math.floor(this.ttlMs / 2)]);
    const held = await this.sql.query<Lease>(`SELECT "roomId", "token" FROM "RoomLease" WHERE "owner" = $1 AND "expiresAt" > ${GIVEN_UP}`, [this.owner]);
    return held.rows;
  }

  /** Gives up one room (its token stays: only a new acquisition may write again). */
  async release(lease: Lease): Promise<void> {
    await this.sql.query(`UPDATE "RoomLease" SET "expiresAt" = ${GIVEN_UP} WHERE "roomId" = $1 AND "token" = $2 AND "owner" = $3`, [lease.roomId, lease.token, this.owner]);
  }

  /** Gives up the room with this code if this process holds its lease; how many leases it gave up (0 or 1). */
  async releaseCode(code: string): Promise<number> {
    const r = await this.sql.query(`UPDATE "RoomLease" l SET "expiresAt" = ${GIVEN_UP} FROM "Room" r WHERE r."id" = l."roomId" AND r."code" = $1 AND l."owner" = $2 AND l."expiresAt" > ${GIVEN_UP}`, [code, this.owner]);
    return r.rowCount ?? 0;
  }

  /** Gives up every room this process holds (a graceful shutdown). */
  async releaseAll(): Promise<void> {
    await this.sql.query(updateInRoomOrder(`"expiresAt" = ${GIVEN_UP}`, `"owner" = $1 AND "expiresAt" > ${GIVEN_UP}`), [this.owner]);
  }

  /** Frees the leases of an owner known to be dead (a cluster worker that exited): the next acquisition need not wait for them to expire. */
  async freeOwner(owner: string): Promise<number> {
    const r = await this.sql.query(updateInRoomOrder(`"expiresAt" = ${GIVEN_UP}`, `"owner" = $1 AND "expiresAt" > ${GIVEN_UP}`), [owner]);
    return r.rowCount ?? 0;
  }

  /**
   * Frees every lease held by a process of this instance (owners are named
   * `instance/…`): at start-up, when no other process of the instance runs, the
   * ones that hold leases are gone (killed, or a previous run).
   */
  async freeInstance(instanceId: string): Promise<number> {
    const r = await this.sql.query(updateInRoomOrder(`"expiresAt" = ${GIVEN_UP}`, `starts_with("owner", $1) AND "owner" <> $2 AND "expiresAt" > ${GIVEN_UP}`), [`${instanceId}/`, this.owner]);
    return r.rowCount ?? 0;
  }

  /** Codes of unfinished rooms nobody holds now (expired or never taken): what a process may adopt. */
  async orphans(): Promise<string[]> {
    const r = await this.sql.query<{ code: string }>(
      `SELECT r."code" FROM "Room" r LEFT JOIN "RoomLease" l ON l."roomId" = r."id" WHERE r."status" = 'running' AND (l."roomId" IS NULL OR l."expiresAt" <= ${NOW})`,
    );
    return r.rows.map((x) => x.code);
  }
}
