// The alerts' settings: the server's VAPID keys (made once into the data folder,
// next to the auth secret, unless the environment gives them), the contact the
// push services see, and the test-only switch that lets receivers on loopback in.
import webpush from "web-push";
import { persistedSecret } from "../data-secret";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: contact, sent to the push services with every push. */
  subject: string;
}

/**
 * The push services browsers subscribe at: Chrome and the browsers built on it
 * (Google's FCM, and its older name), Firefox (Mozilla's), Safari (Apple's),
 * Edge (Windows' WNS). An endpoint must be on one of these hosts or a subdomain.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = ["fcm.googleapis.com", "android.googleapis.com", "updates.push.services.mozilla.com", "push.apple.com", "notify.windows.com"];

export interface AlertsConfig {
  /** Null: this server sends no pushes (the opt-in control says so). */
  vapid: VapidKeys | null;
  /** Hosts (with their subdomains) a push endpoint may be on; null: any public https host. Absent: PUSH_SERVICE_HOSTS. */
  pushHosts?: readonly string[] | null;
  /** Test only: accept http://127.0.0.1 push endpoints and webhook URLs (off unless ALERTS_ALLOW_LOOPBACK=1). */
  allowLoopback: boolean;
  /** How long one delivery may take before it is given up (ms). */
  timeoutMs: number;
  /** Deliveries waiting at most; past it the oldest waiting are dropped and counted. */
  queueMax: number;
  /** Deliveries in flight at once. */
  concurrency: number;
}

export const DEFAULT_ALERTS: AlertsConfig = { vapid: null, allowLoopback: false, timeoutMs: 5_000, queueMax: 2_000, concurrency: 8 };

/** Makes a key pair and keeps it as JSON in `<dataDir>/vapid-keys` (mode 0600), or reads the one made before. */
export function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const raw = persistedSecret(dataDir, "vapid-keys", () => JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = JSON.parse(raw) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof keys.publicKey !== "string" || typeof keys.privateKey !== "string") throw new Error(`${dataDir}/vapid-keys is not a key pair; delete it to make a new one (players then opt in again)`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

function positive(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

/** ALERTS_PUSH_HOSTS: unset for the known push services, `any` for any public https host, or a comma-separated list of hosts. */
function pushHostsFromEnv(raw: string | undefined): readonly string[] | null {
  if (raw === undefined || raw.trim() === "") return PUSH_SERVICE_HOSTS;
  if (raw.trim() === "any") return null;
  const hosts = raw.split(",").map((h) => h.trim().toLowerCase()).filter(Boolean);
  for (const h of hosts) if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(h)) throw new Error(`ALERTS_PUSH_HOSTS must list host names (or be "any"), got "${h}"`);
  return hosts;
}

export function alertsFromEnv(env: Record<string, string | undefined>, dataDir: string, publicUrl: string | null): AlertsConfig {
  const off = env.PUSH === "off";
  const given = env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null;
  const subject = env.PUSH_CONTACT || (publicUrl?.startsWith("https://") ? publicUrl : "mailto:garnet@example.invalid");
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error(`PUSH_CONTACT must be a mailto: or https:// address, got "${subject}"`);
  return {
    vapid: off ? null : { ...(given ?? persistedVapidKeys(dataDir)), subject },
    pushHosts: pushHostsFromEnv(env.ALERTS_PUSH_HOSTS),
    allowLoopback: env.ALERTS_ALLOW_LOOPBACK === "1",
    timeoutMs: positive(env, "ALERTS_TIMEOUT_MS", DEFAULT_ALERTS.timeoutMs),
    queueMax: positive(env, "ALERTS_QUEUE_MAX", DEFAULT_ALERTS.queueMax),
    concurrency: positive(env, "ALERTS_CONCURRENCY", DEFAULT_ALERTS.concurrency),
  };
}
