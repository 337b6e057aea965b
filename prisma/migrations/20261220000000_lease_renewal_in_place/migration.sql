-- A lease renewal extends every lease a process holds, every third of the lease's
-- time. With "expiresAt" indexed, each renewal wrote a new version of every lease
-- row with an entry in each of the table's indexes, and every batch write's lease
-- check (batch-sql.ts) then stepped over all the older versions of its rooms'
-- leases until a vacuum removed them. Without that index, and with room left on
-- each page, a renewal updates each row in place (a heap-only update): no index
-- changes, and the older versions are pruned from the page. Nothing looks leases
-- up by expiry alone: adoption reads running rooms and their leases by room.
DROP INDEX "RoomLease_expiresAt_idx";
ALTER TABLE "RoomLease" SET (fillfactor = 50);
