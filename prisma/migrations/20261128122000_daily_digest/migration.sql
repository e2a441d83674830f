-- The daily digest (issue 24, point 5): `notify` = 'digest' gets one mail a day of what happened in
-- each of the reader's games instead of each phase's results. digestSentAt is when the last one was
-- claimed: the hourly digest job sends to an account only when its local day's digest time has
-- passed since then, and claims it with a conditional UPDATE, so two workers never both send it.
ALTER TABLE "Account" ADD COLUMN "digestSentAt" TIMESTAMP(3);
