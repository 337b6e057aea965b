// The alerts' rows: push subscriptions per user, a setting per user and room,
// a Discord webhook per room or season. Read off the rooms' queues only.
import type { AlertMode } from "../../lib/alerts/protocol";
import { ALERT_MODES, DEFAULT_ALERT_MODE } from "../../lib/alerts/protocol";
import type { Db } from "../db/client";

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A user keeps this many browsers subscribed; a new one beyond it replaces the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export class AlertStore {
  constructor(private readonly db: Db) {}

  async subscribe(userId: string, s: StoredSubscription): Promise<void> {
    await this.db.pushSubscription.upsert({ where: { endpoint: s.endpoint }, create: { ...s, userId }, update: { ...s, userId } });
    const mine = await this.db.pushSubscription.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, select: { endpoint: true } });
    const extra = mine.slice(MAX_SUBSCRIPTIONS_PER_USER).map((x) => x.endpoint);
    if (extra.length) await this.db.pushSubscription.deleteMany({ where: { endpoint: { in: extra } } });
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.db.pushSubscription.deleteMany({ where: { userId, endpoint } });
  }

  /** A subscription the push service says is gone (404/410). */
  async drop(endpoint: string): Promise<void> {
    await this.db.pushSubscription.deleteMany({ where: { endpoint } });
  }

  subscriptions(userId: string): Promise<StoredSubscription[]> {
    return this.db.pushSubscription.findMany({ where: { userId }, select: { endpoint: true, p256dh: true, auth: true } });
  }

  async subscribedUsers(): Promise<Set<string>> {
    const rows = await this.db.pushSubscription.findMany({ distinct: ["userId"], select: { userId: true } });
    return new Set(rows.map((r) => r.userId));
  }

  async mode(userId: string, roomId: string): Promise<AlertMode> {
    const row = await this.db.alertSetting.findUnique({ where: { userId_roomId: { userId, roomId } } });
    return row && (ALERT_MODES as readonly string[]).includes(row.mode) ? (row.mode as AlertMode) : DEFAULT_ALERT_MODE;
  }

  async setMode(userId: string, roomId: string, mode: AlertMode): Promise<void> {
    await this.db.alertSetting.upsert({ where: { userId_roomId: { userId, roomId } }, create: { userId, roomId, mode }, update: { mode } });
  }

  async webhooks(): Promise<Map<string, string>> {
    const rows = await this.db.alertWebhook.findMany({ select: { target: true, url: true } });
    return new Map(rows.map((r) => [r.target, r.url]));
  }

  async webhook(target: string): Promise<string | null> {
    return (await this.db.alertWebhook.findUnique({ where: { target }, select: { url: true } }))?.url ?? null;
  }

  /** A webhook Discord says is gone (401, 404), wherever it was set. */
  async dropWebhookUrl(url: string): Promise<void> {
    await this.db.alertWebhook.deleteMany({ where: { url } });
  }

  async setWebhook(target: string, url: string | null, setBy: string): Promise<void> {
    if (url === null) await this.db.alertWebhook.deleteMany({ where: { target } });
    else await this.db.alertWebhook.upsert({ where: { target }, create: { target, url, setBy }, update: { url, setBy } });
  }

  async season(code: string): Promise<{ id: string; hostId: string } | null> {
    return this.db.season.findUnique({ where: { code }, select: { id: true, hostId: true } });
  }
}
