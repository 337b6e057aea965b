"use client";
// The season's console for its host: the invite link, the roster, and the next
// step of the season (a main match, the opponent choice, the death match).
import Link from "next/link";
import { useMemo, useState } from "react";
import type { GameForm } from "@/lib/game-forms";
import type { ClientInput, SeasonPageView } from "@/lib/protocol";
import { SeasonWebhook } from "@/components/alerts/AlertsCard";
import { Button, Card, ErrorNote, Field, inputClass } from "@/components/ui/primitives";
import { request } from "@/components/room/socket";
import { SettingsFields } from "./GameSettings";

function useCommand(code: string) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [room, setRoom] = useState<string | null>(null);
  async function run(command: ClientInput<"season:host">["command"]): Promise<void> {
    setBusy(true);
    setError(null);
    const r = await request("season:host", { code, command });
    setBusy(false);
    if (!r.ok) return setError(r.message);
    setRoom(r.room ?? null);
  }
  return { run, error, busy, room };
}

/** The games a season may play, described by the server page: main matches and the death match. */
export interface SeasonGames {
  main: GameForm[];
  death: GameForm | null;
}

function MainMatchForm({ view, episode, cmd, games }: { view: SeasonPageView; episode: number; cmd: ReturnType<typeof useCommand>; games: GameForm[] }) {
  const alive = view.standings.filter((s) => s.alive);
  const [gameId, setGameId] = useState(games[0]?.id ?? "");
  const game = games.find((g) => g.id === gameId);
  const [configs, setConfigs] = useState<Record<string, unknown>>({});
  const config = (configs[gameId] ?? game?.defaults) as Record<string, unknown>;
  const counts = useMemo(() => game?.seatCounts ?? [], [game]);
  const [picked, setPicked] = useState<string[] | null>(null);
  // by default the largest table the game takes from the players still in (all of them when none fits: the server says why)
  const fits = counts.filter((n) => n <= alive.length);
  const members = picked ?? alive.slice(0, fits.length ? Math.max(...fits) : alive.length).map((s) => s.memberId);
  return (
    <form
      className="space-y-3"
      data-testid="season-main-form"
      onSubmit={(e) => {
        e.preventDefault();
        void cmd.run({ type: "main", gameId, config, members });
      }}
    >
      <p className="text-sm">Episode {episode}: the main match. Seats go to the players still in; garnets, marks and realms come from the season&apos;s ledger.</p>
      <Field label="Game" hint={game ? `${game.name} seats ${counts.join(", ")} players${fits.length ? "" : ` — ${alive.length} are still in`}.` : undefined}>
        <select className={inputClass} value={gameId} onChange={(e) => { setGameId(e.target.value); setPicked(null); }} data-testid="season-main-game">
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
        <legend className="px-1 text-sm font-semibold">Players ({members.length})</legend>
        <div className="flex flex-wrap gap-3">
          {alive.map((s) => (
            <label key={s.memberId} className="flex items-center gap-1 text-sm">
              <input type="checkbox" className="accent-garnet-700" checked={members.includes(s.memberId)} onChange={(e) => setPicked(e.target.checked ? [...members, s.memberId] : members.filter((m) => m !== s.memberId))} />
              {s.name}
            </label>
          ))}
        </div>
      </fieldset>
      {game && (
        <details className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
          <summary className="cursor-pointer text-sm font-semibold">Settings</summary>
          <div className="mt-3">
            {game.fields && <SettingsFields fields={game.fields} config={config} seats={members.length} onChange={(c) => setConfigs((all) => ({ ...all, [gameId]: c }))} />}
          </div>
        </details>
      )}
      <Button type="submit" disabled={cmd.busy || !members.length} data-testid="season-create-main">
        Create the main match
      </Button>
    </form>
  );
}

export function HostConsole({ view, nameOf, games }: { view: SeasonPageView; nameOf: (id: string | null) => string; games: SeasonGames }) {
  const cmd = useCommand(view.code);
  const next = view.next;
  const invite = typeof window === "undefined" || !view.invite ? "" : `${window.location.origin}/s/${view.code}?invite=${view.invite}`;
  const started = view.episodes.length > 0;
  const death = games.death;
  const [dmConfig, setDmConfig] = useState<unknown>(() => death?.defaults);
  return (
    <Card title="Host console" data-testid="season-host">
      <div className="space-y-4">
        {!started && view.status === "active" && (
          <div className="space-y-2">
            <Field label="Invite link" hint="Players who open it (signed in) join the roster. The roster is fixed once the first episode begins.">
              <input readOnly className={`${inputClass} font-mono text-xs`} value={invite} data-testid="season-invite" onFocus={(e) => e.target.select()} />
            </Field>
            <Button variant="secondary" size="sm" onClick={() => void cmd.run({ type: "addBot" })} disabled={cmd.busy} data-testid="season-add-bot">
              Add a bot
            </Button>
          </div>
        )}
        {next?.kind === "main" && <MainMatchForm view={view} episode={next.episode} cmd={cmd} games={games.main} />}
        {next?.kind === "pick" && (
          <div className="space-y-2">
            <p className="text-sm">
              Episode {next.episode}: <strong>{nameOf(next.ec)}</strong> is the Elimination Candidate and names the death match opponent within {view.settings.pickSeconds} s.
            </p>
            <Button onClick={() => void cmd.run({ type: "pick" })} disabled={cmd.busy} data-testid="season-open-pick">
              Open the opponent choice
            </Button>
          </div>
        )}
        {next?.kind === "death" && (
          <div className="space-y-2">
            <p className="text-sm">
              Episode {next.episode}: death match, <strong>{nameOf(next.ec)}</strong> against <strong>{nameOf(next.opponent)}</strong>.
            </p>
            {death && (
              <details className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
                <summary className="cursor-pointer text-sm font-semibold">Settings</summary>
                <div className="mt-3">
                  {death.fields && <SettingsFields fields={death.fields} config={dmConfig} seats={2} onChange={setDmConfig} />}
                </div>
              </details>
            )}
            <Button onClick={() => void cmd.run({ type: "death", config: dmConfig as Record<string, unknown> })} disabled={cmd.busy} data-testid="season-create-death">
              Create the death match
            </Button>
          </div>
        )}
        {next?.kind === "wait" && (
          <p className="text-sm">
            Episode {next.episode}: waiting for room{" "}
            <Link className="font-medium underline" href={`/r/${next.code}/host`}>
              {next.code}
            </Link>{" "}
            to end.
          </p>
        )}
        {cmd.room && (
          <p className="text-sm" data-testid="season-created-room">
            Created room{" "}
            <Link className="font-medium underline" href={`/r/${cmd.room}/host`}>
              {cmd.room}
            </Link>
            : open its console to start it.
          </p>
        )}
        <ErrorNote>{cmd.error}</ErrorNote>
        {view.status === "active" && <SeasonWebhook code={view.code} />}
        {view.status === "active" && (
          <Button variant="ghost" size="sm" onClick={() => window.confirm("End the season? Nothing more can be played in it.") && void cmd.run({ type: "finish" })} data-testid="season-finish">
            End the season
          </Button>
        )}
      </div>
    </Card>
  );
}
