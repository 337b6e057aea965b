// The end of the match: standings, the two win conditions with their tiebreak
// chains, the opal challenge and the Elimination Candidate.
import type { Rng } from "../core/rng";
import type { SeatId } from "../core/types";
import type { Config } from "./config";
import type { FinalRecord, IdentityResult, RoleGuessResult, Standing, State } from "./state";

export function standingsOf(state: State): Standing[] {
  return state.seats.map((s) => {
    const t = state.tally[s]!;
    return {
      seat: s,
      points: (t.minigameHalves + t.challengeHalves + t.guessHalves) / 2,
      minigamePoints: t.minigameHalves / 2,
      garnets: state.garnets[s] ?? 0,
      startGarnets: state.startGarnets[s] ?? 0,
      identityGarnets: state.deferredGarnets[s] ?? 0,
      identifications: t.identifications,
      identitiesCorrect: t.identitiesCorrect,
      challengesCompleted: t.challengesCompleted,
    };
  });
}

type Key = (x: Standing) => number;

/** Win condition 1: points, then minigame points, then garnets, then garnets at the start. */
export function pointsChain(cfg: Config): Key[] {
  const start: Key = cfg.tiebreaks.startGarnets === "more" ? (x) => x.startGarnets : (x) => -x.startGarnets;
  return [(x) => x.points, (x) => x.minigamePoints, (x) => x.garnets, start];
}

/** Win condition 2: right role names, then aliases placed right, then challenges completed, then garnets, then garnets at the start. */
export function identificationChain(cfg: Config): Key[] {
  const start: Key = cfg.tiebreaks.startGarnets === "more" ? (x) => x.startGarnets : (x) => -x.startGarnets;
  return [(x) => x.identifications, (x) => x.identitiesCorrect, (x) => x.challengesCompleted, (x) => x.garnets, start];
}

/** Negative when `a` is better than `b` under the chain (every key: higher is better). */
export function compareBy(chain: Key[], a: Standing, b: Standing): number {
  for (const k of chain) {
    const d = k(b) - k(a);
    if (d !== 0) return d;
  }
  return 0;
}

/** The winners of a tie under the config's rule for unbroken ties: all of them, or one by a seeded draw (noted). */
function settle(tied: Standing[], what: string, state: State, rng: Rng, notes: string[]): SeatId[] {
  if (tied.length <= 1 || state.config.tiebreaks.unbroken === "shared") {
    if (tied.length > 1) notes.push(`${what}: an unbroken tie, shared by ${tied.map((x) => x.seat).join(", ")}.`);
    return tied.map((x) => x.seat);
  }
  const pick = rng.pick(tied);
  notes.push(`${what}: an unbroken tie between ${tied.map((x) => x.seat).join(", ")}, settled by a seeded draw for ${pick.seat}.`);
  return [pick.seat];
}

/** The garnets a seat gained over the game (lost, when negative). */
function netGarnets(state: State, s: SeatId): number {
  return (state.garnets[s] ?? 0) - (state.startGarnets[s] ?? 0);
}

/** The best seats under a chain: one, or all fully tied ones. */
export function bestBy(chain: Key[], list: Standing[]): Standing[] {
  const sorted = list.slice().sort((a, b) => compareBy(chain, a, b));
  const top = sorted[0];
  return top ? sorted.filter((x) => compareBy(chain, x, top) === 0) : [];
}

export function finish(
  state: State,
  identity: IdentityResult,
  roleGuess: RoleGuessResult,
  opalGuesses: Record<SeatId, number | null>,
  rng: Rng,
): FinalRecord {
  const cfg = state.config;
  const standings = standingsOf(state);
  const notes: string[] = [];
  const pChain = pointsChain(cfg);
  const pointsWinners = settle(bestBy(pChain, standings), "Most points", state, rng, notes);
  const identificationWinners = settle(bestBy(identificationChain(cfg), standings), "Most identifications", state, rng, notes);

  // The EC: the lowest under the points chain among those who met no win condition.
  const rest = standings.filter((x) => !pointsWinners.includes(x.seat) && !identificationWinners.includes(x.seat));
  const worstChain = pChain.map((k) => (x: Standing) => -k(x));
  const worst = bestBy(worstChain, rest);
  let elimination: SeatId | null = null;
  if (worst.length === 1) elimination = worst[0]!.seat;
  else if (worst.length > 1) {
    elimination = rng.pick(worst).seat;
    notes.push(`Elimination Candidate: an unbroken tie between ${worst.map((x) => x.seat).join(", ")}, settled by a seeded draw for ${elimination}.`);
  }

  // Opal challenge: name the round without a possessed; several right: most net garnets; a tie there: nobody.
  const empty = state.schedule.emptyRound;
  const correct = state.seats.filter((s) => opalGuesses[s] === empty);
  let opalWinner: SeatId | null = null;
  if (correct.length === 1) opalWinner = correct[0]!;
  else if (correct.length > 1) {
    const best = Math.max(...correct.map((s) => netGarnets(state, s)));
    const top = correct.filter((s) => netGarnets(state, s) === best);
    if (top.length === 1) opalWinner = top[0]!;
    else notes.push("Opal challenge: several right guesses tied on net garnets, so nobody gets the opal.");
  }

  const sorted = standings.slice().sort((a, b) => compareBy(pChain, a, b));
  const ranking: { seat: SeatId; place: number }[] = [];
  sorted.forEach((x, i) => {
    const prev = sorted[i - 1];
    const place = prev && compareBy(pChain, prev, x) === 0 ? ranking[i - 1]!.place : i + 1;
    ranking.push({ seat: x.seat, place });
  });

  return {
    identity,
    roleGuess,
    opal: { guesses: { ...opalGuesses }, correct, winner: opalWinner },
    standings,
    pointsWinners,
    identificationWinners,
    elimination,
    ranking,
    notes,
  };
}
