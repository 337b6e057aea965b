// What holds in every state of Truth Deflector, for fuzzing: garnets never
// negative, points and balances that change only when a round resolves and add
// up to the round ledgers, claim counts that add up to the players counted.
import { RULE, TRAITS, type State } from "./types";

export function invariants(state: State, before: State | null): string[] {
  const out: string[] = [];
  const resolved = state.history.length;
  if (state.stage === "round" && resolved !== state.round - 1) out.push(`round ${state.round} with ${resolved} resolved rounds`);
  if (state.stage !== "round" && resolved !== state.config.rounds) out.push(`${state.stage} after ${resolved} of ${state.config.rounds} rounds`);
  if ((state.end !== null) !== (state.stage !== "round")) out.push(`stage ${state.stage} with${state.end ? "" : "out"} an end record`);
  for (const s of Object.keys(state.pending)) if (!state.seats.includes(s)) out.push(`a submission from ${s}, who has no seat`);
  const last = state.history[resolved - 1];
  for (const s of state.seats) {
    const p = state.players[s];
    if (!p) {
      out.push(`${s} has no player`);
      continue;
    }
    if (p.garnets < 0) out.push(`${s} has ${p.garnets} garnets`);
    if (p.alive !== (p.eliminatedRound === null)) out.push(`${s} is ${p.alive ? "alive" : "out"} with elimination round ${p.eliminatedRound}`);
    if (p.lies < 0 || p.lies > resolved) out.push(`${s} lied in ${p.lies} of ${resolved} rounds`);
    const ledger = state.history.reduce((sum, r) => sum + (r.ledger[s]?.total ?? 0), 0);
    if (p.points !== ledger) out.push(`${s} has ${p.points} points; the round ledgers add up to ${ledger}`);
    if (last && (last.pointsAfter[s] !== p.points || last.garnetsAfter[s] !== p.garnets || last.tdAfter[s] !== p.td)) out.push(`${s}'s points, garnets or status differ from the last round record`);
    const was = before?.players[s];
    if (was && before && before.history.length === resolved && JSON.stringify(was) !== JSON.stringify(p)) out.push(`${s}'s standing changed without a round resolving`);
    if (was && p.lies < was.lies) out.push(`${s}'s lied rounds fell from ${was.lies} to ${p.lies}`);
    if (state.end && state.end.garnetsEarned[s] !== Math.max(0, Math.floor((state.end.finalPoints[s] ?? 0) / RULE.pointsPerGarnet))) out.push(`${s} earned ${state.end.garnetsEarned[s]} garnets for ${state.end.finalPoints[s]} points`);
  }
  for (const r of state.history) {
    const claimed = TRAITS.reduce((sum, t) => sum + r.claimCounts[t], 0);
    if (claimed !== r.scored.length) out.push(`round ${r.round}: ${claimed} claims counted for ${r.scored.length} players`);
    for (const c of r.counted) if (c.challengers.length < RULE.challengeThreshold) out.push(`round ${r.round}: a challenge on ${c.target} counted with ${c.challengers.length} challengers`);
  }
  if (before && state.round < before.round) out.push(`the round went back from ${before.round} to ${state.round}`);
  return out;
}
