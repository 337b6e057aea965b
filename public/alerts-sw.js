// Garnet's service worker: only alerts. A push (phase, room code, "your move")
// becomes a system notification, and open pages of the site are told of it; a
// click opens the room. It caches nothing and handles no fetches.
self.addEventListener("push", (event) => {
  let m;
  try {
    m = event.data ? event.data.json() : {};
  } catch {
    m = {};
  }
  const text = (v, max) => (typeof v === "string" ? v.slice(0, max) : "");
  const url = typeof m.url === "string" && /^\/r\/[A-Z0-9]{6}$/.test(m.url) ? m.url : "/";
  const message = { kind: text(m.kind, 20), title: text(m.title, 120) || "Garnet", body: text(m.body, 200), tag: text(m.tag, 40), url };
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(message.title, { body: message.body, tag: message.tag || undefined, data: { url }, icon: "/icon.svg" });
      const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const page of pages) page.postMessage({ type: "garnet:push", message });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = pages.find((p) => new URL(p.url).pathname === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
