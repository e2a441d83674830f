-- CreateTable
CREATE TABLE "InboundMail" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "seq" SERIAL NOT NULL,
    "messageId" TEXT,
    "contentHash" TEXT NOT NULL,
    "fromAddress" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "subject" TEXT NOT NULL DEFAULT '',
    "size" INTEGER NOT NULL DEFAULT 0,
    "gameId" UUID,
    "accountId" UUID,
    "purpose" TEXT,
    "status" TEXT NOT NULL DEFAULT 'received',
    "reason" TEXT,
    "results" JSONB NOT NULL DEFAULT '[]',
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answeredAt" TIMESTAMP(3),

    CONSTRAINT "InboundMail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Press" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "seq" SERIAL NOT NULL,
    "gameId" UUID NOT NULL,
    "phaseLabel" TEXT,
    "fromRole" TEXT NOT NULL,
    "fromAccountId" UUID NOT NULL,
    "toRoles" TEXT[],
    "toAll" BOOLEAN NOT NULL DEFAULT false,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Press_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GameEmailSettings" (
    "gameId" UUID NOT NULL,
    "partialOrders" BOOLEAN NOT NULL DEFAULT false,
    "press" TEXT NOT NULL DEFAULT 'full',
    "pressPublicAfterGame" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GameEmailSettings_pkey" PRIMARY KEY ("gameId")
);

-- CreateIndex
CREATE UNIQUE INDEX "InboundMail_seq_key" ON "InboundMail"("seq");

-- CreateIndex
CREATE UNIQUE INDEX "InboundMail_messageId_key" ON "InboundMail"("messageId");

-- CreateIndex
CREATE UNIQUE INDEX "InboundMail_contentHash_key" ON "InboundMail"("contentHash");

-- CreateIndex
CREATE INDEX "InboundMail_fromAddress_receivedAt_idx" ON "InboundMail"("fromAddress", "receivedAt");

-- CreateIndex
CREATE INDEX "InboundMail_gameId_idx" ON "InboundMail"("gameId");

-- CreateIndex
CREATE UNIQUE INDEX "Press_seq_key" ON "Press"("seq");

-- CreateIndex
CREATE INDEX "Press_gameId_createdAt_idx" ON "Press"("gameId", "createdAt");

-- AddForeignKey
ALTER TABLE "Press" ADD CONSTRAINT "Press_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GameEmailSettings" ADD CONSTRAINT "GameEmailSettings_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
