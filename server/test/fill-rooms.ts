// A database filled with many running rooms, for what must hold however many
// rooms it holds (the batch statement's plan, its cost): rooms `room-<i>`, each
// with a lease (token 1) and eight seats, hosted by `guest:h`, then analyzed
// (unless asked not to: a database whose statistics lag behind its tables).
import pg from "pg";
import { createTestDb } from "./harness";

/** Adds rooms `room-<n+1>` … `room-<upTo>` to the `n` there already are. */
export async function fillRooms(c: pg.Client, upTo: number, o: { analyze?: boolean } = {}): Promise<void> {
  await c.query(`INSERT INTO "User" ("id", "name") VALUES ('guest:h', 'Host') ON CONFLICT DO NOTHING`);
  const from = Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM "Room"`)).rows[0]!.n) + 1;
  const range = [from, upTo];
  await c.query(
    `INSERT INTO "Room" ("id", "code", "gameId", "hostId", "config", "seed", "status", "updatedAt")
     SELECT 'room-' || i, 'C' || i, 'fixture', 'guest:h', '{}', 's', 'running', now() FROM generate_series($1::int, $2::int) i`,
    range,
  );
  await c.query(`INSERT INTO "RoomLease" ("roomId", "owner", "token", "expiresAt") SELECT 'room-' || i, 'filled', 1, now() + interval '1 hour' FROM generate_series($1::int, $2::int) i`, range);
  await c.query(`INSERT INTO "Seat" ("roomId", "seatId", "position", "name") SELECT 'room-' || i, 's' || k, k, '' FROM generate_series($1::int, $2::int) i, generate_series(1, 8) k`, range);
  if (o.analyze ?? true) await c.query("ANALYZE");
}

/** A fresh database with `rooms` rooms filled in, a client connected to it, and `close` to end the client and drop the database. */
export async function filledDb(pgBase: string, rooms: number): Promise<{ url: string; client: pg.Client; close(): Promise<void> }> {
  const db = await createTestDb(pgBase);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await fillRooms(client, rooms);
  return {
    url: db.url,
    client,
    close: async () => {
      await client.end();
      await db.drop();
    },
  };
}
