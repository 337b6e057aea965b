// Five Fold Possession: a 5-player, 12-round main match. Each round one hidden
// possessed tries to complete challenges across five minigames while a hidden
// ghost hunter and everyone else try to work out who it was.
import type { GameDefinition } from "../core/types";
import { actionSchema, type Action } from "./actions";
import { bot } from "./bot";
import { configSchema, type Config } from "./config";
import { advance, apply, phaseInfo, setup } from "./rules";
import { invariants } from "./invariants";
import { secrets } from "./secrets";
import type { State } from "./state";
import { changedViews, view, type View } from "./view";
import { outcomeOf } from "./outcome";
import { season } from "./season";

export type { Action, Config, State, View };
export type { MeView, PublicRound, MyRound, EndView, HostView, GreedView } from "./view";

const SUMMARY: Record<Action["type"], string> = {
  rps: "made a submission",
  rpsCancel: "made a submission",
  playCard: "made a submission",
  greedJoin: "made a submission",
  greedDraw: "made a submission",
  greedIgnore: "made a submission",
  greedStop: "made a submission",
  bid: "made a submission",
  guessIdentities: "made a submission",
  guessRoles: "made a submission",
  guessOpal: "made a submission",
  done: "is done for this phase",
};

/** The default match: where the phase tracker takes each phase's default length from. */
const defaults = configSchema.parse({});

export const game: GameDefinition<State, Config, Action, View> = {
  meta: {
    id: "five-fold-possession",
    name: "Five Fold Possession",
    tagline: "Complete your challenges undetected when it is your turn to be possessed.",
    kind: "Main match",
    players: { min: 5, max: 5, recommended: 5 },
    length: "≈ 75 min at default timers (12 rounds)",
    tags: ["Bidding", "Luck", "Points-based", "RPS", "Social deduction"],
  },
  configSchema,
  actionSchema,
  phaseTrack: [
    { key: "submit", name: "Submissions", length: { path: ["phaseSeconds", "submit"], defaultSeconds: defaults.phaseSeconds.submit } },
    { key: "results", name: "Results", length: { path: ["phaseSeconds", "results"], defaultSeconds: defaults.phaseSeconds.results } },
    { key: "final", name: "Final guesses", length: { path: ["phaseSeconds", "final"], defaultSeconds: defaults.phaseSeconds.final } },
  ],
  setup,
  apply,
  phase: phaseInfo,
  timeout: advance,
  view,
  changedViews,
  outcome: outcomeOf,
  bot,
  describe(action, actor) {
    return `${actor} ${SUMMARY[action.type]}`;
  },
  secrets,
  invariants,
  season,
};
