// A bot that plays from its own seat's view only: it rolls (and now and then
// bluffs, aiming at plausible values or at a double when it has dice to recover),
// rigs toward bigger values, challenges when the opponent's rolls look too good,
// and fills the actions that resolve soonest with its best dice.
import type { BotContext, Rng } from "../core";
import { assignmentProblem, emptyAssignment, type Assignment } from "./actions";
import type { DieKind } from "./dice";
import { rigOptions } from "./rig-options";
import type { Action } from "./rules";
import { diceFromView, slotsFromView, type LegalMoves, type SeatPanel, type View } from "./view";

type Legal<P extends LegalMoves["phase"]> = Extract<LegalMoves, { phase: P }>;

/** Chance that the bot starts bluffing at a given roll decision. */
const BLUFF_CHANCE = 0.07;
const MAX_RIGS = 3;

export function bot(view: View, { rng }: BotContext): Action | null {
  const me = view.me;
  if (!me || me.done || !me.legal) return null;
  switch (me.legal.phase) {
    case "rolling":
      return rolling(me, me.legal, rng);
    case "rigging":
      return rigging(view, me, me.legal, rng);
    case "action":
      return me.plan === null ? { type: "assign", ...plan(view, me) } : { type: "done" };
  }
}

function rolling(me: SeatPanel, legal: Legal<"rolling">, rng: Rng): Action {
  // Worth a roll: unrolled dice, and kept dice showing a low value.
  const wanted = me.dice.filter((d) => (me.bluffing ? legal.bluff : legal.roll)[d.die].ok && (d.status === "unrolled" || (d.value ?? 0) < d.sides * 0.45));
  const d = wanted.length ? rng.pick(wanted) : null;
  if (!d) return { type: "done" };
  if (me.bluffing || rng.chance(BLUFF_CHANCE)) return { type: "bluff", die: d.die, value: bluffValue(me, d.die, d.sides, rng) };
  return { type: "roll", die: d.die };
}

function bluffValue(me: SeatPanel, die: DieKind, sides: number, rng: Rng): number {
  // With a die to recover, match another die for a double; else a believable high-ish face.
  if (me.dice.some((x) => x.status === "removed")) {
    const match = me.dice.find((x) => x.die !== die && x.status === "rolled" && x.value !== null && x.value <= sides);
    if (match && match.value !== null && rng.chance(0.5)) return match.value;
  }
  return rng.range(Math.ceil(sides * 0.55), sides);
}

/** The face a seat's die of a kind shows (0 when none). */
function faceOf(me: SeatPanel, k: DieKind): number {
  return me.dice.find((d) => d.die === k)?.value ?? 0;
}

function sidesOf(view: View, k: DieKind): number {
  return view.rules.dice.find((d) => d.die === k)?.sides ?? 20;
}

function rigging(view: View, me: SeatPanel, legal: Legal<"rigging">, rng: Rng): Action {
  if (me.rigs.length < MAX_RIGS) {
    let best: { score: number; action: Action } | null = null;
    for (const o of rigOptions(legal.rigs)) {
      if (!o.check.ok || o.result === null) continue;
      const score = o.result - faceOf(me, o.primary) - faceOf(me, o.secondary) * 0.6;
      if (!best || score > best.score) best = { score, action: { type: "rig", tool: o.tool, primary: o.primary, secondary: o.secondary } };
    }
    if (best && best.score >= 2) return best.action;
  }
  if (me.challenge === null && me.rigs.length < MAX_RIGS + 1) {
    const theirs = view.history.find((r) => r.round === view.round)?.rolls?.find((r) => r.seat !== me.seat)?.rolls ?? [];
    const high = theirs.filter((r) => r.value >= sidesOf(view, r.die) * 0.75).length;
    const suspicion = theirs.length >= 2 ? 0.04 + (0.55 * high) / theirs.length : 0.02;
    const wager = me.dice
      .filter((d) => legal.challenge[d.die].ok && d.value !== null)
      .sort((a, b) => (a.value as number) / a.sides - (b.value as number) / b.sides)[0];
    if (wager && rng.chance(suspicion)) return { type: "challenge", die: wager.die };
  }
  return { type: "done" };
}

/** Fills the actions ending soonest first, each with the best dice it may take. */
function plan(view: View, me: SeatPanel): Assignment {
  const dice = diceFromView(me);
  const slots = slotsFromView(view);
  const out = emptyAssignment();
  const free = dice.filter((d) => d.status === "rolled").sort((a, b) => (b.value as number) - (a.value as number));
  for (const s of slots.slice().sort((a, b) => a.endRound - b.endRound)) {
    const room = s.size - s.usedDice.length;
    const roundsLeft = s.endRound - view.round + 1;
    const want = roundsLeft <= 1 ? room : Math.ceil(room / roundsLeft);
    for (const d of free.slice()) {
      if (out[s.slot].length >= want) break;
      const trial = { ...out, [s.slot]: [...out[s.slot], d.kind] };
      if (assignmentProblem(dice, slots, trial) === null) {
        out[s.slot] = trial[s.slot];
        free.splice(free.indexOf(d), 1);
      }
    }
  }
  return assignmentProblem(dice, slots, out) === null ? out : emptyAssignment();
}
