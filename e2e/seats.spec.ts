import { expect, test, type Page } from "@playwright/test";
import { createRoom, expectAccessible, guest, PHONE, shot } from "./helpers";

/** Ends the phase under way from the host's console and waits until the room has moved on. */
async function advance(host: Page): Promise<void> {
  const before = await host.getByTestId("phase-name").innerText();
  await host.getByTestId("host-advance").click();
  await expect(async () => {
    const over = await host.getByTestId("end-screen").count();
    expect(over > 0 || (await host.getByTestId("phase-name").innerText()) !== before).toBe(true);
  }).toPass();
}

test("a bot plays for a player who keeps their name in history, end screen and replay; the host hands the seat back and lets a watcher take an open one", async ({ browser }) => {
  test.setTimeout(420_000);
  // half-hour phases: every phase here ends because the host ends it, never by a clock on a busy machine
  const host = await guest(browser, "Hana Host");
  const code = await createRoom(host.page, "thoths-bluff", async (page) => {
    await page.locator('input[name="startingHealth"]').fill("3");
    for (const p of ["rolling", "rigging", "action"]) await page.locator(`input[name="phaseSeconds.${p}"]`).fill("1800");
  });
  const ada = await guest(browser, "Ada", `/r/${code}`, PHONE);
  const bo = await guest(browser, "Bo", `/r/${code}`, PHONE);
  for (const p of [ada.page, bo.page]) {
    await p.getByTestId("take-seat").click();
    await expect(p.getByTestId("seated")).toBeVisible();
  }
  await host.page.getByTestId("start-game").click();
  await expect(ada.page.getByTestId("phase-name")).toContainText("Round 1");

  // the host lets a bot play for Ada: she keeps her seat and her name, and her page says so
  await host.page.getByTestId("bot-for-s1").click();
  await expect(host.page.getByTestId("host-seat-s1")).toContainText("Bot for Ada");
  await expect(ada.page.getByTestId("bot-plays-for-you")).toContainText("round 1");
  await shot(ada.page, "seat-bot-plays-for-you-phone");
  await advance(host.page);
  // and hands it back
  await host.page.getByTestId("give-back-s1").click();
  await expect(ada.page.getByTestId("bot-plays-for-you")).toHaveCount(0);
  await expect(host.page.getByTestId("host-seat-s1")).not.toContainText("Bot for");

  // Bo leaves the table: the host removes him, and a watcher asks for the open seat
  await host.page.getByTestId("remove-s2").click();
  await expect(bo.page.getByTestId("room-spectator")).toBeVisible();
  const cy = await guest(browser, "Cy", `/r/${code}`, PHONE);
  await cy.page.getByTestId("ask-for-seat").click();
  await expect(cy.page.getByTestId("seat-asked")).toContainText("seat 2");
  await expect(host.page.getByTestId("seat-requests")).toContainText("Cy asks for seat 2");
  await expectAccessible(host.page, "host-console-seat-request");
  await shot(host.page, "host-console-seat-request");
  await host.page.getByTestId("approve-s2").click();
  await expect(cy.page.getByTestId("room-player")).toBeVisible();
  await expect(host.page.getByTestId("host-seat-s2")).toContainText("Cy");

  // a bot plays for Ada again until the end; the host ends phase after phase
  await host.page.getByTestId("bot-for-s1").click();
  await expect(ada.page.getByTestId("bot-plays-for-you")).toBeVisible();
  for (let i = 0; i < 60 && (await host.page.getByTestId("end-screen").count()) === 0; i++) await advance(host.page);
  await expect(ada.page.getByTestId("end-screen")).toBeVisible();
  // results credit the people: nobody is called a bot on the end screen
  await expect(ada.page.getByTestId("end-screen")).toContainText(/Ada|Cy/);
  await expect(ada.page.getByTestId("end-screen")).not.toContainText(/Bot \d/);
  await shot(ada.page, "seat-end-screen-phone", true);

  // the log keeps who played each move: Ada herself, then "Bot for Ada"; Bo, then Cy
  const log = (await (await host.page.request.get(`/api/rooms/${code}/log.json`)).json()) as { events: { line: string }[] };
  const lines = log.events.map((e) => e.line);
  expect(lines).toContain("A bot now plays for Ada (seat 1)");
  expect(lines).toContain("Ada plays seat 1 again");
  expect(lines.some((l) => l.startsWith("Bot for Ada: "))).toBe(true);
  expect(lines).toContain("The host removed Bo from seat 2; the seat is open");
  expect(lines).toContain("Cy asked the host for seat 2");
  expect(lines).toContain("Cy took seat 2");
  expect(lines.join("\n")).not.toMatch(/\bs[12]\b/);
  // and the replay, as the public sees it, names people too
  await ada.page.goto(`/r/${code}/replay`);
  await expect(ada.page.getByTestId("replay-line")).not.toContainText(/\bs[12]\b/);
  await expect(ada.page.getByTestId("end-screen")).not.toContainText(/Bot \d/);
  for (const c of [host, ada, bo, cy]) await c.context.close();
});
