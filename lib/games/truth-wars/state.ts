// Small read-only helpers over the state, shared by the rules, the view and the chat.
import type { SeatId } from "../core";
import type { Role, RoundState, State, Team, Truth, VoteChoice } from "./types";

export const ROLE_NAMES: Record<Role, string> = {
  fact_checker: "Fact Checker",
  scammer: "Scammer",
  drunk: "Drunk",
  misinformed: "Misinformed User",
};

export const TEAM_NAMES: Record<Team, string> = { truth: "Truth Team", scammers: "Scammers" };

export function teamOf(role: Role): Team {
  return role === "scammer" ? "scammers" : "truth";
}

export function scammerCount(players: number): number {
  return players >= 7 ? 2 : 1;
}

export function current(state: State): RoundState {
  const r = state.rounds[state.rounds.length - 1];
  if (!r) throw new Error("no round has started");
  return r;
}

export function currentOrNull(state: State): RoundState | null {
  return state.rounds[state.rounds.length - 1] ?? null;
}

export function isBanned(state: State, seat: SeatId): boolean {
  return state.bans.some((b) => b.seat === seat);
}

export function unbanned(state: State): SeatId[] {
  return state.seats.filter((s) => !isBanned(state, s));
}

export function seatsWithRole(state: State, role: Role): SeatId[] {
  return state.seats.filter((s) => state.roles[s] === role);
}

export function factChecker(state: State): SeatId {
  const fc = seatsWithRole(state, "fact_checker")[0];
  if (!fc) throw new Error("no Fact Checker dealt");
  return fc;
}

export function allScammersBanned(state: State): boolean {
  return seatsWithRole(state, "scammer").every((s) => isBanned(state, s));
}

/** Snipes happen in rounds 1–4 and never in the game's last round. */
export function snipeRound(state: State, round: number): boolean {
  return round <= 4 && round < state.config.rounds;
}

/** The shadow-ban vote runs in rounds 2–5 (from round 1 with the variant). */
export function banVoteRound(state: State, round: number): boolean {
  return round >= (state.config.banVoteInRoundOne ? 1 : 2);
}

export function peeksLeft(state: State): number {
  return Math.max(0, state.config.peeksPerGame - state.peekRounds.length);
}

/** Which team a verdict scores for: trusting a real or flagging a fake headline is correct. */
export function verdictTeam(majority: "trust" | "flag", truth: Truth): Team {
  return (majority === "trust") === (truth === "real") ? "truth" : "scammers";
}

export function isCorrectVote(choice: VoteChoice, truth: Truth): boolean | null {
  if (choice === "abstain") return null;
  return verdictTeam(choice, truth) === "truth";
}
