import { expect, test, type Page } from "@playwright/test";
import { createRoom, guest, joinAndSit, shot } from "./helpers";

// Seat 1 (Gabriel) is in Heaven, seat 2 (Lilith) in Hell; eleven bots fill the rest.
const REALMS = ["heaven", "hell", "heaven", "heaven", "heaven", "hell", "hell", "hell", "hell", "hell", "hell", "hell", "hell"];
const ATTRIBUTE_WORDS = /Lust|Gluttony|Greed|Sloth|Wrath|Envy|Pride|Faith|Hope|Charity/;
const DM = "dm:s1:s2";

/** A full-page screenshot for the docs (only when SCREENSHOTS=1, like `shot`). */
async function fullShot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
}

async function advanceTo(host: Page, players: Page[], round: number): Promise<void> {
  await host.getByTestId("host-advance").click();
  for (const p of [host, ...players]) await expect(p.getByTestId("phase-name")).toContainText(`Round ${round}`);
}

test("Secret Sinner: a Hell player queries a Heaven player, they talk in the window it opens, the spectator sees no pair", async ({ browser }) => {
  test.setTimeout(300_000);
  const host = await guest(browser, "Host Hana", "/");
  await host.page.setViewportSize({ width: 1440, height: 900 });
  const code = await createRoom(host.page, "secret-sinner", async (p) => {
    await expect(p.locator('input[name="seats"]')).toHaveValue("13");
    await p.locator('input[name="phaseSeconds.briefing"]').fill("0");
    await p.locator('input[name="phaseSeconds.round"]').fill("300");
    await p.locator('input[name="rounds"]').fill("4"); // queries in rounds 1–3, lock-ins only in round 4
    for (const [i, realm] of REALMS.entries()) await p.locator(`select[name="realms.${i}"]`).selectOption(realm);
  });

  const gabriel = await guest(browser, "Gabriel", `/r/${code}`);
  await joinAndSit(gabriel.page, code);
  const lilith = await guest(browser, "Lilith", `/r/${code}`);
  await lilith.page.setViewportSize({ width: 390, height: 844 });
  await joinAndSit(lilith.page, code);
  const spectator = await browser.newContext();
  const watch = await spectator.newPage();
  await watch.goto(`/r/${code}/watch`);
  await expect(watch.getByTestId("room-spectator")).toBeVisible();

  await host.page.getByTestId("start-game").click();
  const g = gabriel.page;
  const l = lilith.page;
  for (const p of [g, l, watch]) await expect(p.getByTestId("phase-name")).toContainText("Round 1");

  // ---- round 1: each sees their own letters and pairs; the spectator sees none
  await expect(g.getByTestId("ss-my-letters")).toContainText("Heaven");
  await expect(g.getByTestId("ss-my-letters").locator('[data-testid^="ss-my-letter-"]')).toHaveCount(3);
  await expect(l.getByTestId("ss-my-letters").locator('[data-testid^="ss-my-letter-"]')).toHaveCount(1);
  await expect(l.getByTestId("ss-owe")).toContainText("Round 1 of 4: send your query and lock in an ally");
  await expect(watch.getByTestId("ss-board")).toBeVisible();
  await expect(watch.locator("main")).not.toContainText(ATTRIBUTE_WORDS);
  await expect(watch.getByTestId("ss-host-pairs")).toHaveCount(0);

  // Lilith builds a query: a letter of Gabriel's, her own letter and another Hell player's.
  const q = l.getByTestId("ss-query");
  const gabrielLetters = q.locator('[data-testid^="ss-query-letter-"][data-owner="s1"]');
  await expect(gabrielLetters).toHaveCount(3);
  await gabrielLetters.first().click();
  await expect(gabrielLetters.nth(1)).toBeDisabled();
  await expect(q).toContainText("one letter per player");
  await q.locator('[data-testid^="ss-query-letter-"][data-owner="s2"]').click();
  await q.locator('[data-testid^="ss-query-letter-"][data-owner="s6"]').click();
  await expect(q.locator('[data-testid^="ss-query-letter-"][data-owner="s7"]')).toBeDisabled();
  await expect(l.getByTestId("ss-query-send")).toBeDisabled();
  await l.getByTestId("ss-query-attr-pride").click();
  await expect(l.getByTestId("ss-query-recipient-s6")).toHaveCount(0); // same realm: never offered
  await l.getByTestId("ss-query-recipient-s1").click();
  await expect(l.getByTestId("ss-query-preview")).toContainText("never the attribute");
  await expect(l.getByTestId("ss-query-preview")).toContainText("round 2 only");
  const picked = ((await l.getByTestId("ss-query-picked").textContent()) ?? "").replace(/[()]/g, "").split(", ");
  expect(picked).toHaveLength(3);
  await fullShot(l, "secret-sinner-player-query-phone");
  await l.getByTestId("ss-query-send").click();
  await expect(l.getByTestId("ss-query-sent")).toContainText("Gabriel");
  await expect(l.getByTestId(`ss-window-${DM}-2`)).toContainText("upcoming");

  // Lilith also locks in a letter for her own; the lock board keeps the history.
  const mine = (await l.locator('[data-testid^="ss-my-letter-"]').first().getAttribute("data-testid"))!.replace("ss-my-letter-", "");
  await l.getByTestId(`ss-lock-select-${mine}`).selectOption({ index: 1 });
  await expect(l.getByTestId(`ss-lock-${mine}`)).toContainText("Final:");
  await l.getByTestId(`ss-lock-confirm-${mine}`).click();
  await expect(l.getByTestId(`ss-lock-reason-${mine}`)).toContainText("Locked in");
  await expect(l.getByTestId(`ss-lock-${mine}`)).toContainText("7 of 8 left");

  // Gabriel marks himself done and resumes.
  await g.getByTestId("ss-done").click();
  await expect(g.getByTestId("ss-owe")).toContainText("you are done");
  await g.getByTestId("ss-resume").click();
  await expect(g.getByTestId("ss-done")).toBeVisible();

  // The host sees every query with its answers and the pair table.
  await expect(host.page.getByTestId("ss-host-queries")).toContainText("Lilith");
  await expect(host.page.getByTestId("ss-host-queries")).toContainText("Pride");
  await expect(host.page.getByTestId("ss-host-pairs").locator("tbody tr")).toHaveCount(21);
  await shot(host.page, "secret-sinner-host");
  await fullShot(host.page, "secret-sinner-host-full");

  // ---- round 2: the answer reaches Gabriel without the attribute; Lilith never sees it
  await advanceTo(host.page, [g, l, watch], 2);
  const answer = g.getByTestId("ss-received-1-s2");
  await expect(answer).toBeVisible();
  for (const letter of picked) await expect(answer).toContainText(letter);
  await expect(answer).toContainText(/Yes|No/);
  await expect(g.getByTestId("ss-received")).not.toContainText("Pride");
  await expect(l.getByTestId("ss-sent")).toContainText("Pride");
  await expect(l.getByTestId("ss-sent")).not.toContainText(/\bYes\b|\bNo\b/);
  await expect(l.locator('[data-testid^="ss-received-1-s2"]')).toHaveCount(0);

  // They talk in the direct channel the query opened; both see both messages.
  await expect(g.getByTestId("ss-open-windows")).toContainText("Lilith");
  await expect(l.getByTestId("ss-open-windows")).toContainText("Gabriel");
  await g.getByTestId(`chat-tab-${DM}`).click();
  await g.getByTestId("chat-input").fill("Your query reached me. Shall we compare notes?");
  await g.getByTestId("chat-send").click();
  // Lilith opens the channel from her windows panel (it selects the chat tab for her).
  await l.getByTestId(`ss-window-open-${DM}-2`).click();
  await expect(l.getByTestId(`chat-tab-${DM}`)).toHaveAttribute("aria-selected", "true");
  await expect(l.getByTestId("chat-messages")).toContainText("Shall we compare notes?");
  await l.getByTestId("chat-input").fill("Yes — tell me which of them said Yes.");
  await l.getByTestId("chat-send").click();
  await expect(g.getByTestId("chat-messages")).toContainText("tell me which of them said Yes");
  await expect(watch.getByTestId(`chat-tab-${DM}`)).toHaveCount(0);
  await g.getByRole("button", { name: "Switch light or dark theme" }).click();
  await fullShot(g, "secret-sinner-heaven-answer-dark");
  await fullShot(l, "secret-sinner-player-window-phone");
  await l.evaluate(() => window.scrollTo(0, 0));
  await shot(l, "secret-sinner-player-phone");

  // ---- round 3: the window is closed; old messages stay readable
  await advanceTo(host.page, [g, l, watch], 3);
  for (const p of [g, l]) {
    await p.getByTestId(`chat-tab-${DM}`).click();
    await expect(p.getByTestId("chat-closed")).toContainText("open in round 2 only");
    await expect(p.getByTestId("chat-input")).toHaveCount(0);
    await expect(p.getByTestId("chat-messages")).toContainText("Shall we compare notes?");
  }
  await expect(g.getByTestId(`ss-window-${DM}-2`)).toContainText("closed");

  // ---- the host ends the remaining rounds; the spectator never sees a pair
  await advanceTo(host.page, [g, l, watch], 4);
  await expect(watch.locator("main")).not.toContainText(ATTRIBUTE_WORDS);
  await expect(watch.getByTestId("ss-host-pairs")).toHaveCount(0);
  await expect(l.getByTestId("ss-query-reason")).toContainText("lock-ins only");
  await expect(l.getByTestId("ss-owe")).toContainText("(lock-ins only)");
  await host.page.getByTestId("host-advance").click();
  await expect(host.page.getByTestId("ss-results")).toBeVisible();

  // The winner of Heaven picks one more Hell player (a bot winner picks at once).
  const winner = await host.page.getByTestId("ss-order-heaven").locator("li").first().textContent();
  if (winner?.includes("Gabriel")) {
    await expect(g.getByTestId("ss-pick")).toBeVisible();
    await g.locator('[data-testid^="ss-pick-s"]').first().click();
    await g.getByTestId("ss-pick-confirm").click();
  }
  for (const p of [host.page, g, l, watch]) await expect(p.getByTestId("end-screen")).toBeVisible();
  await expect(l.getByTestId("ss-order-hell").locator("li")).toHaveCount(9);
  await expect(g.getByTestId("ss-order-heaven").locator("li")).toHaveCount(4);
  await expect(l.getByTestId("ss-results")).toContainText("Elimination Candidate");
  await expect(l.getByTestId("ss-results")).toContainText("Chosen to ascend");
  await fullShot(l, "secret-sinner-end-phone");

  await host.context.close();
  await gabriel.context.close();
  await lilith.context.close();
  await spectator.close();
});
