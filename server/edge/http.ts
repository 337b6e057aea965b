// The HTTP edge: runs before the API and Next for every request. Sets the
// security headers, settles which host and protocol the request came by,
// refuses malformed hosts and posts to pages without a form, and rate-limits
// sign-ins per address.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Limits, Taken } from "../limits";
import { clientAddress, requestTarget, settleForwardedHeaders } from "./address";
import type { EdgeConfig } from "./config";
import { applySecurityHeaders } from "./headers";

/** Pages with a form (a server action); every other page is GET only. */
const FORM_PAGES = new Set(["/signin", "/join"]);
/** Posts that sign someone in: the sign-in page's actions and Auth.js' own sign-in and callback endpoints. */
const SIGN_IN = /^\/(?:signin|api\/auth\/(?:signin|callback)(?:\/.*)?)$/;

export function sendJson(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): true {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
  return true;
}

export function retryAfter(r: Extract<Taken, { ok: false }>): Record<string, string> {
  return { "retry-after": String(Math.max(1, Math.ceil(r.retryAfterMs / 1000))) };
}

/**
 * Answers a refused sign-in the way its sender can show: a server action (the
 * sign-in form with JavaScript) is sent back to the sign-in page with the
 * error, through Next's redirect header; a plain form post by a 303; anything
 * else gets the JSON refusal.
 */
function refuseSignIn(req: IncomingMessage, res: ServerResponse, r: Extract<Taken, { ok: false }>, path: string): true {
  const body = { ok: false, code: r.code, message: r.message, retryAfterMs: r.retryAfterMs };
  if (path !== "/signin") return sendJson(res, 429, body, retryAfter(r));
  const back = new URL(req.url ?? "/signin", "http://x");
  back.searchParams.set("error", r.code);
  const location = `${back.pathname}${back.search}`;
  if (req.headers["next-action"]) {
    res.writeHead(429, { "content-type": "text/plain; charset=utf-8", "x-action-redirect": `${location};push`, "cache-control": "no-store", ...retryAfter(r) });
    res.end(r.message);
    return true;
  }
  res.writeHead(303, { location, "cache-control": "no-store", ...retryAfter(r) });
  res.end();
  return true;
}

/** The edge's handler: true when it answered the request itself. */
export function httpEdge(cfg: EdgeConfig, limits: Limits): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    applySecurityHeaders(req, res, cfg);
    if (!requestTarget(req, cfg.trustProxy).host) return sendJson(res, 400, { ok: false, code: "http/bad_host", message: "The Host header is missing or malformed." });
    const address = clientAddress(req, cfg.trustProxy);
    settleForwardedHeaders(req, cfg.trustProxy);
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const method = req.method ?? "GET";
    if (method === "GET" || method === "HEAD") return false;
    if (!path.startsWith("/api/") && !FORM_PAGES.has(path)) return sendJson(res, 405, { ok: false, code: "http/method", message: "This page takes no posts." }, { allow: "GET, HEAD" });
    if (method === "POST" && SIGN_IN.test(path)) {
      const r = limits.take("signin", address);
      if (!r.ok) return refuseSignIn(req, res, r, path);
    }
    return false;
  };
}
