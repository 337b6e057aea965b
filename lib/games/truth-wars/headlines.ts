// The built-in headline bank and the dealing of the two sets.
//
// Every headline below was written for this game and is fictional: "real"
// and "fake" only say how the game treats it. Both kinds are ordinary
// local-news items that could plausibly happen, so that telling them apart
// takes the roles' knowledge and the table's debate, not general knowledge.
import type { Rng } from "../core";
import type { HeadlineItem } from "./config";
import type { Headline, HeadlineSetId, Truth } from "./types";

export const BUILT_IN_HEADLINES: readonly HeadlineItem[] = [
  { truth: "real", text: "Town library extends its Saturday opening hours after a reader survey" },
  { truth: "real", text: "Neighbourhood bakery wins regional prize for its rye loaf" },
  { truth: "real", text: "Council approves painted bike lanes along the high street" },
  { truth: "real", text: "Zoo keepers hand out frozen fruit to animals during heatwave" },
  { truth: "real", text: "Community garden donates its autumn harvest to the food bank" },
  { truth: "real", text: "Lost cat walks back home after three weeks away, owners say" },
  { truth: "real", text: "Primary school starts a chess club after pupils sign a petition" },
  { truth: "real", text: "Rail operator adds late trains for the summer music festival" },
  { truth: "real", text: "Volunteers plant five hundred saplings along the river path" },
  { truth: "real", text: "Museum offers free entry to families on the first Sunday of the month" },
  { truth: "real", text: "Farmers' market moves to the larger square to fit new stalls" },
  { truth: "real", text: "Ducks return to the park pond a week after its clean-up" },
  { truth: "real", text: "Retired teacher finishes her first marathon at seventy" },
  { truth: "real", text: "Public swimming pool reopens after roof repairs" },
  { truth: "real", text: "Bus route extended to serve the new housing estate" },
  { truth: "real", text: "Secondary school robotics team reaches the national final" },
  { truth: "real", text: "Record number of runners sign up for the charity fun run" },
  { truth: "real", text: "Local choir sings at the station to raise money for the hospital" },
  { truth: "real", text: "Recycling centre to take old electronics on Saturdays" },
  { truth: "real", text: "Street festival draws big crowds despite light rain" },
  { truth: "real", text: "Drinking fountains installed in three town parks" },
  { truth: "real", text: "Monthly repair café fixes toasters, lamps and bicycles for free" },
  { truth: "real", text: "Pupils build bird boxes for the nature reserve" },
  { truth: "real", text: "Island ferry resumes service after winter maintenance" },
  { truth: "fake", text: "Council to make all town-centre parking free on Sundays" },
  { truth: "fake", text: "Town library to stop lending films from next month" },
  { truth: "fake", text: "Supermarket chain to close every branch on Mondays" },
  { truth: "fake", text: "School term to start two weeks early this year" },
  { truth: "fake", text: "New rule bans barbecues in every public park" },
  { truth: "fake", text: "Bus fares to double at weekends from the spring" },
  { truth: "fake", text: "Town hall clock to be taken down for good after repairs fail" },
  { truth: "fake", text: "Local zoo to close for a whole year of rebuilding" },
  { truth: "fake", text: "Post office to deliver letters only three days a week" },
  { truth: "fake", text: "Outdoor pool to open only at night during the heatwave" },
  { truth: "fake", text: "Weather office warns of snow showers in July" },
  { truth: "fake", text: "High street to be renamed after a television chef" },
  { truth: "fake", text: "Cinema to show every film for free on Tuesdays" },
  { truth: "fake", text: "Football club to play next season's home games on the beach" },
  { truth: "fake", text: "Museum to charge visitors by the minute" },
  { truth: "fake", text: "Train company to take the seats out of morning trains" },
  { truth: "fake", text: "Litter bins on the promenade replaced by underground tubes" },
  { truth: "fake", text: "Library fines scrapped in exchange for written book reviews" },
  { truth: "fake", text: "Dogs to be banned from the seafront all year round" },
  { truth: "fake", text: "Every household to get a free bicycle under council plan" },
  { truth: "fake", text: "Market square to be turned into a car park" },
  { truth: "fake", text: "Fire station to move to the top of the hill" },
  { truth: "fake", text: "School canteens to serve only soup on Fridays" },
  { truth: "fake", text: "Island ferry to run every fifteen minutes through the night" },
];

/** How many real headlines each set holds (the rest of its five are fake). */
export const SET_REAL_COUNT: Record<HeadlineSetId, number> = { A: 3, B: 2 };
export const SET_SIZE = 5;

/** The bank's headlines of one truth, numbered as the bank orders them, shuffled. */
function headlinePool(bank: readonly HeadlineItem[], idPrefix: string, rng: Rng, truth: Truth) {
  return rng.shuffle(bank.map((h, i) => ({ ...h, id: `${idPrefix}${i + 1}` })).filter((h) => h.truth === truth));
}

/** A set of headlines taken from the front of both pools (which lose them), shuffled. */
function buildSet(real: ReturnType<typeof headlinePool>, fake: ReturnType<typeof headlinePool>, rng: Rng, set: HeadlineSetId): Headline[] {
  const r = SET_REAL_COUNT[set];
  const items = [...real.splice(0, r), ...fake.splice(0, SET_SIZE - r)];
  return rng.shuffle(items).map((h) => ({ id: h.id, text: h.text, truth: h.truth, set }));
}

/**
 * Deals Set A (3 real / 2 fake) and Set B (2 real / 3 fake) from a bank,
 * shuffles both, picks one at random for the game and returns the deck:
 * the picked set followed by the other set, so that rounds beyond the fifth
 * draw the other set's unused headlines.
 */
export function dealDeck(bank: readonly HeadlineItem[], idPrefix: string, rng: Rng): { set: HeadlineSetId; deck: Headline[] } {
  const real = headlinePool(bank, idPrefix, rng, "real");
  const fake = headlinePool(bank, idPrefix, rng, "fake");
  if (real.length < SET_SIZE || fake.length < SET_SIZE) throw new RangeError("A headline bank needs at least 5 real and 5 fake headlines.");
  const setA = buildSet(real, fake, rng, "A");
  const setB = buildSet(real, fake, rng, "B");
  const set: HeadlineSetId = rng.chance(0.5) ? "A" : "B";
  return { set, deck: set === "A" ? [...setA, ...setB] : [...setB, ...setA] };
}
