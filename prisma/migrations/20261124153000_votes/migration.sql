-- Draw and concession votes of the players, and each game's rule for them.
-- CreateTable
CREATE TABLE "Vote" (
    "gameId" UUID NOT NULL,
    "role" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "to" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Vote_pkey" PRIMARY KEY ("gameId","role","kind")
);

-- AddForeignKey
ALTER TABLE "Vote" ADD CONSTRAINT "Vote_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "Game" ADD COLUMN "voteRules" JSONB NOT NULL DEFAULT '{"draw":"survivors","visibility":"secret"}';
