// The statement that writes a batch of room commits: events and snapshots are
// inserted and rooms and seats updated from five JSON lists, in one round trip.
// Timestamps travel as ISO text in UTC (isoUtc) and are stored without a zone, as the
// rest of the schema stores them. The events are inserted only through the
// fence: it locks the batch's leases (FOR SHARE, so an acquisition waits for
// the batch and the batch reads the token an acquisition in flight leaves) and
// fails the whole statement when a token is no longer its room's, so a batch
// from a process that lost a room writes nothing (see leases.ts).
import type { RoomStatus } from "../../lib/room/types";
import type { LedgerRow } from "../../lib/season/types";
import type { NamedStatement } from "../db/writer";
import { isoUtc } from "../db/iso-time";
import { STALE_MARK } from "./leases";

export interface EventRow {
  roomId: string;
  seq: number;
  kind: string;
  actor: string;
  /** JSON of the event's payload (already checked to be storable). */
  payload: string;
  clientId: string | null;
  /** When it happened, and the phase's deadline then (ms since 1970, as the room data has them). */
  at: number;
  deadlineAt: number | null;
  paused: boolean;
}

/** The room row as it stands after the commit (a projection of the folded room, for listings and quick reads). */
export interface RoomRow {
  id: string;
  version: number;
  status: RoomStatus;
  /** ms since 1970, as the room data has them. */
  deadlineAt: number | null;
  pausedAt: number | null;
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

// The batch travels as four JSON lists (events, snapshots, seats, rooms with
// their lease tokens) of records with short keys. The event payloads and
// snapshots are JSON already and go into them as they are, where elements of
// PostgreSQL array literals would be escaped character by character (and a
// snapshot is the whole folded room). Each list is read once, as jsonb: `->` on
// one json document would parse all of it again for every list. The lists
// joined to a table (seats, rooms) are read through garnet_list (a migration),
// which the planner counts as the few rows they are. Read with
// jsonb_to_recordset it counts 100, and joins them by reading Room, RoomLease
// and Seat whole: a batch then costs more with every room ever made (7 ms of
// PostgreSQL's CPU for a batch of one commit with 20,000 rooms in the database,
// against 0.5 ms).
export const BATCH_SQL = `
WITH rm AS MATERIALIZED (
  SELECT v.* FROM garnet_list($4::jsonb) AS e, jsonb_to_record(e) AS v(id text, token int, version int, status text, deadline timestamp(3), paused timestamp(3),
    remaining int, durations jsonb, end_reason text, smode text, slag int, sreveal boolean)
), lk AS MATERIALIZED (
  SELECT l."roomId", l."token" FROM "RoomLease" l WHERE l."roomId" IN (SELECT id FROM rm) ORDER BY l."roomId" FOR SHARE
), fence AS MATERIALIZED (
  SELECT CASE WHEN x.stale IS NULL THEN TRUE ELSE ('${STALE_MARK}' || x.stale)::boolean END AS ok
  FROM (SELECT string_agg(rm.id, ',') AS stale FROM rm
        WHERE NOT EXISTS (SELECT 1 FROM lk WHERE lk."roomId" = rm.id AND lk."token" = rm.token)) x
), ev AS (
  INSERT INTO "Event" ("roomId", "seq", "kind", "actor", "payload", "clientId", "at", "deadlineAt", "paused")
  SELECT u.r, u.q, u.k, u.a, u.p, u.c, u.t, u.d, u.z
  FROM fence, jsonb_to_recordset($1::jsonb) AS u(r text, q int, k text, a text, p jsonb, c text, t timestamp(3), d timestamp(3), z boolean)
  WHERE fence.ok
), sn AS (
  INSERT INTO "Snapshot" ("roomId", "seq", "state")
  SELECT u.r, u.q, u.s FROM jsonb_to_recordset($2::jsonb) AS u(r text, q int, s jsonb)
), se AS (
  UPDATE "Seat" AS s SET "userId" = v.u, "name" = v.n, "isBot" = v.b
  FROM garnet_list($3::jsonb) AS e, jsonb_to_record(e) AS v(r text, sid text, u text, n text, b boolean)
  WHERE s."roomId" = v.r AND s."seatId" = v.sid
)
UPDATE "Room" AS r SET
  "version" = rm.version,
  "status" = rm.status::"RoomStatus",
  "deadlineAt" = rm.deadline,
  "pausedAt" = rm.paused,
  "remainingMs" = rm.remaining,
  "durations" = rm.durations,
  "endReason" = rm.end_reason,
  "spectatorMode" = rm.smode,
  "spectatorLag" = rm.slag,
  "spectatorReveal" = rm.sreveal,
  "updatedAt" = now() AT TIME ZONE 'UTC'
FROM rm
WHERE r."id" = rm.id`;

/**
 * The batch as a query: a named statement, so that each connection parses and
 * plans it once and then only binds and runs it (the statement is long, and it
 * runs once per batch, which at a slow pace is once per action). The store runs
 * it on connections of its own (db/writer.ts); node-postgres runs it as well.
 */
export function batchQuery(commits: Commit[]): NamedStatement {
  return { name: "garnet-room-batch", text: BATCH_SQL, values: batchParams(commits) };
}

/** A scalar as JSON; absent (undefined) is null, as node-postgres has it for a parameter. */
const val = (v: string | number | boolean | null | undefined) => (v === undefined || v === null ? "null" : JSON.stringify(v));
/** An instant (ms since 1970) as a JSON string of its ISO text in UTC. */
const ts = (ms: number | null | undefined) => (ms === undefined || ms === null ? "null" : `"${isoUtc(ms)}"`);

/** A JSON list of the records `row` writes as JSON objects. */
function list<T>(items: Iterable<T>, row: (item: T) => string): string {
  let out = "";
  for (const item of items) out += out === "" ? row(item) : `,${row(item)}`;
  return `[${out}]`;
}

// Each list's record as JSON text: functions made once, where a closure made anew for each batch
// would go through V8's lazy-compile stub on its first call, every batch.
const eventJson = ({ event: x }: Commit) =>
  `{"r":${val(x.roomId)},"q":${val(x.seq)},"k":${val(x.kind)},"a":${val(x.actor)},"p":${x.payload ?? "null"},"c":${val(x.clientId)},"t":${ts(x.at)},"d":${ts(x.deadlineAt)},"z":${val(x.paused)}}`;
const snapshotJson = (x: NonNullable<Commit["snapshot"]>) => `{"r":${val(x.roomId)},"q":${val(x.seq)},"s":${x.state ?? "null"}}`;
const seatJson = (x: SeatRow) => `{"r":${val(x.roomId)},"sid":${val(x.seatId)},"u":${val(x.userId)},"n":${val(x.name)},"b":${val(x.isBot)}}`;
const roomJson = ({ row: x, fence }: { row: RoomRow; fence: number }) =>
  `{"id":${val(x.id)},"token":${val(fence)},"version":${val(x.version)},"status":${val(x.status)},"deadline":${ts(x.deadlineAt)},"paused":${ts(x.pausedAt)},"remaining":${val(x.remainingMs)},` +
  `"durations":${JSON.stringify(x.durations) ?? "null"},"end_reason":${val(x.endReason)},"smode":${val(x.spectators.mode)},"slag":${val(x.spectators.lag)},"sreveal":${val(x.spectators.revealAtEnd)}}`;

/**
 * The statement's parameters for a batch, as JSON text. A room may have
 * several commits in a batch, in the order of their events: all its events are
 * inserted, and its room row and seats are written as its last commit has them.
 * Payloads, snapshots and durations are inserted as the JSON they already are.
 */
export function batchParams(commits: Commit[]): string[] {
  const rooms = new Map<string, { row: RoomRow; fence: number }>();
  const seats = new Map<string, SeatRow>();
  const snapshots: NonNullable<Commit["snapshot"]>[] = [];
  for (const c of commits) {
    rooms.set(c.room.id, { row: c.room, fence: c.fence });
    for (const s of c.seats) seats.set(`${s.roomId}/${s.seatId}`, s);
    if (c.snapshot) snapshots.push(c.snapshot);
  }
  return [list(commits, eventJson), list(snapshots, snapshotJson), list(seats.values(), seatJson), list(rooms.values(), roomJson)];
}
