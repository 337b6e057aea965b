// The alerts' service worker (public/alerts-sw.js), run against a stand-in for
// the browser's worker globals: it shows only what a push carries, bounded,
// and a click opens a room of this site — never a URL the push names.
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

type Handler = (event: unknown) => void;

function worker(pages: { url: string }[] = []) {
  const handlers = new Map<string, Handler>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const told: unknown[] = [];
  const clients = pages.map((p) => ({ url: p.url, focus: async () => void focused.push(p.url), postMessage: (m: unknown) => void told.push(m) }));
  const self = {
    addEventListener: (type: string, h: Handler) => handlers.set(type, h),
    registration: { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) },
    clients: { matchAll: async () => clients, openWindow: async (url: string) => void opened.push(url) },
  };
  runInNewContext(readFileSync(new URL("../../public/alerts-sw.js", import.meta.url), "utf8"), { self, URL });
  const fire = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return {
    shown,
    opened,
    focused,
    told,
    push: (data: unknown) => fire("push", { data: { json: () => (typeof data === "string" ? JSON.parse(data) : data) } }),
    click: (data: unknown) => fire("notificationclick", { notification: { data, close: () => undefined } }),
  };
}

describe("the alerts' service worker", () => {
  it("shows the push's title and body, bounded, and nothing else it carries", async () => {
    const w = worker([{ url: "https://garnet.example/r/KRRQV5" }]);
    await w.push({ kind: "phase", title: "Round 3 · Rigging", body: "Your move in KRRQV5", tag: "KRRQV5:phase", url: "/r/KRRQV5", icon: "https://evil.example/x.png", actions: [{ action: "x" }], requireInteraction: true, data: { url: "https://evil.example" } });
    expect(w.shown).toEqual([{ title: "Round 3 · Rigging", options: { body: "Your move in KRRQV5", tag: "KRRQV5:phase", data: { url: "/r/KRRQV5" }, icon: "/icon.svg" } }]);
    expect(w.told).toEqual([{ type: "garnet:push", message: { kind: "phase", title: "Round 3 · Rigging", body: "Your move in KRRQV5", tag: "KRRQV5:phase", url: "/r/KRRQV5" } }]);
    await w.push({ title: "t".repeat(5000), body: "b".repeat(5000), tag: { x: 1 }, kind: 7 });
    expect(w.shown[1]!.title).toHaveLength(120);
    expect(w.shown[1]!.options.body).toHaveLength(200);
    expect(w.shown[1]!.options.tag).toBeUndefined();
    await w.push("not json {");
    expect(w.shown[2]).toEqual({ title: "Garnet", options: { body: "", tag: undefined, data: { url: "/" }, icon: "/icon.svg" } });
  });

  it("a click opens only a room of this site: any other URL in a push becomes the home page", async () => {
    for (const url of ["//evil.example/r/KRRQV5", "https://evil.example/r/KRRQV5", "javascript:alert(1)", "/r/KRRQV5/../../logout", "/r/krrqv5", "/r/KRRQV5\n", "/r/KRRQV5?next=//evil.example", "\\\\evil.example", 42]) {
      const w = worker();
      await w.push({ title: "x", body: "y", url });
      expect(w.shown[0]!.options.data, String(url)).toEqual({ url: "/" });
      await w.click(w.shown[0]!.options.data);
      expect(w.opened).toEqual(["/"]);
    }
    // the room's page is focused when it is open, else opened
    const w = worker([{ url: "https://garnet.example/r/AAAAAA" }, { url: "https://garnet.example/r/KRRQV5" }]);
    await w.push({ title: "x", body: "y", url: "/r/KRRQV5" });
    await w.click(w.shown[0]!.options.data);
    expect(w.focused).toEqual(["https://garnet.example/r/KRRQV5"]);
    expect(w.opened).toEqual([]);
    const closed = worker([{ url: "https://garnet.example/r/AAAAAA" }]);
    await closed.push({ title: "x", body: "y", url: "/r/KRRQV5" });
    await closed.click(closed.shown[0]!.options.data);
    expect(closed.opened).toEqual(["/r/KRRQV5"]);
  });
});
