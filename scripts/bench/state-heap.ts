// What a game's state weighs on the heap as its rules built it, against the same
// state read back from its JSON, as it is and shared as a room loaded from its
// snapshot holds it (core/exact.ts, `sharedReadBack`). The JSON is the
// same; a state that weighs much more than its read-back copy holds spare room
// (arrays grown by spreads or pushes, objects spread and given a new key), which
// every room under way pays for as long as it lives. Needs `--expose-gc`.
import { getHeapSpaceStatistics } from "node:v8";
import { playWithBots, replay, type GameCommand } from "../../lib/games/core/commands";
import { seatIds } from "../../lib/games/core/seats";
import { sharedReadBack } from "../../lib/games/core/exact";
import type { AnyGame } from "../../lib/games/core/types";

export interface StateHeapPoint {
  /** How far into each game's log the state was taken: 0.5 half-way, 1 finished. */
  at: number;
  /** KiB per game, the states as the rules built them. */
  builtKiB: number;
  /** KiB per game, the same states after JSON.stringify and JSON.parse. */
  readBackKiB: number;
  /** KiB per game, the states read back and shared as a room loads them (shared records already kept by others count for nothing). */
  restoredKiB: number;
  /** The states' JSON, KiB per game. */
  jsonKiB: number;
}

export interface StateHeapResult {
  gameId: string;
  seats: number;
  games: number;
  points: StateHeapPoint[];
}

function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("the state heap figures need node --expose-gc (npm run bench gives it)");
  gc();
  gc();
  // the spaces that hold objects, not code: compiled code coming and going is not the states'
  return getHeapSpaceStatistics()
    .filter((sp) => !sp.space_name.startsWith("code"))
    .reduce((n, sp) => n + sp.space_used_size, 0);
}

/** Each bot game's state `at` of the way through its log (replayed afresh, so nothing else holds it). */
function statesAt(game: AnyGame, seats: number, config: object, logs: GameCommand[][], at: number): unknown[] {
  const ids = seatIds(seats);
  return logs.map((log, g) => replay(game, { seats: ids, config, seed: `state-heap-${g}` }, log.slice(0, Math.round(log.length * at))));
}

/** One point: the heap the states take as built, then what their JSON read back takes beside them, then the same shared. */
function measure(game: AnyGame, seats: number, config: object, logs: GameCommand[][], at: number): StateHeapPoint {
  const base = heapAfterGc();
  const built = statesAt(game, seats, config, logs, at);
  const withBuilt = heapAfterGc();
  const json = built.map((s) => JSON.stringify(s));
  const beforeReadBack = heapAfterGc();
  const readBack = json.map((s) => JSON.parse(s) as unknown);
  const withBoth = heapAfterGc();
  const restored = json.map((s) => sharedReadBack(JSON.parse(s) as unknown));
  const withAll = heapAfterGc();
  // all stay alive until all are measured
  if (readBack.length !== built.length || restored.length !== built.length) throw new Error("unreachable");
  const perGame = (bytes: number) => bytes / logs.length / 1024;
  return {
    at,
    builtKiB: perGame(withBuilt - base),
    readBackKiB: perGame(withBoth - beforeReadBack),
    restoredKiB: perGame(withAll - withBoth),
    jsonKiB: perGame(json.reduce((n, s) => n + s.length, 0)),
  };
}

export function benchStateHeap(game: AnyGame, seats: number, config: object, games = 60): StateHeapResult {
  const ids = seatIds(seats);
  const logs = Array.from({ length: games }, (_, g) => playWithBots(game, { seats: ids, config, seed: `state-heap-${g}` }).log);
  // two replays first, so that the code they run is compiled before anything is measured
  for (let i = 0; i < 2; i++) statesAt(game, seats, config, logs, 1);
  // one call per point: what a loop's earlier pass held could linger in its frame and skew the next
  const points = [0.5, 1].map((at) => measure(game, seats, config, logs, at));
  return { gameId: game.meta.id, seats, games, points };
}
