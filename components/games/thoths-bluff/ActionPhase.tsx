"use client";
// Action phase: send rolled dice to the short, medium and long actions. The plan is
// checked live with the engine's own check and saved whenever it is legal, so the
// clock running out sends what the player sees.
import { useState } from "react";
import { Badge, Button, Card, cx } from "@/components/ui/primitives";
import { planProblem, type LegalMoves, type RunningAction, type SeatPanel, type View } from "@/lib/games/thoths-bluff/view";
import { DoneBar } from "./DoneBar";
import { SLOTS, SLOT_NAME, endsText, type DieKind, planOf, planSize, planText, projection, roundsText, samePlan, slotOfDie, toggleDie, type Assignment } from "./model";
import { Choice, DiceChoices, DieChoiceLabel, DisabledReasons, Reason, Refusal } from "./parts";
import type { Sender } from "./parts";

type Legal = Extract<LegalMoves, { phase: "action" }>;

export function RestrictionNote({ view, id }: { view: View; id: string | null }) {
  if (!id) return <span className="text-xs text-stone-500">no restriction</span>;
  const r = view.rules.restrictions.find((x) => x.id === id);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge tone="amber">{r?.name ?? id}</Badge>
      <span className="text-xs text-stone-600 dark:text-stone-400">{r?.text}</span>
    </span>
  );
}

function ActionCard({ view, a, me, legal, draft, oppName, onToggle, disabled }: { view: View; a: RunningAction; me: SeatPanel; legal: Legal | null; draft: Assignment; oppName: string; onToggle(die: DieKind): void; disabled: boolean }) {
  const slotLegal = legal?.slots.find((s) => s.slot === a.slot);
  const stillTakes = slotLegal?.stillTakes ?? a.mine?.stillTakes ?? 0;
  const planned = draft[a.slot];
  const proj = projection(a, me, draft);
  const theirs = a.revealed.find((r) => r.seat !== me.seat)?.values ?? [];
  /** Why this die may not be added to this action now (its own check, or the action is full), or null. */
  const reasonOf = (die: DieKind): string | null => {
    const check = slotLegal?.dice[die] ?? { ok: false as const, reason: "You already finished this phase." };
    if (!check.ok) return check.reason;
    if (planned.includes(die) || planned.length < stillTakes) return null;
    return stillTakes === 0 ? `You already sent the ${a.slot} action all its dice.` : `The ${a.slot} action takes only ${stillTakes} more ${stillTakes === 1 ? "die" : "dice"} from you.`;
  };
  return (
    <li className="rounded-xl border border-stone-200 p-3 dark:border-stone-800" data-testid={`action-${a.slot}`}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h4 className="font-semibold">{SLOT_NAME[a.slot]} action</h4>
        <span className="text-sm text-stone-600 dark:text-stone-400">
          {a.size} {a.size === 1 ? "die" : "dice"} · {a.size} damage · {roundsText(a)}
        </span>
        <span className={cx("ml-auto text-xs font-medium", a.endRound === view.round ? "text-garnet-700 dark:text-garnet-300" : "text-stone-500")}>{endsText(a, view.round)}</span>
      </div>
      <div className="mt-1">
        <RestrictionNote view={view} id={a.restriction} />
      </div>
      {(a.mine?.dice.length || theirs.length) ? (
        <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">
          Sent in earlier rounds — you: {a.mine?.dice.length ? a.mine.dice.map((d, i) => `${d} (${a.mine?.values[i]})`).join(", ") : "nothing"}; {oppName}: {theirs.length ? theirs.join(", ") : "nothing"}.
        </p>
      ) : null}
      <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">
        Takes {stillTakes} more {stillTakes === 1 ? "die" : "dice"} from you{planned.length ? `; ${planned.length} planned` : ""}.
      </p>
      <div className="mt-2">
        <DiceChoices label={`Dice for the ${a.slot} action`}>
          {me.dice.map((d) => {
            const inHere = planned.includes(d.die);
            const elsewhere = slotOfDie(draft, d.die);
            const reason = reasonOf(d.die);
            return (
              <Choice
                key={d.die}
                pressed={inHere}
                disabled={disabled || (!inHere && Boolean(reason))}
                reason={reason}
                onClick={() => onToggle(d.die)}
                testid={`assign-${a.slot}-${d.die}`}
                className="px-1"
              >
                <DieChoiceLabel die={d.die} value={d.status === "rolled" ? d.value : null} note={inHere ? "sending" : elsewhere ? `in ${elsewhere}` : undefined} />
              </Choice>
            );
          })}
        </DiceChoices>
      </div>
      {!disabled && <div className="mt-1"><DisabledReasons items={me.dice.filter((d) => d.status === "rolled" && !planned.includes(d.die)).map((d) => ({ key: d.die, reason: reasonOf(d.die) }))} /></div>}
      {a.endRound === view.round && (
        <p className="mt-2 text-sm" data-testid={`projection-${a.slot}`}>
          Resolves this round: your total <strong>{proj.total}</strong> with {Math.min(proj.sent, a.size)}/{a.size} dice —{" "}
          {proj.complete ? <span className="font-medium text-emerald-700 dark:text-emerald-300">complete</span> : <span className="font-medium text-amber-800 dark:text-amber-300">incomplete (it cannot win against a complete one)</span>}.
        </p>
      )}
    </li>
  );
}

export function ActionPanel({ view, me, legal, sender, oppName }: { view: View; me: SeatPanel; legal: Legal | null; sender: Sender; oppName: string }) {
  const [draft, setDraft] = useState<Assignment>(() => planOf(me));
  const open = Boolean(legal) && !me.done;
  const problem = open ? planProblem(view, draft) : null;
  const saved = planOf(me);
  const dirty = !samePlan(draft, saved);
  const running = SLOTS.map((s) => view.running.find((a) => a.slot === s)).filter((a): a is RunningAction => Boolean(a));

  function change(next: Assignment) {
    setDraft(next);
    if (planProblem(view, next) === null && !samePlan(next, planOf(me))) void sender.run("plan", { type: "assign", ...next });
  }

  const status = !open
    ? planSize(saved)
      ? `Your plan: ${planText(me, saved)} — sent when the phase ends.`
      : "You send no dice this round."
    : problem
      ? `Not saved: ${problem} Until you fix it, ${planSize(saved) ? `your last saved plan (${planText(me, saved)}) is what the clock sends` : "nothing is sent"}.`
      : sender.pending === "plan"
        ? "Saving…"
        : dirty
          ? "Not saved yet."
          : planSize(saved)
            ? `Saved: ${planText(me, saved)}. It is sent when the phase ends.`
            : "No dice planned: nothing will be sent.";

  return (
    <Card title="Action" data-testid="tb-action">
      <p className="mb-3 text-sm text-stone-600 dark:text-stone-400">
        Tap a die under an action to send it there (tap again to take it back). Sent dice become unrolled at the end of the phase; dice you keep hold their values for later rounds.
      </p>
      <ul className="space-y-3">
        {running.map((a) => (
          <ActionCard key={a.id} view={view} a={a} me={me} legal={legal} draft={draft} oppName={oppName} disabled={!open} onToggle={(die) => change(toggleDie(draft, a.slot, die))} />
        ))}
      </ul>
      <div className="mt-3 space-y-2">
        <p
          className={cx("rounded-lg px-3 py-2 text-sm", problem ? "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200" : "bg-stone-50 text-stone-700 dark:bg-stone-800/60 dark:text-stone-200")}
          data-testid="plan-status"
          data-valid={problem ? "false" : "true"}
          aria-live="polite"
        >
          {status}
        </p>
        {open && (
          <Button variant="secondary" size="sm" disabled={planSize(draft) === 0} onClick={() => change({ short: [], medium: [], long: [] })} data-testid="plan-clear">
            Clear plan
          </Button>
        )}
        <Refusal message={sender.errorOf("plan")} />
      </div>
      <div className="mt-4">
        {open ? (
          <DoneBar
            sender={sender}
            disabledReason={problem ? `Fix the plan first (or clear it): ${problem}` : null}
            consequence={planSize(draft) ? `Sends ${planText(me, draft)}.` : "Sends no dice this round."}
            before={async () => (dirty ? sender.run("plan", { type: "assign", ...draft }) : true)}
          />
        ) : (
          <Reason>You finished this phase. Values sent to each action are revealed when it ends.</Reason>
        )}
      </div>
    </Card>
  );
}
