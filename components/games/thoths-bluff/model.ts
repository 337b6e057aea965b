// Pure helpers of the Thoth's Bluff dashboard: labels, the sentence telling a
// viewer what they still owe, and the action-phase plan being edited. No React here,
// so the unit tests can check them against views the engine builds.
import { withSeatNames } from "@/lib/names";
import type { Assignment, Slot } from "@/lib/games/thoths-bluff/actions";
import type { DieKind } from "@/lib/games/thoths-bluff/dice";
import type { RunningAction, SeatPanel, View } from "@/lib/games/thoths-bluff";

export type { Assignment, Slot, DieKind };

export const SLOTS: readonly Slot[] = ["short", "medium", "long"];
export const SLOT_NAME: Record<Slot, string> = { short: "Short", medium: "Medium", long: "Long" };

export function emptyPlan(): Assignment {
  return { short: [], medium: [], long: [] };
}

export function planOf(me: SeatPanel | null): Assignment {
  const p = me?.plan;
  return p ? { short: p.short.slice(), medium: p.medium.slice(), long: p.long.slice() } : emptyPlan();
}

export function planSize(plan: Assignment): number {
  return plan.short.length + plan.medium.length + plan.long.length;
}

/** Same dice in the same actions (order inside an action does not matter). */
export function samePlan(a: Assignment | null, b: Assignment | null): boolean {
  const norm = (p: Assignment | null) => SLOTS.map((s) => (p ? p[s].slice().sort().join(",") : "")).join("|");
  return norm(a) === norm(b);
}

/** The slot a die is planned for, or null. */
export function slotOfDie(plan: Assignment, die: DieKind): Slot | null {
  return SLOTS.find((s) => plan[s].includes(die)) ?? null;
}

/**
 * Clicking a die in an action: takes it out when it is there already; otherwise puts
 * it there (moving it out of any other action, since a die goes to one action at most).
 */
export function toggleDie(plan: Assignment, slot: Slot, die: DieKind): Assignment {
  const next: Assignment = { short: plan.short.filter((d) => d !== die), medium: plan.medium.filter((d) => d !== die), long: plan.long.filter((d) => d !== die) };
  if (!plan[slot].includes(die)) next[slot] = [...next[slot], die];
  return next;
}

export function opponentOf(view: View): string | null {
  return view.seat ? (view.seats.find((s) => s !== view.seat) ?? null) : null;
}

/** "rounds 3–4", "round 5". */
export function roundsText(a: { startRound: number; endRound: number }): string {
  return a.startRound === a.endRound ? `round ${a.startRound}` : `rounds ${a.startRound}–${a.endRound}`;
}

export function endsText(a: { endRound: number }, round: number): string {
  if (a.endRound === round) return "resolves this round";
  const n = a.endRound - round;
  return `resolves in round ${a.endRound} (${n} more round${n === 1 ? "" : "s"})`;
}

export function valueOf(me: SeatPanel, die: DieKind): number | null {
  return me.dice.find((d) => d.die === die)?.value ?? null;
}

export function planText(me: SeatPanel, plan: Assignment): string {
  const parts = SLOTS.filter((s) => plan[s].length).map((s) => `${SLOT_NAME[s].toLowerCase()}: ${plan[s].map((d) => `${d} (${valueOf(me, d) ?? "?"})`).join(", ")}`);
  return parts.length ? parts.join("; ") : "no dice";
}

/** What an action ending this round would give this seat: its total and whether it is complete. */
export function projection(a: RunningAction, me: SeatPanel, plan: Assignment): { total: number; sent: number; complete: boolean } {
  const before = a.mine?.values ?? [];
  const now = plan[a.slot].map((d) => valueOf(me, d) ?? 0);
  const sent = before.length + now.length;
  return { total: [...before, ...now].reduce((x, y) => x + y, 0), sent, complete: sent >= a.size };
}

/** The engine speaks of seats by id ("s1 wins …"): put the players' names in. */
export function withNames(text: string, seats: readonly string[], nameOf: (seat: string) => string): string {
  return withSeatNames(text, seats.map((seat) => ({ seat, name: nameOf(seat) })));
}

/**
 * The one sentence at the top of the dashboard: what this viewer still owes now.
 * `opp` is the opponent's display name.
 */
export function oweText(view: View, opp: string, nameOf: (seat: string) => string = (s) => s): { tone: "act" | "wait" | "info"; text: string } {
  const me = view.me;
  if (view.phase === "finished") {
    const summary = view.outcome ? withNames(view.outcome.summary, view.seats, nameOf) : "";
    return { tone: "info", text: `The game is over. ${summary}`.trim() };
  }
  if (view.phase === "tiebreak") {
    return view.viewer === "host"
      ? { tone: "act", text: "Still tied after every extra round: name the winner below." }
      : { tone: "wait", text: "Still tied after every extra round: the host names the winner." };
  }
  if (view.viewer === "host") return { tone: "info", text: "You see both seats' dice, bluffs, rigs and plans. Use the host controls to pause, extend or end a phase." };
  if (!me) return { tone: "info", text: "You watch the public record: rolls once a rolling phase ends, challenges when announced, values sent to actions and their results." };
  if (me.done) return { tone: "wait", text: `Done with this phase — waiting for ${opp}.` };
  switch (view.phase) {
    case "rolling":
      if (me.bluffing) return { tone: "act", text: "You are bluffing: any further die can only be bluffed. Press “Done with this phase” when you are finished." };
      return me.rolls.length
        ? { tone: "act", text: "Roll or bluff more dice, or press “Done with this phase”." }
        : { tone: "act", text: "Roll (or bluff) your dice, then press “Done with this phase”." };
    case "rigging":
      return { tone: "act", text: `Rig your dice, challenge if you think ${opp} bluffed, order your recovery — then press “Done with this phase”.` };
    case "action":
      return me.plan && planSize(me.plan) > 0
        ? { tone: "act", text: "Plan saved — it is sent when the phase ends; you can change it until you press “Done with this phase”." }
        : { tone: "act", text: "Send rolled dice to the actions, then press “Done with this phase”. Nothing is sent without a plan." };
  }
}
