-- The backups the workers wrote on schedule (BACKUP_DIR, BACKUP_EVERY): when the next one is due,
-- whatever worker takes it, and how old the last good one is (/health).
CREATE TABLE "Backup" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "file" TEXT NOT NULL,
    "bytes" BIGINT,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3) NOT NULL,
    "error" TEXT,

    CONSTRAINT "Backup_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "Backup_finishedAt_idx" ON "Backup"("finishedAt");
