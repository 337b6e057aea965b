// Alerts that reach players off the page. The room tells this service about
// each committed event (after it is durable and broadcast); the service works
// out who is owed which alert from payloads they may see — a player's push from
// their own seat payload, a Discord post from the spectators' payload — and
// hands the sending to the outbox, which never makes a room wait.
import webpush from "web-push";
import { webhookKey } from "../../lib/alerts/webhook";
import { postFor, pushFor, modeAllows, type PostKind, type PushKind, type PushMessage } from "../../lib/alerts/messages";
import type { SeatRec, LoggedEvent, RoomData } from "../../lib/room/types";
import type { Limits } from "../limits";
import { buildPayload, type PayloadContext } from "../rooms/payloads";
import type { Room } from "../rooms/room";
import type { AlertsConfig } from "./config";
import { DeadlineWarnings } from "./deadlines";
import { Outbox } from "./outbox";
import type { AlertStore } from "./store";

const REFRESH_MS = 30_000;
/** How long a push service keeps an undelivered push (s): an alert older than this is no use. */
const PUSH_TTL = 600;

export interface AlertFigures {
  pushes: number;
  posts: number;
  expired: number;
  limited: number;
}

/** What one server tells the others when a player subscribes or a host sets a webhook. */
export type AlertNote = { kind: "subscribed"; userId: string } | { kind: "webhook"; target: string };

export const roomTarget = (roomId: string) => `room:${roomId}`;
export const seasonTarget = (seasonId: string) => `season:${seasonId}`;

export class Alerts {
  /** Users with at least one push subscription (refreshed from the database, so other servers' changes show too). */
  private subscribed = new Set<string>();
  private webhooks = new Map<string, string>();
  private readonly posted = new Map<string, string>();
  private refresher: NodeJS.Timeout | null = null;
  readonly outbox: Outbox;
  readonly deadlines: DeadlineWarnings;
  readonly figures: AlertFigures = { pushes: 0, posts: 0, expired: 0, limited: 0 };

  constructor(
    readonly store: AlertStore,
    private readonly loaded: (code: string) => Room | undefined,
    private readonly limits: Limits,
    readonly config: AlertsConfig,
    private readonly log: (m: string) => void = (m) => console.error(m),
  ) {
    this.outbox = new Outbox({ max: config.queueMax, concurrency: config.concurrency, timeoutMs: config.timeoutMs, allowLoopback: config.allowLoopback, log });
    this.deadlines = new DeadlineWarnings((code, phase, deadlineAt) => this.warn(code, phase, deadlineAt));
  }

  get publicKey(): string | null {
    return this.config.vapid?.publicKey ?? null;
  }

  async start(): Promise<void> {
    await this.refresh();
    this.refresher = setInterval(() => void this.refresh().catch((e) => this.log(`alerts: refresh failed: ${String(e)}`)), REFRESH_MS);
    this.refresher.unref();
  }

  async refresh(): Promise<void> {
    [this.subscribed, this.webhooks] = await Promise.all([this.store.subscribedUsers(), this.store.webhooks()]);
  }

  /** A user subscribed or set a webhook on this server: known here at once, and told to the other servers. */
  noteSubscribed(userId: string): void {
    this.subscribed.add(userId);
    this.tellOthers?.({ kind: "subscribed", userId });
  }
  noteWebhook(target: string, url: string | null): void {
    if (url === null) this.webhooks.delete(target);
    else this.webhooks.set(target, url);
    this.tellOthers?.({ kind: "webhook", target });
  }

  /**
   * How this server tells the others of a change (set when processes share an
   * adapter); without it they see it at their next refresh. A room is served by
   * one process while its players subscribe through any.
   */
  tellOthers: ((note: AlertNote) => void) | null = null;

  /** Another server's change: a webhook is read again from the database (its URL never crosses). */
  async heard(note: AlertNote): Promise<void> {
    if (note.kind === "subscribed") this.subscribed.add(note.userId);
    else {
      const url = await this.store.webhook(note.target);
      if (url === null) this.webhooks.delete(note.target);
      else this.webhooks.set(note.target, url);
    }
  }

  close(): Promise<void> {
    if (this.refresher) clearInterval(this.refresher);
    this.deadlines.close();
    this.outbox.close();
    return this.outbox.idle();
  }

  // ---------- what the room tells us ----------

  /** Called once per committed event, after it is durable. Never throws and never waits. */
  committed(room: Room, before: RoomData, after: RoomData, ev: LoggedEvent): void {
    try {
      this.observe(room, before, after, ev);
    } catch (e) {
      this.log(`alerts: room ${room.code}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Arms a room's "1 minute left" warning as it stands (after a load or a recovery). */
  arm(room: Room): void {
    const d = room.data;
    const timed = d.status === "running" && !d.clock.paused && this.players(room).length > 0;
    this.deadlines.set(room.code, timed ? room.rules.phaseId(d.state) : null, timed ? d.clock.deadlineAt : null);
  }

  private observe(room: Room, before: RoomData, after: RoomData, ev: LoggedEvent): void {
    this.arm(room);
    const targets = this.targets(room);
    const players = this.players(room);
    if (!players.length && !targets.length) return;
    const phaseBefore = room.rules.phaseId(before.state);
    const phaseAfter = room.rules.phaseId(after.state);
    const ended = (after.status === "finished" || after.status === "aborted") && before.status !== after.status;
    const started = after.status === "running" && phaseAfter !== null && phaseAfter !== phaseBefore;
    const p = ev.kind === "host" ? (ev.payload as { type?: string; seat?: string }) : null;
    const kinds: PushKind[] = [];
    if (started) kinds.push("phase");
    if (ended) kinds.push("end");
    if (p?.type === "announce" || p?.type === "nudge") {
      // what the host sends out is limited per room: past it the room goes on, the alerts stay home
      const taken = this.limits.take("alert_host", room.id);
      if (!taken.ok) this.figures.limited++;
      else kinds.push(p.type === "announce" ? "announce" : "nudge");
    }
    const ctx = room.payloadContext();
    for (const kind of kinds) for (const s of players) if (kind !== "nudge" || s.seat === p?.seat) this.pushSeat(ctx, after, s, kind, room.id);
    if (!targets.length) return;
    const pub = room.frames.payload(ctx, after);
    const posts: [PostKind, number?][] = [];
    const shownPhase = pub.phase ? `${pub.phase.round}:${pub.phase.key}` : null;
    if (shownPhase !== null && this.posted.get(room.id) !== shownPhase) {
      this.posted.set(room.id, shownPhase);
      posts.push(["phase"]);
    }
    if (p?.type === "announce" && kinds.includes("announce")) posts.push(["announce", ev.seq]);
    if (ended) posts.push(["end"]);
    for (const [kind, version] of posts) {
      const text = postFor(kind, pub, version);
      if (text) for (const url of targets) this.post(url, text);
    }
    if (ended) this.posted.delete(room.id);
  }

  private warn(code: string, phase: string, deadlineAt: number): void {
    const room = this.loaded(code);
    if (!room) return;
    const d = room.data;
    if (d.status !== "running" || d.clock.paused || d.clock.deadlineAt !== deadlineAt || room.rules.phaseId(d.state) !== phase) return;
    const ctx = room.payloadContext();
    for (const s of this.players(room)) this.pushSeat(ctx, d, s, "deadline", room.id);
  }

  // ---------- pushes ----------

  /** Seats held by a person (not a bot) who has a push subscription. */
  private players(room: Room): SeatRec[] {
    if (!this.config.vapid || this.subscribed.size === 0) return [];
    return room.seats.filter((s) => s.userId !== null && !s.isBot && this.subscribed.has(s.userId));
  }

  private pushSeat(ctx: PayloadContext, data: RoomData, seat: SeatRec, kind: PushKind, roomId: string): void {
    // the same payload this player's dashboard gets: what it does not show, no push can say
    const own = buildPayload(ctx, data, "player", seat.seat, seat.seat);
    const message = pushFor(kind, own);
    if (message && seat.userId) this.push(seat.userId, roomId, message);
  }

  /** Queues a push to every browser of `userId`, if their setting for the room lets it through. */
  push(userId: string, roomId: string, message: PushMessage): void {
    const vapid = this.config.vapid;
    if (!vapid) return;
    this.outbox.add(async (post) => {
      if (!modeAllows(await this.store.mode(userId, roomId), message.kind)) return;
      // counted only once the player's setting lets it through: what they turned off never uses up what they want
      if (!this.limits.take("alert_push", userId).ok) {
        this.figures.limited++;
        return;
      }
      const body = JSON.stringify(message);
      // all of the user's browsers at once: a job takes at most one timeout, however many browsers there are
      const subs = await this.store.subscriptions(userId);
      const statuses = await Promise.all(
        subs.map(async (sub) => {
          // (keys are checked when a browser subscribes; one that still cannot encrypt counts as gone, like a 410)
          let req: ReturnType<typeof webpush.generateRequestDetails>;
          try {
            req = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, body, { vapidDetails: vapid, TTL: PUSH_TTL, urgency: "high" });
          } catch {
            return 410;
          }
          return post(req.endpoint, { method: req.method, headers: req.headers as Record<string, string>, body: req.body }).catch(() => 0);
        }),
      );
      for (const [i, status] of statuses.entries()) {
        if (status >= 200 && status < 300) this.figures.pushes++;
        if (status === 404 || status === 410) {
          // the browser dropped the subscription: so do we
          this.figures.expired++;
          await this.store.drop(subs[i]!.endpoint);
          if ((await this.store.subscriptions(userId)).length === 0) this.subscribed.delete(userId);
        }
      }
    });
  }

  // ---------- Discord ----------

  /** The webhooks a room's public alerts go to: its own, and its season's. */
  private targets(room: Room): string[] {
    if (this.webhooks.size === 0) return [];
    const out: string[] = [];
    const own = this.webhooks.get(roomTarget(room.id));
    if (own) out.push(own);
    const season = room.season ? this.webhooks.get(seasonTarget(room.season.seasonId)) : undefined;
    if (season && season !== own) out.push(season);
    return out;
  }

  /** Queues a post to a webhook (limited per webhook: Discord takes about 30 a minute). */
  post(url: string, content: string): void {
    const taken = this.limits.take("alert_webhook", webhookKey(url));
    if (!taken.ok) {
      this.figures.limited++;
      return;
    }
    this.outbox.add(async (post) => {
      // no mentions: an announcement cannot ping @everyone
      const status = await post(url, { headers: { "content-type": "application/json" }, body: JSON.stringify({ content, allowed_mentions: { parse: [] } }) });
      if (status >= 200 && status < 300) this.figures.posts++;
      if (status === 401 || status === 404) {
        // Discord says the webhook was deleted or its token is wrong: stop posting to it (the host's console shows it gone)
        this.figures.expired++;
        await this.store.dropWebhookUrl(url);
        for (const [target, held] of this.webhooks) if (held === url) this.webhooks.delete(target);
      }
    });
  }
}
