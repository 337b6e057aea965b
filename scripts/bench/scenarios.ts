// The rooms the load benchmark and the failover script play.
import type { RoomSpec } from "./protocol";

// Configs that keep games going on bot moves alone: no final decision left to a host,
// no phase that only waits for the clock, and the longest games the rules allow.
export const CONFIG: Record<string, Record<string, unknown>> = {
  "thoths-bluff": { finalTiebreak: "coin" },
  "truth-deflector": { rounds: 20 },
  "truth-wars": { rounds: 10 },
  "five-fold-possession": {},
  "secret-sinner": { rounds: 20, phaseSeconds: { briefing: 0 } },
};
export const room = (gameId: string, seats: number): RoomSpec => ({ gameId, seats, config: CONFIG[gameId] ?? {} });
/** Every game that seats about eight, 8 seats on average. */
export const MIX_8 = [room("truth-deflector", 8), room("truth-wars", 7), room("secret-sinner", 9), room("five-fold-possession", 5), room("secret-sinner", 11)];
export const mix = (specs: RoomSpec[], n: number) => Array.from({ length: n }, (_, i) => specs[i % specs.length]!);
