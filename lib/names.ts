// Engines speak of seats ("s3"); people read names. Replaces whole seat ids in a
// line of text with the seats' display names.
export function withSeatNames(text: string, seats: { seat: string; name: string | null }[]): string {
  const names = new Map(seats.filter((s) => s.name).map((s) => [s.seat, s.name as string]));
  return text.replace(/\bs([1-9][0-9]?)\b/g, (m) => names.get(m) ?? m);
}

/** A seat as people read it: its holder's (or bot's) name, else its number ("Seat 3"); an unknown id as it is. */
export function seatName(seats: { seat: string; name: string | null }[], seat: string): string {
  const i = seats.findIndex((s) => s.seat === seat);
  return seats[i]?.name || (i >= 0 ? `Seat ${i + 1}` : seat);
}
