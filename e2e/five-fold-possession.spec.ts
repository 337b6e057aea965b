// Five Fold Possession in real browsers: two seated players and three bots, a
// host and a spectator. The players submit minigames through the dashboard in
// the first rounds; the host then ends the remaining phases; everyone reaches
// the end screen. Neither the spectator nor the other player ever receives or
// shows a seat's role, hand or garnets.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { createRoom, guest, joinAndSit, watchPayloads } from "./helpers";

const GAME = "five-fold-possession";

/** A full-page screenshot into docs/screenshots when SCREENSHOTS=1. */
async function snap(page: Page, name: string, fullPage = false): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({ path: `docs/screenshots/${GAME}-${name}.png`, fullPage });
}

interface Seen {
  role: string;
  you: string | null;
  view: { phase: string; me: { seat: string; hand: number[]; garnets: number; role: string | null } | null; host: unknown; end: unknown } | null;
}

/** The payloads a viewer is sent, rebuilt as the page rebuilds them (see watchPayloads). */
async function recordSeen(context: BrowserContext, code: string, spectate = false): Promise<{ seen: Seen[]; close(): void }> {
  const w = await watchPayloads(context, code, { spectate });
  return { seen: w.payloads as unknown as Seen[], close: w.close };
}

async function phase(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByTestId("phase-name")).toContainText(text);
}

async function openTab(page: Page, id: string): Promise<void> {
  await page.getByTestId(`tab-${id}`).click();
  await expect(page.getByTestId(`tab-${id}`)).toHaveAttribute("aria-selected", "true");
}

/** The opponent chip carrying a player's name. */
function opponent(page: Page, name: string) {
  return page.getByTestId(/^rps-opponent-s\d+$/).filter({ hasText: name });
}

test("two players, three bots, a host and a spectator play Five Fold Possession to the end", async ({ browser }) => {
  test.setTimeout(420_000);

  const host = await guest(browser, "Host Hana");
  await host.page.setViewportSize({ width: 1440, height: 900 });
  const code = await createRoom(host.page, GAME, async (p) => {
    await p.locator('input[name="phaseSeconds.submit"]').fill("240");
    await p.locator('input[name="phaseSeconds.results"]').fill("120");
    await p.locator('input[name="phaseSeconds.final"]').fill("240");
  });

  const ann = await guest(browser, "Ann", `/r/${code}`);
  await ann.page.setViewportSize({ width: 390, height: 844 });
  await joinAndSit(ann.page, code);
  const annWatch = await recordSeen(ann.context, code);
  const annSeen = annWatch.seen;
  const ben = await guest(browser, "Ben", `/r/${code}`);
  await joinAndSit(ben.page, code);
  const benWatch = await recordSeen(ben.context, code);
  const benSeen = benWatch.seen;

  const spectatorContext = await browser.newContext();
  const watch = await spectatorContext.newPage();
  const spectatorWatch = await recordSeen(spectatorContext, code, true);
  const watchSeen = spectatorWatch.seen;
  await watch.goto(`/r/${code}/watch`);
  await expect(watch.getByTestId("room-spectator")).toBeVisible();

  await host.page.getByTestId("start-game").click();
  for (const p of [ann.page, ben.page, watch, host.page]) await phase(p, "Round 1: submissions");

  // ---- Round 1: every minigame through the UI ----
  const a = ann.page;
  const b = ben.page;
  await expect(a.getByTestId("my-role")).toContainText("You are a Player");
  await expect(a.getByTestId("ffp-headline")).toContainText("Play a card in The Median");
  await expect(a.getByTestId("done-button")).toBeDisabled();
  await expect(a.getByTestId("done-blockers")).toContainText("Play a card");
  await expect(a.getByTestId("garnet-balance")).toHaveText("10");

  // Ann: RPS against Ben, betting 1 with rock
  await openTab(a, "mg1");
  await opponent(a, "Ben").click();
  await a.getByTestId("rps-bet-1").click();
  await a.getByTestId("rps-throw-rock").click();
  await expect(a.getByTestId("rps-consequence")).toContainText("lower of the two bets");
  await a.getByTestId("rps-submit").click();
  await expect(a.getByTestId("rps-entry")).toContainText("Ben");
  await expect(a.getByTestId("garnet-committed")).toHaveText("1");

  // Ann: a card
  await openTab(a, "mg2");
  await snap(a, "player-phone-hand");
  await a.getByTestId("card-7").click();
  await expect(a.getByTestId("card-entry")).toContainText("7");
  await expect(a.getByTestId("card-7")).toHaveAttribute("aria-pressed", "true");

  // Ann: Does Greed Succeed, one stone at a time
  await openTab(a, "mg3");
  await a.getByTestId("greed-join").click();
  await expect(a.getByTestId("greed-pot")).toHaveText("1");
  await expect(a.getByTestId("garnet-committed")).toHaveText("2");
  await a.getByTestId("greed-draw").click();
  await expect(a.getByTestId("greed-drawn").locator("li")).toHaveCount(1);
  await expect(a.getByTestId("stone-table")).toBeVisible();
  await snap(a, "player-phone-greed", true);
  if (await a.getByTestId("greed-stop").isEnabled()) await a.getByTestId("greed-stop").click();
  await expect(a.getByTestId("greed-status")).toContainText(/Stopped|Bust/);

  // Ben: RPS against Ann (2, paper), a card and a bid
  await openTab(b, "mg1");
  await opponent(b, "Ann").click();
  await b.getByTestId("rps-bet-2").click();
  await b.getByTestId("rps-throw-paper").click();
  await b.getByTestId("rps-submit").click();
  await expect(b.getByTestId("rps-entry")).toContainText("Ann");
  await openTab(b, "mg2");
  await b.getByTestId("card-3").click();
  await expect(b.getByTestId("card-entry")).toContainText("3");
  await openTab(b, "mg4");
  await b.getByTestId("bid-2").click();
  await expect(b.getByTestId("bid-consequence")).toContainText("pay 2 garnets");
  await b.getByTestId("bid-submit").click();
  await expect(b.getByTestId("bid-entry")).toContainText("2 garnets");

  // each seat sees only its own entries, hand and garnets
  await expect(b.getByTestId("garnet-committed")).toHaveText("4");
  await expect(a.getByTestId("garnet-committed")).toHaveText("2");
  await openTab(b, "mg2");
  await expect(b.getByTestId("card-7")).toHaveAttribute("aria-pressed", "false");
  await expect(b.getByTestId("card-7")).toBeEnabled();
  await openTab(a, "mg2");
  await expect(a.getByTestId("card-3")).toHaveAttribute("aria-pressed", "false");
  await expect(b.getByTestId("my-role")).toHaveCount(1);
  for (const id of ["my-role", "my-hand", "my-garnets", "ffp-owe", "challenge-checklist"]) await expect(watch.getByTestId(id)).toHaveCount(0);
  await expect(watch.getByText(/You are (the|a) /)).toHaveCount(0);
  await expect(watch.getByTestId("round-aliases")).toBeVisible();

  // the host sees every submission in a table
  await expect(host.page.getByTestId("host-submissions")).toContainText("Ann");
  await expect(host.page.getByTestId("host-submissions")).toContainText("Ben");
  await snap(host.page, "host-desktop", true);

  await a.getByTestId("done-button").click();
  await expect(a.getByTestId("done-badge")).toBeVisible();
  await expect(a.getByTestId("ffp-headline")).toContainText("Done");
  await snap(a, "player-phone-done");
  await b.getByTestId("done-button").click();

  // ---- Round 1 results: published by alias, private RPS result ----
  for (const p of [a, b, watch]) await phase(p, "Round 1: results");
  await openTab(a, "mg1");
  await expect(a.getByTestId("rps-private")).toContainText("you lost");
  await openTab(b, "mg1");
  await expect(b.getByTestId("rps-private")).toContainText("you won");
  await expect(watch.getByTestId("results-latest")).toContainText("Round 1 at a glance");
  await snap(watch, "spectator", true);
  await openTab(watch, "mg2");
  await expect(watch.getByTestId("results-mg2")).toContainText("Round 1");
  await expect(watch.getByTestId("results-mg2")).toContainText("7");
  await a.getByTestId("done-button").click();
  await b.getByTestId("done-button").click();

  // ---- Round 2: the identity grid; Ben may not face Ann again ----
  for (const p of [a, b]) await phase(p, "Round 2: submissions");
  await openTab(a, "mg1");
  await expect(opponent(a, "Ben")).toBeDisabled();
  await expect(opponent(a, "Ben")).toHaveAttribute("title", /round 1/);
  await openTab(a, "mg5");
  await expect(a.getByTestId("identity-form")).toContainText("round 1");
  await expect(a.getByTestId("id-guess-submit")).toBeDisabled();
  for (let i = 0; i < 5; i++) await a.getByTestId(`id-guess-${i}-s${i + 1}`).click();
  await snap(a, "player-phone-identity", true);
  await a.getByTestId("id-guess-submit").click();
  await expect(a.getByTestId("identity-entry")).toBeVisible();
  await openTab(a, "mg2");
  await a.getByTestId("card-8").click();
  await expect(a.getByTestId("card-entry")).toContainText("8");
  await openTab(b, "mg3");
  await b.getByTestId("greed-join").click();
  await b.getByTestId("greed-draw").click();
  await expect(b.getByTestId("greed-drawn").locator("li")).toHaveCount(1);
  if (await b.getByTestId("greed-stop").isEnabled()) await b.getByTestId("greed-stop").click();
  await openTab(b, "mg2");
  await b.getByTestId("card-4").click();
  await expect(b.getByTestId("card-entry")).toContainText("4");
  await a.getByTestId("done-button").click();
  await b.getByTestId("done-button").click();
  for (const p of [a, b]) await phase(p, "Round 2: results");
  await a.getByTestId("done-button").click();
  await b.getByTestId("done-button").click();

  // ---- Round 3: a role guess about round 2; the possessed's checklist and stone ignore ----
  for (const p of [a, b]) await phase(p, "Round 3: submissions");
  const possessed = (await a.getByTestId("my-role").getAttribute("data-role")) === "possessed";
  await expect(a.getByTestId("challenge-checklist")).toHaveCount(possessed ? 1 : 0);
  await openTab(a, "mg3");
  await a.getByTestId("greed-join").click();
  await a.getByTestId("greed-draw").click();
  await expect(a.getByTestId("greed-drawn").locator("li")).toHaveCount(1);
  if (possessed) {
    await a.getByTestId("greed-ignore").click();
    await expect(a.getByTestId("greed-drawn")).toContainText("(ignored)");
    await expect(a.getByTestId("greed-ignore")).toBeDisabled();
  } else {
    await expect(a.getByTestId("greed-ignore")).toHaveCount(0);
  }
  await openTab(a, "roles");
  const names = a.getByTestId(/^guess-possessed-s\d+$/);
  await expect(names).toHaveCount(4);
  await names.nth(0).click();
  await a.getByTestId(/^guess-hunter-s\d+$/).nth(1).click();
  await a.getByTestId("role-guess-submit").click();
  await expect(a.getByTestId("role-guess-entry")).toBeVisible();
  await openTab(a, "history");
  await expect(a.getByTestId("my-history")).toContainText("Round 2");
  await a.emulateMedia({ colorScheme: "dark" });
  await a.reload();
  await phase(a, "Round 3: submissions");
  await expect(a.getByTestId("my-role")).toBeVisible();
  await snap(a, "player-phone-dark");
  await openTab(host.page, "host-schedule");
  await expect(host.page.getByTestId("host-schedule").locator("tbody tr")).toHaveCount(12);
  await openTab(host.page, "host-records");
  await expect(host.page.getByTestId("host-records")).toContainText("Round 2");
  await snap(host.page, "host-records", true);
  await openTab(host.page, "host-live");

  // ---- The host ends every remaining phase ----
  for (let round = 3; round <= 12; round++) {
    await phase(host.page, `Round ${round}: submissions`);
    await host.page.getByTestId("host-advance").click();
    await phase(host.page, `Round ${round}: results`);
    await host.page.getByTestId("host-advance").click();
  }

  // ---- Final guesses: the opal ----
  for (const p of [a, b, host.page]) await phase(p, "Final guesses");
  await openTab(a, "opal");
  await a.getByTestId("opal-5").click();
  await expect(a.getByTestId("opal-entry")).toContainText("round 5");
  await openTab(a, "mg5");
  await expect(a.getByTestId("identity-form")).toContainText("round 12");

  // nobody but the seat itself has seen its role, hand or garnets
  const before = (list: Seen[]) => list.filter((x) => x.view && x.view.end === null);
  const annSeat = before(annSeen).find((x) => x.you)!.you!;
  const benSeat = before(benSeen).find((x) => x.you)!.you!;
  expect(annSeat).not.toBe(benSeat);
  expect(before(watchSeen).length).toBeGreaterThan(10);
  for (const x of before(watchSeen)) {
    expect(x.role).toBe("spectator");
    expect(x.view!.me).toBeNull();
    expect(x.view!.host).toBeNull();
  }
  expect(before(benSeen).length).toBeGreaterThan(10);
  for (const x of before(benSeen)) {
    expect(x.view!.host).toBeNull();
    expect(x.view!.me?.seat).toBe(benSeat);
  }
  for (const x of before(annSeen)) expect(x.view!.me?.seat).toBe(annSeat);
  for (const w of [annWatch, benWatch, spectatorWatch]) w.close();

  await host.page.getByTestId("host-advance").click();

  // ---- The end: everything revealed ----
  for (const p of [a, b, watch, host.page]) {
    await expect(p.getByTestId("end-screen")).toBeVisible();
    await expect(p.getByTestId("ffp-end")).toBeVisible();
    await expect(p.getByTestId("end-roles").locator("> li")).toHaveCount(12);
    await expect(p.getByTestId("end-standings").locator("tbody tr")).toHaveCount(5);
  }
  await expect(a.getByTestId("end-opal")).toContainText("Nobody was possessed in round");
  await snap(a, "end-phone", true);
  await snap(host.page, "end-host", true);

  await host.context.close();
  await ann.context.close();
  await ben.context.close();
  await spectatorContext.close();
});
