// Truth Deflector in real browsers: a host, two players (one on a phone), nine
// bots and a spectator play a three-round game to the end screen.
import { expect, test, type Page } from "@playwright/test";
import { createRoom, guest, joinAndSit, SHOTS_DIR, watchPayloads } from "./helpers";

const ROUNDS = 3;
const shots = SHOTS_DIR;

/** Keys that only a seat (its own) or the host may ever receive. */
const SECRET_KEYS = ['"secret":', '"claim":', '"truthDeflector":', '"tdAfter":', '"subs":', '"choices":', '"submission":', '"garnets":', '"wisdom":'];

async function roundLabel(page: Page): Promise<string> {
  return ((await page.getByTestId("td-round").textContent()) ?? "").trim();
}

/** The round a page shows, or null once the rounds are over. */
async function currentRound(page: Page): Promise<number | null> {
  const m = /^Round (\d+) of/.exec(await roundLabel(page));
  return m ? Number(m[1]) : null;
}

/** Waits for the round to move on by itself; if it does not, the host ends the phase. */
async function closeRound(host: Page, round: number) {
  const label = `Round ${round} of ${ROUNDS}`;
  try {
    await expect(host.getByTestId("td-round")).not.toContainText(label, { timeout: 4_000 });
  } catch {
    await host.getByTestId("host-advance").click();
    await expect(host.getByTestId("td-round")).not.toContainText(label);
  }
}

/** An eliminated player passes (or just locks in nothing) so the round is not held up. */
async function passIfOut(page: Page): Promise<boolean> {
  if (!(await page.getByTestId("td-eliminated-note").isVisible())) return false;
  await expect(page.getByTestId("td-submit")).toHaveText("Pass this round");
  await page.getByTestId("td-submit").click();
  await expect(page.getByTestId("td-owe")).not.toContainText("eliminated: you can still");
  return true;
}

/** Locks in; the last one to lock in ends the round, so either the page says so or the round moves on. */
async function lockIn(page: Page, round: number) {
  await expect(page.getByTestId("td-problem")).toHaveCount(0);
  await page.getByTestId("td-submit").click();
  await expect
    .poll(async () => {
      if (!(await roundLabel(page)).startsWith(`Round ${round} of`)) return "round over";
      if (await page.getByTestId("td-locked").isVisible()) return (await page.getByTestId("td-owe").textContent()) ?? "";
      return "waiting";
    })
    .toMatch(/^(round over|Submitted — you can still change it until the timer ends\.)$/);
}

test("two players, nine bots, a host and a spectator play Truth Deflector to the end", async ({ browser }) => {
  test.setTimeout(240_000);

  const host = await guest(browser, "Hana");
  await host.page.setViewportSize({ width: 1280, height: 900 });
  const code = await createRoom(host.page, "truth-deflector", async (p) => {
    await p.locator('[id="rounds"]').fill(String(ROUNDS));
    await p.locator('[id="phaseSeconds.round"]').fill("60");
  });

  const ada = await guest(browser, "Ada", `/r/${code}`);
  await ada.page.setViewportSize({ width: 390, height: 844 });
  const ben = await guest(browser, "Ben", `/r/${code}`);
  await ben.page.setViewportSize({ width: 1280, height: 900 });
  // Ben plays in the dark theme.
  await ben.page.evaluate(() => localStorage.setItem("garnet-theme", "dark"));
  await joinAndSit(ada.page, code);
  await joinAndSit(ben.page, code);

  // The spectator is not signed in; every payload a spectator is sent is kept.
  const specContext = await browser.newContext({ viewport: { width: 1024, height: 900 } });
  const spec = await specContext.newPage();
  const spectatorFeed = await watchPayloads(specContext, code, { spectate: true });
  await spec.goto(`/r/${code}/watch`);
  await expect(spec.getByTestId("room-spectator")).toBeVisible();

  await host.page.getByTestId("start-game").click();
  for (const p of [host.page, ada.page, ben.page, spec]) await expect(p.getByTestId("td-dashboard")).toBeVisible();
  await expect(host.page.getByTestId("td-host-submissions").locator("tbody tr")).toHaveCount(11);

  // ---- Round 1: Ada lies (and sees it first), Ben plays honest.
  const a = ada.page;
  await expect(a.getByTestId("td-owe")).toHaveText("Choose your claim and secret trait, then lock in.");
  await expect(a.getByTestId("td-round")).toContainText(`Round 1 of ${ROUNDS}`);
  await a.getByTestId("td-claim-Courage").check();
  await a.getByTestId("td-secret-Wisdom").check();
  await expect(a.getByTestId("td-consequence")).toContainText("This makes you a Truth Deflector.");
  await expect(a.getByTestId("td-consequence")).toContainText("number of players who claim Power plus the number who claim Courage");
  await expect(a.getByTestId("td-problem")).toContainText("Wisdom should trace");
  await expect(a.getByTestId("td-submit")).toBeDisabled();
  await a.getByTestId("td-wisdom-claimed").selectOption("Courage");
  await a.getByTestId("td-wisdom-submitted").selectOption("Wisdom");
  const targets = a.locator('input[data-testid^="td-challenge-"]');
  await expect(targets).toHaveCount(10);
  await targets.nth(0).check();
  await targets.nth(1).check();
  await expect(targets.nth(2)).toBeDisabled();
  await expect(a.getByText("You challenge 2 players, the most allowed")).toBeVisible();
  await a.screenshot({ path: `${shots}/truth-deflector-player-phone-choosing.png`, fullPage: true });
  await lockIn(a, 1);
  // Changing one's mind is allowed until the round ends.
  await targets.nth(1).uncheck();
  await expect(a.getByTestId("td-submit")).toHaveText("Update my submission");
  await lockIn(a, 1);
  await expect(a.getByTestId("td-owe")).toHaveText("Submitted — you can still change it until the timer ends.");

  // The host sees Ada's secret and what it does; the spectator sees only that she locked in.
  const adaRow = host.page.getByTestId(/^td-host-row-/).filter({ has: host.page.getByRole("rowheader", { name: "Ada", exact: true }) });
  await expect(adaRow).toContainText("Wisdom");
  await expect(adaRow).toContainText("lie · becomes TD");
  await expect(spec.getByTestId("td-players").locator("li").filter({ hasText: "Ada" })).toContainText("ready");
  await host.page.screenshot({ path: `${shots}/truth-deflector-host-desktop-round1.png`, fullPage: true });

  const b = ben.page;
  await b.getByTestId("td-claim-Power").check();
  await b.getByTestId("td-secret-Power").check();
  await expect(b.getByTestId("td-consequence")).toContainText("You will not be a Truth Deflector after this round.");
  await lockIn(b, 1);
  await closeRound(host.page, 1);

  // After round 1: counts are public, Ada's own score and status are hers alone.
  await expect(a.getByTestId("td-my-rounds").locator("tbody")).toHaveCount(1);
  await expect(a.getByTestId("td-my-status")).toHaveText("you are a Truth Deflector");
  await expect(a.getByTestId("td-wisdom-answer")).toContainText("claimed Courage, submitted Wisdom");
  await expect(spec.getByTestId("td-history-round-1")).toBeVisible();

  // ---- Rounds 2 and on: whatever round the game is in, both humans play it.
  for (let guard = 0; guard < ROUNDS + 2; guard++) {
    const round = await currentRound(host.page);
    if (round === null) break;
    await expect(a.getByTestId("td-round")).toContainText(`Round ${round} of`);
    await expect(b.getByTestId("td-round")).toContainText(`Round ${round} of`);

    if (!(await passIfOut(a))) {
      if (round === 2) {
        // Ada pays to cleanse and plays honest: the preview says she will be clear.
        const cleanse = a.getByTestId("td-cleanse");
        if (await cleanse.isEnabled()) {
          await cleanse.check();
          await expect(a.getByText("lose Truth Deflector status")).toBeVisible();
        }
        await a.getByTestId("td-claim-Power").check();
        await a.getByTestId("td-secret-Power").check();
        if (await cleanse.isChecked()) await expect(a.getByTestId("td-consequence")).toContainText("You will not be a Truth Deflector after this round.");
      } else {
        // By keyboard: the claims are one radio group, arrows move the choice.
        await a.getByTestId("td-claim-Power").focus();
        await a.keyboard.press("ArrowRight");
        await a.keyboard.press("ArrowRight");
        await expect(a.getByTestId("td-claim-Courage")).toBeChecked();
        await a.getByTestId("td-secret-Courage").focus();
        await a.keyboard.press("Space");
        await expect(a.getByTestId("td-secret-Courage")).toBeChecked();
      }
      await lockIn(a, round);
      if (round === 2) {
        await a.screenshot({ path: `${shots}/truth-deflector-player-phone-submitted.png`, fullPage: true });
        await host.page.screenshot({ path: `${shots}/truth-deflector-host-desktop-round2.png`, fullPage: true });
        await spec.screenshot({ path: `${shots}/truth-deflector-spectator-round2.png`, fullPage: true });
      }
    }

    if (round < ROUNDS) {
      if (!(await passIfOut(b))) {
        await b.getByTestId("td-claim-Wisdom").check();
        await b.getByTestId("td-secret-Wisdom").check();
        await b.getByTestId("td-wisdom-claimed").selectOption("Power");
        await b.getByTestId("td-wisdom-submitted").selectOption("Courage");
        if (round === 2) await b.screenshot({ path: `${shots}/truth-deflector-player-desktop-dark-choosing.png`, fullPage: true });
        await lockIn(b, round);
      }
      await closeRound(host.page, round);
    } else {
      // Last round: Ben does not lock in; the host ends the phase and the game picks for him.
      await expect(host.page.getByTestId("host-waiting")).toContainText("Ben");
      await host.page.getByTestId("host-advance").click();
      await expect(host.page.getByTestId("td-round")).toContainText(`${ROUNDS} of ${ROUNDS} rounds played`);
    }
  }

  // ---- The end: if the lowest score is tied, the host names the EC for the winners.
  for (let guard = 0; guard < 20 && !(await host.page.getByTestId("end-screen").isVisible()); guard++) {
    const confirm = host.page.getByTestId("td-ec-confirm");
    if (await confirm.isVisible()) {
      await host.page.locator('input[data-testid^="td-ec-"]').first().check();
      await confirm.click();
    }
    await host.page.waitForTimeout(500);
  }
  for (const p of [host.page, a, b, spec]) {
    await expect(p.getByTestId("end-screen")).toBeVisible();
    await expect(p.getByTestId("td-standings").locator("tbody tr")).toHaveCount(11);
    await expect(p.getByTestId("td-ec")).toContainText("is the Elimination Candidate");
  }
  await expect(b.getByTestId("td-my-rounds")).toContainText("chosen for you");
  await expect(a.getByTestId("td-my-rounds").locator("tbody")).toHaveCount(ROUNDS);

  await a.screenshot({ path: `${shots}/truth-deflector-player-phone-end.png`, fullPage: true });
  await host.page.screenshot({ path: `${shots}/truth-deflector-host-desktop-end.png`, fullPage: true });
  await spec.screenshot({ path: `${shots}/truth-deflector-spectator-end.png`, fullPage: true });

  // ---- The spectator never saw anyone's claim, secret, status, garnets or Wisdom.
  await expect(spec.locator('[data-testid^="td-host"], [data-testid^="td-my"], [data-testid="td-round-form"], [data-testid="td-score"]')).toHaveCount(0);
  // every payload a spectator was sent, rebuilt from whole payloads and the patches on top of them
  spectatorFeed.close();
  const states = spectatorFeed.payloads.map((p) => JSON.stringify(p));
  expect(states.length).toBeGreaterThan(3);
  for (const f of states) {
    for (const k of SECRET_KEYS) expect(f, `a spectator frame holds ${k}`).not.toContain(k);
  }
  expect(states.some((f) => f.includes('"me":null') && f.includes('"host":null'))).toBe(true);
});
