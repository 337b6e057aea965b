"use client";
// After the last round: final points, Tokens of Life, garnets earned and the
// Elimination Candidate, with the winners' (or the host's) choice when the lowest score is tied.
import { useState } from "react";
import { useAction } from "@/components/ui/useAction";
import type { SeatId } from "@/lib/games/core/types";
import type { EndView, View } from "@/lib/games/truth-deflector";
import { Badge, Button, Card, ErrorNote, cx } from "@/components/ui/primitives";
import type { DashboardProps } from "../types";
import { OptionCard, TableScroll, tableClass, tdClass, thClass } from "./bits";
import { list } from "./format";

type NameOf = (seat: SeatId) => string;

function decidedBy(end: EndView, nameOf: NameOf): string {
  const d = end.ecDecidedBy;
  if (d === "points") return "alone with the lowest score";
  if (d === "host") return "chosen by the host for the winners";
  if (d === "default") return "no choice was made in time: the gamewide tiebreak decided";
  if (d) return `chosen by ${nameOf(d)}`;
  return "";
}

export function EndPanel({ view, end, canPick, pick, nameOf, you }: { view: View; end: EndView; canPick: boolean; pick: DashboardProps<View>["act"] | null; nameOf: NameOf; you: SeatId | null }) {
  const ppg = view.rules.pointsPerGarnet;
  const choosing = view.stage === "ecChoice";
  return (
    <Card title="Final standings" data-testid="td-end" className="border-garnet-200 dark:border-garnet-900">
      <p className="text-sm">
        {end.mainWinners.length === 1 ? (
          <>
            <strong>{nameOf(end.mainWinners[0]!)}</strong> has the highest score and wins <strong>two Tokens of Life</strong>.
          </>
        ) : (
          <>
            <strong>{list(end.mainWinners.map(nameOf))}</strong> share the highest score and each win a <strong>Token of Life</strong>.
          </>
        )}
        {end.mainTiebreakUsed && " More than three tied for the top: the gamewide tiebreak (garnets, then a lot) picked three."}
        {end.lieWinner && (
          <>
            {" "}
            <strong>{nameOf(end.lieWinner)}</strong> lied in the most rounds among those still in the game and wins a Token of Life.
          </>
        )}
      </p>

      <div className="mt-3">
        <TableScroll label="Final points, Tokens of Life and garnets earned">
          <table className={tableClass} data-testid="td-standings">
            <thead>
              <tr>
                <th className={thClass} scope="col">#</th>
                <th className={thClass} scope="col">Player</th>
                <th className={cx(thClass, "text-right")} scope="col">Points</th>
                <th className={thClass} scope="col" title="Tokens of Life">ToL</th>
                <th className={cx(thClass, "text-right")} scope="col" title={`Garnets earned: points ÷ ${ppg}, rounded down`}>Garnets</th>
              </tr>
            </thead>
            <tbody>
              {end.standings.map((s) => {
                const place = 1 + end.standings.filter((o) => o.points > s.points).length;
                return (
                  <tr key={s.seat} className={cx(s.seat === you && "bg-garnet-50 dark:bg-garnet-900/20")} data-testid={`td-standing-${s.seat}`}>
                    <td className={cx(tdClass, "font-mono text-stone-500")}>{place}</td>
                    <th scope="row" className={cx(tdClass, "font-medium")}>
                      <span className="inline-flex flex-wrap items-center gap-1">
                        {nameOf(s.seat)}
                        {end.mainWinners.includes(s.seat) && (
                          <Badge tone="green" data-testid="td-winner">
                            winner
                          </Badge>
                        )}
                        {end.lieWinner === s.seat && <Badge tone="green">most lies: winner</Badge>}
                        {s.seat === you && <Badge tone="garnet">you</Badge>}
                        {end.ec === s.seat && <Badge tone="red">Elimination Candidate</Badge>}
                        {!end.ec && end.ecCandidates.includes(s.seat) && <Badge tone="amber">EC candidate</Badge>}
                      </span>
                    </th>
                    <td className={cx(tdClass, "text-right font-mono font-semibold")}>{s.points}</td>
                    <td className={tdClass}>{s.tokensOfLife > 0 ? <Badge tone="garnet" className="whitespace-nowrap">{s.tokensOfLife} ToL</Badge> : <span className="text-stone-500">—</span>}</td>
                    <td className={cx(tdClass, "text-right font-mono")}>+{s.garnetsEarned}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
        <p className="mt-1 text-xs text-stone-500">ToL: Tokens of Life. Garnets earned = final points ÷ {ppg}, rounded down. Truth Deflector status is never revealed.</p>
      </div>

      <div className="mt-4" data-testid="td-ec">
        {end.ec ? (
          <p className="text-sm">
            <strong>{nameOf(end.ec)}</strong> is the Elimination Candidate ({decidedBy(end, nameOf)}).
          </p>
        ) : choosing ? (
          canPick && pick ? (
            <EcChoice end={end} pick={pick} nameOf={nameOf} />
          ) : (
            <p className="text-sm">
              {list(end.ecCandidates.map(nameOf))} tie for the lowest score. The winners ({list(end.ecChoosers.map(nameOf))}) choose which of them is the Elimination Candidate.
            </p>
          )
        ) : null}
      </div>
    </Card>
  );
}

function EcChoice({ end, pick, nameOf }: { end: EndView; pick: DashboardProps<View>["act"]; nameOf: NameOf }) {
  const [seat, setSeat] = useState<SeatId | null>(null);
  const { run, busy, error } = useAction(pick);
  return (
    <form
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/30"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!seat) return;
        await run({ type: "pickEC", seat });
      }}
    >
      <fieldset>
        <legend className="mb-1 text-sm font-semibold">Choose the Elimination Candidate</legend>
        <p className="mb-2 text-xs text-stone-600 dark:text-stone-400">
          These players tie for the lowest score. The first choice made by a winner (or the host for them) is final.
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {end.ecCandidates.map((s) => (
            <OptionCard key={s} type="radio" name="td-ec" checked={seat === s} onChange={() => setSeat(s)} testId={`td-ec-${s}`}>
              <span className="font-medium">{nameOf(s)}</span>
            </OptionCard>
          ))}
        </div>
      </fieldset>
      <Button type="submit" disabled={!seat || busy} data-testid="td-ec-confirm" title={seat ? undefined : "Choose one of the tied players first"}>
        {seat ? `Name ${nameOf(seat)} the EC` : "Choose a player"}
      </Button>
      <ErrorNote>{error}</ErrorNote>
    </form>
  );
}
