-- The daily invitation limit counts the mail an account made the judge send (issue 23, point 7):
-- the GameEvent rows it counted before went with a deleted game.
ALTER TABLE "OutboxMail" ADD COLUMN "requestedBy" UUID;
CREATE INDEX "OutboxMail_requestedBy_kind_createdAt_idx" ON "OutboxMail"("requestedBy", "kind", "createdAt");
-- Invitations already sent: their moderator is the game's (for games that still exist).
UPDATE "OutboxMail" m SET "requestedBy" = g."moderatorId" FROM "Game" g WHERE m."kind" = 'invite' AND m."gameId" = g."id";
