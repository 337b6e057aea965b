// Which Discord webhook URLs a host may paste: https on Discord's own hosts,
// the webhook path with its id and token, nothing else. A loopback http URL is
// accepted only where the server was told to (tests stand a local receiver in).

const HOSTS = new Set(["discord.com", "discordapp.com", "canary.discord.com", "ptb.discord.com"]);
const PATH = /^\/api(?:\/v\d{1,2})?\/webhooks\/(\d{5,25})\/[A-Za-z0-9_-]{20,120}$/;
const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

export type WebhookCheck = { ok: true; url: string; shown: string } | { ok: false; message: string };

/** Checks a pasted webhook URL; `allowLoopback` (a test-only server setting) also admits http://127.0.0.1:PORT/…. */
export function checkWebhookUrl(raw: string, allowLoopback = false): WebhookCheck {
  const bad = (message: string): WebhookCheck => ({ ok: false, message });
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return bad("That is not a URL: paste the webhook URL Discord shows (Channel settings → Integrations → Webhooks → Copy Webhook URL).");
  }
  if (u.username || u.password || u.hash) return bad("A Discord webhook URL has no user name, password or #fragment.");
  if (allowLoopback && u.protocol === "http:" && LOOPBACK.has(u.hostname)) return { ok: true, url: u.toString(), shown: `${u.host}${u.pathname.split("/").slice(0, 2).join("/")}/…` };
  if (u.protocol !== "https:") return bad("A Discord webhook URL starts with https://.");
  if (!HOSTS.has(u.hostname) || u.port) return bad("Only Discord webhook URLs (https://discord.com/api/webhooks/…) are accepted.");
  const m = PATH.exec(u.pathname);
  if (!m) return bad("That is not a Discord webhook URL: it should look like https://discord.com/api/webhooks/ID/TOKEN.");
  const thread = u.searchParams.get("thread_id");
  const keys = [...u.searchParams.keys()];
  if (keys.some((k) => k !== "thread_id") || keys.length > 1 || (thread !== null && !/^\d{5,25}$/.test(thread))) return bad("A Discord webhook URL takes no query other than one thread_id.");
  return { ok: true, url: u.toString(), shown: `${u.hostname}/api/webhooks/${m[1]}/…` };
}

/**
 * What a webhook's posts are counted under: Discord's webhook id, whichever of
 * its hosts, API versions or threads the URL names (they all reach one webhook,
 * and Discord limits it as one); any other URL (a test's receiver) as itself.
 */
export function webhookKey(url: string): string {
  try {
    const u = new URL(url);
    const m = HOSTS.has(u.hostname) ? PATH.exec(u.pathname) : null;
    return m ? `discord:${m[1]}` : url;
  } catch {
    return url;
  }
}
