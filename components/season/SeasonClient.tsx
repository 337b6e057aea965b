"use client";
// The season page: standings, charts, episodes and eliminations for everyone;
// a join button for an invited player; the console for the host.
import Link from "next/link";
import { useCallback, useState } from "react";
import type { SeasonPageView } from "@/lib/protocol";
import { Badge, Button, Card, ErrorNote } from "@/components/ui/primitives";
import { request } from "@/components/room/socket";
import { Episodes, Timeline } from "./Episodes";
import { HostConsole, type SeasonGames } from "./HostConsole";
import { SeasonChart } from "./SeasonChart";
import { Standings } from "./Standings";
import { useSeason } from "./useSeason";
import { YourTurn } from "./YourTurn";

function JoinCard({ view, invite, signedIn, reload }: { view: SeasonPageView; invite: string; signedIn: boolean; reload: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  if (!signedIn)
    return (
      <Card title="You are invited">
        <Link className="font-medium underline" href={`/signin?next=${encodeURIComponent(`/s/${view.code}?invite=${invite}`)}`}>
          Sign in to join {view.name}
        </Link>
      </Card>
    );
  return (
    <Card title="You are invited">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm">Join the roster of {view.name}, hosted by {view.hostName}.</p>
        <Button
          data-testid="season-join"
          onClick={async () => {
            const r = await request("season:join", { code: view.code, invite });
            if (!r.ok) setError(r.message);
            else await reload();
          }}
        >
          Join the season
        </Button>
      </div>
      <ErrorNote>{error}</ErrorNote>
    </Card>
  );
}

export function SeasonClient({ code, invite, signedIn, games }: { code: string; invite: string | null; signedIn: boolean; games: SeasonGames }) {
  const { view, error, reload } = useSeason(code);
  const nameOf = useCallback((id: string | null) => (id ? (view?.standings.find((s) => s.memberId === id)?.name ?? "?") : "—"), [view]);
  if (error && !view) return <ErrorNote>{error}</ErrorNote>;
  if (!view) return <p className="text-stone-500">Loading the season…</p>;
  const names = new Map(view.standings.map((s) => [s.memberId, s.name]));
  const series = (rows: { memberId: string; values: (number | null)[] }[]) => rows.map((r) => ({ key: r.memberId, label: names.get(r.memberId) ?? "?", values: r.values }));
  return (
    <div className="space-y-4" data-testid="season-page">
      <header className="flex flex-wrap items-end gap-3">
        <div>
          <p className="text-xs uppercase tracking-wide text-stone-500">Season {view.code}</p>
          <h1 className="text-2xl font-bold" data-testid="season-name">
            {view.name}
          </h1>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            Hosted by {view.hostName} · {view.standings.filter((s) => s.alive).length} of {view.standings.length} still in · Token of Life:{" "}
            {view.settings.tokenOfLife === "survive" ? "spent to survive a lost death match" : "no effect"}
          </p>
        </div>
        {view.status === "finished" && <Badge tone="neutral">season over</Badge>}
        <a className="ml-auto text-sm underline" href={`/api/seasons/${view.code}/export.json?download`} data-testid="season-export">
          Export JSON
        </a>
      </header>
      {invite && view.viewer.role === "public" && <JoinCard view={view} invite={invite} signedIn={signedIn} reload={reload} />}
      <YourTurn view={view} />
      {view.viewer.role === "host" && <HostConsole view={view} nameOf={nameOf} games={games} />}
      <Standings view={view} />
      <Card title="Over the episodes">
        <div className="grid gap-4 lg:grid-cols-2">
          <div>
            <h3 className="mb-1 text-sm font-semibold">Main match points</h3>
            <SeasonChart series={series(view.chart.points)} episodes={view.chart.episodes} label="Each player's final points in each episode's main match" testId="season-points-chart" />
          </div>
          <div>
            <h3 className="mb-1 text-sm font-semibold">Garnets after each episode {view.viewer.role === "member" ? "(yours)" : ""}</h3>
            {view.viewer.role === "public" ? (
              <p className="text-sm text-stone-500">Garnets are told privately to each player.</p>
            ) : (
              <SeasonChart series={series(view.chart.garnets)} episodes={view.chart.episodes} label="Garnet balance after each episode" testId="season-garnet-chart" />
            )}
          </div>
        </div>
      </Card>
      <Episodes view={view} nameOf={nameOf} />
      <Timeline view={view} nameOf={nameOf} />
    </div>
  );
}
