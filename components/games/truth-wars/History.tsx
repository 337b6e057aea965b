"use client";
// Every round so far: headline, truth (when known), leans and ballots, the
// tally, the snipe, the ban vote (and revote) and the scoring update.
import type { RoundView, View } from "@/lib/games/truth-wars";
import { Badge, Card } from "@/components/ui/primitives";
import { VOTE_LABEL, ballotLine, teamName } from "./labels";
import { HeadRow, TruthBadge, VoteMark, tableClass, tdClass } from "./ui";

type NameOf = (seat: string) => string;

export function History({ view, nameOf }: { view: View; nameOf: NameOf }) {
  const rounds = view.history.slice().reverse();
  return (
    <Card title="Rounds" data-testid="tw-history">
      <ol className="space-y-2">
        {rounds.map((r) => (
          <li key={r.round}>
            <RoundDetails view={view} r={r} nameOf={nameOf} open={r.round === view.round} />
          </li>
        ))}
      </ol>
    </Card>
  );
}

function headlineOutcome(r: RoundView): string {
  if (!r.scoring) return r.majority ? `majority ${r.majority === "tie" ? "tied" : VOTE_LABEL[r.majority]}` : "in play";
  if (r.scoring.pointTo === null) return "tie — no point";
  return `point to ${teamName(r.scoring.pointTo)}`;
}

function RoundDetails({ view, r, nameOf, open }: { view: View; r: RoundView; nameOf: NameOf; open: boolean }) {
  const seats = view.seats;
  const ban = r.banVote;
  const showBan = ban !== null && (ban.votes !== null || ban.revotes !== null);
  return (
    <details open={open} className="group rounded-lg border border-stone-200 dark:border-stone-800" data-testid={`tw-round-${r.round}`}>
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-2 px-3 py-2 [&::-webkit-details-marker]:hidden">
        <span aria-hidden className="text-stone-500 transition-transform group-open:rotate-90">
          ▸
        </span>
        <span className="font-semibold">Round {r.round}</span>
        {r.truth ? <TruthBadge truth={r.truth} /> : <Badge>truth unknown</Badge>}
        <span className="text-sm text-stone-600 dark:text-stone-400">{headlineOutcome(r)}</span>
        {r.scoring && (
          <span className="ml-auto font-mono text-xs text-stone-500">
            {r.scoring.scoresAfter.truth}–{r.scoring.scoresAfter.scammers}
          </span>
        )}
      </summary>
      <div className="space-y-3 border-t border-stone-200 px-3 py-3 text-sm dark:border-stone-800">
        <p className="font-medium">“{r.headline}”</p>
        {r.tally && (
          <p data-testid={`tw-tally-${r.round}`}>
            Vote: <strong>{r.tally.trust}</strong> Trust · <strong>{r.tally.flag}</strong> Flag · <strong>{r.tally.abstain}</strong> abstained —{" "}
            {r.majority === "tie" ? "a tie scores nothing" : `majority ${r.majority ? VOTE_LABEL[r.majority] : "—"}`}.
          </p>
        )}
        {r.sniped && (
          <p>
            <Badge tone="red">snipe</Badge> {nameOf(r.sniped)} was sniped by the Fact Checker: a Scammer, shadow-banned at once.
          </p>
        )}
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">Round {r.round}: leans and ballots</caption>
            <HeadRow cols={["Player", "Lean", "Vote", ban && "Ban ballot", ban?.tied && "Revote"]} />
            <tbody>
              {seats.map((s) => (
                <tr key={s}>
                  <th scope="row" className={`${tdClass} font-medium`}>
                    {nameOf(s)}
                  </th>
                  <td className={tdClass}>{r.leans[s] ? VOTE_LABEL[r.leans[s]] : <span className="text-stone-500">—</span>}</td>
                  <td className={tdClass}>{r.votes ? <VoteMark choice={r.votes[s]} /> : <span className="text-stone-500">{r.tally ? "secret" : "—"}</span>}</td>
                  {ban && <td className={tdClass}>{ballotCell(ban.votes, ban.voters, s, nameOf)}</td>}
                  {ban?.tied && <td className={tdClass}>{ballotCell(ban.revotes, ban.voters, s, nameOf)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {r.tally && !r.votes && (
          <p className="text-xs text-stone-500">{view.rules.secretBallots ? "Secret ballots: only the tally is shown until the end." : "Ballots are shown when the vote closes."}</p>
        )}
        {showBan && ban && <BanSummary ban={ban} nameOf={nameOf} />}
        {r.scoring && (
          <div data-testid={`tw-scoring-${r.round}`}>
            <p>
              Scoring: {r.scoring.pointTo ? <strong>+1 {teamName(r.scoring.pointTo)}</strong> : "no point (tie)"}
              {r.scoring.refused.length > 0 && <> · refused to vote: {r.scoring.refused.map(nameOf).join(", ")}</>}
              {(r.scoring.penalties.truth > 0 || r.scoring.penalties.scammers > 0) && (
                <>
                  {" "}
                  · penalties: Truth Team −{r.scoring.penalties.truth}, Scammers −{r.scoring.penalties.scammers}
                </>
              )}
              . Scores after: Truth Team {r.scoring.scoresAfter.truth}, Scammers {r.scoring.scoresAfter.scammers}.
            </p>
          </div>
        )}
      </div>
    </details>
  );
}

function ballotCell(ballot: Record<string, string | null> | null, voters: string[], seat: string, nameOf: NameOf) {
  if (!voters.includes(seat)) return <span className="text-stone-500">not voting</span>;
  if (!ballot) return <span className="text-stone-500">secret</span>;
  if (!(seat in ballot)) return <span className="text-stone-500">—</span>;
  const t = ballot[seat];
  return t ? nameOf(t) : <span className="text-stone-500">abstain</span>;
}

function BanSummary({ ban, nameOf }: { ban: NonNullable<RoundView["banVote"]>; nameOf: NameOf }) {
  const line = (b: Record<string, string | null>) => ballotLine(b, nameOf);
  const result = ban.result;
  return (
    <div className="space-y-1" data-testid="tw-ban-summary">
      {ban.votes && <p>Ban vote: {line(ban.votes)}.</p>}
      {ban.tied && <p>Tied between {ban.tied.map(nameOf).join(" and ")}: one revote between them.</p>}
      {ban.revotes && <p>Revote: {line(ban.revotes)}.</p>}
      {result && (
        <p>
          {result.banned ? (
            <>
              <Badge tone="red">banned</Badge> <strong>{nameOf(result.banned)}</strong> is shadow-banned for the rest of the game.
            </>
          ) : result.reason === "tie" ? (
            "Still tied: nobody is banned."
          ) : (
            "Nobody was named: nobody is banned."
          )}
        </p>
      )}
    </div>
  );
}

/** The round just scored, shown large while the round ends. */
export function RoundResult({ view, nameOf }: { view: View; nameOf: NameOf }) {
  const r = view.history[view.history.length - 1];
  if (!r?.scoring) return null;
  const sc = r.scoring;
  const banned = r.banVote?.result?.banned ?? null;
  return (
    <Card title={`Round ${r.round} result`} data-testid="tw-round-result" className="border-garnet-200 dark:border-garnet-900">
      <p className="text-xl font-bold">{sc.pointTo ? `+1 ${teamName(sc.pointTo)}` : "A tie: no point"}</p>
      <p className="mt-1 text-sm">
        {r.tally && (
          <>
            {r.tally.trust} Trust · {r.tally.flag} Flag · {r.tally.abstain} abstained.{" "}
          </>
        )}
        {r.truth ? (
          <>
            The headline was <TruthBadge truth={r.truth} />.
          </>
        ) : (
          "Its truth stays secret until the end (a tied round gives nothing away)."
        )}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {r.sniped && <li>{nameOf(r.sniped)} was sniped: a Scammer, out for the rest of the game.</li>}
        {banned && <li>{nameOf(banned)} was shadow-banned by the table's vote.</li>}
        {r.banVote?.result && !banned && <li>The ban vote banned nobody.</li>}
        {sc.refused.length > 0 && (
          <li>
            Refused to vote: {sc.refused.map(nameOf).join(", ")}
            {sc.penalties.truth + sc.penalties.scammers > 0 && ` — penalties: Truth Team −${sc.penalties.truth}, Scammers −${sc.penalties.scammers}`}.
          </li>
        )}
        <li>
          Scores: Truth Team {sc.scoresAfter.truth}, Scammers {sc.scoresAfter.scammers}.
        </li>
      </ul>
    </Card>
  );
}
