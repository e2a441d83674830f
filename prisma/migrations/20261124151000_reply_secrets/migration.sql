-- Secrets the server generates on first start (never derived from configuration), shared by every
-- process on the database; and a random key per seat, in the seat's reply address, rotated when the
-- seat changes hands.
-- CreateTable
CREATE TABLE "ServerSecret" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServerSecret_pkey" PRIMARY KEY ("name")
);

-- AlterTable
ALTER TABLE "GamePlayer" ADD COLUMN "replyKey" TEXT NOT NULL DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text);
