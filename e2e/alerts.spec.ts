// Alerts off the page in the browser: a player opts in on their dashboard, the
// alerts' service worker registers, and when the game starts the server's push
// for the player's move reaches the worker's push handler, which shows it and
// tells the page.
//
// No browser can subscribe at a local push service (Chromium's is built in and
// out of reach here), so the test plays the push service: the page's
// PushManager.subscribe hands the server an endpoint on a local receiver with
// keys the test holds; the receiver takes the server's encrypted, VAPID-signed
// push, the test decrypts it as a browser would, and delivers it to the worker
// through the browser's own push testing hook (CDP ServiceWorker.deliverPushMessage).
import { expect, test } from "@playwright/test";
import { browserKeys, decryptPush, startReceiver, subscriptionOf } from "../server/test/push-receiver";
import { createRoom, guest, joinAndSit, shot, SHOTS_DIR } from "./helpers";

const RECEIVER_PORT = Number(process.env.E2E_PUSH_PORT ?? 0);

test("a player opts in to pushes; a phase start reaches the service worker's push handler", async ({ browser, baseURL }) => {
  const rx = await startReceiver(RECEIVER_PORT);
  try {
    const keys = browserKeys();
    const sub = subscriptionOf(`${rx.url}/push/e2e`, keys);
    const host = await guest(browser, "Host Hope", "/");
    const code = await createRoom(host.page, "thoths-bluff");
    const player = await guest(browser, "Pia", `/r/${code}`);
    await player.context.grantPermissions(["notifications"], { origin: baseURL });
    // the subscription a browser would get from its push service, pointing at the local one
    await player.context.addInitScript((json: string) => {
      let subscribed = false;
      const fake = { endpoint: JSON.parse(json).endpoint, toJSON: () => JSON.parse(json), unsubscribe: async () => true };
      PushManager.prototype.subscribe = async function () {
        subscribed = true;
        return fake as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (subscribed ? fake : null) as unknown as PushSubscription;
      };
    }, JSON.stringify(sub));
    await joinAndSit(player.page, code);
    const cdp = await player.context.newCDPSession(player.page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e: { registrations: typeof registrations }) => registrations.push(...e.registrations));
    await cdp.send("ServiceWorker.enable");

    // opt in on the dashboard: the card opens its panel, the worker registers, the subscription reaches the server
    await player.page.getByTestId("alerts-open").click();
    await player.page.getByTestId("push-turn-on").click();
    await expect(player.page.getByTestId("push-on")).toBeVisible();
    await expect(player.page.getByRole("radio", { name: "Everything" })).toBeChecked();
    await expect.poll(() => registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseURL!))?.registrationId ?? null).not.toBeNull();
    const registrationId = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseURL!))!.registrationId;

    // the host starts (a bot takes the other seat): the player owes the first move
    await host.page.getByTestId("start-game").click();
    await expect(player.page.getByTestId("phase-name")).not.toContainText("Lobby");
    await rx.waitFor((r) => r.some((x) => x.path === "/push/e2e"), 30_000);
    const received = rx.received.find((x) => x.path === "/push/e2e")!;
    expect(received.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const data = decryptPush(received.body, keys);
    const message = JSON.parse(data) as { kind: string; title: string; body: string };
    expect(message.kind).toBe("phase");
    expect(message.body).toBe(`Your move in ${code}`);

    // deliver it as the browser's push service would; the worker shows it and tells the page
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: new URL(baseURL!).origin, registrationId, data });
    await expect(player.page.getByTestId("last-push")).toHaveText(`Last push: ${message.title} — Your move in ${code}`);
    await shot(player.page, "alerts-player-opted-in", true);
    await host.page.getByTestId("alerts-open").click();
    await expect(host.page.getByLabel("Discord webhook URL")).toBeVisible();
    await host.page.getByTestId("alerts-card").screenshot({ path: `${SHOTS_DIR}/alerts-host-discord.png` });
    await player.context.close();
    await host.context.close();
  } finally {
    await rx.close();
  }
});
