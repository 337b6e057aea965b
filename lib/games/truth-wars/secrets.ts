// What Truth Wars keeps secret, for the leak audit. Public: headlines as they
// are shown, leans, who is ready or has voted, ballots once their vote closed
// (initial ballots only at the end with secret ballots), tallies, bans, a hit
// snipe with its Scammer, scores, and a round's truth once its point gives it
// away. Until the end: each role (known to its seat, and a Scammer to the other
// Scammers when they know each other), each headline's truth (to the Scammers,
// and to the Fact Checker after a peek), the hints (to their holder), the Fact
// Checker's peeks and a missed snipe, open ballots (to their voter), the set in
// play, the headlines to come and the generator (to nobody). The end reveals it all.
import { pickOther, redrawRng, redrawn } from "../core/secrets";
import type { Rng } from "../core/rng";
import type { Counterfactual, SecretSpec, SeatId } from "../core/types";
import { banBallot } from "./rules";
import type { Role, RoundState, State, Truth, VoteChoice } from "./types";

const flip = (t: Truth): Truth => (t === "real" ? "fake" : "real");
const VOTES: VoteChoice[] = ["trust", "flag", "abstain"];

function scammers(state: State): SeatId[] {
  return state.seats.filter((s) => state.roles[s] === "scammer");
}

function truthIsPublic(r: RoundState): boolean {
  return r.scoring !== null && r.scoring.pointTo !== null;
}

/** Nobody knows the set in play, the headlines still to come, or the generator. */
function unknownToAll(state: State, rng: Rng): Counterfactual<State> {
  return redrawn(state, "the set in play, the headlines to come and the generator", [], (s) => {
    s.rng = redrawRng(rng);
    s.headlineSet = s.headlineSet === "A" ? "B" : "A";
    const shown = s.rounds.length;
    const future = rng.shuffle(s.deck.slice(shown)).map((h) => ({ ...h, truth: rng.chance(0.5) ? h.truth : flip(h.truth) }));
    s.deck = [...s.deck.slice(0, shown), ...future];
  });
}

/** A shown headline whose point has not given it away: only the Scammers (and a Fact Checker who peeked) know its truth. */
function headlineTruth(state: State, r: RoundState): Counterfactual<State> {
  const i = r.round - 1;
  const fc = state.seats.find((x) => state.roles[x] === "fact_checker");
  return redrawn(state, `the truth of round ${r.round}'s headline`, [...scammers(state), ...(r.peeked && fc ? [fc] : [])], (s) => {
    const round = s.rounds[i]!;
    round.headline = { ...round.headline, truth: flip(round.headline.truth) };
    if (s.deck[i]) s.deck[i] = { ...s.deck[i]!, truth: round.headline.truth };
  });
}

/** Two seats trade roles: they know, and so do the Scammers if they know each other. */
function swapRoles(state: State, a: SeatId, b: SeatId): Counterfactual<State> {
  const knownBy = new Set([a, b]);
  // when a Scammer's card moves, Scammers who know each other see who became or stopped being one
  const scammerMoves = state.roles[a] === "scammer" || state.roles[b] === "scammer";
  if (state.config.scammersKnowEachOther && scammerMoves) for (const x of scammers(state)) knownBy.add(x);
  return redrawn(state, `the roles of ${a} and ${b}`, [...knownBy], (s) => {
    [s.roles[a], s.roles[b]] = [s.roles[b] as Role, s.roles[a] as Role];
  });
}

/** What one seat alone knows: its open ballots, its secret initial ballots, its hints; the Fact Checker's peeks and missed snipe. */
function ownSecrets(state: State, seat: SeatId, rng: Rng): Counterfactual<State> {
  return redrawn(state, `${seat}'s ballots, hints, peeks and snipe`, [seat], (s) => redrawOwn(rng, s, seat));
}

function redrawOwn(rng: Rng, s: State, seat: SeatId): void {
  const cur = s.rounds[s.rounds.length - 1];
  for (const r of s.rounds) {
    const open = r === cur && s.phase === "vote";
    if (seat in r.votes && (open || (r.voteClosed && s.config.secretBallots))) {
      r.votes[seat] = pickOther(rng, VOTES, r.votes[seat]!);
    }
    if (r.hint?.holder === seat) {
      r.hint = { holder: seat, says: flip(r.hint.says) };
    }
  }
  const b = banBallot(s);
  if (b && seat in b.ballot) {
    const others = b.candidates.filter((c) => c !== seat);
    b.ballot[seat] = rng.chance(0.2) ? null : pickOther<SeatId | null>(rng, others, b.ballot[seat] ?? null);
  }
  if (s.roles[seat] === "fact_checker" && cur) {
    cur.peeked = !cur.peeked;
    s.peekRounds = cur.peeked ? [...s.peekRounds.filter((x) => x !== cur.round), cur.round].sort((x, y) => x - y) : s.peekRounds.filter((x) => x !== cur.round);
    const missed = s.snipeUsed && !s.snipeUsed.hit ? s.snipeUsed : null;
    if (missed) {
      const target = pickOther(rng, s.seats.filter((x) => x !== seat && s.roles[x] !== "scammer"), missed.target);
      s.snipeUsed = { ...missed, target };
      const r = s.rounds[missed.round - 1];
      if (r?.snipe) r.snipe = { target, hit: false };
    }
  }
}

function counterfactuals(state: State, rng: Rng): Counterfactual<State>[] {
  if (state.result !== null) return [];
  const out: Counterfactual<State>[] = [unknownToAll(state, rng)];
  for (const r of state.rounds) if (!truthIsPublic(r)) out.push(headlineTruth(state, r));
  const hidden = state.seats.filter((x) => !(state.snipeUsed?.hit && state.snipeUsed.target === x));
  for (let i = 0; i < 3; i++) {
    const [a, b] = rng.shuffle(hidden);
    if (a && b && state.roles[a] !== state.roles[b]) out.push(swapRoles(state, a, b));
  }
  return [...out, ...state.seats.map((seat) => ownSecrets(state, seat, rng))];
}

export const secrets: SecretSpec<State> = {
  counterfactuals,
  configs: [
    { secretBallots: true, scammersKnowEachOther: false, drunkHintAccuracy: 70 },
    { banVoteInRoundOne: true, refusalPenalty: true, peeksPerGame: 5, rounds: 8 },
  ],
};
