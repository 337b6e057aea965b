// Fresh identifying names ("aliases") for every round: an adjective and an
// animal, never repeated within a match, and within one round no two names share
// a word, so they read apart at a glance.
import type { Rng } from "../core/rng";
import type { SeatId } from "../core/types";

const ADJECTIVES = [
  "Amber", "Ashen", "Azure", "Brass", "Cedar", "Cobalt", "Copper", "Coral", "Crimson", "Dusky",
  "Ember", "Frost", "Gilded", "Hazel", "Indigo", "Ivory", "Jade", "Lunar", "Misty", "Mossy",
  "Onyx", "Pearl", "Quiet", "Rusty", "Sable", "Silver", "Slate", "Solar", "Velvet", "Willow",
];

const ANIMALS = [
  "Badger", "Bison", "Crane", "Crow", "Deer", "Falcon", "Ferret", "Fox", "Gecko", "Hare",
  "Heron", "Ibis", "Jackal", "Lynx", "Marten", "Mole", "Moth", "Newt", "Otter", "Owl",
  "Panther", "Raven", "Seal", "Stoat", "Swan", "Toad", "Viper", "Wolf", "Wren", "Yak",
];

/** One alias per seat for each of `rounds` rounds (index round - 1), all distinct. */
export function drawAliases(seats: SeatId[], rounds: number, rng: Rng): Record<SeatId, string>[] {
  const used = new Set<string>();
  const out: Record<SeatId, string>[] = [];
  for (let r = 0; r < rounds; r++) {
    for (;;) {
      const adjectives = rng.shuffle(ADJECTIVES).slice(0, seats.length);
      const animals = rng.shuffle(ANIMALS).slice(0, seats.length);
      const names = adjectives.map((a, i) => `${a} ${animals[i]}`);
      if (names.some((n) => used.has(n))) continue;
      const round: Record<SeatId, string> = {};
      seats.forEach((s, i) => {
        round[s] = names[i] as string;
        used.add(names[i] as string);
      });
      out.push(round);
      break;
    }
  }
  return out;
}

/** The alias names of one round in alphabetical order: the order every public list uses, so it says nothing of seats. */
export function aliasList(bySeat: Record<SeatId, string>): string[] {
  return Object.values(bySeat).sort();
}
