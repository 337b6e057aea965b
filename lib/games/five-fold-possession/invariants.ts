// What holds in every state of Five Fold Possession, for fuzzing: balances never
// below zero, entries that never hold back more garnets than a seat has, hands
// and played cards that make up the twelve cards, a role schedule that keeps the
// rule text's constraints and never changes, fresh aliases every round.
import type { SeatId } from "../core/types";
import { committed } from "./rules";
import { TOTAL_ROUNDS, scheduleProblems } from "./schedule";
import type { State } from "./state";

const CARDS = Array.from({ length: 12 }, (_, i) => i + 1);

export function invariants(state: State, before: State | null): string[] {
  const out: string[] = [];
  const expected = state.phase === "submit" ? state.round - 1 : state.phase === "results" ? state.round : TOTAL_ROUNDS;
  if (state.rounds.length !== expected) out.push(`${state.phase} of round ${state.round} with ${state.rounds.length} closed rounds`);
  if ((state.phase === "end") !== (state.final !== null)) out.push(`phase ${state.phase} with${state.final ? "" : "out"} a final record`);
  for (const p of scheduleProblems(state.schedule, state.seats, state.config.schedule.uniquePairs)) out.push(`schedule: ${p}`);
  if (before && JSON.stringify(before.schedule) !== JSON.stringify(state.schedule)) out.push("the role schedule changed");
  for (const seat of state.seats) {
    const garnets = state.garnets[seat] ?? 0;
    if (garnets < 0) out.push(`${seat} has ${garnets} garnets`);
    if ((state.deferredGarnets[seat] ?? 0) < 0) out.push(`${seat} is owed ${state.deferredGarnets[seat]} garnets`);
    const sub = state.subs[seat];
    if (state.phase === "submit" && sub && committed(sub, state.config) > garnets) out.push(`${seat}'s entries hold back ${committed(sub, state.config)} of ${garnets} garnets`);
    const played = state.rounds.map((r) => r.median.cards[seat]);
    const all = [...(state.hands[seat] ?? []), ...played].sort((a, b) => (a ?? 0) - (b ?? 0));
    if (all.join() !== CARDS.join()) out.push(`${seat}'s hand ${JSON.stringify(state.hands[seat])} and played cards ${JSON.stringify(played)} are not the twelve cards`);
  }
  state.aliases.forEach((bySeat, i) => {
    const names = state.seats.map((s: SeatId) => bySeat[s]);
    if (new Set(names).size !== state.seats.length || names.some((x) => !x)) out.push(`round ${i + 1}: aliases ${JSON.stringify(bySeat)}`);
  });
  if (before && state.round < before.round) out.push(`the round went back from ${before.round} to ${state.round}`);
  return out;
}
