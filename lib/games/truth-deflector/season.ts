// Truth Deflector in a season: it starts from each seat's garnet balance and
// gives back the change (resurrections and cleansing spent, points ÷ 30 earned),
// Tokens of Life (two to a sole winner, one for the optional lie win) and the EC.
import { addTo, noEffects, opponentCandidates, publicPoints } from "../core/season";
import type { SeasonSpec } from "../core/types";
import { outcome } from "./outcome";
import type { State } from "./types";

export const season: SeasonSpec<State> = {
  role: "main",
  takes: { garnets: true, marks: false, realms: false },
  configure(config, inputs, seats) {
    const garnets = (config.garnets ?? {}) as Record<string, unknown>;
    return { ...config, garnets: { ...garnets, perSeat: seats.map((s) => inputs.garnets[s] ?? null) } };
  },
  effects(state) {
    const end = state.end;
    const o = outcome(state);
    if (!end || !o) return null;
    const e = noEffects();
    state.seats.forEach((s, i) => {
      const start = state.config.garnets.perSeat[i] ?? state.config.garnets.start;
      e.garnets[s] = (end.finalGarnets[s] ?? start) - start;
    });
    for (const s of end.mainWinners) addTo(e.tokens, s, end.mainWinners.length === 1 ? 2 : 1);
    if (end.lieWinner) addTo(e.tokens, end.lieWinner, 1);
    e.ec = end.ec;
    e.opponentCandidates = end.ec ? opponentCandidates(o, end.ec, state.seats) : [];
    e.points = publicPoints(o);
    return e;
  },
};
