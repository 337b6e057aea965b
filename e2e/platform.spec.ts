import { expect, test } from "@playwright/test";
import { createRoom, guest, joinAndSit, shot } from "./helpers";

test("catalogue, rules pages and room codes that do not exist", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("game-thoths-bluff")).toBeVisible();
  await shot(page, "home");
  await expect(page.getByTestId("game-truth-deflector")).toBeVisible();
  await page.getByTestId("game-thoths-bluff").getByRole("link", { name: "Rules" }).click();
  await expect(page.getByRole("heading", { name: "Rulings" })).toBeVisible();
  await page.goto("/r/NOPE");
  await expect(page.getByText("404")).toBeVisible();
  await page.goto("/r/ZZZZZZ");
  await expect(page.getByTestId("error-note")).toContainText("There is no room ZZZZZZ");
  await page.goto("/join");
  await page.getByLabel("Room code").fill("ab");
  await page.getByRole("button", { name: "Open room" }).click();
  await expect(page.getByTestId("error-note")).toContainText("6 letters");
});

test("a host opens a lobby, a player joins from the link, bots fill the rest, a spectator watches", async ({ browser }) => {
  const host = await guest(browser, "Host Hana", "/");
  const code = await createRoom(host.page, "truth-deflector", async (p) => {
    await p.locator('input[name="seats"]').fill("5");
  });
  await expect(host.page.getByTestId("join-link")).toHaveValue(new RegExp(`/r/${code}$`));
  await expect(host.page.getByRole("img", { name: /QR code/ })).toBeVisible();
  // one Start button: with open seats it says it fills them with bots
  await expect(host.page.getByTestId("start-game")).toHaveText("Start with bots in 5 open seats");

  const player = await guest(browser, "Pia", `/r/${code}`);
  await joinAndSit(player.page, code);
  await expect(host.page.getByTestId("seat-list")).toContainText("Pia");
  await shot(host.page, "lobby-host");
  await player.page.setViewportSize({ width: 390, height: 844 });
  await shot(player.page, "lobby-player-phone");

  const spectator = await browser.newContext();
  const watch = await spectator.newPage();
  await watch.goto(`/r/${code}/watch`);
  await expect(watch.getByTestId("room-spectator")).toBeVisible();

  await host.page.getByTestId("start-game").click();
  await expect(player.page.getByTestId("phase-name")).toContainText("Round 1");
  await expect(player.page.getByTestId("you-owe")).toBeVisible();
  await expect(host.page.getByTestId("host-panel")).toBeVisible();
  await shot(host.page, "host-console");
  await expect(watch.getByTestId("phase-name")).toContainText("Round 1");
  await expect(watch.getByTestId("spectator-mode-note")).toHaveText("You see public information only.");

  // a player cannot open the host console
  await player.page.goto(`/r/${code}/host`);
  await expect(player.page.getByTestId("error-note")).toContainText("Only the host");

  await host.page.getByTestId("host-pause").click();
  await expect(watch.getByTestId("countdown")).toContainText("paused");
  await host.page.getByTestId("host-resume").click();
  await expect(host.page.getByTestId("notices")).toContainText("The host resumed the clock");
  await host.context.close();
  await player.context.close();
  await spectator.close();
});
