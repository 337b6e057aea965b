// What holds in every state of Truth Wars, for fuzzing: the dealt roles never
// change and their counts fit the table, bans are never lifted, scores stay
// between zero and the target, peeks and the snipe stay within their limits,
// and closed tallies count every voter once.
import { scammerCount } from "./state";
import type { State } from "./types";

export function invariants(state: State, before: State | null): string[] {
  const out: string[] = [];
  const n = state.seats.length;
  const count = (role: string) => state.seats.filter((s) => state.roles[s] === role).length;
  if (count("fact_checker") !== 1 || count("drunk") !== 1 || count("scammer") !== scammerCount(n) || count("misinformed") !== n - 2 - scammerCount(n)) {
    out.push(`roles dealt: ${JSON.stringify(state.roles)}`);
  }
  if (before && JSON.stringify(before.roles) !== JSON.stringify(state.roles)) out.push("the roles changed");
  if (state.rounds.length !== state.round) out.push(`round ${state.round} with ${state.rounds.length} round records`);
  if (state.round > state.config.rounds) out.push(`round ${state.round} of ${state.config.rounds}`);
  if ((state.phase === "game_over") !== (state.result !== null)) out.push(`phase ${state.phase} with result ${JSON.stringify(state.result)}`);
  for (const team of ["truth", "scammers"] as const) {
    const score = state.scores[team];
    if (score < 0 || score > state.config.pointsToWin) out.push(`${team} has ${score} points`);
  }
  if (new Set(state.bans.map((b) => b.seat)).size !== state.bans.length) out.push("a seat was banned twice");
  if (before && JSON.stringify(state.bans.slice(0, before.bans.length)) !== JSON.stringify(before.bans)) out.push("a ban was lifted or rewritten");
  if (state.peekRounds.length > state.config.peeksPerGame) out.push(`${state.peekRounds.length} peeks of ${state.config.peeksPerGame}`);
  if (state.peekRounds.some((r, i) => i > 0 && r === (state.peekRounds[i - 1] ?? 0) + 1)) out.push(`peeks in rounds in a row: ${state.peekRounds.join(",")}`);
  if (before?.snipeUsed && JSON.stringify(before.snipeUsed) !== JSON.stringify(state.snipeUsed)) out.push("the one snipe was taken again");
  for (const r of state.rounds) {
    if (r.tally) {
      const cast = r.tally.trust + r.tally.flag + r.tally.abstain;
      if (cast !== Object.keys(r.votes).length) out.push(`round ${r.round}: a tally of ${cast} for ${Object.keys(r.votes).length} ballots`);
    }
    if (r.hint && !state.seats.includes(r.hint.holder)) out.push(`round ${r.round}: a hint for ${r.hint.holder}`);
  }
  return out;
}
