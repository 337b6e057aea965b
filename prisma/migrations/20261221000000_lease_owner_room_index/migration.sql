-- A renewal extends a process's leases a hundred to a statement, each chunk
-- starting after the last room of the one before. Indexed by owner alone, every
-- chunk read all of the process's leases (those it gave up included: a process
-- keeps its name on every room it ever released) and sorted them. Indexed by
-- owner and room, a chunk reads its rows in room order from where the last one
-- ended. The index holds no expiry, so a renewal still updates each row in place.
DROP INDEX "RoomLease_owner_idx";
CREATE INDEX "RoomLease_owner_roomId_idx" ON "RoomLease"("owner", "roomId");
