"use client";
// A seat's own score: the running total with where every point came from,
// round by round, so a player can check it against the revealed counts.
import type { SeatId } from "@/lib/games/core/types";
import type { MyView, View } from "@/lib/games/truth-deflector";
import { Badge, Card, cx } from "@/components/ui/primitives";
import { SubHeading, TableScroll, TraitChip, tableClass, tdBottomClass, tdClass, tdTopClass, thClass } from "./bits";
import { describeAnswer, describeQuery, list, pointTotals, signed } from "./format";
import { PointsChart } from "./PointsChart";

type NameOf = (seat: SeatId) => string;

export function ScorePanel({ view, me, nameOf }: { view: View; me: MyView; nameOf: NameOf }) {
  const t = pointTotals(me.history);
  const parts = [
    { key: "counts", label: "Counts", title: "Claim counts of the two traits you did not submit, summed over the rounds", value: t.counts },
    { key: "power", label: "Power", title: "Power's bonus, summed over the rounds", value: t.power },
    { key: "courage", label: "Courage", title: "Courage's bonus, summed over the rounds", value: t.courage },
    { key: "challenges", label: "Challenges", title: "Points won or lost through counted challenges", value: t.challenges },
  ];
  const lastWisdom = [...me.history].reverse().find((h) => h.wisdom);
  return (
    <Card title="Your score" data-testid="td-score">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <p>
          <span className="text-4xl font-bold tabular-nums" data-testid="td-my-points">
            {me.points}
          </span>{" "}
          <span className="text-sm text-stone-500">points</span>
        </p>
        <div className="flex flex-wrap gap-1.5 pb-1">
          {me.alive ? <Badge tone="green">in the game</Badge> : <Badge tone="red">eliminated{me.eliminatedRound ? ` in round ${me.eliminatedRound}` : ""}</Badge>}
          <Badge tone={me.truthDeflector ? "red" : "neutral"} title="Only you and the host see this" data-testid="td-my-status">
            {me.truthDeflector ? "you are a Truth Deflector" : "not a Truth Deflector"}
          </Badge>
          <Badge tone="garnet" title="Only you and the host see this">
            {me.garnets} garnet{me.garnets === 1 ? "" : "s"}
          </Badge>
          {me.roundsLied > 0 && <Badge>lied in {me.roundsLied} round{me.roundsLied === 1 ? "" : "s"}</Badge>}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-4 gap-1.5 text-sm" aria-label="Where your points come from" data-testid="td-breakdown">
        {parts.map((p) => (
          <div key={p.key} className="min-w-0 rounded-lg bg-stone-100 px-1.5 py-1.5 dark:bg-stone-800/70">
            <dt className="truncate text-xs text-stone-600 dark:text-stone-400" title={p.title}>
              {p.label}
            </dt>
            <dd className={cx("font-mono text-base font-semibold", p.value < 0 && "text-red-700 dark:text-red-300")}>{signed(p.value)}</dd>
          </div>
        ))}
      </dl>
      {t.total !== me.points && (
        <p className="mt-1 text-xs text-amber-700 dark:text-amber-300">
          The rounds add up to {t.total}, but the game says {me.points}: please tell the host.
        </p>
      )}

      {lastWisdom?.wisdom && (
        <div className="mt-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm dark:border-sky-900 dark:bg-sky-950/40" data-testid="td-wisdom-answer">
          <p className="text-xs font-semibold uppercase tracking-wide text-sky-800 dark:text-sky-300">
            Wisdom, round {lastWisdom.round}
            {lastWisdom.wisdom.query && <> · {describeQuery(lastWisdom.wisdom.query, nameOf)}</>}
          </p>
          <p className="mt-1">{describeAnswer(lastWisdom.wisdom.answer, nameOf)}</p>
        </div>
      )}

      {me.history.length > 0 && (
        <div className="mt-4">
          <SubHeading>Points over the rounds</SubHeading>
          <PointsChart
            rounds={view.rules.rounds}
            series={[{ key: me.seat, label: "You", values: me.history.map((h) => h.pointsAfter), gained: me.history.map((h) => h.points.total) }]}
            label={`Your points after each round: ${me.history.map((h) => `round ${h.round}: ${h.pointsAfter}`).join(", ")}`}
            testId="td-chart"
          />
        </div>
      )}

      <div className="mt-4">
        <SubHeading>Your rounds</SubHeading>
        {me.history.length === 0 ? (
          <p className="text-sm text-stone-500">Nothing yet: your points per round appear here when round 1 ends.</p>
        ) : (
          <TableScroll label="Your points per round">
            <table className={tableClass} data-testid="td-my-rounds">
              <thead>
                <tr>
                  <th className={thClass} scope="col">Rd</th>
                  <th className={cx(thClass, "text-right")} scope="col" title="Claim counts of the two traits you did not submit">Counts</th>
                  <th className={cx(thClass, "text-right")} scope="col">Power</th>
                  <th className={cx(thClass, "text-right")} scope="col">Cour.</th>
                  <th className={cx(thClass, "text-right")} scope="col" title="Counted challenges">Chal.</th>
                  <th className={cx(thClass, "text-right")} scope="col" title="Points this round">Round</th>
                  <th className={cx(thClass, "text-right")} scope="col" title="Points after this round">Total</th>
                </tr>
              </thead>
              {me.history.map((h) => {
                const notes: string[] = [];
                if (h.defaulted && h.played) notes.push("chosen for you (no submission)");
                if (h.challenged.length) notes.push(`you challenged ${list(h.challenged.map(nameOf))}`);
                if (h.eliminated) notes.push("you were eliminated");
                if (h.cleansed) notes.push("cleansed");
                if (h.refunded) notes.push("cleanse refunded");
                if (h.resurrected) notes.push("resurrected: back next round");
                return (
                  <tbody key={h.round}>
                    <tr>
                      <th className={cx(tdClass, "font-semibold")} scope="row" rowSpan={2}>
                        {h.round}
                      </th>
                      <Num v={h.points.counts} />
                      <Num v={h.points.power} />
                      <Num v={h.points.courage} />
                      <Num v={h.points.challenges} />
                      <Num v={h.points.total} strong />
                      <td className={cx(tdTopClass, "text-right font-mono font-semibold")}>{h.pointsAfter}</td>
                    </tr>
                    <tr>
                      <td className={cx(tdBottomClass, "text-xs text-stone-600 dark:text-stone-400")} colSpan={6}>
                        <span className="inline-flex flex-wrap items-center gap-1">
                          {h.played ? (
                            <>
                              <TraitChip trait={h.claim} /> → <TraitChip trait={h.secret} />
                              {h.lied && <Badge tone="red">lie</Badge>}
                            </>
                          ) : (
                            <span>out of the game</span>
                          )}
                        </span>
                        {notes.length > 0 && <span className="mt-0.5 block">{notes.join(" · ")}</span>}
                        {h.wisdom && <span className="mt-0.5 block">Wisdom: {describeAnswer(h.wisdom.answer, nameOf)}</span>}
                      </td>
                    </tr>
                  </tbody>
                );
              })}
            </table>
          </TableScroll>
        )}
      </div>
    </Card>
  );
}

function Num({ v, strong }: { v: number; strong?: boolean }) {
  return <td className={cx(tdTopClass, "text-right font-mono", strong && "font-semibold", v < 0 && "text-red-700 dark:text-red-300", v === 0 && "text-stone-500")}>{signed(v)}</td>;
}
