// Micro-benchmark of each game's pure functions on one core: every transition
// of seeded bot games is recorded once (state before, actor, parsed action),
// then `apply` is run over them again and again. Also timed, for the server's
// per-action budget: parsing with the action schema plus apply (what the room
// runs), building one seat's view, and what the room builds on every change:
// the views of every seat, the spectators and the host, and the chat rules,
// state after state of the same game (so parts a game keeps from one state to
// the next are reused as they are on the server).
import { playWithBots, runCommand } from "../../lib/games/core/commands";
import { seatIds } from "../../lib/games/core/seats";
import type { AnyGame } from "../../lib/games/core/types";

export interface ApplyResult {
  gameId: string;
  seats: number;
  transitions: number;
  applyPerSec: number;
  parseApplyPerSec: number;
  viewPerSec: number;
  /** Changes per second when each builds every seat's view, the spectators' and the host's. */
  viewsPerChangePerSec: number;
  /** Changes per second when each builds the chat rules (null: the game has none). */
  chatPerChangePerSec: number | null;
}

interface Transition {
  state: unknown;
  actor: string;
  raw: unknown;
  action: unknown;
}

/** The recorded transitions, and every state of each game in the order it was played. */
function transitions(game: AnyGame, seats: number, config: object, games: number): { out: Transition[]; states: unknown[] } {
  const out: Transition[] = [];
  const states: unknown[] = [];
  for (let g = 0; g < games; g++) {
    const seed = `apply-bench-${g}`;
    const ids = seatIds(seats);
    const { log } = playWithBots(game, { seats: ids, config, seed });
    let state = game.setup({ seats: ids, config: game.configSchema.parse(config), seed });
    states.push(state);
    for (const cmd of log) {
      if (cmd.kind === "action") out.push({ state, actor: cmd.actor, raw: cmd.action, action: game.actionSchema.parse(cmd.action) });
      const r = runCommand(game, state, cmd);
      if (!r.ok) throw new Error(`${game.meta.id}: a logged move no longer applies`);
      state = r.state;
      states.push(state);
    }
  }
  return { out, states };
}

/**
 * Runs `step` over the items for about `ms` of wall time, three times, and
 * returns the best rate per second of this process's CPU time: on a machine
 * shared with other work, that is the rate one core would give.
 */
function rate<T>(items: T[], step: (t: T) => void, ms: number): number {
  let best = 0;
  // warm up first: the optimising compiler needs a while to settle on these functions
  for (const end = performance.now() + ms / 3; performance.now() < end; ) for (const t of items) step(t);
  for (let round = 0; round < 3; round++) {
    let n = 0;
    const start = performance.now();
    const cpu = process.cpuUsage();
    while (performance.now() - start < ms / 3) {
      for (const t of items) step(t);
      n += items.length;
    }
    const used = process.cpuUsage(cpu);
    best = Math.max(best, n / ((used.user + used.system) / 1e6));
  }
  return best;
}

export function benchApply(game: AnyGame, seats: number, config: object, ms = 1500, games = 5): ApplyResult {
  const { out: ts, states } = transitions(game, seats, config, games);
  const ids = seatIds(seats);
  const viewers = [...ids, "spectator", "host"];
  const chat = game.chat;
  // settle the recorded states into the old generation, so that copying them is not timed as apply
  (globalThis as { gc?: () => void }).gc?.();
  return {
    gameId: game.meta.id,
    seats,
    transitions: ts.length,
    applyPerSec: rate(ts, (t) => game.apply(t.state, t.actor, t.action), ms),
    parseApplyPerSec: rate(ts, (t) => runCommand(game, t.state, { kind: "action", actor: t.actor, action: t.raw }), ms),
    viewPerSec: rate(ts, (t) => game.view(t.state, t.actor), ms),
    viewsPerChangePerSec: rate(states, (s) => {
      for (const v of viewers) game.view(s, v);
    }, ms),
    chatPerChangePerSec: chat ? rate(states, (s) => chat(s, ids.slice()), ms) : null,
  };
}
