-- Alerts off the page: push subscriptions per user, alert settings per user and room, Discord webhooks per room or season.
CREATE TABLE "PushSubscription" (
    "endpoint" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PushSubscription_pkey" PRIMARY KEY ("endpoint")
);

CREATE INDEX "PushSubscription_userId_idx" ON "PushSubscription"("userId");

CREATE TABLE "AlertSetting" (
    "userId" TEXT NOT NULL,
    "roomId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,

    CONSTRAINT "AlertSetting_pkey" PRIMARY KEY ("userId","roomId")
);

CREATE TABLE "AlertWebhook" (
    "target" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "setBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AlertWebhook_pkey" PRIMARY KEY ("target")
);
