// The serializer's work per change as a count of machine instructions
// (--only instructions): the seeded games of the serializer micro-benchmark
// (serialize.ts) are played through a fixed number of times in a Node.js
// process run under valgrind's cachegrind, which counts every instruction the
// process carries out, compiled JavaScript included. A second run plays them
// more times; the difference, divided by the changes it added, is the count
// per change, start-up and most compiling left out. V8 runs in its predictable
// mode (one thread, fixed seeds), so the collector's and the compiler's work
// is counted on the one thread as well. On a shared machine the CPU time of
// the same code moves by a fifth or more from run to run; two pairs of these
// counts for Thoth's Bluff (with six passes more) differed by 0.7 and 1.5 %,
// so a change that saves a few percent of the serializer's work shows. It leaves
// out what an instruction costs (a cache miss counts as one, which is where a
// hashed look-up in a large table costs the most), the sockets and the
// database. Run as a script, this file is the child that plays the games.
import { execFile } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { getGame } from "../../lib/games/registry";
import { recipientGroups } from "../../server/test/room-changes";
import { replaySerialize } from "./serialize";

/** Passes of the shorter run, and the passes the longer one adds. */
const BASE_PASSES = 2;
const MORE_PASSES = 10;

export interface InstructionsResult {
  gameId: string;
  seats: number;
  /** Changes per pass (each folded, with every recipient group's payload, patch and packet). */
  changes: number;
  /** Instructions per change, and per recipient group of a change. */
  perChange: number;
  perGroup: number;
}

/** One child under cachegrind: its instruction count, and the changes of one pass. */
async function count(gameId: string, seats: number, config: object, passes: number): Promise<{ instructions: number; changes: number }> {
  // V8's predictable mode: one thread (no background compiling or collecting to count apart), fixed hash and random seeds
  const node = [process.execPath, "--predictable", "--import", "tsx", fileURLToPath(import.meta.url), gameId, String(seats), JSON.stringify(config), String(passes)];
  const args = ["--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", ...node];
  const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) =>
    execFile("valgrind", args, { maxBuffer: 1 << 24 }, (err, stdout, stderr) => (err ? reject(new Error(`valgrind: ${err.message}\n${stderr.slice(-2000)}`)) : resolve({ stdout, stderr }))),
  );
  const refs = /I\s+refs:\s+([\d,]+)/.exec(stderr);
  const changes = /changes per pass: (\d+)/.exec(stdout);
  if (!refs || !changes) throw new Error(`cachegrind gave no count:\n${stderr.slice(-2000)}`);
  return { instructions: Number(refs[1]!.replaceAll(",", "")), changes: Number(changes[1]) };
}

/** Instructions per change of one game: the shorter and the longer run at once (each is one thread). */
export async function benchInstructions(gameId: string, seats: number, config: object): Promise<InstructionsResult> {
  const [base, more] = await Promise.all([count(gameId, seats, config, BASE_PASSES), count(gameId, seats, config, BASE_PASSES + MORE_PASSES)]);
  const perChange = (more.instructions - base.instructions) / (MORE_PASSES * base.changes);
  return { gameId, seats, changes: base.changes, perChange, perGroup: perChange / recipientGroups(seats).length };
}

// the child: plays the games and says how many changes one pass has
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [gameId, seats, config, passes] = process.argv.slice(2);
  const game = getGame(gameId ?? "");
  if (!game) throw new Error(`no game ${gameId}`);
  const changes = replaySerialize(game, Number(seats), JSON.parse(config ?? "{}") as object, Number(passes));
  console.log(`changes per pass: ${changes}`);
}
