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
import { view, type View } from "./view";

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
  outcome(state) {
    const f = state.final;
    if (!f) return null;
    const winners = [...new Set([...f.pointsWinners, ...f.identificationWinners])];
    const awards = [
      ...f.pointsWinners.map((seat) => ({ seat, label: "Token of Life" })),
      ...f.identificationWinners.map((seat) => ({ seat, label: "Token of Life" })),
      ...f.pointsWinners.filter((s) => f.identificationWinners.includes(s)).map((seat) => ({ seat, label: "Opal" })),
      ...(f.opal.winner ? [{ seat: f.opal.winner, label: "Opal (opal challenge)" }] : []),
      ...(f.elimination ? [{ seat: f.elimination, label: "Elimination Candidate" }] : []),
    ];
    const points = new Map(f.standings.map((x) => [x.seat, x.points]));
    const note = (s: string) =>
      [f.pointsWinners.includes(s) ? "most points" : "", f.identificationWinners.includes(s) ? "most identifications" : "", f.elimination === s ? "EC" : ""]
        .filter(Boolean)
        .join(", ");
    return {
      summary: `Most points: ${f.pointsWinners.join(", ")}; most identifications: ${f.identificationWinners.join(", ")}; EC: ${f.elimination ?? "none"}.`,
      winners,
      losers: f.elimination ? [f.elimination] : [],
      ranking: f.ranking.map((r) => {
        const n = note(r.seat);
        return n ? { seat: r.seat, place: r.place, score: points.get(r.seat) ?? 0, note: n } : { seat: r.seat, place: r.place, score: points.get(r.seat) ?? 0 };
      }),
      awards,
    };
  },
  bot,
  describe(action, actor) {
    return `${actor} ${SUMMARY[action.type]}`;
  },
  secrets,
  invariants,
};
