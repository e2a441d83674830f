-- The submission in force for a power in a phase is its last one (highest seq): with seq in the
-- index, replacing it touches that row only, not every earlier revision of the orders.
DROP INDEX "Submission_phaseId_role_createdAt_idx";
CREATE INDEX "Submission_phaseId_role_seq_idx" ON "Submission"("phaseId", "role", "seq");
