"use client";
// Five Fold Possession: a player's, the host's and a spectator's dashboard.
// Everything shown comes from the viewer's own View; actions go out as the
// engine's Action union and their acks show next to the control that sent them.
import { useCallback, useMemo } from "react";
import type { View } from "@/lib/games/five-fold-possession";
import { Badge, Card } from "@/components/ui/primitives";
import type { DashboardProps } from "../types";
import { BiddingPanel } from "./Bidding";
import type { PlayerCtx } from "./context";
import { EndReveal } from "./EndReveal";
import { GreedPanel } from "./Greed";
import { GuessPointsTable, OpalForm, RolesPanel } from "./Guesses";
import { MyHistory } from "./History";
import { HostBoard } from "./HostBoard";
import { IdentityPanel } from "./Identity";
import { MedianPanel } from "./Median";
import { Checklist, GarnetCard, OweBanner, RoleCard } from "./Player";
import { LatestRound } from "./results";
import { RpsPanel } from "./Rps";
import { Hint, Tabs, type TabSpec } from "./ui";

const PHASE_WORDS: Record<View["phase"], string> = {
  submit: "submissions open",
  results: "results",
  final: "final guesses",
  end: "match over",
};

/** The round's progress and its five aliases, in one compact block. */
function RoundStrip({ view, bare }: { view: View; bare?: boolean }) {
  const over = view.phase === "final" || view.phase === "end";
  return (
    <section className={bare ? "mb-3" : "rounded-xl border border-stone-200 bg-white p-3 dark:border-stone-800 dark:bg-stone-900"} aria-label="This round" data-testid="round-strip">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold">{over ? `After round ${view.totalRounds}` : `Round ${view.round} of ${view.totalRounds}`}</span>
        <span aria-hidden className="flex gap-0.5">
          {Array.from({ length: view.totalRounds }, (_, i) => i + 1).map((r) => (
            <span key={r} className={`h-1.5 w-3 rounded-full ${r < view.round || over ? "bg-garnet-400" : r === view.round ? "bg-garnet-700" : "bg-stone-200 dark:bg-stone-700"}`} />
          ))}
        </span>
        <span className="text-stone-500 dark:text-stone-400">{PHASE_WORDS[view.phase]}</span>
      </div>
      {view.aliases.length > 0 && (
        <p className="mt-1.5 flex flex-wrap items-center gap-1 text-sm" data-testid="round-aliases">
          <span className="text-stone-500 dark:text-stone-400" title="Nobody is told whose alias is whose, their own included.">
            Aliases this round:
          </span>
          {view.aliases.map((a) => (
            <Badge key={a}>{a}</Badge>
          ))}
        </p>
      )}
    </section>
  );
}

function ChallengeReference({ view }: { view: View }) {
  return (
    <section data-testid="challenge-reference">
      <h3 className="mb-2 text-base font-semibold">The ten possession challenges</h3>
      <Hint className="mb-2">Each round the possessed tries to complete these. Watch the results for them.</Hint>
      <ol className="list-decimal space-y-1 pl-6 text-sm">
        {view.reference.challenges.map((c) => (
          <li key={c.id}>
            <span className="mr-1 font-mono text-xs text-stone-500">{c.minigame}</span>
            {c.text}
          </li>
        ))}
      </ol>
    </section>
  );
}

function minigameTabs(view: View, ctx: PlayerCtx | null): TabSpec[] {
  const me = ctx?.me ?? null;
  const mark = (owed: boolean | undefined, done: boolean | undefined, required = false): TabSpec["mark"] =>
    done ? { text: "✓", tone: "done" } : owed ? { text: required ? "!" : "·", tone: required ? "owed" : "info" } : undefined;
  const g = me?.mg3?.session ?? null;
  return [
    { id: "latest", label: "Last round", content: <LatestRound history={view.history} /> },
    { id: "mg1", label: "MG1 RPS", mark: mark(!!me?.mg1, !!me?.mg1?.entry), content: <RpsPanel ctx={ctx} history={view.history} /> },
    { id: "mg2", label: "MG2 Median", mark: mark(!!me?.mg2, me?.mg2?.card != null, true), content: <MedianPanel ctx={ctx} history={view.history} /> },
    { id: "mg3", label: "MG3 Greed", mark: mark(!!me?.mg3, !!g && g.status !== "drawing", g?.status === "drawing"), content: <GreedPanel ctx={ctx} view={view} history={view.history} /> },
    { id: "mg4", label: "MG4 Bids", mark: mark(!!me?.mg4, me?.mg4?.bid != null), content: <BiddingPanel ctx={ctx} view={view} history={view.history} /> },
    { id: "mg5", label: me?.mg5 ? `MG5 Identity · round ${me.mg5.targetRound}` : "MG5 Identity", mark: mark(!!me?.mg5, me?.mg5?.guess != null), content: <IdentityPanel ctx={ctx} history={view.history} /> },
  ];
}

/** The tab that matters at each stage: the forms while submitting, the results after. */
function initialTab(view: View, player: boolean): string {
  if (view.phase === "submit") return player ? "mg1" : "latest";
  if (view.phase === "final") return player ? "mg5" : "latest";
  if (view.phase === "end") return player ? "history" : "latest";
  return "latest";
}

function PlayerBoard({ view, ctx }: { view: View; ctx: PlayerCtx }) {
  const { me } = ctx;
  const tabs: TabSpec[] = [...minigameTabs(view, ctx)];
  tabs.push({ id: "roles", label: me.roleGuess ? `Role guess · round ${me.roleGuess.targetRound}` : "Role guess", mark: me.roleGuess ? (me.roleGuess.guess ? { text: "✓", tone: "done" } : { text: "·", tone: "info" }) : undefined, content: <RolesPanel ctx={ctx} view={view} /> });
  if (me.opal) tabs.push({ id: "opal", label: "Opal", mark: me.opal.guess !== null ? { text: "✓", tone: "done" } : { text: "·", tone: "info" }, content: <OpalForm ctx={ctx} /> });
  tabs.push({ id: "history", label: "My rounds", content: <MyHistory ctx={ctx} /> });
  tabs.push({ id: "challenges", label: "Challenges", content: <ChallengeReference view={view} /> });

  return (
    <div className="space-y-4">
      {view.phase !== "end" && (
        <>
          <OweBanner ctx={ctx} />
          <div className="grid gap-4 md:grid-cols-2">
            <RoleCard ctx={ctx} />
            <GarnetCard ctx={ctx} />
          </div>
        </>
      )}
      <Checklist ctx={ctx} />
      <Card>
        {view.phase !== "end" && <RoundStrip view={view} bare />}
        <Tabs tabs={tabs} label="Minigames and guesses" initial={initialTab(view, true)} resetKey={`${view.round}:${view.phase}`} testId="ffp-tabs" />
      </Card>
    </div>
  );
}

function SpectatorBoard({ view }: { view: View }) {
  const tabs: TabSpec[] = [
    ...minigameTabs(view, null),
    { id: "challenges", label: "Challenges", content: <ChallengeReference view={view} /> },
    { id: "scoring", label: "Guess scoring", content: <GuessPointsTable view={view} /> },
  ];
  return (
    <Card title="Published results">
      {view.phase !== "end" && <RoundStrip view={view} bare />}
      <Tabs tabs={tabs} label="Published results by minigame" initial={initialTab(view, false)} resetKey={`${view.round}:${view.phase}`} testId="ffp-tabs" />
    </Card>
  );
}

export function Dashboard({ payload, view, act, nameOf }: DashboardProps<View>) {
  const me = view.me;
  const who = useCallback((seat: string) => (me && seat === me.seat ? `${nameOf(seat)} (you)` : nameOf(seat)), [me, nameOf]);
  const closed = payload.status !== "running";
  const ctx = useMemo<PlayerCtx | null>(() => (me ? { view, me, act, who, closed } : null), [view, me, act, who, closed]);

  return (
    <div className="space-y-4" data-testid="ffp-dashboard" data-viewer={payload.role}>
      {view.end && <EndReveal view={view} end={view.end} me={me} nameOf={nameOf} />}
      {payload.role === "host" && view.host ? (
        <>
          {view.phase !== "end" && <RoundStrip view={view} />}
          <HostBoard view={view} host={view.host} nameOf={nameOf} />
        </>
      ) : ctx ? (
        <PlayerBoard view={view} ctx={ctx} />
      ) : (
        <SpectatorBoard view={view} />
      )}
    </div>
  );
}
