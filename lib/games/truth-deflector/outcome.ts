// The end of the game in the platform's terms: Token of Life winners, the EC,
// every seat's final points and garnets earned (public at the end).
import type { Outcome } from "../core/types";
import { pointsIn } from "./resolve";
import type { State } from "./types";

export function outcome(state: State): Outcome | null {
  const e = state.end;
  if (state.stage !== "finished" || !e) return null;
  const awards: Outcome["awards"] = [];
  for (const s of e.mainWinners) {
    awards.push({ seat: s, label: "Token of Life" });
    if (e.mainWinners.length === 1) awards.push({ seat: s, label: "Token of Life" });
  }
  if (e.lieWinner) awards.push({ seat: e.lieWinner, label: "Token of Life" });
  if (e.ec) awards.push({ seat: e.ec, label: "Elimination Candidate" });

  const sorted = state.seats.slice().sort((a, b) => pointsIn(e.finalPoints, b) - pointsIn(e.finalPoints, a) || state.seats.indexOf(a) - state.seats.indexOf(b));
  const ranking = sorted.map((seat) => {
    const notes: string[] = [];
    if (e.mainWinners.includes(seat)) notes.push(e.mainWinners.length === 1 ? "highest score: two Tokens of Life" : "highest score: Token of Life");
    if (e.lieWinner === seat) notes.push("lied in the most rounds: Token of Life");
    if (e.ec === seat) notes.push("Elimination Candidate");
    const g = e.garnetsEarned[seat] ?? 0;
    notes.push(`earns ${g} garnet${g === 1 ? "" : "s"}`);
    return { seat, place: 1 + sorted.filter((o) => pointsIn(e.finalPoints, o) > pointsIn(e.finalPoints, seat)).length, score: pointsIn(e.finalPoints, seat), note: notes.join("; ") };
  });
  const winners = e.mainWinners.slice();
  if (e.lieWinner && !winners.includes(e.lieWinner)) winners.push(e.lieWinner);
  const summary =
    `${e.mainWinners.join(", ")} ${e.mainWinners.length === 1 ? "wins" : "win"} with ${pointsIn(e.finalPoints, e.mainWinners[0] ?? "")} points` +
    (e.mainTiebreakUsed ? " (gamewide tiebreak)" : "") +
    (e.lieWinner ? `; ${e.lieWinner} wins a Token of Life for lying the most` : "") +
    (e.ec ? `; ${e.ec} is the Elimination Candidate.` : ".");
  return { summary, winners, losers: e.ec ? [e.ec] : [], ranking, awards };
}
