-- Press as conversations (issue 24, point 6): how far each reader has read each thread of a game,
-- so the page can say what is unread. A thread is the set of powers of a message (sender and
-- recipients, sorted, joined by ","), or "ALL" for press to everyone. "lastSeq" is the Press.seq of
-- the newest message the reader has seen in it.
CREATE TABLE "PressRead" (
  "accountId" UUID NOT NULL,
  "gameId" UUID NOT NULL,
  "thread" TEXT NOT NULL,
  "lastSeq" INTEGER NOT NULL,
  "readAt" TIMESTAMP(3) NOT NULL,
  CONSTRAINT "PressRead_pkey" PRIMARY KEY ("accountId", "gameId", "thread"),
  CONSTRAINT "PressRead_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "PressRead_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "PressRead_gameId_idx" ON "PressRead"("gameId");
