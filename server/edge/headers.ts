// Security headers on every response the server makes (Next's pages and assets,
// the API, the edge's own refusals), and the script nonce Next renders with.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export interface HeaderOptions {
  /** Development: React's dev tooling needs eval. */
  dev: boolean;
  /** Extra origins forms may post to (the OAuth provider a sign-in form goes to). */
  formTargets: string[];
}

/**
 * The Content-Security-Policy for one response. Scripts run only with this
 * response's nonce ('strict-dynamic' lets Next's nonced bootstrap load its own
 * chunks), so an injected script or inline handler does not run. Styles allow
 * inline: React renders style attributes, and CSS cannot run code.
 */
export function contentSecurityPolicy(nonce: string, o: HeaderOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${o.dev ? " 'unsafe-eval'" : ""}`,
    // the alerts' service worker (public/alerts-sw.js): 'strict-dynamic' would leave 'self' out for it
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${o.formTargets.map((t) => ` ${t}`).join("")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The nonce Next renders this request with (the layout reads it for its own inline script). */
export const NONCE_HEADER = "x-nonce";

/**
 * Sets the response's security headers and hands the nonce to Next: Next takes
 * it from the request's Content-Security-Policy header and puts it on every
 * script it renders. Whatever a client sent in those request headers is replaced.
 */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse, o: HeaderOptions): void {
  const nonce = randomBytes(16).toString("base64");
  const csp = contentSecurityPolicy(nonce, o);
  req.headers["content-security-policy"] = csp;
  delete req.headers["content-security-policy-report-only"];
  req.headers[NONCE_HEADER] = nonce;
  res.setHeader("Content-Security-Policy", csp);
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "same-origin");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
}
