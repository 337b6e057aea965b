"use client";
// The host sees everything: this round's submissions with Truth Deflector
// status, everyone's points over the rounds, and each past round in full.
import { useState } from "react";
import type { SeatId } from "@/lib/games/core/types";
import type { HostView, RoundRecord, Submission, View } from "@/lib/games/truth-deflector";
import { Badge, Card, cx, inputClass } from "@/components/ui/primitives";
import { TableScroll, TraitChip, tableClass, tdBottomClass, tdClass, tdTopClass, thClass } from "./bits";
import { describeAnswer, shortQuery, signed } from "./format";
import { PointsChart } from "./PointsChart";

type NameOf = (seat: SeatId) => string;

function lie(sub: Submission | undefined | null): boolean {
  return !!sub && sub.claim !== null && sub.claim !== sub.secret;
}

export function HostCurrentRound({ view, host, nameOf }: { view: View; host: HostView; nameOf: NameOf }) {
  const inRound = view.stage === "round";
  const locked = host.players.filter((p) => p.submission).length;
  return (
    <Card title={inRound ? `Round ${view.round} · submissions (${locked}/${host.players.length} locked in)` : "Players · host only"} data-testid="td-host-submissions">
      <TableScroll label="All players and their submissions this round">
        <table className={tableClass}>
          <thead>
            <tr>
              <th className={thClass} scope="col">Player</th>
              <th className={thClass} scope="col" title="In the game or out; Truth Deflector status now (secret)">Status</th>
              <th className={cx(thClass, "text-right")} scope="col">Pts</th>
              <th className={cx(thClass, "text-right")} scope="col" title="Garnets now (a cleanse or resurrection is paid at the end of the round)">Garn.</th>
              <th className={cx(thClass, "text-right")} scope="col" title="Rounds lied so far">Lied</th>
              {inRound && (
                <>
                  <th className={thClass} scope="col">Claim → secret</th>
                  <th className={thClass} scope="col">Challenges</th>
                  <th className={thClass} scope="col">Wisdom asks</th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {host.players.map((p) => {
              const s = p.submission;
              return (
                <tr key={p.seat} data-testid={`td-host-row-${p.seat}`}>
                  <th scope="row" className={cx(tdClass, "whitespace-nowrap font-medium")}>
                    {nameOf(p.seat)}
                  </th>
                  <td className={cx(tdClass, "whitespace-nowrap")} data-testid={`td-host-td-${p.seat}`}>
                    <span className="inline-flex gap-1">
                      {p.alive ? <Badge tone="green">in</Badge> : <Badge>out</Badge>}
                      {p.truthDeflector && <Badge tone="red">TD</Badge>}
                    </span>
                  </td>
                  <td className={cx(tdClass, "text-right font-mono")}>{p.points}</td>
                  <td className={cx(tdClass, "text-right font-mono")}>{p.garnets}</td>
                  <td className={cx(tdClass, "text-right font-mono")}>{p.roundsLied}</td>
                  {inRound && (
                    <>
                      <td className={tdClass}>
                        {!s ? (
                          <Badge tone="amber">waiting</Badge>
                        ) : (
                          <span className="inline-flex flex-wrap items-center gap-1">
                            {s.claim ? (
                              <>
                                <TraitChip trait={s.claim} /> → <TraitChip trait={s.secret} />
                              </>
                            ) : (
                              <Badge tone="green">locked in</Badge>
                            )}
                            {lie(s) && <Badge tone="red" className="whitespace-nowrap">{p.truthDeflector ? "lie" : "lie · becomes TD"}</Badge>}
                            {s.cleanse && <Badge tone="garnet">cleanse</Badge>}
                            {s.resurrect && <Badge tone="garnet">resurrect</Badge>}
                          </span>
                        )}
                      </td>
                      <td className={cx(tdClass, "text-xs")}>{s?.challenges.map(nameOf).join(", ")}</td>
                      <td className={cx(tdClass, "whitespace-nowrap text-xs")}>{s?.wisdom ? shortQuery(s.wisdom, nameOf) : ""}</td>
                    </>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}

export function HostChart({ view, host, nameOf }: { view: View; host: HostView; nameOf: NameOf }) {
  const [focus, setFocus] = useState<SeatId | "">(host.players[0]?.seat ?? "");
  if (host.rounds.length === 0) return null;
  const series = host.players.map((p) => ({
    key: p.seat,
    label: nameOf(p.seat),
    values: host.rounds.map((r) => r.pointsAfter[p.seat] ?? 0),
    gained: host.rounds.map((r) => r.ledger[p.seat]?.total ?? 0),
    highlight: p.seat === focus,
  }));
  return (
    <Card
      title="Points over the rounds"
      actions={
        <label className="flex items-center gap-2 text-xs">
          <span>Highlight</span>
          <select className={cx(inputClass, "w-auto py-1")} value={focus} onChange={(e) => setFocus(e.target.value)} data-testid="td-host-chart-focus">
            {host.players.map((p) => (
              <option key={p.seat} value={p.seat}>
                {nameOf(p.seat)}
              </option>
            ))}
          </select>
        </label>
      }
    >
      <PointsChart rounds={view.rules.rounds} series={series} label={`Points after each round for every player; ${nameOf(focus)} highlighted`} testId="td-host-chart" />
    </Card>
  );
}

function RoundDetail({ r, seats, nameOf }: { r: RoundRecord; seats: SeatId[]; nameOf: NameOf }) {
  return (
    <TableScroll label={`Round ${r.round} in full`} bleed={false}>
      <table className={tableClass}>
        <thead>
          <tr>
            <th className={thClass} scope="col">Player</th>
            <th className={thClass} scope="col">Claim → secret</th>
            <th className={cx(thClass, "text-right")} scope="col" title="Claim counts of the two traits not submitted">Counts</th>
            <th className={cx(thClass, "text-right")} scope="col">Power</th>
            <th className={cx(thClass, "text-right")} scope="col">Cour.</th>
            <th className={cx(thClass, "text-right")} scope="col" title="Counted challenges">Chal.</th>
            <th className={cx(thClass, "text-right")} scope="col">Round</th>
            <th className={cx(thClass, "text-right")} scope="col">Total</th>
            <th className={thClass} scope="col" title="Truth Deflector status after the round">TD</th>
            <th className={cx(thClass, "text-right")} scope="col" title="Garnets after the round">Garn.</th>
          </tr>
        </thead>
        <tbody>
          {seats.map((seat) => {
            const sub = r.subs[seat];
            const l = r.ledger[seat];
            const w = r.wisdom[seat];
            const notes = [
              sub?.defaulted && sub.claim && "no submission: random honest choice",
              sub && sub.challenges.length > 0 && `challenged ${sub.challenges.map(nameOf).join(", ")}`,
              r.eliminated.includes(seat) && "eliminated",
              r.resurrected.includes(seat) && "resurrected",
              r.cleansed.includes(seat) && "cleansed",
              r.refunded.includes(seat) && "cleanse refunded",
              w && `Wisdom${w.query ? ` (${shortQuery(w.query, nameOf)})` : ""}: ${describeAnswer(w.answer, nameOf)}`,
            ].filter(Boolean);
            const two = notes.length > 0;
            const top = two ? tdTopClass : tdClass;
            return [
              <tr key={seat}>
                <th scope="row" rowSpan={two ? 2 : 1} className={cx(tdClass, "whitespace-nowrap font-medium")}>
                  {nameOf(seat)}
                </th>
                <td className={top}>
                  {r.participants.includes(seat) ? (
                    <span className="inline-flex items-center gap-1 whitespace-nowrap">
                      <TraitChip trait={sub?.claim ?? null} /> → <TraitChip trait={sub?.secret ?? null} />
                      {lie(sub) && <Badge tone="red">lie</Badge>}
                    </span>
                  ) : (
                    <span className="text-xs text-stone-500">out</span>
                  )}
                </td>
                {[l?.counts, l?.power, l?.courage, l?.challenges, l?.total].map((v, i) => (
                  <td key={i} className={cx(top, "text-right font-mono", i === 4 && "font-semibold", (v ?? 0) < 0 && "text-red-700 dark:text-red-300", !v && "text-stone-500")}>
                    {signed(v ?? 0)}
                  </td>
                ))}
                <td className={cx(top, "text-right font-mono font-semibold")}>{r.pointsAfter[seat]}</td>
                <td className={top}>{r.tdAfter[seat] ? <Badge tone="red">TD</Badge> : <span className="text-stone-500">no</span>}</td>
                <td className={cx(top, "text-right font-mono")}>{r.garnetsAfter[seat]}</td>
              </tr>,
              two && (
                <tr key={`${seat}-notes`}>
                  <td colSpan={9} className={cx(tdBottomClass, "text-xs text-stone-600 dark:text-stone-400")}>
                    {notes.join(" · ")}
                  </td>
                </tr>
              ),
            ];
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function HostRounds({ host, nameOf }: { host: HostView; nameOf: NameOf }) {
  if (host.rounds.length === 0) return null;
  const rounds = [...host.rounds].reverse();
  return (
    <Card title="Past rounds in full" data-testid="td-host-rounds">
      <div className="space-y-2">
        {rounds.map((r, i) => (
          <details key={r.round} open={i === 0} className="rounded-lg border border-stone-200 dark:border-stone-800">
            <summary className="cursor-pointer px-3 py-2 text-sm font-medium">
              Round {r.round} · claims: Power {r.claimCounts.Power}, Wisdom {r.claimCounts.Wisdom}, Courage {r.claimCounts.Courage}
              {r.eliminated.length > 0 && ` · out: ${r.eliminated.map(nameOf).join(", ")}`}
            </summary>
            <div className="px-3 pb-3">
              <RoundDetail r={r} seats={host.players.map((p) => p.seat)} nameOf={nameOf} />
            </div>
          </details>
        ))}
      </div>
    </Card>
  );
}
