import { expect, test } from "@playwright/test";
import { createRoom, guest, PHONE } from "./helpers";

test("a newcomer joins from the link on a phone: sign in, take a seat, no reload", async ({ browser }) => {
  const host = await guest(browser, "Host Hana");
  const code = await createRoom(host.page, "truth-deflector");

  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  let loads = 0;
  page.on("load", () => loads++);
  await page.goto(`/r/${code}`);
  await expect(page.getByTestId("seat-list")).toBeVisible();
  await page.getByRole("link", { name: "Sign in to take a seat" }).click();
  await page.getByLabel("Display name").fill("Pia");
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await page.waitForURL(new RegExp(`/r/${code}$`));
  await page.getByTestId("take-seat").click();
  await expect(page.getByTestId("seated")).toBeVisible();
  await expect(host.page.getByTestId("seat-list")).toContainText("Pia");
  // one document load: the first open of the link; sign-in and seating happened inside it
  expect(loads).toBe(1);
  await context.close();
  await host.context.close();
});
