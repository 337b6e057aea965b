// Five Fold Possession in a season: it starts from each seat's garnet balance
// and gives back the change, a Token of Life per win condition met (an opal too
// for meeting both), the opal challenge's opal and the Elimination Candidate.
import { addTo, noEffects, opponentCandidates, publicPoints } from "../core/season";
import type { SeasonSpec } from "../core/types";
import type { State } from "./state";
import { outcomeOf } from "./outcome";

export const season: SeasonSpec<State> = {
  role: "main",
  takes: { garnets: true, marks: false, realms: false },
  configure(config, inputs) {
    return { ...config, startingGarnetsBySeat: { ...inputs.garnets } };
  },
  effects(state) {
    const f = state.final;
    const outcome = outcomeOf(state);
    if (!f || !outcome) return null;
    const e = noEffects();
    for (const x of f.standings) e.garnets[x.seat] = x.garnets - x.startGarnets;
    for (const s of [...f.pointsWinners, ...f.identificationWinners]) addTo(e.tokens, s, 1);
    for (const s of f.pointsWinners.filter((x) => f.identificationWinners.includes(x))) addTo(e.opals, s, 1);
    if (f.opal.winner) addTo(e.opals, f.opal.winner, 1);
    e.ec = f.elimination;
    e.opponentCandidates = f.elimination ? opponentCandidates(outcome, f.elimination, state.seats) : [];
    e.points = publicPoints(outcome);
    return e;
  },
};
