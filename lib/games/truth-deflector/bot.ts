// A plausible player from its own view only: mostly honest, lies now and then,
// cleanses when it can afford it, challenges players its Wisdom caught lying
// and joins the table's favourite suspects, resurrects when it can.
import type { BotContext, SeatId } from "../core/types";
import type { Action } from "./actions";
import { TRAITS, type Trait, type WisdomQuery } from "./types";
import type { View } from "./view";

function suspects(view: View, me: SeatId): SeatId[] {
  const targets = new Set(view.me?.can.challengeTargets ?? []);
  const caught: Record<number, SeatId[]> = {};
  for (const h of view.me?.history ?? []) {
    const a = h.wisdom?.answer;
    if (a?.kind === "pairTrace") caught[h.round] = a.seats.slice();
    if (a?.kind === "playerCheck" && a.lied) caught[h.round] = [a.target];
  }
  const score: Record<SeatId, number> = {};
  const last = view.history.length;
  for (const r of view.history) {
    // A revealed clean player or a resurrected one starts from nothing.
    for (const c of r.counted) if (!c.wasTruthDeflector) score[c.target] = 0;
    for (const s of r.resurrected) score[s] = 0;
    // What my Wisdom caught: a liar is a Truth Deflector unless they cleanse.
    for (const s of caught[r.round] ?? []) score[s] = (score[s] ?? 0) + 3;
    // What the table suspected lately.
    if (r.round === last) for (const c of r.challenges) if (c.from !== me) score[c.to] = (score[c.to] ?? 0) + 1;
  }
  return Object.keys(score)
    .filter((s) => s !== me && targets.has(s) && (score[s] ?? 0) >= 2)
    .sort((a, b) => (score[b] ?? 0) - (score[a] ?? 0) || a.localeCompare(b));
}

function pickChallenges(view: View, ctx: BotContext): SeatId[] {
  const me = view.me;
  if (!me) return [];
  const out: SeatId[] = [];
  for (const s of suspects(view, ctx.seat)) {
    if (out.length >= me.can.maxChallenges) break;
    if (ctx.rng.chance(0.6)) out.push(s);
  }
  if (out.length < me.can.maxChallenges && me.can.challengeTargets.length > 0 && ctx.rng.chance(0.15)) {
    const t = ctx.rng.pick(me.can.challengeTargets);
    if (!out.includes(t)) out.push(t);
  }
  return out;
}

export function bot(view: View, ctx: BotContext): Action | null {
  const me = view.me;
  if (!me) return null;
  if (view.stage === "ecChoice") {
    const candidates = view.end?.ecCandidates ?? [];
    return me.can.pickEC && candidates.length > 0 ? { type: "pickEC", seat: ctx.rng.pick(candidates) } : null;
  }
  if (view.stage !== "round" || me.submission) return null;

  const challenges = pickChallenges(view, ctx);
  if (!me.can.choose) {
    const resurrect = me.can.resurrect.allowed && ctx.rng.chance(0.7);
    return { type: "submit", challenges, cleanse: false, resurrect };
  }

  const cleanse = me.can.cleanse.allowed && ctx.rng.chance(0.5);
  const lieChance = cleanse ? 0.05 : me.truthDeflector ? 0.35 : 0.2;
  // Courage is tempting when the table shied away from it last round.
  const last = view.history[view.history.length - 1];
  const claim: Trait = last && last.claimCounts.Courage <= 2 && ctx.rng.chance(0.4) ? "Courage" : ctx.rng.pick(TRAITS);
  const secret: Trait = ctx.rng.chance(lieChance) ? ctx.rng.pick(TRAITS.filter((t) => t !== claim)) : claim;

  let wisdom: WisdomQuery | undefined;
  if (claim === "Wisdom" || secret === "Wisdom") {
    if (me.can.wisdom.query === "pair" && me.can.wisdom.pairs.length > 0) {
      const p = ctx.rng.pick(me.can.wisdom.pairs);
      wisdom = { kind: "pair", claimed: p.claimed, submitted: p.submitted };
    } else if (me.can.wisdom.query === "player" && me.can.wisdom.players.length > 0) {
      wisdom = { kind: "player", target: ctx.rng.pick(me.can.wisdom.players) };
    }
  }
  return { type: "submit", claim, secret, challenges, wisdom, cleanse, resurrect: false };
}
