-- Orders sent during a game's grace period (after the deadline, by a player who had sent none) are marked late.
-- AlterTable
ALTER TABLE "Submission" ADD COLUMN "late" BOOLEAN NOT NULL DEFAULT false;
