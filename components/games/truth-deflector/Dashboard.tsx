"use client";
// Truth Deflector: what a player, the host and a spectator see during the game.
import type { SeatId } from "@/lib/games/core/types";
import type { View } from "@/lib/games/truth-deflector";
import { Card, cx } from "@/components/ui/primitives";
import type { DashboardProps } from "../types";
import { EndPanel } from "./EndPanel";
import { HostChart, HostCurrentRound, HostRounds } from "./HostTables";
import { PlayersCard, RoundHistory } from "./RoundHistory";
import { RoundForm } from "./RoundForm";
import { ScorePanel } from "./ScorePanel";
import { ordinal } from "./format";
import { settledSeats } from "@/lib/owes";

type Tone = "todo" | "done" | "info";

/** What this viewer still owes (or what is going on), in words. */
function headline(view: View, role: DashboardProps["payload"]["role"], running: boolean, lockedIn: ReadonlySet<SeatId>): { text: string; tone: Tone } {
  if (!running && !view.end) return { text: "The host ended the game: nothing more can be entered.", tone: "info" };
  const locked = lockedIn.size;
  const me = view.me;
  if (view.stage === "finished") {
    const mine = me && view.end?.standings.find((s) => s.seat === me.seat);
    if (!me || !mine || !view.end) return { text: "Game over — the final standings are below.", tone: "info" };
    const place = 1 + view.end.standings.filter((s) => s.points > mine.points).length;
    const tol = mine.tokensOfLife ? `, and win ${mine.tokensOfLife === 1 ? "a Token" : `${mine.tokensOfLife} Tokens`} of Life` : "";
    const ec = view.end.ec === me.seat ? " You are the Elimination Candidate." : "";
    return { text: `Game over — you finished ${ordinal(place)} of ${view.end.standings.length} with ${mine.points} points${tol}.${ec}`, tone: "info" };
  }
  if (view.stage === "ecChoice") {
    if (me?.can.pickEC) return { text: "You won! Choose the Elimination Candidate among the players tied for the lowest score.", tone: "todo" };
    if (role === "host") return { text: "The lowest score is tied: the winners choose the Elimination Candidate. You can choose for them below.", tone: "todo" };
    return { text: "The rounds are over. The winners are choosing the Elimination Candidate among the tied lowest scores.", tone: "info" };
  }
  if (me) {
    const submitted = me.submission !== null;
    if (submitted) return { text: "Submitted — you can still change it until the timer ends.", tone: "done" };
    if (me.can.choose) return { text: "Choose your claim and secret trait, then lock in.", tone: "todo" };
    const can = ["challenge", me.can.resurrect.allowed ? "resurrect" : null].filter(Boolean).join(" or ");
    return { text: `You are eliminated: you can still ${can} — or pass, so the round is not held up.`, tone: "todo" };
  }
  if (role === "host") return { text: `${locked} of ${view.players.length} players have locked in for round ${view.round}.`, tone: "info" };
  return { text: `Players are choosing: ${locked} of ${view.players.length} locked in. You see public information only.`, tone: "info" };
}

function Headline({ view, role, running, locked }: { view: View; role: DashboardProps["payload"]["role"]; running: boolean; locked: ReadonlySet<SeatId> }) {
  const h = headline(view, role, running, locked);
  const rounds = view.rules.rounds;
  const doneRounds = view.history.length;
  return (
    <div
      className={cx(
        "rounded-xl border px-4 py-3",
        h.tone === "todo" && "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40",
        h.tone === "done" && "border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/40",
        h.tone === "info" && "border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900",
      )}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="min-w-[14rem] flex-1 font-semibold" data-testid="td-owe" role="status">
          {h.text}
        </p>
        <div className="flex items-center gap-2 text-xs text-stone-600 dark:text-stone-400" data-testid="td-round">
          <span>
            {view.stage === "round" ? `Round ${view.round} of ${rounds}` : `${doneRounds} of ${rounds} rounds played`}
          </span>
          <ol className="flex gap-0.5" aria-hidden>
            {Array.from({ length: rounds }, (_, i) => (
              <li
                key={i}
                className={cx(
                  "h-2 w-3 rounded-sm",
                  i < doneRounds ? "bg-garnet-600 dark:bg-garnet-500" : i === doneRounds && view.stage === "round" ? "bg-garnet-300 dark:bg-garnet-800" : "bg-stone-200 dark:bg-stone-800",
                )}
              />
            ))}
          </ol>
        </div>
      </div>
    </div>
  );
}

function RulesCard({ view }: { view: View }) {
  const r = view.rules;
  const onOff = (b: boolean) => (b ? "on" : "off");
  return (
    <Card>
      <details>
        <summary className="cursor-pointer text-sm font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400">How this game is set up</summary>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
          <li>
            {r.rounds} rounds. Each round you claim a trait (counted publicly) and secretly submit one. Submitting something other than your claim makes you a Truth Deflector for the rest of the game{r.cleansing.enabled ? " (unless you cleanse)" : ""}.
          </li>
          <li>
            Points each round: the claim counts of the two traits you did not submit, plus Power +{r.powerBonus} and Courage +{r.courageBonus} (if at most {r.courageLimit} players claim Courage) for your claimed and submitted traits.
          </li>
          <li>Wisdom: {r.wisdomText}</li>
          <li>
            Challenges: up to {r.maxChallenges} a round; one counts when {r.challengeThreshold}+ players challenge the same player. A Truth Deflector is eliminated (challengers +{r.challengePoints}, target −{r.challengePoints}); otherwise challengers −{r.challengePoints}, target +{r.challengePoints}.
          </li>
          <li>
            Resurrection ({r.resurrection.cost} garnets): {onOff(r.resurrection.enabled)}. Cleansing ({r.cleansing.cost} garnets): {onOff(r.cleansing.enabled)}. Extra Token of Life for the most rounds lied: {onOff(r.lieWinCondition)}.
          </li>
          <li>At the end, highest points win Tokens of Life, lowest is the Elimination Candidate, and everyone earns points ÷ {r.pointsPerGarnet} garnets.</li>
        </ul>
      </details>
    </Card>
  );
}

export function Dashboard({ payload, view, act, hostAct, nameOf, offsetMs }: DashboardProps<View>) {
  const role = payload.role;
  const running = payload.status === "running";
  const me = view.me;
  const host = view.host;
  const end = view.end;
  // who has locked in this round: the phase no longer waits on them
  const locked = settledSeats(view.players.map((p) => p.seat), view.stage === "round" ? payload.phase : null);
  const endPanel = end && (
    <EndPanel
      view={view}
      end={end}
      canPick={view.stage === "ecChoice" && (role === "host" || !!me?.can.pickEC)}
      pick={role === "host" ? hostAct : me?.can.pickEC ? act : null}
      nameOf={nameOf}
      you={me?.seat ?? null}
    />
  );

  return (
    <div className="@container space-y-4" data-testid="td-dashboard">
      <Headline view={view} role={role} running={running} locked={locked} />
      {endPanel}
      {me && (
        <div className="grid grid-cols-1 items-start gap-4 @3xl:grid-cols-2">
          {view.stage === "round" && running ? (
            <>
              <RoundForm key={view.round} view={view} me={me} act={act} nameOf={nameOf} clock={payload.clock} offsetMs={offsetMs} />
              <div className="min-w-0 space-y-4">
                <ScorePanel view={view} me={me} nameOf={nameOf} />
                <PlayersCard view={view} locked={locked} nameOf={nameOf} you={me.seat} />
              </div>
            </>
          ) : (
            <>
              <ScorePanel view={view} me={me} nameOf={nameOf} />
              <PlayersCard view={view} locked={locked} nameOf={nameOf} you={me.seat} />
            </>
          )}
        </div>
      )}
      {host && (
        <>
          <HostCurrentRound view={view} host={host} nameOf={nameOf} />
          <HostChart view={view} host={host} nameOf={nameOf} />
        </>
      )}
      {!me && !host && <PlayersCard view={view} locked={locked} nameOf={nameOf} you={null} />}
      <RoundHistory view={view} nameOf={nameOf} />
      {host && <HostRounds host={host} nameOf={nameOf} />}
      <RulesCard view={view} />
    </div>
  );
}
