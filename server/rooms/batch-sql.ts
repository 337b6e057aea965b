// The statement that writes a batch of room commits: events and snapshots are
// inserted and rooms and seats updated from arrays, in one round trip.
// Timestamps travel as ISO text in UTC and are stored without a zone, as the
// rest of the schema stores them. The events are inserted only through the
// fence: it locks the batch's leases (FOR SHARE, so an acquisition waits for
// the batch and the batch reads the token an acquisition in flight leaves) and
// fails the whole statement when a token is no longer its room's, so a batch
// from a process that lost a room writes nothing (see leases.ts).
import type { RoomStatus } from "../../lib/room/types";
import type { LedgerRow } from "../../lib/season/types";
import { STALE_MARK } from "./leases";

export interface EventRow {
  roomId: string;
  seq: number;
  kind: string;
  actor: string;
  /** JSON of the event's payload (already checked to be storable). */
  payload: string;
  clientId: string | null;
  at: Date;
  deadlineAt: Date | null;
  paused: boolean;
}

/** The room row as it stands after the commit (a projection of the folded room, for listings and quick reads). */
export interface RoomRow {
  id: string;
  version: number;
  status: RoomStatus;
  deadlineAt: Date | null;
  pausedAt: Date | null;
  remainingMs: number | null;
  durations: Record<string, number>;
  endReason: string | null;
  spectators: { mode: string; lag: number; revealAtEnd: boolean };
}

export interface SeatRow {
  roomId: string;
  seatId: string;
  userId: string | null;
  name: string;
  isBot: boolean;
}

export interface Commit {
  /** The lease token the writing room was loaded under: the batch is refused when it is no longer the room's (see leases.ts). */
  fence: number;
  event: EventRow;
  room: RoomRow;
  /** JSON of the whole folded room, every so many events (bounds the replay at load). */
  snapshot?: { roomId: string; seq: number; state: string };
  /** Seats the event changed. */
  seats: SeatRow[];
  /** Season ledger rows this event causes (a season room's game over): written with it, in one transaction. */
  ledger?: LedgerRow[];
}

export const BATCH_SQL = `
WITH lk AS MATERIALIZED (
  SELECT l."roomId", l."token" FROM "RoomLease" l WHERE l."roomId" = ANY($29::text[]) ORDER BY l."roomId" FOR SHARE
), fence AS MATERIALIZED (
  SELECT CASE WHEN x.stale IS NULL THEN TRUE ELSE ('${STALE_MARK}' || x.stale)::boolean END AS ok
  FROM (SELECT string_agg(v.id, ',') AS stale FROM unnest($29::text[], $30::int[]) AS v(id, token)
        WHERE NOT EXISTS (SELECT 1 FROM lk WHERE lk."roomId" = v.id AND lk."token" = v.token)) x
), ev AS (
  INSERT INTO "Event" ("roomId", "seq", "kind", "actor", "payload", "clientId", "at", "deadlineAt", "paused")
  SELECT u.* FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::jsonb[], $6::text[], $7::timestamp(3)[], $8::timestamp(3)[], $9::boolean[]) AS u, fence WHERE fence.ok
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
  "durations" = v.durations,
  "endReason" = v.end_reason,
  "spectatorMode" = v.smode,
  "spectatorLag" = v.slag,
  "spectatorReveal" = v.sreveal,
  "updatedAt" = now() AT TIME ZONE 'UTC'
FROM unnest($18::text[], $19::int[], $20::text[], $21::timestamp(3)[], $22::timestamp(3)[], $23::int[], $24::jsonb[], $25::text[], $26::text[], $27::int[], $28::boolean[])
  AS v(id, version, status, deadline, paused, remaining, durations, end_reason, smode, slag, sreveal)
WHERE r."id" = v.id`;

/**
 * The batch as a query: a named statement, so that each connection parses and
 * plans it once and then only binds and runs it (the statement is long, and it
 * runs once per batch, which at a slow pace is once per action).
 */
export function batchQuery(commits: Commit[]): { name: string; text: string; values: unknown[] } {
  return { name: "garnet-room-batch", text: BATCH_SQL, values: batchParams(commits) };
}

const ts = (d: Date | null) => (d === null ? null : d.toISOString());

/** The statement's parameters for a batch. A room has at most one commit in flight, so rooms do not repeat within a batch. */
export function batchParams(commits: Commit[]): unknown[] {
  const ev = commits.map((c) => c.event);
  const snaps = commits.flatMap((c) => (c.snapshot ? [c.snapshot] : []));
  const rooms = new Map<string, RoomRow>();
  const seats = new Map<string, SeatRow>();
  const fences = new Map<string, number>();
  for (const c of commits) {
    rooms.set(c.room.id, c.room);
    fences.set(c.room.id, c.fence);
    for (const s of c.seats) seats.set(`${s.roomId}/${s.seatId}`, s);
  }
  const rp = [...rooms.values()];
  const sp = [...seats.values()];
  return [
    ev.map((e) => e.roomId),
    ev.map((e) => e.seq),
    ev.map((e) => e.kind),
    ev.map((e) => e.actor),
    ev.map((e) => e.payload),
    ev.map((e) => e.clientId),
    ev.map((e) => ts(e.at)),
    ev.map((e) => ts(e.deadlineAt)),
    ev.map((e) => e.paused),
    snaps.map((x) => x.roomId),
    snaps.map((x) => x.seq),
    snaps.map((x) => x.state),
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
    rp.map((r) => JSON.stringify(r.durations)),
    rp.map((r) => r.endReason),
    rp.map((r) => r.spectators.mode),
    rp.map((r) => r.spectators.lag),
    rp.map((r) => r.spectators.revealAtEnd),
    [...fences.keys()],
    [...fences.values()],
  ];
}
