// The short form of `npm run test:crash`: a few kill -9s of a room server in its
// own process while games are played over sockets, then every guarantee checked.
import { expect, inject, it } from "vitest";
import { describeCrashReport, runCrashScenario } from "./test/crash-run";

it("survives kill -9 at random moments and between commit and ack: nothing acknowledged is lost, nothing applied twice, clocks keep their time", async () => {
  // a new seed each run, printed so that a failing run can be repeated with CRASH_SEED
  const seed = process.env.CRASH_SEED ?? `crash-${Date.now()}`;
  console.log(`crash seed: ${seed} (repeat a run with CRASH_SEED=${seed})`);
  const report = await runCrashScenario({
    pgBase: inject("pgBase"),
    seed,
    kills: 3,
    budgetMs: 60_000,
    // a pace at which the games outlast the kills
    thinkMs: [20, 80],
    botDelayMs: 60,
    log: (line) => console.log(line),
    rooms: [
      { gameId: "fixture", seats: 3, clientSeats: 2, lazySeat: true, config: { rounds: 8, pickSeconds: 2 } },
      { gameId: "thoths-bluff", seats: 2, clientSeats: 2, config: { startingHealth: 12, finalTiebreak: "coin" } },
      { gameId: "truth-wars", seats: 5, clientSeats: 2, config: { rounds: 3 } },
    ],
  });
  for (const line of describeCrashReport(report)) console.log(line);
  expect(report.failures).toEqual([]);
  expect(report.kills.length).toBe(3);
  expect(report.totals.acked).toBeGreaterThan(0);
}, 120_000);
