"use client";
// The published results of each minigame, by alias, newest round first.
import type { ReactNode } from "react";
import type { PublicRound } from "@/lib/games/five-fold-possession";
import { Badge, cx } from "@/components/ui/primitives";
import { RESULT_LABEL, RESULT_TONE, plural } from "./labels";
import { H3, Hint, Table } from "./ui";

/** The newest round in full, earlier rounds folded away. */
function Rounds({ history, title, render, testId }: { history: PublicRound[]; title: string; render: (r: PublicRound) => ReactNode; testId: string }) {
  if (history.length === 0)
    return (
      <section data-testid={testId}>
        <H3>{title}</H3>
        <Hint>Nothing published yet: results appear here when round 1 ends.</Hint>
      </section>
    );
  const newest = history[history.length - 1]!;
  const earlier = history.slice(0, -1).reverse();
  return (
    <section data-testid={testId}>
      <H3>{title}</H3>
      <div className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-stone-500">Round {newest.round}</p>
        {render(newest)}
      </div>
      {earlier.length > 0 && (
        <details className="mt-2 rounded-lg border border-stone-200 dark:border-stone-800">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium">Earlier rounds ({earlier.length})</summary>
          <ol className="space-y-3 px-3 pb-3">
            {earlier.map((r) => (
              <li key={r.round}>
                <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">Round {r.round}</p>
                {render(r)}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

/** How often each number occurs (duplicated cards and bids are ignored by the rules). */
function tally(values: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const v of values) out.set(v, (out.get(v) ?? 0) + 1);
  return out;
}

const aliasGrid = "grid grid-cols-1 gap-1 min-[380px]:grid-cols-2 sm:grid-cols-3";

export function RpsResults({ history }: { history: PublicRound[] }) {
  return (
    <Rounds
      history={history}
      title="Published: Betting RPS by alias"
      testId="results-mg1"
      render={(r) => (
        <ul className={aliasGrid}>
          {r.rps.map((x) => (
            <li key={x.alias} className="flex items-center justify-between gap-2 rounded-md bg-stone-50 px-2 py-1 text-sm dark:bg-stone-800/50">
              <span className="font-medium">{x.alias}</span>
              <Badge tone={RESULT_TONE[x.result]}>{RESULT_LABEL[x.result]}</Badge>
            </li>
          ))}
        </ul>
      )}
    />
  );
}

export function MedianResults({ history }: { history: PublicRound[] }) {
  return (
    <Rounds
      history={history}
      title="Published: The Median by alias"
      testId="results-mg2"
      render={(r) => {
        const counts = tally(r.median.plays.map((p) => p.card));
        return (
          <>
            <ul className={aliasGrid}>
              {r.median.plays.map((p) => {
                const dup = (counts.get(p.card) ?? 0) > 1;
                const won = r.median.winner === p.alias;
                return (
                  <li key={p.alias} className={cx("flex items-center justify-between gap-2 rounded-md px-2 py-1 text-sm", won ? "bg-emerald-50 dark:bg-emerald-950/50" : "bg-stone-50 dark:bg-stone-800/50")}>
                    <span className="font-medium">{p.alias}</span>
                    <span className="flex items-center gap-1">
                      <span className={cx("font-mono text-base font-semibold", dup && "text-stone-500 line-through")}>{p.card}</span>
                      {dup && <Badge>duplicate</Badge>}
                      {won && <Badge tone="green">median</Badge>}
                    </span>
                  </li>
                );
              })}
            </ul>
            <p className="mt-2 text-sm">
              {r.median.median === null
                ? "Every card was duplicated: no median, nobody won."
                : r.median.winner
                  ? `Median ${fmtMedian(r.median.median)}: ${r.median.winner} won a point and a garnet.`
                  : `Median ${fmtMedian(r.median.median)}: no card equals it, nobody won.`}
            </p>
          </>
        );
      }}
    />
  );
}

function fmtMedian(m: number): string {
  return Number.isInteger(m) ? String(m) : m.toFixed(1);
}

export function GreedResults({ history }: { history: PublicRound[] }) {
  return (
    <Rounds
      history={history}
      title="Published: Does Greed Succeed"
      testId="results-mg3"
      render={(r) => (
        <p className="text-sm">
          {plural(r.greed.players, "player")} took part.{" "}
          {r.greed.drewRed.length ? (
            <>
              Drew a Red:{" "}
              {r.greed.drewRed.map((a) => (
                <Badge key={a} tone="red" className="mr-1">
                  {a}
                </Badge>
              ))}
            </>
          ) : (
            "Nobody drew a Red."
          )}
        </p>
      )}
    />
  );
}

export function BiddingResults({ history }: { history: PublicRound[] }) {
  return (
    <Rounds
      history={history}
      title="Published: Bidding War"
      testId="results-mg4"
      render={(r) => {
        const counts = tally(r.bidding.bids);
        return (
          <>
            <ul className="flex flex-wrap gap-1" aria-label="All bids, highest first">
              {r.bidding.bids.map((b, i) => {
                const dup = (counts.get(b) ?? 0) > 1;
                const win = !dup && b === r.bidding.winningBid;
                return (
                  <li key={i} className={cx("min-w-10 rounded-md border px-2 py-1 text-center font-mono text-sm", win ? "border-emerald-600 bg-emerald-50 font-bold dark:bg-emerald-950/50" : dup ? "border-dashed border-stone-300 text-stone-500 line-through dark:border-stone-700" : "border-stone-300 dark:border-stone-700")}>
                    {b}
                  </li>
                );
              })}
            </ul>
            <p className="mt-2 text-sm">{r.bidding.winner ? `${r.bidding.winner} won with a bid of ${r.bidding.winningBid}.` : "Every bid was matched: nobody won."}</p>
          </>
        );
      }}
    />
  );
}

export function IdentityResults({ history }: { history: PublicRound[] }) {
  const withGuesses = history.filter((r) => r.identity);
  return (
    <Rounds
      history={withGuesses}
      title="Published: Guessing Identity"
      testId="results-mg5"
      render={(r) => (
        <p className="text-sm">
          Guesses about round {r.identity!.targetRound}: <strong>{plural(r.identity!.fullyRight, "player")}</strong> placed all five aliases right.
        </p>
      )}
    />
  );
}

/** The newest round's results of every minigame in one table, by alias. */
export function LatestRound({ history }: { history: PublicRound[] }) {
  const r = history[history.length - 1];
  if (!r) return <Hint testId="results-latest">Nothing published yet: the results of round 1 appear here when it ends.</Hint>;
  const cards = tally(r.median.plays.map((p) => p.card));
  return (
    <section data-testid="results-latest" className="space-y-2">
      <H3>Round {r.round} at a glance</H3>
      <Table
        head={["Alias", "MG1 RPS", "MG2 card", "MG3 Red", "MG4 won"]}
        rows={r.aliases.map((alias) => {
          const rps = r.rps.find((x) => x.alias === alias)?.result ?? "none";
          const card = r.median.plays.find((x) => x.alias === alias)?.card ?? 0;
          const dup = (cards.get(card) ?? 0) > 1;
          return [
            alias,
            <Badge key="r" tone={RESULT_TONE[rps]}>
              {RESULT_LABEL[rps]}
            </Badge>,
            <span key="c" className="inline-flex items-center gap-1">
              <span className={cx("font-mono font-semibold", dup && "text-stone-500 line-through")}>{card}</span>
              {r.median.winner === alias && <Badge tone="green">median</Badge>}
            </span>,
            r.greed.drewRed.includes(alias) ? <Badge key="g" tone="red">drew Red</Badge> : "",
            r.bidding.winner === alias ? <Badge key="b" tone="green">won with {r.bidding.winningBid}</Badge> : "",
          ];
        })}
      />
      <p className="text-sm">
        Greed: {plural(r.greed.players, "player")}. Bids, highest first: {r.bidding.bids.join(", ")}
        {r.bidding.winner ? "" : " (all matched, nobody won)"}.
        {r.identity && ` Identity guesses about round ${r.identity.targetRound}: ${plural(r.identity.fullyRight, "player")} fully right.`}
      </p>
    </section>
  );
}
