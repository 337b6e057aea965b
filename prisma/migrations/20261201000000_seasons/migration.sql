-- CreateEnum
CREATE TYPE "SeasonStatus" AS ENUM ('active', 'finished');

-- CreateTable
CREATE TABLE "Season" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "invite" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "hostId" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "status" "SeasonStatus" NOT NULL DEFAULT 'active',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Season_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SeasonMember" (
    "id" TEXT NOT NULL,
    "seasonId" TEXT NOT NULL,
    "userId" TEXT,
    "name" TEXT NOT NULL,
    "isBot" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SeasonMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SeasonRoom" (
    "roomId" TEXT NOT NULL,
    "seasonId" TEXT NOT NULL,
    "episode" INTEGER NOT NULL,
    "stage" TEXT NOT NULL,
    "members" JSONB NOT NULL,
    "context" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SeasonRoom_pkey" PRIMARY KEY ("roomId")
);

-- CreateTable
CREATE TABLE "LedgerEntry" (
    "id" BIGSERIAL NOT NULL,
    "seasonId" TEXT NOT NULL,
    "episode" INTEGER NOT NULL,
    "memberId" TEXT NOT NULL,
    "roomId" TEXT NOT NULL,
    "eventSeq" INTEGER NOT NULL,
    "seat" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "amount" DOUBLE PRECISION NOT NULL,
    "data" JSONB,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Season_code_key" ON "Season"("code");

-- CreateIndex
CREATE UNIQUE INDEX "Season_invite_key" ON "Season"("invite");

-- CreateIndex
CREATE UNIQUE INDEX "SeasonMember_seasonId_userId_key" ON "SeasonMember"("seasonId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "SeasonMember_seasonId_position_key" ON "SeasonMember"("seasonId", "position");

-- CreateIndex
CREATE INDEX "SeasonRoom_seasonId_episode_idx" ON "SeasonRoom"("seasonId", "episode");

-- CreateIndex
CREATE INDEX "LedgerEntry_seasonId_id_idx" ON "LedgerEntry"("seasonId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerEntry_roomId_eventSeq_kind_seat_key" ON "LedgerEntry"("roomId", "eventSeq", "kind", "seat");

-- AddForeignKey
ALTER TABLE "Season" ADD CONSTRAINT "Season_hostId_fkey" FOREIGN KEY ("hostId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeasonMember" ADD CONSTRAINT "SeasonMember_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "Season"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeasonMember" ADD CONSTRAINT "SeasonMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeasonRoom" ADD CONSTRAINT "SeasonRoom_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "Room"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeasonRoom" ADD CONSTRAINT "SeasonRoom_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "Season"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "Season"("id") ON DELETE CASCADE ON UPDATE CASCADE;

