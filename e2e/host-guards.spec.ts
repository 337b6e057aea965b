import { expect, test } from "@playwright/test";
import { createRoom, guest, joinAndSit, PHONE } from "./helpers";

test("host guards on a phone: one Start, seat-numbered channels, real phase lengths, a confirmed End game, a way back", async ({ browser }) => {
  const host = await guest(browser, "Host Hana", "/", PHONE);
  const code = await createRoom(host.page, "truth-deflector");

  // the lobby: one Start button; before anyone sits, channels are named by seat number
  await expect(host.page.getByRole("button", { name: /^Start/ })).toHaveCount(1);
  await expect(host.page.getByTestId("chat")).toContainText("Seat 1");
  await expect(host.page.getByTestId("chat")).not.toContainText(/\bs[0-9]+\b/);

  const player = await guest(browser, "Pia", `/r/${code}`, PHONE);
  await joinAndSit(player.page, code);
  await host.page.getByTestId("start-game").click();
  // the clock is paused: nothing here races the round timer
  await host.page.getByTestId("host-pause").click();
  await expect(player.page.getByTestId("countdown")).toContainText("paused");

  // phase lengths show the value in force, and the label is not cut short
  await host.page.getByText("Phase lengths").click();
  const length = host.page.getByLabel("Claims & challenges");
  await expect(length).toHaveValue("180");
  const label = host.page.locator('label[for="phase-length-round"]');
  expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().width > 80)).toBe(true);

  // End game asks first; "Keep playing" keeps playing
  await host.page.getByTestId("end-reason").fill("Testing the guard");
  await host.page.getByTestId("end-game").click();
  await expect(host.page.getByTestId("end-confirm")).toBeVisible();
  await host.page.getByTestId("end-game-cancel").click();
  await expect(host.page.getByTestId("end-confirm")).toHaveCount(0);
  await expect(player.page.getByTestId("phase-name")).not.toHaveText("Ended by the host");
  await host.page.getByTestId("end-game").click();
  await host.page.getByTestId("end-game-confirm").click();
  await expect(player.page.getByTestId("phase-name")).toHaveText("Ended by the host");
  for (const page of [host.page, player.page]) await expect(page.locator("body")).not.toContainText(/can still change/i);

  // a player who opens the console is sent back to the room
  await player.page.goto(`/r/${code}/host`);
  await expect(player.page.getByTestId("error-note")).toContainText("Only the host");
  await player.page.getByTestId("back-to-room").click();
  await expect(player.page).toHaveURL(new RegExp(`/r/${code}$`));

  // a favicon
  const icon = await player.page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(icon).toBeTruthy();
  const res = await player.page.request.get(icon!);
  expect(res.status()).toBe(200);

  await host.context.close();
  await player.context.close();
});
