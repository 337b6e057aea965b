// Secret Sinner in a season: it takes the realms the last episode left (when they
// fit this seat count) and the Marks of Elimination carried into this episode, and
// gives back the new Mark, the EC and everyone's realm for the next episode.
import { noEffects } from "../core/season";
import type { Realm, SeasonSpec } from "../core/types";
import { outcome } from "./engine";
import { heavenCountFor } from "./rules";
import type { State } from "./state";

export const season: SeasonSpec<State> = {
  role: "main",
  takes: { garnets: false, marks: true, realms: true },
  configure(config, inputs, seats) {
    const out: Record<string, unknown> = { ...config, markedSeats: inputs.marks.filter((s) => seats.includes(s)) };
    const realms = inputs.realms;
    // carried realms are used only when they give this seat count its Heaven size; else the seed draws them
    if (realms && seats.filter((s) => realms[s] === "heaven").length === heavenCountFor(seats.length)) out.realms = seats.map((s) => realms[s]);
    return out;
  },
  effects(state) {
    const r = state.result;
    const o = outcome(state);
    if (!r || !o) return null;
    const e = noEffects();
    if (r.heavenLoser) e.marks.push(r.heavenLoser);
    e.ec = r.eliminationCandidate;
    // the EC names a player who will be in Hell: the one who falls first, then Hell from its bottom
    const hellUp = r.hellOrder.map((x) => x.seat).reverse();
    e.opponentCandidates = [...(r.heavenLoser ? [r.heavenLoser] : []), ...hellUp].filter((s) => s !== r.eliminationCandidate && !o.winners.includes(s));
    if (!e.opponentCandidates.length) e.opponentCandidates = state.seats.filter((s) => s !== r.eliminationCandidate);
    const realms: Record<string, Realm> = {};
    for (const s of state.seats) realms[s] = o.winners.includes(s) ? "heaven" : "hell";
    e.realms = realms;
    return e;
  },
};
