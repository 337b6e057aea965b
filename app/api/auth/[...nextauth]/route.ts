import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/config";

/**
 * Auth.js builds its redirects and cookie names from the request's URL. Next
 * makes that URL from the name it was started under, and NextRequest turns any
 * loopback host into "localhost"; so without AUTH_URL, hand Auth.js a plain
 * Request at the host the request came to. The server's edge has settled
 * X-Forwarded-Host and -Proto to it (the Host header, or a trusted proxy's).
 */
function atRequestHost(req: NextRequest): NextRequest {
  const host = req.headers.get("x-forwarded-host");
  if (process.env.AUTH_URL || !host) return req;
  const proto = req.headers.get("x-forwarded-proto") === "https" ? "https" : "http";
  const url = new URL(`${req.nextUrl.pathname}${req.nextUrl.search}`, `${proto}://${host}`);
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : req.body;
  return new Request(url, { method: req.method, headers: req.headers, body, duplex: "half" } as RequestInit) as NextRequest;
}

export const GET = (req: NextRequest) => handlers.GET(atRequestHost(req));
export const POST = (req: NextRequest) => handlers.POST(atRequestHost(req));
