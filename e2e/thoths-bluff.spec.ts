// The platform's acceptance test: a host creates a short Thoth's Bluff game from the
// form, two players join from the lobby's link in their own browsers, a spectator
// watches, the host drives the clock, and the players click through whole rounds
// (rolls, a bluff, a rig, a challenge, plans) until the end screen.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createRoom, guest, SHOTS_DIR } from "./helpers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = SHOTS_DIR;

const dash = (page: Page) => page.getByTestId("tb-dashboard");

/** "round:phase:done" as the dashboard reports it. */
async function where(page: Page): Promise<string> {
  const d = dash(page);
  if (!(await d.isVisible())) return "none";
  const [round, phase, done] = await Promise.all([d.getAttribute("data-round"), d.getAttribute("data-phase"), d.getAttribute("data-done")]);
  return `${round}:${phase}:${done}`;
}

async function phaseOf(page: Page): Promise<string> {
  return (await dash(page).getAttribute("data-phase")) ?? "";
}

async function expectPhase(page: Page, round: number, phase: string) {
  await expect(dash(page)).toHaveAttribute("data-phase", phase);
  await expect(dash(page)).toHaveAttribute("data-round", String(round));
}

/** The seconds left on the status bar's countdown. */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId("countdown").innerText()).trim();
  const m = /(\d+):(\d\d)/.exec(text);
  if (!m) throw new Error(`no time in "${text}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Clicks a control and waits until the dashboard's state or the given list grows. */
async function clickAndSettle(page: Page, button: Locator, grows: Locator) {
  const before = await grows.count();
  await button.click();
  await expect.poll(() => grows.count()).toBeGreaterThan(before);
}

/** Presses Done and waits for the server to take it (done, or the next phase already). */
async function pressDone(page: Page) {
  const before = await where(page);
  await page.getByTestId("tb-done").click();
  await expect.poll(() => where(page)).not.toBe(before);
}

async function firstEnabled(list: Locator): Promise<Locator | null> {
  const n = await list.count();
  for (let i = 0; i < n; i++) {
    const b = list.nth(i);
    if (await b.isEnabled()) return b;
  }
  return null;
}

/** One player's whole part of the phase under way, played plainly: roll what can be rolled, keep rigs simple, send a die. */
async function playPhase(page: Page, prefer: "short" | "long", at: string) {
  // this page may not have been told of the phase yet
  await expect.poll(() => where(page)).toMatch(new RegExp(`^${at}:`));
  const [round, phase, done] = (await where(page)).split(":");
  if (done === "true" || !["rolling", "rigging", "action"].includes(phase ?? "")) return;
  if (phase === "rolling") {
    const rolls = page.getByTestId("my-rolls").getByTestId("roll-entry");
    for (;;) {
      const b = await firstEnabled(page.getByTestId(/^roll-d\d+$/));
      if (!b) break;
      await clickAndSettle(page, b, rolls);
    }
  }
  if (phase === "action") {
    const order = prefer === "short" ? ["short", "medium", "long"] : ["long", "medium", "short"];
    for (const slot of order) {
      const card = page.getByTestId(`action-${slot}`);
      if (!(await card.isVisible())) continue;
      const b = await firstEnabled(card.getByTestId(new RegExp(`^assign-${slot}-d\\d+$`)));
      if (!b) continue;
      await b.click();
      await expect(b).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByTestId("plan-status")).toContainText("Saved");
      break;
    }
  }
  if ((await where(page)).startsWith(`${round}:${phase}:false`)) await pressDone(page);
}

/** The spectator sees public information only: no bluff marker, no private panel, no controls. */
async function expectPublicOnly(spectator: Page) {
  await expect(spectator.getByTestId("room-spectator")).toBeVisible();
  await expect(spectator.getByTestId("bluff-marker")).toHaveCount(0);
  await expect(spectator.locator('[data-testid^="seat-panel-"]')).toHaveCount(0);
  await expect(spectator.getByTestId("private-notes")).toHaveCount(0);
  await expect(spectator.getByTestId("tb-done")).toHaveCount(0);
  await expect(spectator.getByTestId("my-dice")).toHaveCount(0);
  await expect(spectator.getByTestId("host-panel")).toHaveCount(0);
  await expect(spectator.locator("body")).not.toContainText("· private");
  await expect(spectator.locator("body")).not.toContainText("(secret)");
}

test("Thoth's Bluff: host, two players and a spectator play a short game to the end", async ({ browser }) => {
  test.setTimeout(420_000);

  // ---- the host creates the room from the form: 3 health, half-hour phases — every phase here
  // ends by both players pressing Done or the host ending it, never by a clock on a busy machine
  const host = await guest(browser, "Hana Host");
  await host.page.setViewportSize(DESKTOP);
  const code = await createRoom(host.page, "thoths-bluff", async (page) => {
    await page.locator('input[name="startingHealth"]').fill("3");
    for (const p of ["rolling", "rigging", "action"]) await page.locator(`input[name="phaseSeconds.${p}"]`).fill("1800");
  });
  const joinLink = host.page.getByTestId("join-link");
  await expect(joinLink).toHaveValue(new RegExp(`/r/${code}$`));
  const link = await joinLink.inputValue();

  // ---- two players join from that link, each in a browser context of their own, on phones
  const ada = await guest(browser, "Ada");
  const bo = await guest(browser, "Bo");
  // Bo's phone is in dark mode (the page picks the system scheme on load)
  await bo.page.emulateMedia({ colorScheme: "dark" });
  for (const p of [ada.page, bo.page]) {
    await p.setViewportSize(PHONE);
    await p.goto(link);
    await p.getByTestId("take-seat").click();
    await expect(p.getByTestId("seated")).toBeVisible();
  }

  // ---- a spectator (not signed in) watches
  const specContext = await browser.newContext({ viewport: DESKTOP });
  const spectator = await specContext.newPage();
  await spectator.goto(`/r/${code}/watch`);
  await expect(spectator.getByTestId("room-spectator")).toBeVisible();

  // ---- the host starts: both seats are taken by real players
  await expect(host.page.getByTestId("start-game")).toBeEnabled();
  await host.page.getByTestId("start-game").click();
  for (const p of [ada.page, bo.page, spectator, host.page]) await expectPhase(p, 1, "rolling");
  await expect(ada.page.getByTestId("you-owe")).toBeVisible();
  await expect(ada.page.getByTestId("tb-owe")).toContainText("Roll");

  // ================= round 1, rolling
  // Ada rolls three dice, then bluffs her d6 to a 6 (warned first that only bluffs remain)
  const adaRolls = ada.page.getByTestId("my-rolls").getByTestId("roll-entry");
  for (const d of ["d4", "d8", "d12"]) await clickAndSettle(ada.page, ada.page.getByTestId(`roll-${d}`), adaRolls);
  await expect(ada.page.getByTestId("roll-d4")).toBeDisabled();
  await expect(ada.page.getByTestId("rolling-row-d4")).toContainText("already rolled");
  await ada.page.getByTestId("bluff-d6").click();
  await expect(ada.page.getByTestId("bluff-warning")).toBeVisible();
  await ada.page.getByTestId("bluff-value-6").click();
  await expect(ada.page.getByTestId("bluff-confirm")).toHaveText("Bluff d6 → 6");
  await ada.page.screenshot({ path: `${SHOTS}/thoths-bluff-player-bluff.png`, fullPage: true });
  await clickAndSettle(ada.page, ada.page.getByTestId("bluff-confirm"), adaRolls);
  await expect(ada.page.getByTestId("bluffing-note")).toBeVisible();
  await expect(ada.page.getByTestId("my-rolls").getByTestId("bluff-marker")).toHaveCount(1);
  // after a bluff, a normal roll is disabled with the reason, a bluff is still possible
  await expect(ada.page.getByTestId("roll-d20")).toBeDisabled();
  await expect(ada.page.getByTestId("rolling-row-d20")).toContainText("cannot roll normally");
  await expect(ada.page.getByTestId("bluff-d20")).toBeEnabled();
  await ada.page.screenshot({ path: `${SHOTS}/thoths-bluff-player-rolling.png`, fullPage: true });

  // Bo rolls all five dice normally, the first one from the keyboard
  const boRolls = bo.page.getByTestId("my-rolls").getByTestId("roll-entry");
  await bo.page.getByTestId("roll-d4").focus();
  await bo.page.keyboard.press("Enter");
  await expect(boRolls).toHaveCount(1);
  for (const d of ["d6", "d8", "d12", "d20"]) await clickAndSettle(bo.page, bo.page.getByTestId(`roll-${d}`), boRolls);
  await expect(bo.page.getByTestId("bluff-marker")).toHaveCount(0);

  // the spectator sees no rolls yet, and certainly no bluff
  await expect(spectator.getByTestId("public-rolls")).toContainText("revealed when the rolling phase ends");
  await expectPublicOnly(spectator);

  // the host pauses: the players' status bars say so; then resumes and extends
  await host.page.getByTestId("host-pause").click();
  await expect(ada.page.getByTestId("status-bar")).toContainText("paused");
  await expect(bo.page.getByTestId("status-bar")).toContainText("paused");
  await ada.page.screenshot({ path: `${SHOTS}/thoths-bluff-player-paused.png` });
  await host.page.getByTestId("host-resume").click();
  await expect(ada.page.getByTestId("status-bar")).not.toContainText("paused");
  const before = await secondsLeft(ada.page);
  await host.page.getByTestId("host-extend").click();
  await expect.poll(() => secondsLeft(ada.page)).toBeGreaterThan(before + 20);

  // Ada is done; Bo dawdles, so the host ends the phase now
  await pressDone(ada.page);
  await expect(ada.page.getByTestId("tb-owe")).toContainText("waiting for Bo");
  await expect(host.page.getByTestId("host-waiting")).toContainText("Bo");
  await host.page.getByTestId("host-advance").click();
  for (const p of [ada.page, bo.page, spectator, host.page]) await expectPhase(p, 1, "rigging");

  // ================= round 1, rigging
  // Both players' rolls are now public: 4 of Ada's and 5 of Bo's, the bluff looking like a roll
  await expect(spectator.getByTestId("public-rolls").getByTestId("roll-entry")).toHaveCount(9);
  await expectPublicOnly(spectator);
  await expect(bo.page.getByTestId("opponent-rolls").getByTestId("roll-entry")).toHaveCount(4);
  await expect(bo.page.getByTestId("bluff-marker")).toHaveCount(0);
  await expect(ada.page.getByTestId("public-rolls").getByTestId("bluff-marker")).toHaveCount(1);
  // the host sees both private panels, Ada's bluff marked
  await expect(host.page.getByTestId("seat-panel-s1")).toBeVisible();
  await expect(host.page.getByTestId("seat-panel-s2")).toBeVisible();
  await expect(host.page.getByTestId("bluff-marker").first()).toBeVisible();
  await host.page.screenshot({ path: `${SHOTS}/thoths-bluff-host.png`, fullPage: true });
  await spectator.screenshot({ path: `${SHOTS}/thoths-bluff-spectator.png`, fullPage: true });

  // Ada rigs her d12 with this round's first tool, spending the first die she may
  await ada.page.locator('[data-testid^="tool-"]').first().click();
  await ada.page.getByTestId("primary-d12").click();
  const secondary = await firstEnabled(ada.page.locator('[data-testid^="secondary-"]'));
  expect(secondary).not.toBeNull();
  await secondary!.click();
  await expect(ada.page.getByTestId("rig-preview")).toContainText("becomes unrolled");
  await expect(ada.page.getByTestId("rig-apply")).toBeEnabled();
  await ada.page.screenshot({ path: `${SHOTS}/thoths-bluff-player-rigging.png`, fullPage: true });
  await ada.page.getByTestId("rig-apply").click();
  await expect(ada.page.getByTestId("my-rigs").locator("li")).toHaveCount(1);
  await pressDone(ada.page);

  // Bo challenges, wagering his d6, withdraws, challenges again with his d8, moves the wager to his d4, and is done
  await expect(bo.page.getByTestId("withdraw-challenge")).toBeDisabled();
  await bo.page.getByTestId("wager-d6").click();
  await expect(bo.page.getByTestId("challenge-status")).toContainText("wagering your d6");
  await bo.page.getByTestId("withdraw-challenge").click();
  await expect(bo.page.getByTestId("challenge-status")).toHaveText("No challenge.");
  await bo.page.getByTestId("wager-d8").click();
  await expect(bo.page.getByTestId("challenge-status")).toContainText("wagering your d8");
  await bo.page.getByTestId("wager-d4").click();
  await expect(bo.page.getByTestId("challenge-status")).toContainText("wagering your d4");
  await expect(bo.page.getByTestId("withdraw-challenge")).toBeEnabled();
  await bo.page.getByTestId("challenge").scrollIntoViewIfNeeded();
  await bo.page.screenshot({ path: `${SHOTS}/thoths-bluff-player-challenge-dark.png` });
  await pressDone(bo.page);
  for (const p of [ada.page, bo.page, spectator]) await expectPhase(p, 1, "action");

  // ================= round 1, action
  // Bo's challenge was right (Ada bluffed): her d4 is now removed
  await expect(ada.page.getByTestId("my-dice").getByTestId("die-d4")).toHaveAttribute("data-status", "removed");
  // Ada sends her first die that the short action takes; the plan is checked and saved as she clicks
  await expect(ada.page.getByTestId("plan-status")).toContainText("No dice planned");
  const pick = await firstEnabled(ada.page.getByTestId("action-short").getByTestId(/^assign-short-d\d+$/));
  if (pick) {
    await pick.click();
    await expect(pick).toHaveAttribute("aria-pressed", "true");
    await expect(ada.page.getByTestId("plan-status")).toContainText("Saved: short:");
    await expect(ada.page.getByTestId("tb-owe")).toContainText("Plan saved");
    await expect(ada.page.getByTestId("projection-short")).toContainText("with 1/1 dice");
  }
  await ada.page.screenshot({ path: `${SHOTS}/thoths-bluff-player-action.png`, fullPage: true });
  await pressDone(ada.page);
  await expect(ada.page.getByTestId("tb-owe")).toContainText("waiting for Bo");
  await playPhase(bo.page, "long", "1:action");
  for (const p of [ada.page, bo.page, spectator]) await expect(dash(p)).not.toHaveAttribute("data-round", "1");

  // the spectator's record of round 1: the challenge and both health values, still public only
  const r1 = spectator.getByTestId("history-round-1");
  await expect(r1).toContainText("Bo challenged Ada, wagering the d4: right");
  await expectPublicOnly(spectator);

  // ================= later rounds: plain play until the game is over
  for (let guard = 0; guard < 60; guard++) {
    const phase = await phaseOf(ada.page);
    if (phase === "finished") break;
    if (phase === "tiebreak") {
      await host.page.getByTestId("pick-winner-s1").click();
      break;
    }
    const at = (await where(ada.page)).split(":").slice(0, 2).join(":");
    if (phase === "rigging" && (await ada.page.getByTestId("recovery-save").isVisible())) {
      // Ada lost her d4 to the challenge: she lists it for recovery
      await ada.page.getByTestId("recovery-save").click();
      await expect(ada.page.getByTestId("recovery")).toContainText("Your list is saved.");
      await ada.page.screenshot({ path: `${SHOTS}/thoths-bluff-player-recovery.png`, fullPage: true });
    }
    await playPhase(ada.page, "short", at);
    await playPhase(bo.page, "long", at);
    await expectPublicOnly(spectator);
    await expect.poll(async () => (await where(ada.page)).split(":").slice(0, 2).join(":")).not.toBe(at);
  }

  // ---- the end screen, for both players, the host and the spectator
  for (const p of [ada.page, bo.page, spectator, host.page]) {
    await expect(p.getByTestId("end-screen")).toBeVisible();
    await expect(dash(p)).toHaveAttribute("data-phase", "finished");
  }
  await expect(ada.page.getByTestId("tb-owe")).toContainText("The game is over");
  await expect(spectator.getByTestId("history-round-1")).toBeVisible();
  await expectPublicOnly(spectator);
  await ada.page.screenshot({ path: `${SHOTS}/thoths-bluff-end.png`, fullPage: true });
  await spectator.screenshot({ path: `${SHOTS}/thoths-bluff-spectator-end.png`, fullPage: true });

  for (const c of [host.context, ada.context, bo.context, specContext]) await c.close();
});
