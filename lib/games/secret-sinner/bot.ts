// A plausible player working only from its own view: it sends a query each
// round it can, locks in letters it can prove are allies, now and then takes
// a chance on an unproven one, then marks itself done.
import type { BotContext } from "../core/types";
import type { Rng } from "../core/rng";
import type { Action } from "./actions";
import { lockTargets, queryLetters } from "./choices";
import { ATTRIBUTES, queryLettersProblem } from "./rules";
import type { Letter } from "./rules";
import type { LockBoardEntry, View } from "./view";

/**
 * Letters proven to be allies of `letter`: when an answer says Yes for it and
 * Yes for another letter, both have the queried attribute, so they share it.
 */
export function provenAllies(view: View, letter: Letter): Letter[] {
  const out = new Set<Letter>();
  for (const r of view.me?.received ?? []) {
    if (!r.answers.some((a) => a.letter === letter && a.answer === "Yes")) continue;
    for (const a of r.answers) if (a.letter !== letter && a.answer === "Yes") out.add(a.letter);
  }
  return [...out];
}

function buildQuery(view: View, seat: string, rng: Rng): Action | null {
  const panel = view.me!.query;
  const recipients = panel.recipients.filter((r) => r.available);
  if (recipients.length === 0) return null;
  const pool = queryLetters(view.board, panel).filter((l) => l.selectable);
  for (let attempt = 0; attempt < 40; attempt++) {
    const picked: Letter[] = [];
    const owners = new Set<string>();
    for (const e of rng.shuffle(pool)) {
      if (owners.has(e.owner)) continue;
      picked.push(e.letter);
      owners.add(e.owner);
      if (picked.length === 3) break;
    }
    if (picked.length === 3 && !queryLettersProblem(picked, view.board, seat, view.settings.queryOwnLetters)) {
      return { type: "query", letters: [picked[0]!, picked[1]!, picked[2]!], attribute: rng.pick(ATTRIBUTES), recipient: rng.pick(recipients).seat };
    }
  }
  return null;
}

function chooseLock(view: View, entry: LockBoardEntry, rng: Rng): Letter | null {
  const open = lockTargets(view.board, entry).filter((t) => t.available).map((t) => t.letter);
  const sure = provenAllies(view, entry.letter).filter((l) => open.includes(l));
  if (sure.length > 0) return rng.pick(sure);
  // An unproven guess is right 8 times in 20 at best: worth a try now and then, more so late.
  const lateness = view.round / view.rounds;
  return open.length > 0 && rng.chance(0.15 + 0.35 * lateness) ? rng.pick(open) : null;
}

export function bot(view: View, { seat, rng }: BotContext): Action | null {
  if (view.stage === "ascension") {
    const r = view.results;
    if (!r || !r.youPick || r.pickCandidates.length === 0) return null;
    // candidates come in Hell's rank order: the first is the best-ranked
    const best = r.pickCandidates[0]!;
    return { type: "pickAscender", seat: rng.chance(0.6) ? best : rng.pick(r.pickCandidates) };
  }
  const me = view.me;
  if (view.stage !== "round" || !me || me.done) return null;
  if (me.query.canSend && rng.chance(0.9)) {
    const q = buildQuery(view, seat, rng);
    if (q) return q;
  }
  for (const entry of me.lockBoard) {
    if (!entry.canLock) continue;
    const target = chooseLock(view, entry, rng);
    if (target) return { type: "lock", letter: entry.letter, target };
  }
  return { type: "done" };
}
