"use client";
// Your own rounds: role, every entry, what you were told privately, garnets.
import type { ReactNode } from "react";
import type { MyRound } from "@/lib/games/five-fold-possession";
import { Badge } from "@/components/ui/primitives";
import type { PlayerCtx } from "./context";
import { RESULT_LABEL, ROLE_SHORT, THROW_LABEL, signed } from "./labels";
import { Hint, StoneChip } from "./ui";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-stone-500 dark:text-stone-400">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function RoundDetail({ r, who }: { r: MyRound; who: (s: string) => string }) {
  const rps = r.rps;
  return (
    <dl className="divide-y divide-stone-100 dark:divide-stone-800">
      <Row label="MG1 RPS">
        {rps.named === null ? "no entry" : `named ${who(rps.named)}, bet ${rps.bet}, ${rps.throw ? THROW_LABEL[rps.throw] : "?"}`}
        {rps.result !== "none" && ` — they bet ${rps.opponentBet}, ${rps.opponentThrow ? THROW_LABEL[rps.opponentThrow] : "?"}; stake ${rps.stake}: you ${RESULT_LABEL[rps.result]}`}
        {rps.named !== null && rps.result === "none" && " — no game"}
        {rps.penalized && <Badge tone="red" className="ml-1">RPS miss penalty</Badge>}
      </Row>
      <Row label="MG2 Median">
        card {r.card}
        {r.cardDefaulted && " (played for you, −1 garnet)"}
        {r.wonMedian && <Badge tone="green" className="ml-1">won</Badge>}
      </Row>
      <Row label="MG3 Greed">
        {r.greed ? (
          <span className="inline-flex flex-wrap items-center gap-1">
            {r.greed.drawn.map((s, i) => (
              <StoneChip key={i} stone={s} ignored={r.greed!.ignoredIndex === i} size="sm" />
            ))}
            <span>
              {r.greed.status === "busted" ? "bust" : `pot ${r.greed.pot}`}, net {signed(r.greed.net)}
            </span>
          </span>
        ) : (
          "did not play"
        )}
      </Row>
      <Row label="MG4 Bid">
        {r.bid}
        {r.wonBid && <Badge tone="green" className="ml-1">won</Badge>}
      </Row>
      {r.identityGuess && (
        <Row label={`MG5 (round ${r.identityGuess.targetRound})`}>
          <ul className="flex flex-wrap gap-x-3 gap-y-0.5">
            {r.identityGuess.guess.map((g) => (
              <li key={g.alias}>
                {g.alias}: {who(g.seat)}
              </li>
            ))}
          </ul>
        </Row>
      )}
      {r.roleGuess && (
        <Row label={`Roles (round ${r.roleGuess.targetRound})`}>
          possessed {r.roleGuess.possessed ? who(r.roleGuess.possessed) : "—"}, ghost hunter {r.roleGuess.ghostHunter ? who(r.roleGuess.ghostHunter) : "—"}
        </Row>
      )}
      {r.challenges && (
        <Row label="Challenges">
          {r.challenges.filter((c) => c.status === "completed").length} done
          {r.challenges.some((c) => c.status === "hidden") && ", some revealed only at the end"}:{" "}
          {r.challenges
            .filter((c) => c.status === "completed")
            .map((c) => c.text)
            .join(" · ") || "none"}
        </Row>
      )}
      <Row label="Garnets">
        {signed(r.garnetChange)} → <strong>{r.garnetsAfter}</strong>
      </Row>
    </dl>
  );
}

export function MyHistory({ ctx }: { ctx: PlayerCtx }) {
  const rounds = ctx.me.rounds.slice().reverse();
  if (rounds.length === 0) return <Hint testId="my-history">Your rounds appear here once round 1 ends.</Hint>;
  return (
    <ol className="space-y-2" data-testid="my-history">
      {rounds.map((r, i) => (
        <li key={r.round}>
          <details open={i === 0} className="rounded-lg border border-stone-200 dark:border-stone-800">
            <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <span className="font-semibold">Round {r.round}</span>
              <Badge tone={r.role === "possessed" ? "garnet" : r.role === "ghostHunter" ? "blue" : "neutral"}>{ROLE_SHORT[r.role]}</Badge>
              <span className="ml-auto font-mono text-xs text-stone-500">
                {signed(r.garnetChange)} → {r.garnetsAfter} garnets
              </span>
            </summary>
            <div className="px-3 pb-2">
              <RoundDetail r={r} who={ctx.who} />
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
