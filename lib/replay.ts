// Rebuilds every step of a logged game with the game's own pure engine: the
// state after each event, as the server had it. Shared by the replay page and
// its tests.
import { runCommand, type GameCommand } from "./games/core/commands";
import type { AnyGame } from "./games/core/types";
import type { ReplayLog } from "./protocol";

export interface ReplayStep {
  seq: number;
  kind: string;
  actor: string;
  at: number;
  deadlineAt: number | null;
  paused: boolean;
  /** Game state after this event (null before the start). */
  state: unknown | null;
}

export function replaySteps(game: AnyGame, log: ReplayLog): ReplayStep[] {
  let state: unknown | null = null;
  const out: ReplayStep[] = [];
  for (const ev of log.events) {
    if (ev.kind === "start") {
      const p = ev.payload as { seats: string[]; config: unknown };
      state = game.setup({ seats: p.seats, config: game.configSchema.parse(p.config), seed: log.seed });
    } else if (ev.kind === "action" || ev.kind === "timeout") {
      const cmd: GameCommand = ev.kind === "action" ? { kind: "action", actor: ev.actor, action: (ev.payload as { action: unknown }).action } : { kind: "timeout", phase: (ev.payload as { phase: string }).phase };
      const r = runCommand(game, state, cmd);
      if (!r.ok) throw new Error(`event ${ev.seq} does not replay: ${r.message}`);
      state = r.state;
    }
    out.push({ seq: ev.seq, kind: ev.kind, actor: ev.actor, at: ev.at, deadlineAt: ev.deadlineAt, paused: ev.paused, state });
  }
  return out;
}
