// Does Greed Succeed: a private bag per player and round, one stone per action.
import type { Rng } from "../core/rng";
import type { Config } from "./config";
import { STONES, type Stone, type StoneEffect } from "./stones";
import type { GreedSession } from "./state";

export type GreedConfig = Config["greed"];

/** The pot after a stone; null when the stone busts the draw. The pot never goes below 0. */
export function applyEffect(effect: StoneEffect, pot: number): number | null {
  switch (effect) {
    case "none":
      return pot;
    case "plus1":
      return pot + 1;
    case "plus2":
      return pot + 2;
    case "minus1":
      return Math.max(0, pot - 1);
    case "minus2":
      return Math.max(0, pot - 2);
    case "double":
      return pot * 2;
    case "halve":
      return Math.floor(pot / 2);
    case "bust":
      return null;
  }
}

export function bagCounts(cfg: GreedConfig): Record<Stone, number> {
  return { grey: cfg.grey.count, white: cfg.white.count, black: cfg.black.count, green: cfg.green.count, red: cfg.red.count };
}

/** Stones still in this session's bag. */
export function remaining(cfg: GreedConfig, drawn: readonly Stone[]): Record<Stone, number> {
  const left = bagCounts(cfg);
  for (const s of drawn) left[s] -= 1;
  return left;
}

export function startSession(cfg: GreedConfig): GreedSession {
  return { drawn: [], pot: cfg.startPot, potBeforeLast: cfg.startPot, status: "drawing", ignoredIndex: null, lastWasDraw: false };
}

/** Draws one stone from the remaining bag (uniformly among stones). */
export function drawFrom(cfg: GreedConfig, session: GreedSession, rng: Rng): Stone | null {
  const left = remaining(cfg, session.drawn);
  const total = STONES.reduce((a, s) => a + left[s], 0);
  if (total === 0) return null;
  let k = rng.int(total);
  for (const s of STONES) {
    if (k < left[s]) return s;
    k -= left[s];
  }
  return null;
}

/** The session after `stone` is drawn. */
export function withStone(cfg: GreedConfig, session: GreedSession, stone: Stone): GreedSession {
  const pot = applyEffect(cfg[stone].effect, session.pot);
  return {
    drawn: [...session.drawn, stone],
    pot: pot ?? 0,
    potBeforeLast: session.pot,
    status: pot === null ? "busted" : "drawing",
    ignoredIndex: session.ignoredIndex,
    lastWasDraw: true,
  };
}

/** The possessed ignores the stone just drawn: its effect is undone (a bust is lifted), the stone stays out of the bag. */
export function ignoreLast(session: GreedSession): GreedSession {
  return { ...session, pot: session.potBeforeLast, status: "drawing", ignoredIndex: session.drawn.length - 1, lastWasDraw: false };
}

export function stopSession(session: GreedSession): GreedSession {
  return { ...session, status: session.status === "drawing" ? "stopped" : session.status, lastWasDraw: false };
}

/** Garnets paid back when the round ends: the pot, or nothing after a bust. */
export function payout(session: GreedSession): number {
  return session.status === "busted" ? 0 : session.pot;
}

export function drewRed(session: GreedSession | null): boolean {
  return !!session && session.drawn.includes("red");
}
