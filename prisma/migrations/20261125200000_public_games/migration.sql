-- A game its moderator made public: anyone, signed in or not, reads its observer view. Games are
-- private by default (only the moderator, the players and the invited read them).
ALTER TABLE "Game" ADD COLUMN "public" BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX "Game_public_createdAt_idx" ON "Game"("public", "createdAt");
