// Every game as a newcomer meets it: a phone player beside a desktop host and a
// phone spectator. Checks the status bar at 390x844 (two lines at most, opaque,
// never "Your move:" beside "Nothing owed now"), runs axe on the lobby, the
// dashboard, the host console, the spectator view and the replay, and takes the
// phone screenshots. The host pauses the clock at once: nothing races a timer.
import { expect, test, type Page } from "@playwright/test";
import { createRoom, dashboardShown, expectAccessible, guest, joinAndSit, PHONE, shot } from "./helpers";

const GAMES = ["thoths-bluff", "truth-deflector", "truth-wars", "five-fold-possession", "secret-sinner"];

async function expectPhoneStatusBar(page: Page): Promise<void> {
  const bar = page.getByTestId("status-bar");
  const { height, background } = await bar.evaluate((el) => ({ height: el.getBoundingClientRect().height, background: getComputedStyle(el).backgroundColor }));
  // two lines (phase, clock and what you owe; the phase track) with padding: a third line would pass 84 px
  expect(height, "status bar height").toBeLessThanOrEqual(84);
  expect(background, "status bar background").toMatch(/^rgb\(/);
  if (await bar.getByText("Nothing owed now").count()) await expect(page.locator('[data-todo="true"]')).toHaveCount(0);
}

for (const gameId of GAMES) {
  test(`${gameId}: phone status bar and axe on lobby, dashboard, host console, spectator and replay`, async ({ browser }) => {
    const host = await guest(browser, "Host Hana");
    const code = await createRoom(host.page, gameId);
    await expectAccessible(host.page, `${gameId}-lobby-host`);

    const player = await guest(browser, "Pia", `/r/${code}`, PHONE);
    await joinAndSit(player.page, code);
    await expectAccessible(player.page, `${gameId}-lobby-player`);

    await host.page.getByTestId("start-game").click();
    await host.page.getByTestId("host-pause").click();
    await dashboardShown(player.page);
    await expect(player.page.getByTestId("countdown")).toContainText("paused");
    await expectPhoneStatusBar(player.page);
    await shot(player.page, `phone-${gameId}`);
    await expectAccessible(player.page, `${gameId}-dashboard`);
    await dashboardShown(host.page);
    await expectAccessible(host.page, `${gameId}-host-console`);

    const spectator = await browser.newContext({ viewport: PHONE });
    const watch = await spectator.newPage();
    await watch.goto(`/r/${code}/watch`);
    await expect(watch.getByTestId("room-spectator")).toBeVisible();
    await dashboardShown(watch);
    await expectPhoneStatusBar(watch);
    await expectAccessible(watch, `${gameId}-spectator`);

    await host.page.getByTestId("end-reason").fill("End of the tour");
    await host.page.getByTestId("end-game").click();
    await host.page.getByTestId("end-game-confirm").click();
    await expect(player.page.getByTestId("phase-name")).toHaveText("Ended by the host");
    await host.page.goto(`/r/${code}/replay`);
    await expect(host.page.getByTestId("replay")).toBeVisible();
    await expectAccessible(host.page, `${gameId}-replay`);

    await spectator.close();
    await player.context.close();
    await host.context.close();
  });
}
