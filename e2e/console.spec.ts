import { expect, test } from "@playwright/test";
import { createRoom, guest, joinAndSit, shot } from "./helpers";

test("host console: pause, extend, announce; a closed chat says why; a delayed spectator stays behind; the finished game replays step by step", async ({ browser }) => {
  const host = await guest(browser, "Host Hal", "/");
  // Secret Sinner closes table talk during its rounds: a rule-closed chat to look at.
  const code = await createRoom(host.page, "secret-sinner", async (p) => {
    await p.locator('input[name="seats"]').fill("9");
    await p.getByTestId("create-spectator-mode").selectOption("1");
  });
  const player = await guest(browser, "Pat", `/r/${code}`);
  await joinAndSit(player.page, code);
  const specContext = await browser.newContext();
  const spec = await specContext.newPage();
  await spec.goto(`/r/${code}/watch`);

  await host.page.getByTestId("start-game").click();
  await expect(player.page.getByTestId("phase-name")).not.toContainText("Lobby");

  // the host's clock commands reach the player
  await host.page.getByTestId("host-pause").click();
  await expect(player.page.getByTestId("countdown")).toContainText("paused");
  await host.page.getByTestId("host-extend").click();
  await host.page.getByTestId("host-resume").click();
  await host.page.getByTestId("announce-input").fill("Welcome to the table");
  await host.page.getByTestId("announce-send").click();
  await expect(player.page.getByTestId("announcement")).toContainText("Welcome to the table");
  await expect(player.page.getByTestId("notices")).toContainText("The host extended");

  // past the briefing, the rules close table talk during rounds: the composer says why, and the confessional is open
  await host.page.getByTestId("host-advance").click();
  await expect(player.page.getByTestId("phase-name")).toContainText("Round 1");
  await player.page.getByTestId("chat-tab-public").click();
  await expect(player.page.getByTestId("chat-closed")).toBeVisible();
  await player.page.getByTestId("chat-tab-confessional:s1").click();
  await player.page.getByTestId("chat-input").fill("Host, a question about queries");
  await player.page.getByTestId("chat-send").click();
  await expect(player.page.getByTestId("chat-messages")).toContainText("a question about queries");
  await host.page.getByTestId("chat-tab-confessional:s1").click();
  await expect(host.page.getByTestId("chat-messages")).toContainText("a question about queries");

  // move the game on a few phases; the delayed spectator stays a phase behind
  for (let i = 0; i < 3; i++) {
    const before = await host.page.getByTestId("phase-name").innerText();
    await host.page.getByTestId("host-advance").click();
    await expect(host.page.getByTestId("phase-name")).not.toHaveText(before);
  }
  const hostPhase = await host.page.getByTestId("phase-name").innerText();
  await expect(spec.getByTestId("spectator-mode-note")).toContainText("1 phase behind");
  await expect(spec.getByTestId("phase-name")).not.toHaveText(hostPhase);
  await shot(spec, "spectator-delayed");

  // audit log lists the commands
  await host.page.getByTestId("audit-toggle").click();
  await host.page.getByTestId("audit-search").fill("announce");
  await expect(host.page.getByTestId("audit-log")).toContainText("Welcome to the table");
  await shot(host.page, "host-console-audit");

  // end the game; the players replay it step by step as themselves or the public, the host as anyone
  await host.page.getByLabel("Reason to end the game early").fill("Demo over");
  await host.page.getByRole("button", { name: "End game" }).click();
  await host.page.getByRole("button", { name: "Yes, end the game" }).click();
  await expect(player.page.getByTestId("end-screen")).toContainText("Demo over");
  await player.page.getByTestId("replay-link").click();
  await expect(player.page.getByTestId("replay")).toBeVisible();
  const last = await player.page.getByTestId("replay-step").innerText();
  await player.page.getByTestId("replay-prev").click();
  await expect(player.page.getByTestId("replay-step")).not.toHaveText(last);
  // this room does not reveal everything at the end: no all-seeing view for a player
  await expect(player.page.getByTestId("replay-viewer").locator("option")).toHaveText(["Pat (seat 1)", "Public (spectator)"]);
  await player.page.getByTestId("replay-viewer").selectOption("spectator");
  await player.page.getByTestId("replay-next").click();
  await expect(player.page.getByTestId("replay-step")).toHaveText(last);
  await expect(player.page.getByTestId("replay-line")).toContainText("end");
  await shot(player.page, "replay");
  await host.page.goto(player.page.url());
  await host.page.getByTestId("replay-viewer").selectOption("host");
  await expect(host.page.getByTestId("replay-line")).toContainText("end");
  await host.context.close();
  await player.context.close();
  await specContext.close();
});
