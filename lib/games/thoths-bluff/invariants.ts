// What holds in every state of Thoth's Bluff, for fuzzing: five dice each with
// real faces, health that only falls and only when an action phase ends, and
// health equal to the start less the damage the round records show.
import type { SeatId } from "../core/types";
import { DICE, SIDES } from "./dice";
import type { PlayerState, State } from "./state";

export function invariants(state: State, before: State | null): string[] {
  const out: string[] = [];
  const start = state.config.startingHealth;
  if (state.seats.length !== 2) out.push(`${state.seats.length} seats`);
  if (state.history.length !== state.round) out.push(`round ${state.round} with ${state.history.length} round records`);
  if ((state.phase === "finished") !== (state.result !== null)) out.push(`phase ${state.phase} with result ${JSON.stringify(state.result)}`);
  const other = (s: SeatId) => state.seats.find((x) => x !== s);
  for (const seat of state.seats) {
    const p = state.players[seat] as PlayerState | undefined;
    if (!p) {
      out.push(`${seat} has no player`);
      continue;
    }
    if (p.dice.map((d) => d.kind).join() !== DICE.join()) out.push(`${seat}'s dice are ${p.dice.map((d) => d.kind).join()}`);
    for (const d of p.dice) {
      const ok = d.status === "rolled" ? Number.isInteger(d.value) && (d.value as number) >= 1 && (d.value as number) <= SIDES[d.kind] : d.value === null;
      if (!ok) out.push(`${seat}'s ${d.kind} is ${d.status} with value ${d.value}`);
    }
    if (new Set(p.rolls.map((r) => r.die)).size !== p.rolls.length) out.push(`${seat} rolled a die twice in one phase`);
    for (const r of p.rolls) if (r.value < 1 || r.value > SIDES[r.die]) out.push(`${seat} rolled ${r.value} on a ${r.die}`);
    const taken = state.history.flatMap((rec) => rec.resolutions).reduce((sum, r) => sum + (r.winners.includes(other(seat) ?? "") ? r.damage : 0), 0);
    if (p.health !== start - taken) out.push(`${seat} has ${p.health} health; the records say ${start - taken}`);
    const was = before?.players[seat];
    if (was && p.health > was.health) out.push(`${seat}'s health rose from ${was.health} to ${p.health}`);
    if (was && p.health !== was.health && before?.phase !== "action") out.push(`${seat}'s health changed outside the end of an action phase`);
  }
  for (const a of state.actions) {
    for (const seat of state.seats) if ((a.submitted[seat] ?? []).length > a.size) out.push(`${seat} sent ${(a.submitted[seat] ?? []).length} dice to ${a.id}, which takes ${a.size}`);
  }
  if (before && state.round < before.round) out.push(`the round went back from ${before.round} to ${state.round}`);
  return out;
}
