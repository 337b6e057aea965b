import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

/** A fresh browser context (its own cookies), signed in as a guest. */
export async function guest(browser: Browser, name: string, next = "/"): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
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
