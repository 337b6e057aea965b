// npm run fuzz [-- --runs 200] [--steps 300] [--messages 100000] [--clients 250] [--only games|sockets] [--seed <n>]
//
// 1. Property-based fuzzing (fast-check) of every registered game's pure
//    functions: bot moves, timeouts and illegal input from random actors
//    (lib/games/core/fuzz.ts).
// 2. Socket-level fuzzing of a real server on a database created for the run:
//    malformed, oversized, wrong-typed, out-of-order and hostile messages
//    (control characters, lone surrogates, deep nesting, huge numbers, junk
//    fields; lib/games/core/hostile.ts) from many socket.io clients, while rooms
//    nobody fuzzes are played by bots (server/proof/socket-fuzz.ts).
// Prints counts; exits 1 when a property breaks, a message is accepted or goes
// unanswered, a handler throws, or a room changes.
import fc from "fast-check";
import { catalogue, games } from "../lib/games/registry";
import { addStats, emptyStats, gameProperty } from "../lib/games/core/fuzz";
import { fuzzSockets } from "../server/proof/socket-fuzz";
import { createTestDb, startTestServer } from "../server/test/harness";
import { findPgBase } from "../server/test/pg-base";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const pad = (s: string | number, n: number) => String(s).padStart(n);

function fuzzGames(runs: number, steps: number, seed: number): boolean {
  console.log(`Game fuzzing: ${runs} scripts of up to ${steps} steps per game (fast-check seed ${seed}).`);
  console.log(`${"game".padEnd(22)} ${pad("scripts", 8)} ${pad("steps", 8)} ${pad("commands", 9)} ${pad("accepted", 9)} ${pad("refused", 8)} ${pad("invariants", 11)} ${pad("views", 8)} ${pad("ended", 6)}  result`);
  const total = emptyStats();
  let ok = true;
  for (const game of games) {
    const stats = emptyStats();
    const r = fc.check(gameProperty(game, steps, stats), { numRuns: runs, seed });
    addStats(total, stats);
    console.log(
      `${game.meta.id.padEnd(22)} ${pad(stats.scripts, 8)} ${pad(stats.steps, 8)} ${pad(stats.commands, 9)} ${pad(stats.accepted, 9)} ${pad(stats.rejected, 8)} ${pad(stats.invariantChecks, 11)} ${pad(stats.views, 8)} ${pad(stats.finished, 6)}  ${r.failed ? "FAILED" : "ok"}`,
    );
    if (r.failed) {
      ok = false;
      console.log(`  ${r.errorInstance instanceof Error ? r.errorInstance.message : String(r.errorInstance)}`);
      console.log(`  counterexample (seed ${r.seed}, path ${r.counterexamplePath}): ${JSON.stringify(r.counterexample).slice(0, 2000)}`);
    }
  }
  console.log(`${"all".padEnd(22)} ${pad(total.scripts, 8)} ${pad(total.steps, 8)} ${pad(total.commands, 9)} ${pad(total.accepted, 9)} ${pad(total.rejected, 8)} ${pad(total.invariantChecks, 11)} ${pad(total.views, 8)} ${pad(total.finished, 6)}`);
  console.log("Steps by kind (sent / accepted):", Object.entries(total.kinds).map(([k, v]) => `${k} ${v.sent}/${v.accepted}`).join(", "));
  console.log("Refusals by code:", Object.entries(total.codes).sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(", "));
  return ok;
}

async function fuzzServer(messages: number, clients: number, seed: number): Promise<boolean> {
  console.log(`\nSocket fuzzing: ${messages} messages from ${clients} socket.io clients against a real server on a fresh database.`);
  const errors: string[] = [];
  const crashes: string[] = [];
  const logError = console.error;
  console.error = (...args: unknown[]) => void errors.push(args.map((a) => (a instanceof Error ? a.stack : String(a))).join(" "));
  const onCrash = (e: unknown) => void crashes.push(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.on("uncaughtException", onCrash);
  process.on("unhandledRejection", onCrash);
  const pg = await findPgBase();
  const db = await createTestDb(pg.url);
  const server = await startTestServer(db.url, games);
  try {
    // rooms of season-only games are created by a season, never by room:create
    const r = await fuzzSockets({ server, games: catalogue, messages, clients, seed: `socket-fuzz-${seed}`, progress: (l) => console.log(l) });
    console.error = logError;
    const answered = r.typedErrors + r.accepted + r.malformedAnswers;
    console.log(`sent ${r.sent} messages in ${(r.durationMs / 1000).toFixed(1)} s to ${r.rooms} rooms (lobby, running with the clock paused, ended; every game)`);
    console.log(`  answered with a typed error: ${r.typedErrors} (${r.unknownEvents} of them to events the server has no handler for)`);
    console.log(`  dropped by socket.io, counted apart: ${r.droppedPackets} oversized or unparseable packets (${r.connectionsClosed} connections closed by the server)`);
    console.log(`  sent without an ack callback (nothing to answer to): ${r.withoutAck}`);
    console.log(`  accepted: ${r.accepted}; answered otherwise: ${r.malformedAnswers}; unanswered: ${r.unanswered}; server errors: ${r.serverErrors}; of ${answered} answers`);
    console.log(`  drawn again because the first draw was a legal move: ${r.skippedLegal}`);
    console.log(`  typed errors by code: ${Object.entries(r.codes).sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(", ")}`);
    console.log(`  rooms changed: ${r.roomsChanged.length ? r.roomsChanged.join(", ") : "none"} (state, status, version, clock and seats in memory; version, status and events in PostgreSQL)`);
    console.log(`  server still serving every room and /api/health: ${r.serving ? "yes" : "NO"}`);
    console.log(`  meanwhile ${r.bystanders} rooms nobody fuzzed were played by bots: ${r.bystandersStuck.length ? `STUCK ${r.bystandersStuck.join(", ")}` : "every one moved on"}`);
    console.log(`  memory against the log in PostgreSQL, every room: ${r.memoryVsLog.length ? `DIFFERS ${r.memoryVsLog.join(", ")}` : "equal"}; batches PostgreSQL refused: ${r.failedBatches}`);
    console.log(`  uncaught exceptions: ${crashes.length}; errors logged by the server: ${errors.length}`);
    for (const e of r.acceptedExamples) console.log(`  ACCEPTED ${e}`);
    for (const e of [...crashes, ...errors].slice(0, 5)) console.log(`  ${e.split("\n").slice(0, 4).join(" | ")}`);
    return r.accepted === 0 && r.malformedAnswers === 0 && r.unanswered === 0 && r.serverErrors === 0 && r.roomsChanged.length === 0 && r.serving && r.bystandersStuck.length === 0 && r.memoryVsLog.length === 0 && r.failedBatches === 0 && crashes.length === 0 && errors.length === 0;
  } finally {
    console.error = logError;
    await server.close();
    await db.drop();
    await pg.stop();
    process.off("uncaughtException", onCrash);
    process.off("unhandledRejection", onCrash);
  }
}

async function main(): Promise<void> {
  const only = arg("only");
  const seed = Number(arg("seed") ?? Date.now() % 2 ** 31);
  let ok = true;
  if (only !== "sockets") ok = fuzzGames(Number(arg("runs") ?? 200), Number(arg("steps") ?? 300), seed) && ok;
  if (only !== "games") ok = (await fuzzServer(Number(arg("messages") ?? 100_000), Number(arg("clients") ?? 250), seed)) && ok;
  console.log(ok ? "\nNo property broken." : "\nSomething broke: see above.");
  process.exit(ok ? 0 : 1);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
