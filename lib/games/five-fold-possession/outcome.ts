// The end of the match in the platform's terms: winners, the EC, the awards.
import type { Outcome } from "../core/types";
import type { State } from "./state";

/** What a seat's place in the final ranking came with. */
function note(f: NonNullable<State["final"]>, s: string): string {
  return [f.pointsWinners.includes(s) ? "most points" : "", f.identificationWinners.includes(s) ? "most identifications" : "", f.elimination === s ? "EC" : ""].filter(Boolean).join(", ");
}

export function outcomeOf(state: State): Outcome | null {
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
  return {
    summary: `Most points: ${f.pointsWinners.join(", ")}; most identifications: ${f.identificationWinners.join(", ")}; EC: ${f.elimination ?? "none"}.`,
    winners,
    losers: f.elimination ? [f.elimination] : [],
    ranking: f.ranking.map((r) => {
      const n = note(f, r.seat);
      return n ? { seat: r.seat, place: r.place, score: points.get(r.seat) ?? 0, note: n } : { seat: r.seat, place: r.place, score: points.get(r.seat) ?? 0 };
    }),
    awards,
  };
}
