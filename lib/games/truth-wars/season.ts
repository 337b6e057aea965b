// Truth Wars in a season: its text gives no garnets, Tokens of Life or
// Elimination Candidate, so an episode of it ends without a death match.
import { noEffects } from "../core/season";
import type { SeasonSpec } from "../core/types";
import type { State } from "./types";

export const season: SeasonSpec<State> = {
  role: "main",
  takes: { garnets: false, marks: false, realms: false },
  configure: (config) => config,
  effects: (state) => (state.result ? noEffects() : null),
};
