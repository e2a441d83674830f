-- One rule in every channel (issue 24): a submission with a rejected line stores nothing and the
-- orders in force stay. Email no longer has a moderator's setting to keep the readable lines.
ALTER TABLE "GameEmailSettings" DROP COLUMN "partialOrders";
