// Secret Sinner: a main match for Heaven and Hell. Letters are public, their
// (sin, virtue) pairs secret; players route queries to the other realm, talk
// only in the windows those queries open, and lock in allies of their letters.
import type { GameDefinition } from "../core/types";
import { actionSchema } from "./actions";
import type { Action } from "./actions";
import { bot } from "./bot";
import { chatRules } from "./chat";
import { configSchema } from "./config";
import type { Config } from "./config";
import { apply, describe, outcome, phase, setup, timeout } from "./engine";
import { invariants } from "./invariants";
import { secrets } from "./secrets";
import type { State } from "./state";
import { changedViews, view } from "./view";
import { season } from "./season";
import type { View } from "./view";

export type { Action, Config, State, View };
export type * from "./view";
export { ATTRIBUTES, LETTERS, SINS, VIRTUES, SUPPORTED_PLAYER_COUNTS, attributeLabel, queryLettersProblem, recipientProblem } from "./rules";
export type { Attribute, BoardEntry, Letter, Realm, Sin, Virtue, Tiebreak } from "./rules";

/** The default match: where the phase tracker takes each phase's default length from. */
const defaults = configSchema.parse({});

export const game: GameDefinition<State, Config, Action, View> = {
  meta: {
    id: "secret-sinner",
    name: "Secret Sinner",
    tagline: "Find the sinners who share your sin or virtue without letting them find yours.",
    kind: "Main match",
    players: { min: 9, max: 19, recommended: 13 },
    length: "≈ 90 min at default timers (10 rounds of 8 min)",
    tags: ["Heaven and Hell", "Intel game", "Limited communication", "Social deduction", "Dilemma"],
  },
  configSchema,
  actionSchema,
  phaseTrack: [
    { key: "briefing", name: "Briefing", length: { path: ["phaseSeconds", "briefing"], defaultSeconds: defaults.phaseSeconds.briefing } },
    { key: "queries", name: "Queries & lock-ins", length: { path: ["phaseSeconds", "round"], defaultSeconds: defaults.phaseSeconds.round } },
    { key: "final", name: "Final lock-ins", length: { path: ["phaseSeconds", "round"], defaultSeconds: defaults.phaseSeconds.round } },
    { key: "ascension", name: "Ascension pick", length: { path: ["phaseSeconds", "ascension"], defaultSeconds: defaults.phaseSeconds.ascension } },
  ],
  setup,
  apply,
  phase,
  timeout,
  view,
  changedViews,
  outcome,
  bot,
  chat: chatRules,
  describe,
  secrets,
  invariants,
  season,
};
