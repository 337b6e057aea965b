"use client";
// The end of the match: win conditions, opal, EC, standings, roles and
// challenges by round, and every alias.
import type { ReactNode } from "react";
import type { EndView, MeView, View } from "@/lib/games/five-fold-possession";
import { Badge, Card } from "@/components/ui/primitives";
import { CHALLENGE_SHORT, pts, withNames } from "./labels";
import { H3, Table } from "./ui";

function Names({ seats, nameOf }: { seats: string[]; nameOf: (s: string) => string }) {
  if (seats.length === 0) return <span className="text-stone-500">nobody</span>;
  return <>{seats.map(nameOf).join(" and ")}</>;
}

function Award({ title, children, tone, testId }: { title: string; children: ReactNode; tone: "garnet" | "green" | "amber" | "red" | "blue"; testId: string }) {
  const border = { garnet: "border-garnet-300 dark:border-garnet-800", green: "border-emerald-300 dark:border-emerald-800", amber: "border-amber-300 dark:border-amber-800", red: "border-red-300 dark:border-red-800", blue: "border-sky-300 dark:border-sky-800" }[tone];
  return (
    <div className={`rounded-xl border-2 bg-white p-3 dark:bg-stone-900 ${border}`} data-testid={testId}>
      <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">{title}</p>
      <div className="mt-1 text-sm">{children}</div>
    </div>
  );
}

export function EndReveal({ view, end, me, nameOf }: { view: View; end: EndView; me: MeView | null; nameOf: (s: string) => string }) {
  const standing = new Map(end.standings.map((s) => [s.seat, s]));
  // garnets are told privately: your own row (every row for the host)
  const garnets = new Map(end.garnets.map((g) => [g.seat, g]));
  const hidden = <span className="text-stone-400" title="Told privately to the player">—</span>;
  const challengeText = new Map(view.reference.challenges.map((c) => [c.id, `${c.minigame}: ${c.text}`]));
  const myGuess = new Map((me?.rounds ?? []).filter((r) => r.roleGuess).map((r) => [r.roleGuess!.targetRound, r.roleGuess!]));
  const mark = (guess: string | null | undefined, truth: string | null) => (guess ? `${nameOf(guess)} ${guess === truth ? "✓" : "✗"}` : "left empty");

  return (
    <div className="space-y-4" data-testid="ffp-end">
      <Card title="How the match ended">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Award title="Most points · Token of Life" tone="green" testId="end-points-winner">
            <strong>
              <Names seats={end.pointsWinners} nameOf={nameOf} />
            </strong>
          </Award>
          <Award title="Most role identifications · Token of Life" tone="blue" testId="end-id-winner">
            <strong>
              <Names seats={end.identificationWinners} nameOf={nameOf} />
            </strong>
          </Award>
          <Award title="Both conditions · Opal and 2 Tokens" tone="garnet" testId="end-double">
            {end.doubleWinner ? <strong>{nameOf(end.doubleWinner)}</strong> : <span className="text-stone-500">nobody met both</span>}
          </Award>
          <Award title="Opal challenge" tone="amber" testId="end-opal">
            Nobody was possessed in <strong>round {end.emptyRound}</strong>.{" "}
            {end.opal.correct.length ? (
              <>
                Right: <Names seats={end.opal.correct} nameOf={nameOf} />.{" "}
              </>
            ) : (
              "Nobody named it. "
            )}
            Opal: <strong>{end.opal.winner ? nameOf(end.opal.winner) : "nobody"}</strong>.
          </Award>
          <Award title="Elimination Candidate" tone="red" testId="end-ec">
            <strong>{end.elimination ? nameOf(end.elimination) : "nobody"}</strong>
            <span className="block text-xs text-stone-500">fewest points among those who met no win condition</span>
          </Award>
          <Award title="Final identity guesses" tone="blue" testId="end-final-identity">
            About round {end.finalIdentity.targetRound}: {end.finalIdentity.fullyRight} fully right.
          </Award>
        </div>
        {end.notes.length > 0 && (
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-stone-600 dark:text-stone-400">
            {end.notes.map((n, i) => (
              <li key={i}>{withNames(n, nameOf)}</li>
            ))}
          </ul>
        )}
      </Card>

      <Card title="Standings">
        <Table
          testId="end-standings"
          caption="Ranked by points; ties by minigame points, then garnets, then garnets at the start. Identifications rank win condition 2 (ties: aliases guessed right, challenges, garnets). Garnets are told privately: you see only your own."
          head={["#", "Player", "Points", "Minigame pts", "Garnets", "MG5 garnets", "Start", "Identifications", "Aliases right", "Challenges"]}
          rows={end.ranking.map((r) => {
            const s = standing.get(r.seat)!;
            const g = garnets.get(r.seat);
            return [
              r.place,
              <span key="n" className={me?.seat === r.seat ? "font-bold" : undefined}>
                {nameOf(r.seat)}
                {end.pointsWinners.includes(r.seat) && <Badge tone="green" className="ml-1">ToL</Badge>}
                {end.identificationWinners.includes(r.seat) && <Badge tone="blue" className="ml-1">ToL</Badge>}
                {end.doubleWinner === r.seat && <Badge tone="garnet" className="ml-1">Opal</Badge>}
                {end.opal.winner === r.seat && <Badge tone="amber" className="ml-1">Opal</Badge>}
                {end.elimination === r.seat && <Badge tone="red" className="ml-1">EC</Badge>}
              </span>,
              <strong key="p">{pts(s.points)}</strong>,
              pts(s.minigamePoints),
              g ? g.garnets : hidden,
              g ? g.identityGarnets : hidden,
              g ? g.startGarnets : hidden,
              s.identifications,
              s.identitiesCorrect,
              s.challengesCompleted,
            ];
          })}
        />
      </Card>

      <Card title="Roles and challenges by round">
        <ol className="divide-y divide-stone-100 dark:divide-stone-800" data-testid="end-roles">
          {end.rounds.map((r) => {
            const g = myGuess.get(r.round);
            return (
              <li key={r.round} className="grid gap-1 py-2 text-sm sm:grid-cols-[5rem_minmax(0,14rem)_minmax(0,1fr)] sm:gap-3">
                <span className="whitespace-nowrap font-semibold">Round {r.round}</span>
                <span>
                  {r.possessed ? (
                    <>
                      <Badge tone="garnet">possessed</Badge> {nameOf(r.possessed)}
                      <br />
                      <Badge tone="blue">ghost hunter</Badge> {r.ghostHunter ? nameOf(r.ghostHunter) : "—"}
                    </>
                  ) : (
                    <em className="text-stone-500">nobody possessed</em>
                  )}
                </span>
                <span>
                  {r.challengesCompleted !== null && (
                    <span className="flex flex-wrap items-center gap-1">
                      <strong>{r.challengesCompleted}</strong> {r.challengesCompleted === 1 ? "challenge" : "challenges"}
                      {r.challenges.map((id) => (
                        <Badge key={id} title={challengeText.get(id)}>
                          {CHALLENGE_SHORT[id]}
                        </Badge>
                      ))}
                    </span>
                  )}
                  {g && (
                    <span className="mt-0.5 block text-xs text-stone-500 dark:text-stone-400">
                      Your guess: possessed {mark(g.possessed, r.possessed)}, ghost hunter {mark(g.ghostHunter, r.ghostHunter)}
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      </Card>

      <Card title="Every alias">
        <details>
          <summary className="cursor-pointer text-sm font-medium">Show whose alias was whose, round by round</summary>
          <div className="mt-3">
            <Table
              testId="end-aliases"
              dense
              head={["Round", ...view.seats.map(nameOf)]}
              rows={end.rounds.map((r) => [r.round, ...view.seats.map((s) => r.aliases.find((a) => a.seat === s)?.alias ?? "—")])}
            />
          </div>
        </details>
        <H3 className="mt-4">Opal guesses</H3>
        <ul className="flex flex-wrap gap-2 text-sm">
          {view.seats.map((s) => {
            const g = end.opal.guesses[s] ?? null;
            return (
              <li key={s} className="rounded-md bg-stone-50 px-2 py-1 dark:bg-stone-800/50">
                {nameOf(s)}: {g === null ? "no guess" : `round ${g}`} {g === end.emptyRound ? "✓" : ""}
              </li>
            );
          })}
        </ul>
      </Card>
    </div>
  );
}
