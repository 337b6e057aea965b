// Illegal input is a value, not a crash.
import type { ApplyResult, Rejection } from "./types";

export function ok<S>(state: S): ApplyResult<S> {
  return { ok: true, state };
}

export function reject(code: string, message: string): Rejection {
  return { ok: false, code, message };
}

/** Stable rejection codes shared by all games (games may add their own under "action/"). */
export const Codes = {
  wrongPhase: "action/wrong_phase",
  notAPlayer: "action/not_a_player",
  hostOnly: "action/host_only",
  alreadySubmitted: "action/already_submitted",
  illegal: "action/illegal",
  finished: "action/game_finished",
  invalid: "action/invalid",
} as const;
