// Instants as the text PostgreSQL is sent them: ISO 8601 in UTC, stored
// without a zone as the schema stores every timestamp. The room batch, room
// creation, chat messages and the heartbeat all spell them here.

const DAY_MS = 86_400_000;
/** Milliseconds from 1970 of the first instant of the year 0000 and of 10000: between them, `isoUtc` spells the text itself. */
const FIRST_OF_0000 = -62_167_219_200_000;
const FIRST_OF_10000 = 253_402_300_800_000;

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * What `new Date(ms).toISOString()` gives (2026-12-07T18:40:24.464Z), worked
 * out with integer arithmetic: the built-in runs in the engine's C++ and goes
 * through its local-time cache, about twice as long in a loop and more on a
 * loaded server, and a batch formats up to four instants per commit. The day
 * comes from the days since 1970 by the proleptic Gregorian calendar in eras
 * of 400 years. An instant outside years 0000–9999 (six-digit years) or not a
 * time at all is left to the built-in, which throws for the latter as before.
 */
export function isoUtc(ms: number): string {
  const t = Math.trunc(ms);
  if (!(t >= FIRST_OF_0000 && t < FIRST_OF_10000)) return new Date(ms).toISOString();
  const days = Math.floor(t / DAY_MS);
  let rest = t - days * DAY_MS;
  // days counted from 0000-03-01, so that a leap day ends its year
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  rest -= seconds * 1000;
  const yyyy = year < 10 ? `000${year}` : year < 100 ? `00${year}` : year < 1000 ? `0${year}` : `${year}`;
  const sss = rest < 10 ? `00${rest}` : rest < 100 ? `0${rest}` : `${rest}`;
  return `${yyyy}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}.${sss}Z`;
}
