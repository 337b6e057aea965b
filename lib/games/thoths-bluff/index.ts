// Thoth's Bluff: a two-player death match of rolled, bluffed and rigged dice.
import type { Actor, GameDefinition } from "../core";
import { bot } from "./bot";
import { configSchema, type Config } from "./config";
import { apply, phaseInfo, setup, timeout } from "./rules";
import { actionSchema, type Action } from "./schema";
import { invariants } from "./invariants";
import { secrets } from "./secrets";
import type { State } from "./state";
import { changedViews, outcomeOf, view, type View } from "./view";
import { season } from "./season";

export type { Action } from "./schema";
export type { Config } from "./config";
export type { State } from "./state";
export type { View, SeatPanel, LegalMoves, Check, PublicRound, PrivateRound, RunningAction } from "./view";
export { planProblem } from "./view";
export { assignmentProblem, dieProblem, SLOT_SIZE, RESTRICTIONS } from "./actions";
export { DICE, SIDES } from "./dice";
export { TOOL_IDS, rigResult, toolInfo } from "./tools";

/** A log line that never tells a bluff from a roll, nor a challenge from a rig. */
function describe(action: Action, actor: Actor): string {
  switch (action.type) {
    case "roll":
    case "bluff":
      return `${actor} rolled a die.`;
    case "rig":
    case "challenge":
    case "withdrawChallenge":
    case "setRecovery":
      return `${actor} worked on their dice in the rigging phase.`;
    case "assign":
      return `${actor} updated their action plan.`;
    case "done":
      return `${actor} finished the phase.`;
    case "pickWinner":
      return `The host named ${action.seat} the winner of the final tiebreak.`;
  }
}

/** The default match: where the phase tracker takes each phase's default length from. */
const defaults = configSchema.parse({});

export const game: GameDefinition<State, Config, Action, View> = {
  meta: {
    id: "thoths-bluff",
    name: "Thoth's Bluff",
    tagline: "Roll, bluff and rig five dice, then spend them to strike before your opponent does.",
    kind: "Death match",
    players: { min: 2, max: 2, recommended: 2 },
    length: "≈ 20–25 rounds; up to ≈ 70 min at one-minute phases, less when players finish phases early",
    tags: ["Dice", "Optimization", "Psych", "Bluffing"],
  },
  configSchema,
  actionSchema,
  phaseTrack: (["rolling", "rigging", "action"] as const).map((key) => ({ key, name: key.charAt(0).toUpperCase() + key.slice(1), length: { path: ["phaseSeconds", key], defaultSeconds: defaults.phaseSeconds[key] } })),
  setup,
  apply,
  phase: phaseInfo,
  timeout,
  view,
  changedViews,
  outcome: outcomeOf,
  bot,
  describe,
  secrets,
  invariants,
  season,
};
