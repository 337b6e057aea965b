import { expect, test, type Page } from "@playwright/test";
import { guest, shot } from "./helpers";

/**
 * Ends phases from the room's host console until the game is over. The game
 * may also end on its own between two looks (its bots' last moves close the
 * final phase), which disables the button: a click is only tried while the end
 * screen is not up, and given up after a second to look again.
 */
async function hostPlaysOut(page: Page): Promise<void> {
  await page.getByTestId("start-game").click();
  const over = page.getByTestId("end-screen");
  for (let i = 0; i < 20 && !(await over.isVisible()); i++) {
    const before = await page.getByTestId("phase-name").innerText();
    await expect(async () => {
      if (!(await over.isVisible())) await page.getByTestId("host-advance").click({ timeout: 1_000 });
    }).toPass();
    await expect(async () => {
      const ended = await over.isVisible();
      expect(ended || (await page.getByTestId("phase-name").innerText()) !== before).toBe(true);
    }).toPass();
  }
  await expect(over).toBeVisible();
}

/** Opens the room the season console just created, as its host. */
async function openCreatedRoom(page: Page): Promise<void> {
  await page.getByTestId("season-created-room").getByRole("link").click();
  await page.waitForURL(/\/r\/[A-Z0-9]{6}\/host$/);
}

test("a season: the host creates it, players join by the invite link, one episode runs end to end", async ({ browser }) => {
  const host = await guest(browser, "Hosta", "/seasons/new");
  await host.page.getByLabel("Name", { exact: true }).fill("Spring season");
  // the death match's loser is then out whoever wins its coin (with Tokens that save, a loser who won the main match survives)
  await host.page.locator('input[type="radio"][name="tokenOfLife"][value="none"]').check();
  await host.page.getByTestId("season-create").click();
  await host.page.waitForURL(/\/s\/[A-Z0-9]{6}$/);
  const seasonPath = new URL(host.page.url()).pathname;
  const invite = new URL(await host.page.getByTestId("season-invite").inputValue());

  const names = ["Alice", "Bob", "Cara", "Dan"];
  const players: Record<string, Page> = {};
  for (const name of names) {
    const p = await guest(browser, name, `${invite.pathname}${invite.search}`);
    await p.page.getByTestId("season-join").click();
    await expect(p.page.getByTestId(`standing-${name}`)).toContainText("you");
    players[name] = p.page;
  }
  await expect(host.page.getByTestId("standing-Dan")).toBeVisible();
  await shot(host.page, "season-host-roster");

  // the main match: Truth Deflector over one round, every seat from the roster
  await host.page.getByTestId("season-main-game").selectOption("truth-deflector");
  await host.page.getByTestId("season-main-form").getByText("Settings").click();
  await host.page.locator('input[name="rounds"]').fill("1");
  await host.page.getByTestId("season-create-main").click();
  await expect(players.Alice!.getByTestId("season-your-room")).toContainText("Your main match");
  await openCreatedRoom(host.page);
  const mainRoom = new URL(host.page.url()).pathname.replace(/\/host$/, "");
  await hostPlaysOut(host.page);

  // the EC names the death match opponent in a timed phase, from their own dashboard
  await host.page.goto(seasonPath);
  await host.page.getByTestId("season-open-pick").click();
  const ec = await host.page.getByTestId("episode-1-ec-name").innerText();
  const ecPage = players[ec]!;
  // from the main match's end screen, the season's banner leads the EC to the choice
  await ecPage.goto(mainRoom);
  await expect(ecPage.getByTestId("end-screen")).toBeVisible();
  await ecPage.getByTestId("season-banner").getByTestId("season-your-room").click();
  await expect(ecPage.getByTestId("opponent-choice")).toContainText("name your death match opponent");
  await shot(ecPage, "season-ec-opponent-choice");
  await ecPage.getByTestId("choose-s2").click();
  await expect(ecPage.getByTestId("opponent-chosen")).toBeVisible();

  // the death match: both seated from the season; it ends on the coin after both fall
  await host.page.goto(seasonPath);
  await host.page.getByTestId("season-create-death").locator("..").getByText("Settings").click();
  await host.page.locator('input[name="startingHealth"]').fill("1");
  await host.page.locator('input[name="maxExtraBlocks"]').fill("0");
  // a few long choices are radio buttons
  await host.page.locator('input[type="radio"][name="finalTiebreak"][value="coin"]').check();
  await host.page.getByTestId("season-create-death").click();
  await openCreatedRoom(host.page);
  await hostPlaysOut(host.page);

  // the elimination on the season page, for the host and for a player (who sees only their own garnets)
  await host.page.goto(seasonPath);
  await expect(host.page.getByTestId("episode-1-eliminated")).toBeVisible();
  const out = (await host.page.getByTestId("episode-1-eliminated").innerText()).replace("Eliminated:", "").trim();
  await expect(host.page.getByTestId("season-timeline")).toContainText(out);
  await expect(host.page.getByTestId(`standing-${out}`)).toContainText("eliminated in ep. 1");
  await host.page.getByTestId("episode-1").scrollIntoViewIfNeeded();
  await shot(host.page, "season-host-after-episode");
  const other = names.find((n) => n !== out)!;
  const mine = players[other]!;
  await mine.goto(seasonPath);
  await expect(mine.getByTestId("episode-1-eliminated")).toContainText(out);
  for (const n of names) {
    const cell = mine.getByTestId(`standing-${n}`).locator("td").last();
    if (n === other) await expect(cell).toHaveText(/^\d+$/);
    else await expect(cell).toHaveText("—");
  }
  await mine.setViewportSize({ width: 390, height: 844 });
  await shot(mine, "season-player-phone");
});
