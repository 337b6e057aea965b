// What Thoth's Bluff keeps secret, for the leak audit. Public at every moment:
// health, who finished the phase, the schedules shown, and each round's record
// as the rules release it (roll values once rolling ends, challenges once
// announced, values sent to actions once the action phase ends, resolutions).
// A seat's own: its dice as they stand, its rolls while rolling, whether any roll
// was a bluff (forever), its rigs and recoveries (forever), its standing
// challenge, its plan, which die carried which value into an action (forever),
// and a wrong challenge until it is announced. Nobody's: the generators.
import { perSeat, pickOther, redrawRng, redrawn, someOf } from "../core/secrets";
import type { Rng } from "../core/rng";
import type { Counterfactual, SecretSpec, SeatId } from "../core/types";
import { SLOTS, type Assignment } from "./actions";
import { DICE, SIDES, type Die, type DieKind } from "./dice";
import type { RigEntry, RollEntry, RoundRecord, State } from "./state";

const STATUSES = ["unrolled", "rolled", "removed"] as const;

function anyDice(rng: Rng): Die[] {
  return DICE.map((kind) => {
    const status = rng.pick(STATUSES);
    return { kind, status, value: status === "rolled" ? rng.range(1, SIDES[kind]) : null };
  });
}

/** A rolling log: some dice in some order, real rolls first and bluffs after the first bluff. */
function anyRolls(rng: Rng): RollEntry[] {
  const dice = someOf(rng, DICE);
  const firstBluff = rng.int(dice.length + 1);
  return dice.map((die, i) => ({ die, value: rng.range(1, SIDES[die]), bluff: i >= firstBluff }));
}

/** The same rolls (dice and values are public once rolling ends) with other bluff flags. */
function otherBluffs(rng: Rng, rolls: readonly RollEntry[]): RollEntry[] {
  const firstBluff = rng.int(rolls.length + 1);
  return rolls.map((r, i) => ({ ...r, bluff: i >= firstBluff }));
}

function anyRigs(rng: Rng, state: State): RigEntry[] {
  return Array.from({ length: rng.int(4) }, () => {
    const [primary, secondary] = rng.shuffle(DICE) as [DieKind, DieKind];
    return { tool: rng.pick(state.config.tools), primary, secondary, from: rng.range(1, SIDES[primary]), to: rng.range(1, SIDES[primary]), secondaryValue: rng.range(1, SIDES[secondary]) };
  });
}

function anyPlan(rng: Rng): Assignment | null {
  if (rng.chance(0.2)) return null;
  const dice = rng.shuffle(DICE);
  const plan: Assignment = { short: [], medium: [], long: [] };
  for (const slot of SLOTS) plan[slot] = dice.splice(0, rng.int(Math.min(3, dice.length) + 1));
  return plan;
}

/** Values sent to an action are public, not which die carried them nor in what order they were listed. */
function otherCarriers<T extends { die: DieKind; value: number }>(rng: Rng, entries: readonly T[]): T[] {
  return rng.shuffle(entries).map((e) => ({ ...e, die: rng.pick(DICE.filter((k) => SIDES[k] >= e.value)) }));
}

function challengesAnnounced(state: State, rec: RoundRecord): boolean {
  return rec.stage === "done" || (state.config.challengeReveal === "riggingEnd" && rec.stage === "action");
}

function redrawSeat(rng: Rng, s: State, seat: SeatId): void {
  const p = s.players[seat];
  if (!p) return;
  const rolling = s.phase === "rolling";
  p.dice = anyDice(rng);
  p.bluffing = rng.chance(0.5);
  p.rolls = rolling ? anyRolls(rng) : otherBluffs(rng, p.rolls);
  p.rigs = anyRigs(rng, s);
  p.challenge = rng.chance(0.5) ? rng.pick(DICE) : null;
  p.recovery = rng.chance(0.5) ? someOf(rng, DICE) : null;
  p.plan = anyPlan(rng);
  for (const rec of s.history) {
    const live = rec.round === s.round && rec.stage === "rolling";
    rec.rolls[seat] = live ? p.rolls.map((r) => ({ ...r })) : otherBluffs(rng, rec.rolls[seat] ?? []);
    rec.rigs[seat] = anyRigs(rng, s);
    rec.recovered[seat] = someOf(rng, DICE, 2);
    rec.submissions[seat] = (rec.submissions[seat] ?? []).map((sub) => ({ ...sub, dice: otherCarriers(rng, sub.dice) }));
    if (!challengesAnnounced(s, rec) && rec.stage === "action") {
      // a wrong challenge changes only its challenger's dice: until announced, only they know it was made
      const wrong = rec.challenges.findIndex((c) => c.challenger === seat && !c.correct);
      const target = s.seats.find((x) => x !== seat) ?? seat;
      if (wrong >= 0 && rng.chance(0.5)) rec.challenges.splice(wrong, 1);
      else if (wrong >= 0) rec.challenges[wrong] = { ...rec.challenges[wrong]!, wager: pickOther(rng, DICE, rec.challenges[wrong]!.wager) };
      else rec.challenges.push({ challenger: seat, target, wager: rng.pick(DICE), correct: false, removed: null, unrolled: [] });
    }
  }
  for (const a of s.actions) {
    const mine = a.submitted[seat] ?? [];
    const rounds = [...new Set(mine.map((x) => x.round))];
    a.submitted[seat] = rounds.flatMap((r) => otherCarriers(rng, mine.filter((x) => x.round === r)));
  }
}

function counterfactuals(state: State, rng: Rng): Counterfactual<State>[] {
  const over = state.phase === "finished";
  const out: Counterfactual<State>[] = [];
  if (!over) {
    out.push(
      redrawn(state, "dice generator and schedule generator", [], (s) => {
        s.rng = redrawRng(rng);
        s.scheduleRng = redrawRng(rng);
      }),
    );
  }
  if (over && state.config.revealSecretsAtEnd) return out;
  return [...out, ...perSeat(state, state.seats, "dice, bluffs, rigs, recoveries, challenge, plan and action dice", (s, seat) => redrawSeat(rng, s, seat))];
}

export const secrets: SecretSpec<State> = {
  counterfactuals,
  configs: [{ challengeReveal: "riggingEnd", revealSecretsAtEnd: true }, { rerollKeptDice: false, doubles: "everyPair", finalTiebreak: "coin" }],
};
