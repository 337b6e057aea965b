import Link from "next/link";
import { catalogue as games } from "@/lib/games/registry";
import { Badge, Card } from "@/components/ui/primitives";

export default function Home() {
  return (
    <div className="space-y-10">
      <section className="rounded-2xl bg-gradient-to-br from-garnet-800 to-garnet-950 p-8 text-white shadow-lg sm:p-12" style={{ backgroundColor: "var(--color-garnet-800)" }}>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Run your season&apos;s matches live.</h1>
        <p className="mt-3 max-w-2xl text-garnet-100">
          Garnet runs main matches and death matches in the browser: every player gets a private dashboard, the server enforces every rule and
          every timer, the host drives the match from a console and spectators watch without seeing a secret.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href="#games" className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-garnet-800 hover:bg-garnet-50">
            Host a match
          </Link>
          <Link href="/join" className="rounded-lg border border-white/40 px-4 py-2 text-sm font-semibold text-white hover:bg-white/10">
            Join with a code
          </Link>
          <Link href="/seasons/new" className="rounded-lg border border-white/40 px-4 py-2 text-sm font-semibold text-white hover:bg-white/10" data-testid="run-season">
            Run a season
          </Link>
        </div>
      </section>

      <section id="games" aria-labelledby="games-title">
        <h2 id="games-title" className="mb-4 text-xl font-semibold">
          Games
        </h2>
        {games.length === 0 && <p className="text-stone-500">No games are installed.</p>}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {games.map((g) => (
            <Card key={g.meta.id} className="flex flex-col" data-testid={`game-${g.meta.id}`}>
              <div className="flex items-start gap-2">
                <h3 className="text-lg font-semibold">{g.meta.name}</h3>
                <Badge tone="garnet" className="ml-auto shrink-0">
                  {g.meta.kind}
                </Badge>
              </div>
              <p className="mt-2 flex-1 text-sm text-stone-600 dark:text-stone-400">{g.meta.tagline}</p>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-xs text-stone-500 dark:text-stone-400">
                <div>
                  <dt className="font-medium text-stone-700 dark:text-stone-300">Players</dt>
                  <dd>{g.meta.players.min === g.meta.players.max ? g.meta.players.min : `${g.meta.players.min}–${g.meta.players.max}`} (best {g.meta.players.recommended})</dd>
                </div>
                <div>
                  <dt className="font-medium text-stone-700 dark:text-stone-300">Length</dt>
                  <dd>{g.meta.length}</dd>
                </div>
              </dl>
              <div className="mt-4 flex gap-2">
                <Link href={`/new?game=${g.meta.id}`} className="rounded-lg bg-garnet-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-garnet-800">
                  Host a room
                </Link>
                <Link href={`/games/${g.meta.id}`} className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800">
                  Rules
                </Link>
              </div>
            </Card>
          ))}
        </div>
      </section>
    </div>
  );
}
