"use client";
// The host's view: everything in tables — the live submissions, the players'
// garnets, hands and points split, the secret schedule with every alias, and the
// full record of each finished round. The host has no moves of its own here:
// the console's "End phase now" ends a phase with the defaults.
import type { HostView, View } from "@/lib/games/five-fold-possession";
import type { RoundRecord, Submission } from "@/lib/games/five-fold-possession/state";
import { Badge, Card } from "@/components/ui/primitives";
import { RESULT_LABEL, THROW_LABEL, pts, signed } from "./labels";
import { BiddingResults, GreedResults, IdentityResults, LatestRound, MedianResults, RpsResults } from "./results";
import { H3, Hint, StoneChip, Table, Tabs } from "./ui";

type NameOf = (s: string) => string;

function roleBadge(host: HostView, round: number, seat: string) {
  const r = host.roles[round - 1];
  if (r?.possessed === seat) return <Badge tone="garnet">possessed</Badge>;
  if (r?.ghostHunter === seat) return <Badge tone="blue">ghost hunter</Badge>;
  return null;
}

function LiveSubmissions({ view, host, nameOf }: { view: View; host: HostView; nameOf: NameOf }) {
  const subs = host.submissions as Record<string, Submission>;
  const open = view.phase === "submit" || view.phase === "final";
  const aliases = host.aliases[view.round - 1] ?? {};
  const idTarget = view.phase === "final" ? view.totalRounds : view.round - 1;
  const targetAliases = Object.values(host.aliases[idTarget - 1] ?? {}).sort();
  const final = view.phase === "final";
  // MG5 opens in round 2, role guesses in round 3; the opal only in the final guesses.
  const withId = final || view.round >= 2;
  const withRoles = final || view.round >= 3;
  if (!open) return <Hint>Round {view.round} is closed; its full record is under “Round records”. New submissions show here when the next phase opens.</Hint>;
  return (
    <Table
      testId="host-submissions"
      caption={view.phase === "final" ? "Final guesses, live." : `Round ${view.round} submissions, live. Each seat's alias this round is in brackets.`}
      head={["Player", "Done", ...(final ? [] : ["MG1 RPS", "MG2 card", "MG3 Greed", "MG4 bid"]), ...(withId ? ["MG5 guess"] : []), ...(withRoles ? ["Role guess"] : []), ...(final ? ["Opal"] : [])]}
      rows={view.seats.map((s) => {
        const x = subs[s];
        if (!x) return [nameOf(s)];
        return [
          <span key="n">
            {nameOf(s)} {view.phase === "submit" && <span className="block text-xs font-normal text-stone-500">({aliases[s] ?? "?"})</span>}
            {view.phase === "submit" && roleBadge(host, view.round, s)}
          </span>,
          x.done ? "✓" : "—",
          ...(final
            ? []
            : [
                x.rps ? `${nameOf(x.rps.opponent)}, ${x.rps.bet}, ${THROW_LABEL[x.rps.throw]}` : "—",
                x.card ?? "—",
                x.greed ? (
                  <span key="g" className="inline-flex flex-wrap items-center gap-0.5">
                    {x.greed.drawn.map((st, i) => (
                      <StoneChip key={i} stone={st} ignored={x.greed!.ignoredIndex === i} size="sm" />
                    ))}
                    <span className="ml-1 text-xs">
                      {x.greed.status}, pot {x.greed.pot}
                    </span>
                  </span>
                ) : (
                  "—"
                ),
                x.bid ?? "—",
              ]),
          ...(withId
            ? [
                x.identities ? (
                  <span key="i" className="text-xs">
                    {x.identities.map((seat, i) => `${targetAliases[i] ?? "?"}: ${nameOf(seat)}`).join("; ")}
                  </span>
                ) : (
                  "—"
                ),
              ]
            : []),
          ...(withRoles ? [x.roles ? `P ${x.roles.possessed ? nameOf(x.roles.possessed) : "—"} · GH ${x.roles.ghostHunter ? nameOf(x.roles.ghostHunter) : "—"}` : "—"] : []),
          ...(final ? [x.opal ?? "—"] : []),
        ];
      })}
    />
  );
}

function PlayersTable({ view, host, nameOf }: { view: View; host: HostView; nameOf: NameOf }) {
  return (
    <Table
      testId="host-points"
      caption="Points include the hidden ones (challenges and guesses); players see only their Median and Bidding War points."
      head={["Player", "Garnets", "MG5 garnets (paid at end)", "RPS misses in a row", "Minigame pts", "Challenge pts", "Guess pts", "Total", "Hand"]}
      rows={view.seats.map((s) => {
        const p = host.points[s];
        return [
          nameOf(s),
          host.garnets[s] ?? 0,
          host.identityGarnets[s] ?? 0,
          host.missStreak[s] ?? 0,
          p ? pts(p.minigame) : "—",
          p ? pts(p.challenges) : "—",
          p ? pts(p.guesses) : "—",
          <strong key="t">{p ? pts(p.total) : "—"}</strong>,
          <span key="h" className="font-mono text-xs">
            {(host.hands[s] ?? []).join(" ")}
          </span>,
        ];
      })}
    />
  );
}

function ScheduleTable({ view, host, nameOf }: { view: View; host: HostView; nameOf: NameOf }) {
  return (
    <Table
      testId="host-schedule"
      caption={`The secret schedule and every alias. Round ${host.emptyRound} has nobody possessed.`}
      head={["Round", "Possessed", "Ghost hunter", ...view.seats.map(nameOf)]}
      rows={host.roles.map((r, i) => {
        const round = i + 1;
        const current = round === view.round && view.phase !== "end" && view.phase !== "final";
        return [
          <span key="r" className={current ? "text-garnet-700 dark:text-garnet-300" : undefined}>
            {round}
            {current && " (now)"}
          </span>,
          r ? nameOf(r.possessed) : <em key="e">{round === 1 ? "none (round 1)" : "none"}</em>,
          r ? nameOf(r.ghostHunter) : "—",
          ...view.seats.map((s) => <span key={s} className="whitespace-nowrap text-xs">{host.aliases[i]?.[s] ?? "—"}</span>),
        ];
      })}
    />
  );
}

function RecordDetail({ rec, view, nameOf }: { rec: RoundRecord; view: View; nameOf: NameOf }) {
  const alias = (s: string) => rec.aliases[s] ?? "?";
  const challengeText = new Map(view.reference.challenges.map((c) => [c.id, `${c.minigame}: ${c.text.replace(/\.$/, "")}`]));
  return (
    <div className="space-y-4">
      <Table
        dense
        head={["Player (alias)", "RPS entry", "RPS result", "Card", "Greed", "Bid", "Garnets"]}
        rows={view.seats.map((s) => {
          const e = rec.rps.entries[s];
          const g = rec.greed.sessions[s];
          return [
            <span key="n">
              {nameOf(s)} <span className="block text-xs font-normal text-stone-500">{alias(s)}</span>
              {rec.possessed === s && <Badge tone="garnet">possessed</Badge>}
              {rec.ghostHunter === s && <Badge tone="blue">ghost hunter</Badge>}
            </span>,
            e ? `${nameOf(e.opponent)}, ${e.bet}, ${THROW_LABEL[e.throw]}` : "—",
            <span key="r">
              {RESULT_LABEL[rec.rps.result[s] ?? "none"]}
              {rec.rps.penalized.includes(s) && <Badge tone="red" className="ml-1">miss penalty</Badge>}
            </span>,
            <span key="c">
              {rec.median.cards[s]}
              {rec.median.defaulted.includes(s) && " (default)"}
              {rec.median.winner === s && <Badge tone="green" className="ml-1">won</Badge>}
            </span>,
            g ? (
              <span key="g" className="inline-flex flex-wrap items-center gap-0.5">
                {g.drawn.map((st, i) => (
                  <StoneChip key={i} stone={st} ignored={g.ignoredIndex === i} size="sm" />
                ))}
                <span className="ml-1 text-xs">net {signed(rec.greed.net[s] ?? 0)}</span>
              </span>
            ) : (
              "—"
            ),
            <span key="b">
              {rec.bidding.bids[s] ?? 0}
              {rec.bidding.winner === s && <Badge tone="green" className="ml-1">won</Badge>}
            </span>,
            `${signed(rec.garnetDelta[s] ?? 0)} → ${rec.garnetsAfter[s] ?? 0}`,
          ];
        })}
      />
      <p className="text-sm">
        RPS games:{" "}
        {rec.rps.games.length
          ? rec.rps.games.map((g) => `${nameOf(g.a)} (${g.bets[0]}, ${THROW_LABEL[g.throws[0]]}) v ${nameOf(g.b)} (${g.bets[1]}, ${THROW_LABEL[g.throws[1]]}), stake ${g.stake}: ${g.winner ? `${nameOf(g.winner)} won` : "draw"}`).join("; ")
          : "none"}
        . Median {rec.median.median ?? "none"}; top unique bid {rec.bidding.winningBid ?? "none"}.
      </p>
      {rec.identity && (
        <Table
          dense
          caption={`MG5 guesses about round ${rec.identity.targetRound}: ${rec.identity.fullyRight.length} fully right${rec.identity.soleWinner ? `, sole: ${nameOf(rec.identity.soleWinner)}` : ""}.`}
          head={["Guesser", "Aliases right", "Fully right"]}
          rows={view.seats.map((s) => [nameOf(s), rec.identity!.guesses[s] ? `${rec.identity!.correct[s] ?? 0} / ${view.seats.length}` : "no guess", rec.identity!.fullyRight.includes(s) ? "✓" : ""])}
        />
      )}
      {rec.roleGuess && (
        <Table
          dense
          caption={`Role guesses about round ${rec.roleGuess.targetRound}: the possessed was named by ${rec.roleGuess.possessedNamedBy}${rec.roleGuess.detected ? " — detected by all, challenges score negatively" : ""}.`}
          head={["Guesser", "Possessed", "Ghost hunter", "Right names", "Guess pts"]}
          rows={view.seats.map((s) => {
            const g = rec.roleGuess!.guesses[s];
            return [nameOf(s), g?.possessed ? nameOf(g.possessed) : "—", g?.ghostHunter ? nameOf(g.ghostHunter) : "—", rec.roleGuess!.rightNames[s] ?? 0, pts((rec.roleGuess!.halves[s] ?? 0) / 2)];
          })}
        />
      )}
      {rec.challenges && (
        <p className="text-sm">
          {nameOf(rec.challenges.possessed)} completed {rec.challenges.completed.length}
          {rec.challenges.completed.length ? `: ${rec.challenges.completed.map((id) => challengeText.get(id) ?? id).join(" · ")}` : ""}.{" "}
          {rec.challenges.halves === null ? "Points settle with the next round's guesses." : `Scored ${pts(rec.challenges.halves / 2)}.`}
        </p>
      )}
    </div>
  );
}

function Records({ view, host, nameOf }: { view: View; host: HostView; nameOf: NameOf }) {
  if (host.rounds.length === 0) return <Hint>No round has ended yet.</Hint>;
  return (
    <ol className="space-y-2" data-testid="host-records">
      {host.rounds
        .slice()
        .reverse()
        .map((rec, i) => (
          <li key={rec.round}>
            <details open={i === 0} className="rounded-lg border border-stone-200 dark:border-stone-800">
              <summary className="cursor-pointer px-3 py-2 text-sm font-semibold">
                Round {rec.round}
                <span className="ml-2 font-normal text-stone-500">{rec.possessed ? `possessed ${nameOf(rec.possessed)}, ghost hunter ${nameOf(rec.ghostHunter ?? "")}` : "no roles"}</span>
              </summary>
              <div className="px-3 pb-3">
                <RecordDetail rec={rec} view={view} nameOf={nameOf} />
              </div>
            </details>
          </li>
        ))}
    </ol>
  );
}

export function HostBoard({ view, host, nameOf }: { view: View; host: HostView; nameOf: NameOf }) {
  return (
    <Card title="Host view: everything, secrets included" data-testid="host-board">
      <Hint className="mb-3">
        The host has no moves in this game. “End phase now” in the console ends the phase with the defaults (no RPS game, the lowest card with its penalty, an open Greed draw stops, no bid, no guesses).
      </Hint>
      <Tabs
        label="Host tables"
        tabs={[
          { id: "host-live", label: "Submissions", content: <LiveSubmissions view={view} host={host} nameOf={nameOf} /> },
          { id: "host-players", label: "Garnets & points", content: <PlayersTable view={view} host={host} nameOf={nameOf} /> },
          { id: "host-schedule", label: "Schedule & aliases", content: <ScheduleTable view={view} host={host} nameOf={nameOf} /> },
          { id: "host-records", label: "Round records", content: <Records view={view} host={host} nameOf={nameOf} /> },
          {
            id: "host-public",
            label: "Published",
            content: (
              <div className="space-y-6">
                <H3>What everyone sees</H3>
                <LatestRound history={view.history} />
                <RpsResults history={view.history} />
                <MedianResults history={view.history} />
                <GreedResults history={view.history} />
                <BiddingResults history={view.history} />
                <IdentityResults history={view.history} />
              </div>
            ),
          },
        ]}
      />
    </Card>
  );
}
