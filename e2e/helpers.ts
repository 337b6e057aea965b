import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { RoomPatch, RoomPayload } from "../lib/protocol";
import { RoomFeeds } from "../lib/room-feed";

/** The phone the layout is checked at (an iPhone 12–15 sized screen). */
export const PHONE = { width: 390, height: 844 };

/** A fresh browser context (its own cookies), signed in as a guest. */
export async function guest(browser: Browser, name: string, next = "/", viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await page.goto(`/signin?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Display name").fill(name);
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
  return { context, page };
}

/** Creates a room from the host's page; returns its code. */
export async function createRoom(page: Page, gameId: string, fill?: (page: Page) => Promise<void>): Promise<string> {
  await page.goto(`/new?game=${gameId}`);
  await expect(page.getByTestId("create-room-form")).toBeVisible();
  if (fill) await fill(page);
  await page.getByTestId("create-room").click();
  await page.waitForURL(/\/r\/[A-Z0-9]{6}\/host$/);
  const code = /\/r\/([A-Z0-9]{6})\/host$/.exec(page.url())![1]!;
  await expect(page.getByTestId("room-code")).toHaveText(code);
  return code;
}

export async function joinAndSit(page: Page, code: string): Promise<void> {
  await page.goto(`/r/${code}`);
  await page.getByTestId("take-seat").click();
  await expect(page.getByTestId("seated")).toBeVisible();
}

/** Where screenshots go: docs/screenshots when SCREENSHOTS=1 (to refresh the docs), else the ignored test-results folder. */
export const SHOTS_DIR = process.env.SCREENSHOTS ? "docs/screenshots" : "test-results/screenshots";

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: false });
}

/**
 * Every room payload a page's socket was sent, rebuilt as the page rebuilds it:
 * whole payloads (state pushes, watch and sync replies) and the patches on top
 * of them. `frames` keeps the raw text of every frame, for checks on the wire itself.
 */
export function recordPayloads(page: Page): { payloads: RoomPayload[]; frames: string[] } {
  const payloads: RoomPayload[] = [];
  const frames: string[] = [];
  // the page asks for its own syncs; their replies arrive through the ack branch below
  const feeds = new RoomFeeds((p) => payloads.push(p), async () => null);
  page.on("websocket", (ws) =>
    ws.on("framereceived", (f) => {
      const text = typeof f.payload === "string" ? f.payload : f.payload.toString("utf8");
      frames.push(text);
      // Socket.IO packets: 42[event, ...args] for events, 43<id>[reply] for acks
      const m = /^4([23])\d*(\[.*)$/s.exec(text);
      if (!m) return;
      let args: unknown[];
      try {
        args = JSON.parse(m[2]!) as unknown[];
      } catch {
        return;
      }
      if (m[1] === "2" && args[0] === "room:state") feeds.full(args[1] as RoomPayload, args[2] as number);
      else if (m[1] === "2" && args[0] === "room:patch") feeds.patch(args[1] as RoomPatch);
      else if (m[1] === "3") {
        const r = args[0] as { ok?: boolean; payload?: RoomPayload; frame?: number } | undefined;
        if (r?.ok && r.payload && typeof r.frame === "number") feeds.full(r.payload, r.frame);
      }
    }),
  );
  return { payloads, frames };
}
