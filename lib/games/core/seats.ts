import type { SeatId } from "./types";

/** Seat ids for n seats: s1 … sn. */
export function seatIds(n: number): SeatId[] {
  return Array.from({ length: n }, (_, i) => `s${i + 1}`);
}

export function isSeatId(x: string): boolean {
  return /^s[1-9][0-9]?$/.test(x);
}
