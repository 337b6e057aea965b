// Engines speak of seats ("s3"); people read names. Replaces whole seat ids in a
// line of text with the seats' display names.
export function withSeatNames(text: string, seats: { seat: string; name: string | null }[]): string {
  const names = new Map(seats.filter((s) => s.name).map((s) => [s.seat, s.name as string]));
  return text.replace(/\bs([1-9][0-9]?)\b/g, (m) => names.get(m) ?? m);
}
