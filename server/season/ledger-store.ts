// Writes season ledger rows inside a transaction the caller owns (the commit of
// a season room's game-over event). The unique key (room, event, kind, seat)
// makes a repeated write a no-op, so nothing can be counted twice.
import type { LedgerRow } from "../../lib/season/types";

/** A node-postgres pool or a client checked out of it (inside BEGIN … COMMIT). */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

const INSERT_SQL = `
INSERT INTO "LedgerEntry" ("seasonId", "episode", "memberId", "roomId", "eventSeq", "seat", "kind", "amount", "data")
SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::float8[], $9::jsonb[])
ON CONFLICT ("roomId", "eventSeq", "kind", "seat") DO NOTHING`;

export async function insertLedgerRows(q: Queryable, rows: LedgerRow[]): Promise<void> {
  if (!rows.length) return;
  await q.query(INSERT_SQL, [
    rows.map((r) => r.seasonId),
    rows.map((r) => r.episode),
    rows.map((r) => r.memberId),
    rows.map((r) => r.roomId),
    rows.map((r) => r.eventSeq),
    rows.map((r) => r.seat),
    rows.map((r) => r.kind),
    rows.map((r) => r.amount),
    rows.map((r) => (r.data === null ? null : JSON.stringify(r.data))),
  ]);
}
