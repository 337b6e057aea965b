// The benchmark's pushes (--pushes MS): a local receiver stands in for the push
// service and answers every push only after MS milliseconds; every seated user
// of the run gets a push subscription there, so the server pushes as it would
// to real players, and the run shows what that costs the rooms.
import webpush from "web-push";
import { createDb } from "../../server/db/client";
import { browserKeys, startReceiver, subscriptionOf, type Receiver } from "../../server/test/push-receiver";

export interface PushSetup {
  receiver: Receiver;
  /** Environment for the server process: its VAPID keys, loopback endpoints allowed. */
  env: Record<string, string>;
}

export async function startSlowPushService(delayMs: number, port = 0): Promise<PushSetup> {
  const receiver = await startReceiver(port);
  receiver.hold.add("*");
  receiver.delayMs = delayMs;
  const keys = webpush.generateVAPIDKeys();
  return { receiver, env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, PUSH_CONTACT: "mailto:bench@example.invalid", ALERTS_ALLOW_LOOPBACK: "1" } };
}

/** Subscribes every user seated in the run's rooms (one browser each) at the receiver; returns how many. */
export async function subscribeSeated(databaseUrl: string, receiverUrl: string): Promise<number> {
  const db = createDb(databaseUrl, 1);
  try {
    const keys = browserKeys();
    const users = await db.seat.findMany({ where: { userId: { not: null } }, distinct: ["userId"], select: { userId: true } });
    const rows = users.map((u) => {
      const s = subscriptionOf(`${receiverUrl}/push/${encodeURIComponent(u.userId!)}`, keys);
      return { endpoint: s.endpoint, userId: u.userId!, p256dh: s.keys.p256dh, auth: s.keys.auth };
    });
    await db.pushSubscription.createMany({ data: rows, skipDuplicates: true });
    return rows.length;
  } finally {
    await db.$disconnect();
  }
}
