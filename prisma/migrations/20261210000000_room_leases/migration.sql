-- CreateTable
CREATE TABLE "RoomLease" (
    "roomId" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "token" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RoomLease_pkey" PRIMARY KEY ("roomId")
);

-- CreateIndex
CREATE INDEX "RoomLease_owner_idx" ON "RoomLease"("owner");

-- CreateIndex
CREATE INDEX "RoomLease_expiresAt_idx" ON "RoomLease"("expiresAt");

-- AddForeignKey
ALTER TABLE "RoomLease" ADD CONSTRAINT "RoomLease_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "Room"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rooms that exist already get a lease nobody holds (expired, token 0): the first process to load one takes it.
INSERT INTO "RoomLease" ("roomId", "owner", "token", "expiresAt") SELECT "id", '', 0, '1970-01-01' FROM "Room";
