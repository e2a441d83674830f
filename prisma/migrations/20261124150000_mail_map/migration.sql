-- A game mail may carry its reader's map: drawn at send time from the phase, for that reader.
-- AlterTable
ALTER TABLE "OutboxMail" ADD COLUMN "mapPhaseId" UUID,
ADD COLUMN "mapViewer" TEXT;
