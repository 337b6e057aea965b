// Pure helpers of the Truth Deflector dashboard: the draft of a round's
// submission and its checks, plain sentences for Wisdom, score sums and the
// chart's scale. No React here, so the logic is tested on its own.
import type { SeatId } from "@/lib/games/core/types";
import type { ActionInput, MyView, RulesView, Submission, Trait, WisdomAnswer, WisdomQuery } from "@/lib/games/truth-deflector";
import { TRAITS } from "@/lib/games/truth-deflector/types";

export { TRAITS };

type NameOf = (seat: SeatId) => string;

/** What a player is putting together for this round, before sending it. */
export interface Draft {
  claim: Trait | null;
  secret: Trait | null;
  challenges: SeatId[];
  pair: { claimed: Trait | null; submitted: Trait | null };
  player: SeatId | null;
  cleanse: boolean;
  resurrect: boolean;
}

/** A fresh draft, or the one already locked in. */
export function draftFrom(sub: Submission | null): Draft {
  return {
    claim: sub?.claim ?? null,
    secret: sub?.secret ?? null,
    challenges: sub ? sub.challenges.slice() : [],
    pair: sub?.wisdom?.kind === "pair" ? { claimed: sub.wisdom.claimed, submitted: sub.wisdom.submitted } : { claimed: null, submitted: null },
    player: sub?.wisdom?.kind === "player" ? sub.wisdom.target : null,
    cleanse: sub?.cleanse ?? false,
    resurrect: sub?.resurrect ?? false,
  };
}

/** Whether this draft has to carry a Wisdom question. */
export function needsWisdom(draft: Draft, me: MyView): boolean {
  const kind = me.can.wisdom.query;
  if (!me.can.choose || kind === null) return false;
  if (draft.claim !== "Wisdom" && draft.secret !== "Wisdom") return false;
  return kind === "pair" || me.can.wisdom.players.length > 0;
}

/** Why the draft cannot be sent yet, in words, or null when it can. */
export function draftProblem(draft: Draft, me: MyView): string | null {
  if (me.can.choose) {
    if (!draft.claim && !draft.secret) return "Choose the trait you claim and the trait you secretly submit.";
    if (!draft.claim) return "Choose the trait you claim.";
    if (!draft.secret) return "Choose the trait you secretly submit.";
    if (needsWisdom(draft, me)) {
      if (me.can.wisdom.query === "pair") {
        if (!draft.pair.claimed || !draft.pair.submitted) return "You chose Wisdom: pick the claimed and the submitted trait Wisdom should trace.";
        if (draft.pair.claimed === draft.pair.submitted) return "Wisdom needs two different traits.";
      } else if (!draft.player) return "You chose Wisdom: pick the player Wisdom should check.";
    }
  }
  if (draft.challenges.length > me.can.maxChallenges) return `You may challenge at most ${me.can.maxChallenges} players.`;
  return null;
}

/** The submit action for a draft (call only when `draftProblem` is null). */
export function toAction(draft: Draft, me: MyView): Extract<ActionInput, { type: "submit" }> {
  const challenges = draft.challenges.filter((s) => me.can.challengeTargets.includes(s));
  if (!me.can.choose) return { type: "submit", challenges, cleanse: false, resurrect: draft.resurrect && me.can.resurrect.allowed };
  let wisdom: WisdomQuery | undefined;
  if (needsWisdom(draft, me)) {
    if (me.can.wisdom.query === "pair" && draft.pair.claimed && draft.pair.submitted) wisdom = { kind: "pair", claimed: draft.pair.claimed, submitted: draft.pair.submitted };
    if (me.can.wisdom.query === "player" && draft.player) wisdom = { kind: "player", target: draft.player };
  }
  return {
    type: "submit",
    claim: draft.claim ?? undefined,
    secret: draft.secret ?? undefined,
    challenges,
    ...(wisdom ? { wisdom } : {}),
    cleanse: draft.cleanse && me.can.cleanse.allowed,
    resurrect: false,
  };
}

/** True when the draft would send exactly what is already locked in. */
export function sameAsLocked(draft: Draft, me: MyView): boolean {
  if (!me.submission) return false;
  const a = toAction(draft, me);
  const b = toAction(draftFrom(me.submission), me);
  return JSON.stringify({ ...a, challenges: [...(a.challenges ?? [])].sort() }) === JSON.stringify({ ...b, challenges: [...(b.challenges ?? [])].sort() });
}

/** Why a player cannot be added to the challenges, or null. */
export function challengeBlock(target: SeatId, chosen: SeatId[], max: number): string | null {
  if (chosen.includes(target)) return null;
  if (chosen.length >= max) return `You already challenge ${max} players: uncheck one to pick another.`;
  return null;
}

/** What the two chosen traits will bring at the end of the round, as lines a player can check. */
export function payoutLines(claim: Trait, secret: Trait, rules: RulesView): string[] {
  const counted = TRAITS.filter((t) => t !== secret);
  const lines = [`The number of players who claim ${counted[0]} plus the number who claim ${counted[1]} (the two traits you do not submit).`];
  const effects = claim === secret ? [claim] : [claim, secret];
  for (const t of effects) {
    if (t === "Power") lines.push(`+${rules.powerBonus} for Power.`);
    if (t === "Courage") lines.push(`+${rules.courageBonus} for Courage, if at most ${rules.courageLimit} players still in the game claim Courage.`);
    if (t === "Wisdom") lines.push(`Wisdom: ${rules.wisdomText}`);
  }
  return lines;
}

export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${Math.abs(n)}`;
  return "0";
}

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

export function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function describeQuery(q: WisdomQuery, nameOf: NameOf): string {
  return q.kind === "pair" ? `claimed ${q.claimed}, submitted ${q.submitted}` : `did ${nameOf(q.target)} lie?`;
}

/** A Wisdom question in a few words, for tables. */
export function shortQuery(q: WisdomQuery, nameOf: NameOf): string {
  return q.kind === "pair" ? `${q.claimed} → ${q.submitted}` : `${nameOf(q.target)}?`;
}

export function describeAnswer(a: WisdomAnswer, nameOf: NameOf): string {
  switch (a.kind) {
    case "lieCount":
      return `${a.count} player${a.count === 1 ? "" : "s"} lied about their trait this round.`;
    case "tdCount":
      return `${a.count} player${a.count === 1 ? " is" : "s are"} Truth Deflector${a.count === 1 ? "" : "s"} among those still in the game.`;
    case "playerCheck":
      return `${nameOf(a.target)} ${a.lied ? "lied" : "told the truth"} this round.`;
    case "pairTrace":
      return a.seats.length === 0
        ? `Nobody claimed ${a.claimed} and submitted ${a.submitted}.`
        : `Claimed ${a.claimed}, submitted ${a.submitted}: ${list(a.seats.map(nameOf))}.`;
  }
}

export interface PointTotals {
  counts: number;
  power: number;
  courage: number;
  challenges: number;
  total: number;
}

/** Your points summed by source over the rounds played so far. */
export function pointTotals(history: MyView["history"]): PointTotals {
  const t: PointTotals = { counts: 0, power: 0, courage: 0, challenges: 0, total: 0 };
  for (const h of history) {
    t.counts += h.points.counts;
    t.power += h.points.power;
    t.courage += h.points.courage;
    t.challenges += h.points.challenges;
    t.total += h.points.total;
  }
  return t;
}

/** A y-range that includes 0 and every value, with round tick steps. */
export function niceScale(values: number[], targetTicks = 4): { min: number; max: number; ticks: number[] } {
  let lo = Math.min(0, ...values);
  let hi = Math.max(0, ...values);
  if (hi - lo < 10) hi = lo + 10;
  const raw = (hi - lo) / targetTicks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(Math.round(v));
  return { min: lo, max: hi, ticks };
}
