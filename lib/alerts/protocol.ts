// Socket inputs of the alerts that reach players off the page (Web Push and a
// Discord channel), validated on the server like every other event.
import { z } from "zod";
import { ROOM_CODE_RE } from "../protocol";
import { ALERT_MODES, type AlertMode } from "./modes";

export { ALERT_MODES, DEFAULT_ALERT_MODE, type AlertMode } from "./modes";

const code = z.string().trim().toUpperCase().regex(ROOM_CODE_RE, "A code is 6 letters and digits.");
// the browser's key material: base64url, P-256 public key (65 bytes) and a 16-byte auth secret
const b64url = (min: number, max: number) => z.string().min(min).max(max).regex(/^[A-Za-z0-9_-]+={0,2}$/, "Not base64url.");

export const pushSubscribeInput = z.object({
  subscription: z.object({
    endpoint: z.string().min(10).max(1000).url("A push endpoint is a URL."),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: b64url(80, 100), auth: b64url(16, 32) }),
  }),
});
export const pushUnsubscribeInput = z.object({ endpoint: z.string().min(10).max(1000) });

/** Reads (no `mode`) or sets a player's setting for a room. */
export const alertSettingInput = z.object({ code, mode: z.enum(ALERT_MODES).optional() });

/** Sets (a URL), clears (null) or reads (absent) the Discord webhook of a room or a season the user hosts. */
export const webhookInput = z.object({
  scope: z.enum(["room", "season"]),
  code,
  url: z.string().trim().max(300).nullable().optional(),
});

export interface AlertSettingReply {
  mode: AlertMode;
  /** The server's VAPID public key; null when this server sends no pushes. */
  publicKey: string | null;
}

export interface WebhookReply {
  /** The webhook as shown back: its host and id, never its token. */
  webhook: string | null;
}
