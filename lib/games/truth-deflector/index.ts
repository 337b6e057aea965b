// Truth Deflector: ten rounds of public claims and secret submissions. Lie and
// you become a Truth Deflector; three challengers on a Truth Deflector
// eliminate them. Points come from how the table claimed.
import { Codes, ok, reject } from "../core/result";
import { seedRng } from "../core/rng";
import type { Actor, ApplyResult, GameDefinition, PhaseInfo, SeatId } from "../core/types";
import { actionSchema, type Action } from "./actions";
import { bot } from "./bot";
import { configSchema, MAX_PLAYERS, MIN_PLAYERS, type Config } from "./config";
import { defaultEC, resolveRound } from "./resolve";
import { checkSubmit } from "./rules";
import { invariants } from "./invariants";
import { secrets } from "./secrets";
import type { PlayerState, State } from "./types";
import { buildView, changedViews, type View } from "./view";
import { outcome } from "./outcome";
import { season } from "./season";

export type { Action, ActionInput } from "./actions";
export type { Config } from "./config";
export type { State, Trait, WisdomQuery, WisdomAnswer, Submission, Ledger, RoundRecord } from "./types";
export type { View, MyView, HostView, EndView, PublicRound, PublicPlayer, ChoicePreview, MyRound, RulesView } from "./view";

function setup({ seats, config, seed }: { seats: SeatId[]; config: Config; seed: string }): State {
  if (config.garnets.perSeat.length > seats.length) {
    throw new RangeError(`Garnet overrides are given for ${config.garnets.perSeat.length} seats, but the room has ${seats.length}.`);
  }
  const players: Record<SeatId, PlayerState> = {};
  seats.forEach((s, i) => {
    players[s] = { alive: true, eliminatedRound: null, td: false, points: 0, garnets: config.garnets.perSeat[i] ?? config.garnets.start, lies: 0 };
  });
  return { config, seats: seats.slice(), rng: seedRng(seed), stage: "round", round: 1, players, pending: {}, history: [], end: null };
}

function apply(state: State, actor: Actor, action: Action): ApplyResult<State> {
  if (state.stage === "finished") return reject(Codes.finished, "The game is over.");
  switch (action.type) {
    // Seats only: a player's whole round at once.
    case "submit": {
      if (actor === "host" || !state.players[actor]) return reject(Codes.notAPlayer, "Only seated players submit.");
      if (state.stage !== "round") return reject(Codes.wrongPhase, "The rounds are over: nothing more to submit.");
      const sub = checkSubmit(state, actor, action);
      if ("ok" in sub) return sub;
      const pending = { ...state.pending, [actor]: sub };
      const next: State = { ...state, pending };
      return ok(state.seats.every((s) => pending[s]) ? resolveRound(next) : next);
    }
    // A highest-points winner, or the host on their behalf.
    case "pickEC": {
      const end = state.end;
      if (state.stage !== "ecChoice" || !end) return reject(Codes.wrongPhase, "There is no EC to choose now.");
      if (actor !== "host" && !end.mainWinners.includes(actor)) {
        return reject("action/not_a_winner", "Only the players who won with the highest score choose the EC.");
      }
      if (!end.ecCandidates.includes(action.seat)) {
        return reject("action/not_a_candidate", `Choose among the players tied for the lowest score: ${end.ecCandidates.join(", ")}.`);
      }
      return ok({ ...state, stage: "finished", end: { ...end, ec: action.seat, ecDecidedBy: actor } });
    }
  }
}

function phase(state: State): PhaseInfo {
  if (state.stage === "round") {
    return {
      key: "round",
      name: "Claims & challenges",
      round: state.round,
      durationMs: state.config.phaseSeconds.round * 1000,
      waitingOn: state.seats.filter((s) => !state.pending[s]),
    };
  }
  if (state.stage === "ecChoice") {
    return {
      key: "ecChoice",
      name: "Winners choose the EC",
      round: state.round,
      durationMs: null,
      waitingOn: state.end?.mainWinners.slice() ?? [],
      waitingOnHost: true,
    };
  }
  return { key: "finished", name: "Game over", round: state.round, durationMs: null, waitingOn: [], finished: true };
}

function timeout(state: State): State {
  if (state.stage === "round") return resolveRound(state);
  if (state.stage === "ecChoice" && state.end) {
    return { ...state, stage: "finished", end: { ...state.end, ec: defaultEC(state.end), ecDecidedBy: "default" } };
  }
  return state;
}

/** The default match: where the phase tracker takes each phase's default length from. */
const defaults = configSchema.parse({});

export const game: GameDefinition<State, Config, Action, View> = {
  meta: {
    id: "truth-deflector",
    name: "Truth Deflector",
    tagline: "Claim a trait, secretly submit one: lie and you become a Truth Deflector, if three players call you out.",
    kind: "Main match",
    players: { min: MIN_PLAYERS, max: MAX_PLAYERS, recommended: 11 },
    length: "≈ 30 min at default timers (10 rounds of 3 min)",
    tags: ["bluffing", "deduction", "simultaneous", "challenges", "garnets"],
  },
  configSchema,
  actionSchema,
  phaseTrack: [{ key: "round", name: "Claims & challenges", length: { path: ["phaseSeconds", "round"], defaultSeconds: defaults.phaseSeconds.round } }],
  setup,
  apply,
  phase,
  timeout,
  view: buildView,
  changedViews,
  outcome,
  bot,
  describe(action, actor) {
    if (action.type === "pickEC") return `${actor} named ${action.seat} the Elimination Candidate`;
    return `${actor} locked in for the round`;
  },
  secrets,
  invariants,
  season,
};
