"use client";
// A page open since before a deploy cannot read what the updated server sends
// (lib/protocol.ts, PROTOCOL): it loads itself again, and with it the client
// built for that server. Once per server protocol and tab, so that a page that
// comes back outdated all the same (a stale cache) is not reloaded in a loop.
const KEY = "garnet:reloaded-for-protocol";

export function reloadForProtocol(protocol: number): void {
  try {
    if (sessionStorage.getItem(KEY) === String(protocol)) return;
    sessionStorage.setItem(KEY, String(protocol));
  } catch {
    // no session storage (a private window may refuse it): no loop guard, so no reload either
    return;
  }
  location.reload();
}
