// Thin edges of the alerts: the typed edge parses, the user comes from the
// socket, and each handler does one thing — keep a browser's push subscription,
// keep a player's setting for a room, keep a host's Discord webhook.
import { createECDH } from "node:crypto";
import { isIP } from "node:net";
import { checkWebhookUrl } from "../../lib/alerts/webhook";
import { badCharacter } from "../../lib/games/core/storable";
import { CommandError } from "../rooms/errors";
import type { RoomManager } from "../rooms/manager";
import type { Limits } from "../limits";
import { userOf, type Handlers, type Sock } from "../sockets/edge";
import { roomByCode } from "../sockets/handlers";
import { PUSH_SERVICE_HOSTS } from "./config";
import { roomTarget, seasonTarget, type Alerts } from "./service";

/**
 * Whether the server may send to a push endpoint the browser gave: https on a
 * named public host (not an address, not this machine) of a known push service
 * (`pushHosts`, null for any), so that a forged subscription cannot point the
 * server at something inside its own network, nor at any site it likes.
 * `allowLoopback` (tests only) admits http://127.0.0.1:PORT. A name is judged
 * here; the addresses it resolves to are checked when the push is sent
 * (server/alerts/egress.ts).
 */
export function endpointAllowed(raw: string, allowLoopback: boolean, pushHosts: readonly string[] | null = PUSH_SERVICE_HOSTS): boolean {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  // (the URL parser drops tabs and line breaks that the stored text would keep)
  if (u.username || u.password || /\s/.test(raw) || badCharacter(raw)) return false;
  if (allowLoopback && u.protocol === "http:" && u.hostname === "127.0.0.1") return true;
  // "localhost." is localhost: a name's trailing dot is dropped before it is judged
  const host = u.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (!(u.protocol === "https:" && (u.port === "" || u.port === "443") && isIP(host) === 0 && host.includes(".") && !/(^|\.)(localhost|local|internal)$/i.test(host))) return false;
  // a browser's push service, not any host: else the server would post for anyone to any site, and a host that never
  // answers would hold the outbox's few slots for everyone's alerts
  return pushHosts === null || pushHosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/** Whether a subscription's keys can encrypt a push: a point on P-256 and a 16-byte auth secret (else every push to it would fail). */
export function pushKeysUsable(p256dh: string, auth: string): boolean {
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, "base64url"));
  } catch {
    return false;
  }
  return Buffer.from(auth, "base64url").length === 16;
}

/** Settings and webhooks only read who sits where and who hosts: a room another process serves is read from its log, not taken over. */
function alertRoom(rooms: RoomManager, limits: Limits, socket: Sock, code: string) {
  return roomByCode(rooms, limits, socket.data.address, code, (c) => rooms.read(c));
}

/** The alert events' handlers, made once per server (edge.ts calls them with the socket an event came on). */
export function alertHandlers(alerts: Alerts, rooms: RoomManager, limits: Limits): Handlers {
  return {
    "alerts:subscribe": async (socket, { subscription }) => {
      const user = userOf(socket);
      if (!alerts.publicKey) throw new CommandError("alerts/off", "This server sends no pushes.");
      if (!pushKeysUsable(subscription.keys.p256dh, subscription.keys.auth)) throw new CommandError("input/invalid", "The browser's push keys are not a P-256 public key and a 16-byte secret.");
      if (!endpointAllowed(subscription.endpoint, alerts.config.allowLoopback, alerts.config.pushHosts)) throw new CommandError("alerts/endpoint", "This browser's push service is not one the server can send to.");
      await alerts.store.subscribe(user.id, { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
      alerts.noteSubscribed(user.id);
      return {};
    },

    "alerts:unsubscribe": async (socket, { endpoint }) => {
      await alerts.store.unsubscribe(userOf(socket).id, endpoint);
      return {};
    },

    "alerts:setting": async (socket, { code, mode }) => {
      const user = userOf(socket);
      const r = await alertRoom(rooms, limits, socket, code);
      // only a player keeps a setting for a room (no one else is pushed about it): nobody fills the table with rooms they watch
      if (mode && !r.seats.some((s) => s.userId === user.id)) throw new CommandError("seat/none", "Only a player with a seat in this room has alerts for it.");
      if (mode) await alerts.store.setMode(user.id, r.id, mode);
      return { mode: mode ?? (await alerts.store.mode(user.id, r.id)), publicKey: alerts.publicKey };
    },

    "alerts:webhook": async (socket, { scope, code, url }) => {
      const user = userOf(socket);
      let target: string;
      if (scope === "room") {
        const r = await alertRoom(rooms, limits, socket, code);
        if (r.hostId !== user.id) throw new CommandError("host/only", "Only the host can set the room's Discord channel.");
        target = roomTarget(r.id);
      } else {
        const s = await alerts.store.season(code);
        if (!s) throw new CommandError("season/not_found", `There is no season ${code}.`);
        if (s.hostId !== user.id) throw new CommandError("season/host_only", "Only the season's host can set its Discord channel.");
        target = seasonTarget(s.id);
      }
      if (url === undefined) {
        const held = await alerts.store.webhook(target);
        return { webhook: held ? shown(held, alerts.config.allowLoopback) : null };
      }
      if (url === null || url === "") {
        await alerts.store.setWebhook(target, null, user.id);
        alerts.noteWebhook(target, null);
        return { webhook: null };
      }
      const checked = checkWebhookUrl(url, alerts.config.allowLoopback);
      if (!checked.ok) throw new CommandError("alerts/webhook", checked.message);
      const taken = limits.take("alert_webhook_set", user.id);
      if (!taken.ok) throw new CommandError("rate/limited", taken.message, taken.retryAfterMs);
      await alerts.store.setWebhook(target, checked.url, user.id);
      alerts.noteWebhook(target, checked.url);
      alerts.post(checked.url, `Garnet will post the public news of ${scope} ${code} here: phase starts, announcements and results.`);
      return { webhook: checked.shown };
    },
  };
}

function shown(url: string, allowLoopback: boolean): string | null {
  const c = checkWebhookUrl(url, allowLoopback);
  return c.ok ? c.shown : null;
}
