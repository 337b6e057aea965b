import { mkdirSync, writeFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { RoomPayload } from "../lib/protocol";
import { io } from "socket.io-client";
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

export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage });
}

/**
 * Every room payload a viewer is sent, rebuilt as the page rebuilds it (whole
 * payloads, patches on top, a sync when a patch does not fit). A real Socket.IO
 * client with the browser context's session cookie watches the room as that
 * viewer (or as a spectator), beside the page. Close it at the end.
 */
export async function watchPayloads(context: BrowserContext, code: string, opts: { spectate?: boolean } = {}): Promise<{ payloads: RoomPayload[]; close(): void }> {
  const base = process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3210}`;
  const cookie = (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join("; ");
  // named for its room in the handshake, as the page's own socket is, so that it reaches the process that serves the room
  const socket = io(base, { transports: ["websocket"], query: { room: code }, extraHeaders: cookie ? { cookie } : {} });
  const payloads: RoomPayload[] = [];
  // the same feeds the page keeps its copy with
  const feeds = new RoomFeeds((event, input) => socket.timeout(10_000).emitWithAck(event, input).catch(() => ({ ok: false as const, code: "net/timeout" as const, message: "no answer" })), (p) => payloads.push(p));
  feeds.listen(socket);
  const first = await feeds.watch(code, opts.spectate ? "spectator" : undefined);
  if (!first.ok) throw new Error(`could not watch room ${code}: ${first.message}`);
  return { payloads, close: () => socket.close() };
}

/**
 * Runs axe on the page as it is and fails on any serious or critical violation
 * (WCAG 2.1 A and AA rules). Every result is written to test-results/axe/NAME.json.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  mkdirSync("test-results/axe", { recursive: true });
  writeFileSync(`test-results/axe/${name}.json`, JSON.stringify({ url: page.url(), passes: result.passes.length, violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })) }, null, 2));
  expect.soft(bad.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`), `axe on ${name}`).toEqual([]);
}

/** Waits until a room page shows its game's dashboard (loaded on demand). */
export async function dashboardShown(page: Page): Promise<void> {
  await expect(page.getByTestId("phase-name")).toBeVisible();
  await expect(page.getByText("Loading the dashboard…")).toHaveCount(0);
}
