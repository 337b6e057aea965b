// Truth Wars v3: a 5–7 player headline game of Truth Team against Scammers.
import type { GameDefinition } from "../core";
import type { Action } from "./actions";
import { actionSchema } from "./actions";
import { bot } from "./bot";
import { chat } from "./chat";
import type { Config } from "./config";
import { configSchema } from "./config";
import { describe } from "./describe";
import { outcome } from "./outcome";
import { MAX_PLAYERS, MIN_PLAYERS, PHASE_NAMES, apply, phaseInfo, setup, timeout } from "./rules";
import { invariants } from "./invariants";
import { secrets } from "./secrets";
import type { State } from "./types";
import type { View } from "./view";
import { changedViews, view } from "./view";
import { season } from "./season";

export type { Action, ActionType } from "./actions";
export type { Config, HeadlineItem } from "./config";
export { parseHeadlinePaste } from "./config";
export type { State, Role, Team, Truth, Lean, VoteChoice, PhaseKey, Headline, HeadlineSetId } from "./types";
export type { View, MeView, PlayerView, RoundView, BanVoteView } from "./view";

/** The phases of a round in order, each with its length's field in `phaseSeconds`. */
const TRACK_SECONDS = { reveal: "reveal", discussion: "discussion", vote: "vote", snipe: "snipe", ban_vote: "banVote", ban_revote: "banRevote", round_end: "roundEnd" } as const;

/** The default match: where the phase tracker takes each phase's default length from. */
const defaults = configSchema.parse({});

export const game: GameDefinition<State, Config, Action, View> = {
  meta: {
    id: "truth-wars",
    name: "Truth Wars",
    tagline: "Real or fake? Trust or flag each headline while hidden Scammers steer the table.",
    kind: "Main match",
    players: { min: MIN_PLAYERS, max: MAX_PLAYERS, recommended: 6 },
    length: "≈ 20–25 min at default timers (5 rounds)",
    tags: ["social deduction", "hidden roles", "voting", "teams"],
  },
  configSchema,
  actionSchema,
  phaseTrack: (Object.keys(TRACK_SECONDS) as (keyof typeof TRACK_SECONDS)[]).map((key) => ({
    key,
    name: PHASE_NAMES[key],
    length: { path: ["phaseSeconds", TRACK_SECONDS[key]], defaultSeconds: defaults.phaseSeconds[TRACK_SECONDS[key]] },
  })),
  setup,
  apply,
  phase: phaseInfo,
  timeout,
  view,
  changedViews,
  outcome,
  bot,
  chat,
  describe,
  secrets,
  invariants,
  season,
};
