// The episodes, each with its rooms (end screen and replay), its EC, the named
// opponent, the death match and who left; and the elimination timeline.
import Link from "next/link";
import type { SeasonPageView } from "@/lib/protocol";
import { Badge, Card } from "@/components/ui/primitives";

const STAGE: Record<string, string> = { main: "Main match", pick: "Opponent choice", death: "Death match" };
const STEP: Record<string, string> = {
  main: "main match in play",
  mainAgain: "main match to be played again",
  pickNext: "waiting for the opponent choice",
  pick: "the EC is naming an opponent",
  deathNext: "waiting for the death match",
  death: "death match in play",
  done: "done",
};

export function Episodes({ view, nameOf }: { view: SeasonPageView; nameOf: (id: string | null) => string }) {
  const host = view.viewer.role === "host";
  // a season room's replay opens to everyone when the season is over (it would show private balances)
  const replayOpen = host || view.status === "finished";
  return (
    <Card title="Episodes">
      {view.episodes.length === 0 && <p className="text-sm text-stone-500">No episode yet.</p>}
      <ol className="space-y-3" data-testid="season-episodes">
        {view.episodes.map((e) => (
          <li key={e.number} className="rounded-lg border border-stone-200 p-3 dark:border-stone-800" data-testid={`episode-${e.number}`}>
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">Episode {e.number}</h3>
              <Badge tone={e.step === "done" ? "neutral" : "amber"}>{STEP[e.step]}</Badge>
            </div>
            <ul className="mt-2 space-y-1 text-sm">
              {e.rooms.map((r) => (
                <li key={r.code} className="flex flex-wrap items-center gap-2">
                  <span className="w-36 text-stone-500">{STAGE[r.stage]}</span>
                  <Link className="font-medium underline" href={`/r/${r.code}`}>
                    {r.gameName} · {r.code}
                  </Link>
                  <Badge>{r.status === "finished" ? "end screen" : r.status}</Badge>
                  {r.status === "finished" && replayOpen && (
                    <Link className="text-xs underline" href={`/r/${r.code}/replay`}>
                      replay
                    </Link>
                  )}
                </li>
              ))}
            </ul>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
              {e.ec && (
                <div data-testid={`episode-${e.number}-ec`}>
                  <dt className="inline text-stone-500">Elimination Candidate: </dt>
                  <dd className="inline font-medium" data-testid={`episode-${e.number}-ec-name`}>{nameOf(e.ec)}</dd>
                </div>
              )}
              {e.opponent && (
                <div>
                  <dt className="inline text-stone-500">Death match opponent: </dt>
                  <dd className="inline font-medium">
                    {nameOf(e.opponent)}
                    {e.opponentBy === "timeout" ? " (time ran out)" : e.opponentBy === "host" ? " (named by the host)" : ""}
                  </dd>
                </div>
              )}
              {e.deathMatch && (
                <div>
                  <dt className="inline text-stone-500">Death match: </dt>
                  <dd className="inline font-medium">{nameOf(e.deathMatch.winner)} beat {nameOf(e.deathMatch.loser)}</dd>
                </div>
              )}
              {e.eliminated && (
                <div data-testid={`episode-${e.number}-eliminated`}>
                  <dt className="inline text-stone-500">Eliminated: </dt>
                  <dd className="inline font-medium text-red-700 dark:text-red-300">{nameOf(e.eliminated)}</dd>
                </div>
              )}
              {e.saved && (
                <div>
                  <dt className="inline text-stone-500">Saved: </dt>
                  <dd className="inline font-medium">{nameOf(e.saved)} spent a Token of Life</dd>
                </div>
              )}
            </dl>
          </li>
        ))}
      </ol>
    </Card>
  );
}

export function Timeline({ view, nameOf }: { view: SeasonPageView; nameOf: (id: string | null) => string }) {
  return (
    <Card title="Eliminations">
      {view.timeline.length === 0 ? (
        <p className="text-sm text-stone-500">Nobody has been eliminated yet.</p>
      ) : (
        <ol className="space-y-1 text-sm" data-testid="season-timeline">
          {view.timeline.map((t) => (
            <li key={`${t.episode}-${t.memberId}`}>
              <span className="text-stone-500">Episode {t.episode}:</span> <strong>{nameOf(t.memberId)}</strong>
              {t.roomCode && (
                <>
                  {" "}
                  lost the death match{" "}
                  <Link className="underline" href={`/r/${t.roomCode}`}>
                    {t.roomCode}
                  </Link>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
