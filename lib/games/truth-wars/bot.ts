// A bot per role, working only from its own view.
//
// - Scammer: knows every headline's truth; leans and votes the wrong way most
//   of the time to steer the table, and votes to shadow-ban the most reliable
//   players (the likely Fact Checker or Drunk).
// - Fact Checker: peeks whenever the cooldown allows, leans and votes on what
//   it saw, and snipes the player whose votes and leans fit a Scammer best
//   (sooner when the evidence is strong, at the last chance otherwise).
// - Drunk (and the Misinformed User who inherits the hint): leans and votes on
//   the hint, weighed by its accuracy against the table.
// - Misinformed User: waits for others to lean, then follows the leans of the
//   players with the best public record; bans the worst record.
import type { BotContext, PhaseInfo, Rng, SeatId } from "../core";
import type { Action } from "./actions";
import type { Lean, Truth } from "./types";
import type { MeView, RoundView, View } from "./view";

type Signal = number; // > 0: trust (real), < 0: flag (fake)

const truthSignal = (t: Truth): Signal => (t === "real" ? 1 : -1);
const leanOf = (s: Signal): Lean => (s > 0 ? "trust" : "flag");

/** A seat's public record over the rounds whose truth this bot knows (current round excluded). */
function credibility(view: View, exclude: number): Record<SeatId, number> {
  const cred: Record<SeatId, number> = {};
  for (const s of view.seats) cred[s] = 0;
  for (const r of view.history) {
    if (r.round === exclude || r.truth === null) continue;
    const t = truthSignal(r.truth);
    for (const [s, lean] of Object.entries(r.leans)) cred[s] = (cred[s] ?? 0) + ((lean === "trust") === t > 0 ? 0.5 : -0.5);
    if (!r.votes) continue;
    for (const [s, v] of Object.entries(r.votes)) {
      if (v === "abstain") continue;
      cred[s] = (cred[s] ?? 0) + ((v === "trust") === (t > 0) ? 1 : -1);
    }
  }
  return cred;
}

function currentRound(view: View): RoundView | null {
  return view.history[view.history.length - 1] ?? null;
}

/** What this bot privately knows of the current headline: a truth signal and how sure it is. */
function privateSignal(view: View, me: MeView): Signal {
  if (view.headline?.truth) return truthSignal(view.headline.truth) * 10;
  const hint = me.hints.find((h) => h.round === view.round);
  if (hint) return truthSignal(hint.says) * ((me.hintAccuracy ?? 100) - 50) / 50 * 3;
  return 0;
}

/** The table's leans, each weighed by the leaner's record. */
function tableSignal(view: View, me: MeView): Signal {
  const cred = credibility(view, view.round);
  let sum = 0;
  for (const p of view.players) {
    if (p.seat === me.seat || p.banned || p.lean === null) continue;
    if (me.fellowScammers.includes(p.seat)) continue;
    const w = Math.min(3, Math.max(0.1, 1 + 0.5 * (cred[p.seat] ?? 0)));
    sum += p.lean === "trust" ? w : -w;
  }
  return sum;
}

/** A hunch about a headline nobody has told you about: people misread headlines too. */
function gut(rng: Rng): Signal {
  return (rng.next() * 2 - 1) * 1.2;
}

/** How many more other voices lean toward the truth than against it. */
function tableMargin(view: View, me: MeView, truth: Signal): number {
  let margin = 0;
  for (const p of view.players) if (!p.banned && p.seat !== me.seat && p.lean !== null && !me.fellowScammers.includes(p.seat)) margin += (p.lean === "trust") === truth > 0 ? 1 : -1;
  return margin;
}

/**
 * The Scammer's lean: open with a lie half the time; later ride a table that
 * is already wrong, blend in with a table that is clearly right (a lone wrong
 * voice is easy to spot), and push the lie when the table is split.
 */
function scammerLean(view: View, me: MeView, truth: Signal, rng: Rng): Lean {
  const spoken = view.players.some((p) => p.seat !== me.seat && p.lean !== null);
  const margin = tableMargin(view, me, truth);
  const lie = !spoken ? 0.5 : margin >= 2 ? 0.2 : margin <= -1 ? 0.9 : 0.6;
  return leanOf(rng.chance(lie) ? -truth : truth);
}

function discuss(view: View, me: MeView, phase: PhaseInfo, rng: Rng): Action | null {
  if (me.can.includes("peek")) return { type: "peek" };
  const ready = me.can.includes("ready") ? ({ type: "ready" } as const) : null;
  if (me.lean !== null) return ready;
  const own = privateSignal(view, me);
  if (me.role === "scammer" && own !== 0) return { type: "lean", lean: scammerLean(view, me, own, rng) };
  if (Math.abs(own) >= 1) {
    const s = own + 0.3 * tableSignal(view, me);
    return { type: "lean", lean: leanOf(s === 0 ? own : s) };
  }
  const table = 0.6 * tableSignal(view, me) + gut(rng);
  if (Math.abs(table) > 0.6) return { type: "lean", lean: leanOf(table) };
  // Nothing convincing yet: wait until everyone else has leaned or is ready (the phase no longer waits on them).
  const others = view.players.filter((p) => !p.banned && p.seat !== me.seat);
  return others.every((p) => p.lean !== null || !phase.waitingOn.includes(p.seat)) ? ready : null;
}

function voteChoice(view: View, me: MeView, rng: Rng): "trust" | "flag" {
  const own = privateSignal(view, me);
  if (me.role === "scammer" && own !== 0) {
    // An open wrong vote that cannot swing the verdict only exposes you; a secret one costs nothing.
    const settled = tableMargin(view, me, own) >= 2;
    const lie = view.rules.secretBallots ? 0.9 : settled ? 0.2 : 0.85;
    return leanOf(rng.chance(lie) ? -own : own);
  }
  let s = Math.abs(own) >= 1 ? own + 0.1 * tableSignal(view, me) : 0.6 * tableSignal(view, me) + gut(rng);
  if (me.lean !== null) s += me.lean === "trust" ? 0.5 : -0.5;
  if (s === 0) s = rng.chance(0.5) ? 1 : -1;
  return leanOf(s);
}

/**
 * How much each other seat looks like a Scammer to a Truth-Team bot: a poor
 * public record, plus this round's leans and votes against what the bot
 * privately knows of the headline.
 */
function suspicion(view: View, me: MeView): Record<SeatId, number> {
  const cred = credibility(view, view.round);
  const sus: Record<SeatId, number> = {};
  for (const s of view.seats) sus[s] = -(cred[s] ?? 0);
  const cur = currentRound(view);
  const own = privateSignal(view, me);
  if (cur && Math.abs(own) >= 1) {
    const weight = Math.min(1, Math.abs(own) / 3);
    for (const [s, lean] of Object.entries(cur.leans)) if ((lean === "trust") !== own > 0) sus[s] = (sus[s] ?? 0) + weight;
    if (cur.votes) for (const [s, v] of Object.entries(cur.votes)) if (v !== "abstain" && (v === "trust") !== own > 0) sus[s] = (sus[s] ?? 0) + 1.5 * weight;
  }
  // A seat the snipe missed is known to be on the Truth Team (Fact Checker only).
  if (me.snipe?.used && !me.snipe.used.hit) sus[me.snipe.used.target] = -100;
  return sus;
}

function mostSuspect(candidates: SeatId[], sus: Record<SeatId, number>, rng: Rng): { seat: SeatId; score: number } | null {
  let best: { seat: SeatId; score: number } | null = null;
  for (const s of rng.shuffle(candidates)) {
    const score = sus[s] ?? 0;
    if (!best || score > best.score) best = { seat: s, score };
  }
  return best;
}

function snipeChoice(view: View, me: MeView, rng: Rng): SeatId | null {
  const snipe = me.snipe;
  if (!snipe || snipe.used || snipe.targets.length === 0) return null;
  const best = mostSuspect(snipe.targets, suspicion(view, me), rng);
  if (!best) return null;
  const lastChance = view.round >= Math.max(...snipe.rounds);
  if (best.score >= 2.5 || (lastChance && best.score >= 0.5)) return best.seat;
  return null;
}

function banChoice(view: View, me: MeView, rng: Rng): SeatId | null {
  const ballot = view.banVote;
  if (!ballot) return null;
  const candidates = ballot.candidates.filter((s) => s !== me.seat && !me.fellowScammers.includes(s));
  if (candidates.length === 0) return null;
  if (me.role === "scammer") {
    // Mostly ride the table's suspicion onto someone else; sometimes go for the
    // most reliable voice instead (the likely Fact Checker or Drunk).
    const cred = credibility(view, view.round);
    const pick: Record<SeatId, number> = {};
    const silence = rng.chance(0.35);
    for (const s of candidates) pick[s] = (silence ? 1 : -1) * (cred[s] ?? 0) + rng.next();
    return mostSuspect(candidates, pick, rng)?.seat ?? null;
  }
  // Players read the table differently: suspicion carries some personal noise.
  const sus = suspicion(view, me);
  const noisy: Record<SeatId, number> = {};
  for (const s of candidates) noisy[s] = (sus[s] ?? 0) + (rng.next() * 2 - 1) * 1.5;
  const best = mostSuspect(candidates, noisy, rng);
  if (!best) return null;
  if (best.score <= 0 && !ballot.revote && rng.chance(0.5)) return null;
  return best.seat;
}

export function bot(view: View, { rng, phase }: BotContext): Action | null {
  const me = view.me;
  if (!me || me.banned || view.result) return null;
  switch (view.phase) {
    case "reveal":
    case "round_end":
      return me.can.includes("ready") ? { type: "ready" } : null;
    case "discussion":
      return discuss(view, me, phase, rng);
    case "vote":
      return me.can.includes("vote") ? { type: "vote", choice: voteChoice(view, me, rng) } : null;
    case "snipe":
      return me.can.includes("snipe") ? { type: "snipe", target: snipeChoice(view, me, rng) } : null;
    case "ban_vote":
    case "ban_revote":
      return me.can.includes("ban") ? { type: "ban", target: banChoice(view, me, rng) } : null;
    case "game_over":
      return null;
  }
}
