"use client";
// What everyone learns: who is in, who has locked in, and each round's claim
// counts and challenges with their results.
import type { SeatId } from "@/lib/games/core/types";
import type { PublicRound, View } from "@/lib/games/truth-deflector";
import { Badge, Card, cx } from "@/components/ui/primitives";
import { TableScroll, tableClass, tdBottomClass, tdClass, tdTopClass, thClass, TraitDot } from "./bits";
import { TRAITS, list } from "./format";

type NameOf = (seat: SeatId) => string;

export function PlayersCard({ view, locked: lockedIn, nameOf, you }: { view: View; locked: ReadonlySet<SeatId>; nameOf: NameOf; you: SeatId | null }) {
  const inRound = view.stage === "round";
  const alive = view.players.filter((p) => p.alive).length;
  const locked = lockedIn.size;
  return (
    <Card title={`Players · ${alive} in the game`} data-testid="td-players" className="@container">
      {inRound && (
        <p className="mb-2 text-sm text-stone-600 dark:text-stone-400">
          {locked} of {view.players.length} locked in for round {view.round}.
        </p>
      )}
      <ul className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm @xl:grid-cols-3">
        {view.players.map((p) => (
          <li key={p.seat} className="flex items-center gap-2 rounded-md px-1 py-0.5" data-testid={`td-player-${p.seat}`}>
            <span className={cx("h-2 w-2 shrink-0 rounded-full", p.alive ? "bg-emerald-500" : "bg-stone-400")} aria-hidden />
            <span className={cx("min-w-0 truncate", !p.alive && "text-stone-500 line-through", p.seat === you && "font-semibold")}>{nameOf(p.seat)}</span>
            {p.seat === you && <span className="sr-only">(you)</span>}
            <span className="ml-auto flex shrink-0 gap-1">
              {!p.alive && <Badge title={p.eliminatedRound ? `Eliminated in round ${p.eliminatedRound}` : "Eliminated"}>{p.eliminatedRound ? `out r${p.eliminatedRound}` : "out"}</Badge>}
              {inRound && (lockedIn.has(p.seat) ? <Badge tone="green">ready</Badge> : <Badge tone="amber">choosing</Badge>)}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ChallengeResults({ r, rules, nameOf }: { r: PublicRound; rules: View["rules"]; nameOf: NameOf }) {
  const pts = rules.challengePoints;
  if (r.challenges.length === 0) return <p className="text-xs text-stone-500">No challenges.</p>;
  const byTarget = new Map<SeatId, SeatId[]>();
  for (const c of r.challenges) byTarget.set(c.to, [...(byTarget.get(c.to) ?? []), c.from]);
  return (
    <div className="space-y-1">
      {r.counted.length > 0 ? (
        <ul className="space-y-1">
          {r.counted.map((c) => (
            <li key={c.target} className="text-sm">
              <span className="font-medium">{nameOf(c.target)}</span>{" "}
              {c.wasTruthDeflector ? (
                <Badge tone="red">Truth Deflector{c.eliminated ? " · eliminated" : ""}</Badge>
              ) : (
                <Badge tone="green">not a Truth Deflector</Badge>
              )}
              <span className="block text-xs text-stone-500">
                by {list(c.challengers.map(nameOf))}: {c.wasTruthDeflector ? `challengers +${pts}, target −${pts}` : `challengers −${pts}, target +${pts}`}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-stone-500">No challenge reached {rules.challengeThreshold} challengers.</p>
      )}
      <p className="text-xs text-stone-600 dark:text-stone-400">
        <span className="font-medium">
          {r.challenges.length} challenge{r.challenges.length === 1 ? "" : "s"} made:
        </span>{" "}
        {[...byTarget.entries()].map(([to, from], i) => (
          <span key={to}>
            {i > 0 && " · "}
            {list(from.map(nameOf))} → <span className="font-medium">{nameOf(to)}</span>
          </span>
        ))}
      </p>
    </div>
  );
}

export function RoundHistory({ view, nameOf }: { view: View; nameOf: NameOf }) {
  const rows = [...view.history].reverse();
  return (
    <Card title="Round history" data-testid="td-history">
      {rows.length === 0 ? (
        <p className="text-sm text-stone-500">After each round: how many players claimed each trait (not who), and every challenge with its result.</p>
      ) : (
        <TableScroll label="Claim counts and challenges per round">
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass} scope="col">Rd</th>
                {TRAITS.map((t) => (
                  <th key={t} className={cx(thClass, "text-right")} scope="col" title={`Players who claimed ${t}`}>
                    <span className="inline-flex items-center gap-1">
                      <TraitDot trait={t} />
                      {t}
                    </span>
                  </th>
                ))}
                <th className={cx(thClass, "text-right")} scope="col" title="Players still in after the challenges: their claims are counted">Counted</th>
              </tr>
            </thead>
            {rows.map((r) => (
              <tbody key={r.round} data-testid={`td-history-round-${r.round}`}>
                <tr>
                  <th className={cx(tdClass, "font-semibold")} scope="row" rowSpan={2}>
                    {r.round}
                  </th>
                  {TRAITS.map((t) => (
                    <td key={t} className={cx(tdTopClass, "text-right font-mono text-base font-semibold")}>
                      {r.claimCounts[t]}
                    </td>
                  ))}
                  <td className={cx(tdTopClass, "text-right font-mono text-stone-500")}>{r.countedPlayers}</td>
                </tr>
                <tr>
                  <td className={tdBottomClass} colSpan={4}>
                    <ChallengeResults r={r} rules={view.rules} nameOf={nameOf} />
                    {r.eliminated.length > 0 && <p className="mt-1 text-xs">Eliminated: {list(r.eliminated.map(nameOf))}</p>}
                    {r.resurrected.length > 0 && <p className="mt-1 text-xs">Resurrected, back next round: {list(r.resurrected.map(nameOf))}</p>}
                  </td>
                </tr>
              </tbody>
            ))}
          </table>
        </TableScroll>
      )}
    </Card>
  );
}
