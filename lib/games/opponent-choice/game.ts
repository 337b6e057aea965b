// The death match opponent choice of a season: one timed phase in which the
// Elimination Candidate (seat s1), or the host on their behalf, names one of the
// candidates. When the time runs out the first candidate (the worst placed in
// the main match) is named. Nothing in it is secret.
import { z } from "zod";
import { Codes, ok, reject } from "../core/result";
import { form } from "../core/config-meta";
import { noEffects } from "../core/season";
import type { Actor, ApplyResult, GameDefinition, Outcome, PhaseInfo, SeatId, Viewer } from "../core/types";

const DEFAULT_SECONDS = 120;

export const configSchema = z.object({
  candidates: z
    .array(z.string().regex(/^s[1-9][0-9]?$/))
    .max(19)
    .default([])
    .meta(form({ title: "Who may be named", description: "The seats the Elimination Candidate may name, the default first; none ticked: every other seat, in seat order.", control: "seats" })),
  seconds: z.int().min(10).max(86_400).default(DEFAULT_SECONDS).meta(form({ title: "Time to choose", description: "When it runs out, the first candidate is named.", unit: "seconds" })),
});
export type Config = z.infer<typeof configSchema>;

export const actionSchema = z.object({ type: z.literal("choose"), seat: z.string().regex(/^s[1-9][0-9]?$/) });
export type Action = z.infer<typeof actionSchema>;

export interface State {
  seats: SeatId[];
  /** The Elimination Candidate. */
  ec: SeatId;
  candidates: SeatId[];
  seconds: number;
  chosen: SeatId | null;
  by: "ec" | "host" | "timeout" | null;
}

export interface View {
  ec: SeatId;
  candidates: SeatId[];
  seconds: number;
  chosen: SeatId | null;
  by: State["by"];
  /** The viewer is the EC and may choose now. */
  canChoose: boolean;
}

function setup({ seats, config }: { seats: SeatId[]; config: Config }): State {
  const ec = seats[0];
  if (!ec || seats.length < 2) throw new Error("The opponent choice needs the EC and at least one candidate.");
  const candidates = config.candidates.length ? config.candidates.slice() : seats.slice(1);
  for (const c of candidates) if (c === ec || !seats.includes(c)) throw new Error(`${c} cannot be a candidate: it is the EC or not a seat of this room.`);
  if (new Set(candidates).size !== candidates.length) throw new Error("A candidate is listed twice.");
  return { seats: seats.slice(), ec, candidates, seconds: config.seconds, chosen: null, by: null };
}

function apply(state: State, actor: Actor, action: Action): ApplyResult<State> {
  if (state.chosen) return reject(Codes.finished, "The opponent has been named.");
  if (actor !== "host" && actor !== state.ec) return reject("action/not_the_ec", "Only the Elimination Candidate (or the host for them) names the opponent.");
  if (!state.candidates.includes(action.seat)) return reject("action/not_a_candidate", "That player cannot be named: choose one of the candidates.");
  return ok({ ...state, chosen: action.seat, by: actor === "host" ? "host" : "ec" });
}

function phase(state: State): PhaseInfo {
  if (state.chosen) return { key: "done", name: "Opponent named", round: 1, durationMs: null, waitingOn: [], finished: true };
  return { key: "choose", name: "EC names the opponent", round: 1, durationMs: state.seconds * 1000, waitingOn: [state.ec] };
}

function timeout(state: State): State {
  if (state.chosen) return state;
  return { ...state, chosen: state.candidates[0] ?? null, by: "timeout" };
}

function view(state: State, viewer: Viewer): View {
  return { ec: state.ec, candidates: state.candidates.slice(), seconds: state.seconds, chosen: state.chosen, by: state.by, canChoose: viewer === state.ec && !state.chosen };
}

function outcome(state: State): Outcome | null {
  if (!state.chosen) return null;
  const how = state.by === "timeout" ? " (time ran out: the first candidate)" : state.by === "host" ? " (the host named them)" : "";
  return {
    summary: `${state.ec} plays the death match against ${state.chosen}${how}.`,
    winners: [],
    losers: [],
    ranking: [],
    awards: [
      { seat: state.ec, label: "Elimination Candidate" },
      { seat: state.chosen, label: "Death Match Opponent" },
    ],
  };
}

function invariants(state: State, before: State | null): string[] {
  const out: string[] = [];
  if (state.candidates.includes(state.ec)) out.push("the EC is a candidate");
  if (state.chosen !== null && !state.candidates.includes(state.chosen)) out.push(`${state.chosen} was named but is no candidate`);
  if ((state.chosen === null) !== (state.by === null)) out.push(`chosen ${state.chosen} by ${state.by}`);
  if (before?.chosen && before.chosen !== state.chosen) out.push("the named opponent changed");
  return out;
}

export const game: GameDefinition<State, Config, Action, View> = {
  meta: {
    id: "opponent-choice",
    name: "Death match opponent",
    tagline: "The Elimination Candidate names who plays the death match against them.",
    kind: "Season",
    players: { min: 2, max: 20, recommended: 5 },
    length: "2 min at the default timer",
    tags: ["Season"],
    seasonOnly: true,
  },
  configSchema,
  actionSchema,
  phaseTrack: [{ key: "choose", name: "EC names the opponent", length: { path: ["seconds"], defaultSeconds: DEFAULT_SECONDS } }],
  setup,
  apply,
  phase,
  timeout,
  view,
  outcome,
  bot(v, { rng }) {
    return v.canChoose && v.candidates.length ? { type: "choose", seat: rng.pick(v.candidates) } : null;
  },
  describe(action, actor) {
    return `${actor} named ${action.seat} as death match opponent`;
  },
  // every fact of this game is public: there is nothing to draw again
  secrets: { counterfactuals: () => [] },
  invariants,
  season: {
    role: "pick",
    takes: { garnets: false, marks: false, realms: false },
    configure: (config) => config,
    effects(state) {
      if (!state.chosen || !state.by) return null;
      return { ...noEffects(), opponent: { ec: state.ec, chosen: state.chosen, by: state.by } };
    },
  },
};
