// The create-room form as a host reads it on a phone: plain labels and help, no
// internal names or raw JSON, a fitting control per field; the settings chosen
// reach the room.
import { expect, test } from "@playwright/test";
import { expectAccessible, guest, PHONE, shot } from "./helpers";

const GAMES = ["thoths-bluff", "truth-deflector", "truth-wars", "five-fold-possession", "secret-sinner"];

test("every game's create-room form speaks plainly, on a phone", async ({ browser }) => {
  const host = await guest(browser, "Host Hana", "/", PHONE);
  for (const gameId of GAMES) {
    await host.page.goto(`/new?game=${gameId}`);
    const formEl = host.page.getByTestId("create-room-form");
    await expect(formEl).toBeVisible();
    const text = await formEl.innerText();
    // no camelCase keys (wrapAdd, roundEnd, pairTrace …) and no raw JSON
    expect(text.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g), `${gameId}: internal names`).toBeNull();
    expect(text, `${gameId}: raw JSON`).not.toMatch(/\[\]|\{\}|"[a-z]+":/);
    // only Truth Wars' own headlines are typed as text
    await expect(formEl.locator("textarea")).toHaveCount(gameId === "truth-wars" ? 1 : 0);
    await expectAccessible(host.page, `${gameId}-create-room`);
    await shot(host.page, `create-room-${gameId}-phone`, true);
  }
  await host.context.close();
});

test("settings chosen in the form reach the room", async ({ browser }) => {
  const host = await guest(browser, "Host Hana", "/", PHONE);
  await host.page.goto("/new?game=thoths-bluff");
  const formEl = host.page.getByTestId("create-room-form");
  await formEl.getByLabel("Rolling").fill("90");
  await formEl.getByLabel(/^Flip:/).uncheck();
  await formEl.getByLabel("A non-wrapping tool past a die's end").selectOption({ label: "Refuse the rig" });
  await formEl.getByRole("radio", { name: "A draw" }).check();
  await host.page.getByTestId("create-room").click();
  await host.page.waitForURL(/\/r\/[A-Z0-9]{6}\/host$/);
  const code = /\/r\/([A-Z0-9]{6})\/host$/.exec(host.page.url())![1]!;

  const player = await guest(browser, "Pia", `/r/${code}`, PHONE);
  await player.page.getByTestId("take-seat").click();
  await host.page.getByTestId("start-game").click();
  await host.page.getByTestId("host-pause").click();
  await host.page.getByText("Phase lengths").click();
  await expect(host.page.getByLabel("Rolling")).toHaveValue("90");
  await expect(host.page.getByLabel("Rigging")).toHaveValue("60");
  await host.context.close();
  await player.context.close();
});
