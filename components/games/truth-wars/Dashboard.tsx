"use client";
// Truth Wars: what a seat, the host and a spectator see during the game.
// The platform's status bar above already shows the phase track and the
// countdown; this dashboard says what the phase is for and what this viewer
// still owes, then shows the headline, the moves, the role card, the public
// table, the round history and — for the host — every secret. The table chat
// is supplied by the platform beside this dashboard.
import type { View } from "@/lib/games/truth-wars";
import { cx } from "@/components/ui/primitives";
import { owesMove, settledSeats } from "@/lib/owes";
import type { DashboardProps } from "../types";
import { HeadlineCard, HostSecrets, ResultCard, RoleCard, RulesCard } from "./Cards";
import { History, RoundResult } from "./History";
import { PHASE_PURPOSE, oweLine, roundPlan } from "./labels";
import { MovePanel } from "./Moves";
import { Players, ScoreStrip } from "./Table";

export function Dashboard({ payload, view, act, nameOf }: DashboardProps<View>) {
  const me = view.me;
  // who has voted in the vote open now, or is ready (outside a vote): the phase no longer waits on them
  const voters = view.vote?.eligible ?? view.banVote?.voters ?? view.players.filter((p) => !p.banned).map((p) => p.seat);
  const voted = settledSeats(voters, payload.phase);
  return (
    <div className="space-y-4" data-testid="tw-dashboard" data-phase={view.phase} data-round={view.round} data-viewer={payload.role} data-seat={me?.seat}>
      <PhaseHeader view={view} nameOf={nameOf} owes={owesMove(payload)} closed={payload.status !== "running"} />
      {view.result && <ResultCard view={view} nameOf={nameOf} />}
      <div className="grid gap-4 md:grid-cols-2">
        <div className="min-w-0 space-y-4">
          {view.phase === "round_end" && <RoundResult view={view} nameOf={nameOf} />}
          <HeadlineCard view={view} />
          {/* Keyed by round and phase so picks and errors start fresh in every phase. */}
          {me && <MovePanel key={`${view.round}:${view.phase}`} view={view} voted={voted} me={me} send={act} nameOf={nameOf} />}
          {me && <RoleCard view={view} me={me} nameOf={nameOf} />}
          {!me && <RulesCard view={view} />}
        </div>
        <div className="min-w-0 space-y-4">
          <Players view={view} settled={voted} nameOf={nameOf} />
          {me && <RulesCard view={view} />}
        </div>
      </div>
      {view.host && <HostSecrets view={view} nameOf={nameOf} />}
      <History view={view} nameOf={nameOf} />
    </div>
  );
}

function PhaseHeader({ view, nameOf, owes, closed }: { view: View; nameOf: (seat: string) => string; owes: boolean; closed: boolean }) {
  const over = view.phase === "game_over";
  // "Your move" only where the status bar above says so too; nothing owed once the host ended the game
  const owe = closed && !over ? { todo: false, text: "The host ended the game: nothing more can be entered." } : oweLine(view, nameOf);
  const todo = owe.todo && owes;
  return (
    <section aria-labelledby="tw-phase-title" className="rounded-xl border border-stone-200 bg-white p-3 shadow-sm sm:p-4 dark:border-stone-800 dark:bg-stone-900" data-testid="tw-phase">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="tw-phase-title" className="font-bold">
          {over ? "Game over" : `Round ${view.round} of ${view.rounds} · ${view.phaseName}`}
        </h2>
        <ScoreStrip view={view} />
      </div>
      {!over && (
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400" data-testid="tw-phase-purpose">
          {PHASE_PURPOSE[view.phase]}
        </p>
      )}
      <p
        className={cx(
          "mt-2 rounded-lg px-3 py-2 font-medium",
          todo ? "bg-amber-100 text-amber-950 dark:bg-amber-900/50 dark:text-amber-50" : "bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-100",
        )}
        data-testid="tw-owe"
        data-todo={todo}
        aria-live="polite"
      >
        {todo && <span className="mr-1 font-bold">Your move:</span>}
        {owe.text}
      </p>
      {!over && <RoundPlan view={view} />}
    </section>
  );
}

function RoundPlan({ view }: { view: View }) {
  const steps = roundPlan(view);
  return (
    <ol className="mt-2 flex flex-wrap gap-1 text-xs" aria-label={`Steps of round ${view.round}`} data-testid="tw-round-plan">
      {steps.map((s) => (
        <li
          key={s.key}
          aria-current={s.status === "now" ? "step" : undefined}
          title={s.note ?? undefined}
          className={cx(
            "rounded-full border px-2 py-0.5",
            s.status === "now" && "border-garnet-700 bg-garnet-700 font-semibold text-white",
            s.status === "done" && "border-stone-200 bg-stone-100 text-stone-500 dark:border-stone-700 dark:bg-stone-800",
            s.status === "next" && "border-stone-300 text-stone-700 dark:border-stone-600 dark:text-stone-300",
            s.status === "skipped" && "border-dashed border-stone-300 text-stone-500 dark:border-stone-700 dark:text-stone-500",
          )}
        >
          <span className={s.status === "skipped" ? "line-through" : undefined}>{s.name}</span>
          {s.status === "skipped" && <span className="sr-only"> (not this round)</span>}
          {s.status === "done" && <span className="sr-only"> (done)</span>}
          {s.note && s.status !== "done" && <span className="ml-1">({s.note})</span>}
        </li>
      ))}
    </ol>
  );
}
