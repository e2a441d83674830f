-- A registration by email: a one-time link for an address that has no account yet. The account is
-- created only when the link is followed, so a forged REGISTER creates nothing.
ALTER TABLE "SignInLink" ALTER COLUMN "accountId" DROP NOT NULL;
ALTER TABLE "SignInLink" ADD COLUMN "email" TEXT;
ALTER TABLE "SignInLink" ADD CONSTRAINT "SignInLink_account_or_email" CHECK (("accountId" IS NULL) <> ("email" IS NULL));
