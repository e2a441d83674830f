-- Mail that fits its reader (issue 24, point 5): how often results mail comes (every phase, or
-- deadline reminders only), and whether a web or API submission also mails its receipt (the
-- receipt is on the page either way; a mail submission is answered by mail regardless).
ALTER TABLE "Account" ADD COLUMN "notify" TEXT NOT NULL DEFAULT 'every-phase';
ALTER TABLE "Account" ADD COLUMN "receiptsByMail" BOOLEAN NOT NULL DEFAULT false;
-- An email player of a game (point 3): their game mail names email commands, not HTTP requests.
-- Set when the judge answers their mail about the game (orders, commands, or JOIN to an invitation).
ALTER TABLE "GamePlayer" ADD COLUMN "byMail" BOOLEAN NOT NULL DEFAULT false;
UPDATE "GamePlayer" gp SET "byMail" = true
 WHERE EXISTS (SELECT 1 FROM "InboundMail" m WHERE m."gameId" = gp."gameId" AND m."accountId" = gp."accountId" AND m.status = 'answered');
