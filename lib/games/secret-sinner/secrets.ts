// What Secret Sinner keeps secret, for the leak audit. Public: realms, marks,
// who holds which letter (from round 1), who is done, and after the last round
// the ordering of each realm and the ascension. A seat's own, for the whole
// game: the pairs behind its letters, its lock-ins, the attribute of each query
// it sent (and, until delivered, the whole query), the answers delivered to it,
// and its score. Nobody's: the deal before round 1 and the generator.
import { perSeat, pickOther, redrawRng, redrawn } from "../core/secrets";
import type { Rng } from "../core/rng";
import type { Counterfactual, SecretSpec, SeatId } from "../core/types";
import { delivered, lettersOf } from "./engine";
import { ATTRIBUTES, LETTERS, SINS, VIRTUES, type Letter } from "./rules";
import type { State } from "./state";

function anyLetters(rng: Rng): [Letter, Letter, Letter] {
  return rng.shuffle(LETTERS).slice(0, 3).sort() as [Letter, Letter, Letter];
}

function anyAnswers(rng: Rng): [boolean, boolean, boolean] {
  return [rng.chance(0.5), rng.chance(0.5), rng.chance(0.5)];
}

function redrawSeat(rng: Rng, s: State, seat: SeatId): void {
  const mine = lettersOf(s, seat);
  // the pairs behind my letters, traded among themselves
  const pairs = rng.shuffle(s.letters.filter((l) => l.owner === seat).map((l) => ({ sin: l.sin, virtue: l.virtue })));
  for (const l of s.letters) if (l.owner === seat) Object.assign(l, pairs.shift());
  const otherRealm = s.seats.filter((x) => s.realms[x] !== s.realms[seat]);
  s.queries = s.queries.map((q) => {
    if (q.sender === seat && !delivered(s, q)) {
      return { ...q, recipient: rng.pick(otherRealm), letters: anyLetters(rng), attribute: rng.pick(ATTRIBUTES), answers: anyAnswers(rng) };
    }
    if (q.sender === seat) return { ...q, attribute: pickOther(rng, ATTRIBUTES, q.attribute) };
    if (q.recipient === seat && delivered(s, q)) return { ...q, answers: anyAnswers(rng) };
    return q;
  });
  s.locks = s.locks
    .filter((l) => !(l.seat === seat && l.round === s.round && rng.chance(0.3)))
    .map((l) => (l.seat === seat ? { ...l, target: pickOther(rng, LETTERS.filter((x) => !mine.includes(x)), l.target), correct: rng.chance(0.5) } : l));
  if (s.result) {
    s.result.standings = s.result.standings.map((st) => (st.seat === seat ? { ...st, score: rng.range(-20, 20), correct: rng.range(0, 8), incorrect: rng.range(0, 8) } : st));
  }
}

/** Two letters of different holders trade their pairs: only the two holders can tell. */
function tradePairs(state: State, rng: Rng): Counterfactual<State> | null {
  if (state.stage === "briefing") return null;
  const a = rng.pick(state.letters);
  const b = rng.pick(state.letters.filter((l) => l.owner !== a.owner));
  return redrawn(state, `the pairs of ${a.letter} and ${b.letter}`, [a.owner, b.owner], (s) => {
    const la = s.letters.find((l) => l.letter === a.letter)!;
    const lb = s.letters.find((l) => l.letter === b.letter)!;
    [la.sin, la.virtue, lb.sin, lb.virtue] = [lb.sin, lb.virtue, la.sin, la.virtue];
  });
}

/** A delivered query goes to another player of that realm instead: only the sender and the two recipients can tell (their window moves too). */
function reroute(state: State, rng: Rng): Counterfactual<State> | null {
  const sent = state.queries.filter((q) => delivered(state, q));
  if (!sent.length) return null;
  const q = rng.pick(sent);
  const others = state.seats.filter((x) => x !== q.recipient && x !== q.sender && state.realms[x] === state.realms[q.recipient]);
  if (!others.length) return null;
  const to = rng.pick(others);
  const i = state.queries.indexOf(q);
  return redrawn(state, `the recipient of ${q.sender}'s query of round ${q.round}`, [q.sender, q.recipient, to], (s) => {
    s.queries[i] = { ...s.queries[i]!, recipient: to };
  });
}

/** Before round 1 nobody holds a letter yet: the whole deal, and the generator, are unknown to all. */
function unknownToAll(state: State, rng: Rng): Counterfactual<State> | null {
  if (state.stage === "finished") return null;
  return redrawn(state, state.stage === "briefing" ? "the deal and the generator" : "the generator", [], (s) => {
    s.rng = redrawRng(rng);
    if (s.stage !== "briefing") return;
    const deal = rng.shuffle(s.letters.map((l) => l.owner));
    s.letters = s.letters.map((l, i) => ({ ...l, owner: deal[i]!, sin: rng.pick(SINS), virtue: rng.pick(VIRTUES) }));
  });
}

function counterfactuals(state: State, rng: Rng): Counterfactual<State>[] {
  const out: Counterfactual<State>[] = [];
  for (const cf of [unknownToAll(state, rng), tradePairs(state, rng), reroute(state, rng)]) if (cf) out.push(cf);
  if (state.stage === "briefing") return out;
  return [...out, ...perSeat(state, state.seats, "pairs, lock-ins, queries, answers and score", (s, seat) => redrawSeat(rng, s, seat))];
}

export const secrets: SecretSpec<State> = {
  counterfactuals,
  configs: [{ publicChat: "always", queryOwnLetters: false, lockOwnLetters: true }],
};
