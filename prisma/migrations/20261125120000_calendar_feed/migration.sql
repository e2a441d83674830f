-- The calendar feed of a player's deadlines: a secret address per account, stored as a digest.
-- AlterTable
ALTER TABLE "Account" ADD COLUMN "calendarKeyHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Account_calendarKeyHash_key" ON "Account"("calendarKeyHash");
