// The end of a game in its own terms: which team won, why, and a few awards.
import type { Award, Outcome, SeatId } from "../core";
import { ROLE_NAMES, TEAM_NAMES, isCorrectVote, teamOf } from "./state";
import type { GameResult, Role, State } from "./types";

export function resultSummary(result: GameResult, state: State): string {
  const target = state.config.pointsToWin;
  switch (result.reason) {
    case "scammers_points":
      return `Scammers win: they reached ${target} points in round ${result.round}.`;
    case "truth_points":
      return `Truth Team wins: they reached ${target} points in round ${result.round}.`;
    case "scammers_banned":
      return `Truth Team wins: every Scammer was shadow-banned by round ${result.round}.`;
    case "rounds_over":
      return `Tie: after ${state.config.rounds} rounds neither team reached ${target} points.`;
  }
}

/** Correct initial votes per seat over the rounds whose headline was scored or revealed at the end. */
function correctVotes(state: State): Record<SeatId, number> {
  const out: Record<SeatId, number> = {};
  for (const s of state.seats) out[s] = 0;
  for (const r of state.rounds) {
    if (!r.voteClosed) continue;
    for (const [seat, choice] of Object.entries(r.votes)) if (isCorrectVote(choice, r.headline.truth)) out[seat] = (out[seat] ?? 0) + 1;
  }
  return out;
}

function roleOf(state: State, s: SeatId): Role {
  return state.roles[s] as Role;
}

export function outcome(state: State): Outcome | null {
  const result = state.result;
  if (!result) return null;
  const winners = result.winner === "tie" ? [] : state.seats.filter((s) => teamOf(roleOf(state, s)) === result.winner);
  const losers = result.winner === "tie" ? [] : state.seats.filter((s) => teamOf(roleOf(state, s)) !== result.winner);
  const ranking = state.seats.map((seat) => {
    const team = teamOf(roleOf(state, seat));
    const ban = state.bans.find((b) => b.seat === seat);
    const note = `${ROLE_NAMES[roleOf(state, seat)]} (${TEAM_NAMES[team]})${ban ? `, shadow-banned in round ${ban.round}` : ""}`;
    const place = result.winner === "tie" || team === result.winner ? 1 : 2;
    return { seat, place, score: state.scores[team], note };
  });
  ranking.sort((a, b) => a.place - b.place || state.seats.indexOf(a.seat) - state.seats.indexOf(b.seat));

  const awards: Award[] = [];
  if (state.snipeUsed?.hit) {
    const fc = state.seats.find((s) => roleOf(state, s) === "fact_checker");
    if (fc) awards.push({ seat: fc, label: "Sniped a Scammer" });
  }
  const correct = correctVotes(state);
  const truthSeats = state.seats.filter((s) => teamOf(roleOf(state, s)) === "truth");
  const best = Math.max(0, ...truthSeats.map((s) => correct[s] ?? 0));
  if (best > 0) for (const s of truthSeats) if (correct[s] === best) awards.push({ seat: s, label: "Sharpest eye" });
  if (result.winner === "scammers") {
    for (const s of state.seats) if (roleOf(state, s) === "scammer" && !state.bans.some((b) => b.seat === s)) awards.push({ seat: s, label: "Never caught" });
  }
  return { summary: resultSummary(result, state), winners, losers, ranking, awards };
}
