"use client";
// Secret Sinner dashboard. A player sees what they still owe in words, their
// letters and pairs, the query builder, answers received, the lock-in board,
// their communication windows (the chat itself is the room's chat panel) and
// the public board; the host sees every secret as tables; a spectator sees
// the public board and the final ordering.
import { windowsOf } from "@/lib/games/secret-sinner/choices";
import type { View } from "@/lib/games/secret-sinner/view";
import { Button, Card, ErrorNote } from "@/components/ui/primitives";
import type { DashboardProps } from "../types";
import { HostTables } from "./HostTables";
import { LockBoard } from "./LockBoard";
import { REALM_LABEL, doneSeats, joinWords, oweSentence } from "./logic";
import { LetterBoard, MyLetters, Received, Sent, Windows } from "./Panels";
import { QueryBuilder } from "./QueryBuilder";
import { Results } from "./Results";
import { RealmBadge, openChatTab } from "./ui";
import { useAction } from "@/components/ui/useAction";

export function Dashboard({ payload, view, act, hostAct, nameOf }: DashboardProps<View>) {
  const role = payload.role;
  const me = view.me;
  const done = doneSeats(view, payload.phase);
  if (role === "player" && me)
    return (
      <div className="space-y-4" data-testid="ss-dashboard">
        <PlayerSummary view={view} act={act} nameOf={nameOf} />
        <Results view={view} role={role} act={act} hostAct={hostAct} nameOf={nameOf} you={payload.you} />
        <div className="grid gap-4 md:grid-cols-2">
          <div className="min-w-0 space-y-4">
            <MyLetters me={me} />
            <Received me={me} nameOf={nameOf} />
          </div>
          <div className="min-w-0 space-y-4">
            <Windows view={view} me={me} nameOf={nameOf} />
            <Sent me={me} nameOf={nameOf} />
          </div>
        </div>
        {view.stage === "round" && <QueryBuilder key={view.round} view={view} me={me} act={act} nameOf={nameOf} />}
        <LockBoard view={view} me={me} act={act} nameOf={nameOf} />
        <LetterBoard view={view} done={done} nameOf={nameOf} you={payload.you} />
      </div>
    );
  return (
    <div className="space-y-4" data-testid="ss-dashboard">
      <WatcherSummary view={view} done={done} role={role} nameOf={nameOf} />
      <Results view={view} role={role} act={act} hostAct={hostAct} nameOf={nameOf} you={payload.you} />
      {view.host && (
        <>
          {role === "spectator" && <p className="text-sm text-stone-600 dark:text-stone-400">The match is over: the host&apos;s tables are open to spectators.</p>}
          <HostTables view={view} host={view.host} done={done} nameOf={nameOf} />
        </>
      )}
      {role === "spectator" && <LetterBoard view={view} done={done} nameOf={nameOf} you={null} />}
    </div>
  );
}

const JUMPS = [
  { id: "ss-received", label: "Answers" },
  { id: "ss-windows", label: "Windows" },
  { id: "ss-query", label: "Query" },
  { id: "ss-locks", label: "Lock-ins" },
  { id: "ss-board", label: "Board" },
];

function PlayerSummary({ view, act, nameOf }: { view: View; act: DashboardProps["act"]; nameOf: (seat: string) => string }) {
  const me = view.me!;
  const { run, error, busy } = useAction(act);
  const open = windowsOf(view, me).filter((w) => w.status === "open");
  const fresh = me.received.filter((r) => r.round === view.round - 1 && view.stage === "round");
  return (
    <Card data-testid="ss-summary" className="border-garnet-200 dark:border-garnet-900">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 text-xs text-stone-500">
            <RealmBadge realm={me.realm} />
            {me.letters.length > 0 && <span>you hold {joinWords(me.letters.map((l) => l.letter))}</span>}
          </p>
          <p className="mt-1 text-base font-semibold" data-testid="ss-owe">
            {oweSentence(view, nameOf)}
          </p>
          {fresh.length > 0 && (
            <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
              New: {fresh.length === 1 ? "an answer" : `${fresh.length} answers`} from {joinWords(fresh.map((r) => nameOf(r.sender)))} — see “Answers you received”.
            </p>
          )}
          {open.length > 0 && (
            <p className="mt-1 text-sm text-emerald-700 dark:text-emerald-300" data-testid="ss-open-windows">
              Private chat open this round with{" "}
              {open.map((w, i) => (
                <span key={w.channelId}>
                  {i > 0 && (i === open.length - 1 ? " and " : ", ")}
                  <button type="button" className="font-semibold underline underline-offset-2" onClick={() => openChatTab(w.channelId)}>
                    {nameOf(w.with)}
                  </button>
                </span>
              ))}
              {" "}— in the chat panel.
            </p>
          )}
        </div>
        {view.stage === "round" &&
          (me.done ? (
            <Button variant="secondary" className="w-full sm:w-auto" onClick={() => void run({ type: "resume" })} disabled={busy} data-testid="ss-resume">
              Resume round {view.round}
            </Button>
          ) : (
            <Button className="w-full sm:w-auto" onClick={() => void run({ type: "done" })} disabled={busy} data-testid="ss-done" title="Finished for this round; the round ends early once everybody is done">
              Done for round {view.round}
            </Button>
          ))}
      </div>
      <div className="mt-2">
        <ErrorNote>{error}</ErrorNote>
      </div>
      {view.stage !== "briefing" && (
        <nav aria-label="Jump to" className="mt-3 flex flex-wrap gap-x-3 gap-y-1 border-t border-stone-100 pt-2 text-xs md:hidden dark:border-stone-800">
          {JUMPS.filter((j) => j.id !== "ss-query" || view.stage === "round").map((j) => (
            <a key={j.id} href={`#${j.id}`} className="text-garnet-700 underline underline-offset-2 dark:text-garnet-300">
              {j.label}
            </a>
          ))}
        </nav>
      )}
    </Card>
  );
}

function WatcherSummary({ view, done: doneSet, role, nameOf }: { view: View; done: ReadonlySet<string>; role: "player" | "host" | "spectator"; nameOf: (seat: string) => string }) {
  const done = doneSet.size;
  const count = (realm: "heaven" | "hell") => view.players.filter((p) => p.realm === realm).length;
  let line: string;
  switch (view.stage) {
    case "briefing":
      line = "Briefing: realms are set, letters are dealt when round 1 starts.";
      break;
    case "round":
      line = `Round ${view.round} of ${view.rounds}${view.round > view.queryRounds ? " (lock-ins only)" : ""} · ${done} of ${view.players.length} players done.`;
      break;
    case "ascension":
      line = `The rounds are over. ${view.results ? nameOf(view.results.heavenWinner) : "The winner of Heaven"} is choosing one more Hell player to ascend${role === "host" ? " — you may choose for them below" : ""}.`;
      break;
    case "finished":
      line = "The match is over.";
      break;
  }
  return (
    <Card data-testid="ss-summary">
      <p className="text-base font-semibold" data-testid="ss-owe">
        {line}
      </p>
      <p className="mt-1 text-xs text-stone-500">
        {REALM_LABEL.heaven}: {count("heaven")} players · {REALM_LABEL.hell}: {count("hell")} players · queries in rounds 1–{view.queryRounds}
        {role === "spectator" ? " · you see public information only" : ""}
      </p>
    </Card>
  );
}
