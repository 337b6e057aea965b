// Thoth's Bluff is the season's death match: the EC against the opponent they
// named. It takes nothing from the season and gives back who won; the season
// eliminates the loser unless its Token of Life rule saves them.
import { noEffects } from "../core/season";
import type { SeasonSpec } from "../core/types";
import type { State } from "./state";
import { outcomeOf } from "./view";

export const season: SeasonSpec<State> = {
  role: "death",
  takes: { garnets: false, marks: false, realms: false },
  configure: (config) => config,
  effects(state) {
    const o = outcomeOf(state);
    if (!o) return null;
    const e = noEffects();
    const [winner] = o.winners;
    const [loser] = o.losers;
    // a draw (no winner) eliminates nobody
    if (winner && loser) e.deathMatch = { winner, loser };
    return e;
  },
};
