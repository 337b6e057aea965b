// `npm run test:crash`: every game of the registry (and the server tests'
// fixture game, whose two-second phases end by the clock) played over sockets
// while the room server is killed with SIGKILL again and again; prints what
// happened and exits non-zero if any guarantee failed. Flags: --kills N,
// --rooms N (rooms per game), --seed S, --budget SECONDS.
import { parseArgs } from "node:util";
import { describeCrashReport, runCrashScenario, type CrashRoomSpec } from "../server/test/crash-run";
import { findPgBase } from "../server/test/pg-base";

const { values } = parseArgs({
  options: {
    kills: { type: "string", default: "10" },
    rooms: { type: "string", default: "2" },
    seed: { type: "string", default: `crash-${Date.now()}` },
    budget: { type: "string", default: "300" },
  },
});

// Short timers where the rules allow them, so that phases also end by the clock.
const perGame: CrashRoomSpec[] = [
  { gameId: "fixture", seats: 3, clientSeats: 2, lazySeat: true, config: { rounds: 8, pickSeconds: 2 } },
  { gameId: "thoths-bluff", seats: 2, clientSeats: 2, config: { startingHealth: 12, finalTiebreak: "coin" } },
  { gameId: "truth-deflector", seats: 6, clientSeats: 3, config: { rounds: 4 } },
  { gameId: "truth-wars", seats: 6, clientSeats: 3, config: { rounds: 3 } },
  { gameId: "five-fold-possession", seats: 5, clientSeats: 2, config: {} },
  { gameId: "secret-sinner", seats: 9, clientSeats: 3, config: { rounds: 2, phaseSeconds: { briefing: 0 } } },
];
const rooms = perGame.flatMap((spec) => Array.from({ length: Number(values.rooms) }, () => spec));

const pg = await findPgBase();
try {
  console.log(`crash run: seed ${values.seed}, ${values.kills} kills`);
  const report = await runCrashScenario({
    pgBase: pg.url,
    seed: values.seed,
    kills: Number(values.kills),
    budgetMs: Number(values.budget) * 1000,
    rooms,
    log: (line) => console.log(line),
  });
  for (const line of describeCrashReport(report)) console.log(line);
  for (const f of report.failures) console.log(`  - ${f}`);
  process.exitCode = report.failures.length ? 1 : 0;
} finally {
  await pg.stop();
}
