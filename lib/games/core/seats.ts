import type { AnyGame, SeatId } from "./types";

/** Seat ids for n seats: s1 … sn. */
export function seatIds(n: number): SeatId[] {
  return Array.from({ length: n }, (_, i) => `s${i + 1}`);
}

export function isSeatId(x: string): boolean {
  return /^s[1-9][0-9]?$/.test(x);
}

/** Seat counts from the game's range that its setup accepts with the default config (some games take only some counts). */
export function playableSeatCounts(game: AnyGame): number[] {
  const out: number[] = [];
  const config = game.configSchema.parse({});
  for (let n = game.meta.players.min; n <= game.meta.players.max; n++) {
    try {
      game.setup({ seats: seatIds(n), config, seed: "seat-count" });
      out.push(n);
    } catch {
      // not a count this game can be set up with
    }
  }
  return out;
}
