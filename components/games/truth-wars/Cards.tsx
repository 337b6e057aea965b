"use client";
// The headline card, the seat's role card, the host's secrets, the end-of-game
// reveal and the rules in play.
import type { MeView, View } from "@/lib/games/truth-wars";
import { Badge, Card, cx } from "@/components/ui/primitives";
import { teamOf } from "@/lib/games/truth-wars/state";
import { teamName, truthSource } from "./labels";
import { HeadRow, RoleBadge, SubHeading, TeamBadge, TruthBadge, VoteMark, tableClass, tdClass } from "./ui";

type NameOf = (seat: string) => string;

const accuracyWords = (n: number | null) => (n === null || n >= 100 ? "right every time" : `right about ${n}% of the time`);

export function HeadlineCard({ view }: { view: View }) {
  const h = view.headline;
  if (!h) return null;
  const source = truthSource(view);
  const hint = view.me?.hints.find((x) => x.round === view.round) ?? null;
  return (
    <Card title={`Headline · round ${h.round}`} data-testid="tw-headline">
      <blockquote className="border-l-4 border-garnet-500 pl-3 text-xl font-semibold leading-snug sm:text-2xl" data-testid="tw-headline-text">
        {h.text}
      </blockquote>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        {h.truth ? (
          <span data-testid="tw-headline-truth" className="flex items-center gap-2">
            <TruthBadge truth={h.truth} className="text-sm" />
            {source && <span className="text-stone-600 dark:text-stone-400">({source})</span>}
          </span>
        ) : (
          <span className="text-stone-600 dark:text-stone-400">Real or fake? {view.me ? "You don't know yet." : "Hidden until a round's point gives it away."}</span>
        )}
      </div>
      {hint && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100" data-testid="tw-hint">
          Your private hint: this headline is <strong className="uppercase">{hint.says}</strong> — {accuracyWords(view.me?.hintAccuracy ?? null)}.
        </p>
      )}
    </Card>
  );
}

export function RoleCard({ view, me, nameOf }: { view: View; me: MeView; nameOf: NameOf }) {
  const scam = me.team === "scammers";
  return (
    <Card title="Your role" data-testid="tw-role-card" className={cx(scam ? "border-red-300 dark:border-red-900" : "border-sky-300 dark:border-sky-900")}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-2xl font-bold" data-testid="tw-role-name">
          {me.roleName}
        </p>
        <TeamBadge team={me.team} />
        {me.banned && <Badge tone="red">shadow-banned</Badge>}
      </div>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="tw-knows">
        {me.knows.map((k, i) => (
          <li key={i}>{k}</li>
        ))}
      </ul>
      {me.fellowScammers.length > 0 && (
        <p className="mt-2 text-sm" data-testid="tw-fellows">
          Fellow Scammer{me.fellowScammers.length > 1 ? "s" : ""}: <strong>{me.fellowScammers.map(nameOf).join(", ")}</strong>
        </p>
      )}
      {me.hints.length > 0 && (
        <div className="mt-3">
          <SubHeading>Your hints ({accuracyWords(me.hintAccuracy)})</SubHeading>
          <ul className="mt-1 flex flex-wrap gap-2 text-sm">
            {me.hints.map((h) => (
              <li key={h.round} className="flex items-center gap-1">
                R{h.round} <TruthBadge truth={h.says} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {me.peek && (
        <div className="mt-3" data-testid="tw-peek-status">
          <SubHeading>Peeks: {me.peek.left} of {me.peek.perGame} left</SubHeading>
          {me.peek.results.length > 0 ? (
            <ul className="mt-1 flex flex-wrap gap-2 text-sm">
              {me.peek.results.map((p) => (
                <li key={p.round} className="flex items-center gap-1">
                  R{p.round} <TruthBadge truth={p.truth} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-stone-500">No peeks yet.</p>
          )}
          {!me.peek.canNow && me.peek.blockedReason && view.phase === "discussion" && <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{me.peek.blockedReason}</p>}
        </div>
      )}
      {me.snipe && (
        <div className="mt-3" data-testid="tw-snipe-status">
          <SubHeading>Snipe</SubHeading>
          <p className="text-sm">
            {me.snipe.used
              ? `Used in round ${me.snipe.used.round} on ${nameOf(me.snipe.used.target)}: ${me.snipe.used.hit ? "a Scammer, shadow-banned." : "not a Scammer (nobody else knows)."}`
              : me.snipe.rounds.length > 0
                ? `Unused. Allowed right after the vote in round${me.snipe.rounds.length > 1 ? "s" : ""} ${me.snipe.rounds.join(", ")}.`
                : "No snipe rounds in this game."}
          </p>
        </div>
      )}
    </Card>
  );
}

/** Host only: every secret of the running game, as tables. */
export function HostSecrets({ view, nameOf }: { view: View; nameOf: NameOf }) {
  const host = view.host;
  if (!host) return null;
  const voting = view.phase === "vote";
  const banning = host.banBallot !== null;
  return (
    <Card title="Host view: every secret" data-testid="tw-host-secrets" className="border-sky-300 dark:border-sky-900">
      <div className="overflow-x-auto">
        <table className={tableClass} data-testid="tw-host-roles">
          <caption className="mb-1 text-left text-sm font-medium">Roles and live ballots</caption>
          <HeadRow cols={["Player", "Role", "Team", "Status", voting ? "Vote (live)" : "Vote", banning && "Ban ballot (live)"]} />
          <tbody>
            {view.players.map((p) => {
              const role = host.roles[p.seat];
              const vote = host.votes[p.seat];
              return (
                <tr key={p.seat}>
                  <th scope="row" className={`${tdClass} font-medium`}>
                    {nameOf(p.seat)}
                    {host.hintHolder === p.seat && <Badge tone="amber" className="ml-1">hint</Badge>}
                  </th>
                  <td className={tdClass}>{role ? <RoleBadge role={role} /> : "—"}</td>
                  <td className={tdClass}>{role ? teamName(teamOf(role)) : "—"}</td>
                  <td className={tdClass}>{p.ban ? `banned r${p.ban.round} (${p.ban.by})` : "in"}</td>
                  <td className={tdClass}>
                    <VoteMark choice={vote} />
                  </td>
                  {banning && (
                    <td className={tdClass}>
                      {host.banBallot && p.seat in host.banBallot ? (host.banBallot[p.seat] ? nameOf(host.banBallot[p.seat] as string) : "abstain") : <span className="text-stone-500">—</span>}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2" data-testid="tw-host-facts">
        <div>
          <dt className="text-xs font-semibold uppercase text-stone-500">Headline set</dt>
          <dd>
            Set {host.headlineSet} ({host.headlineSet === "A" ? "3 real / 2 fake" : "2 real / 3 fake"})
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase text-stone-500">Hint holder</dt>
          <dd>{host.hintHolder ? nameOf(host.hintHolder) : "nobody"}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase text-stone-500">Hints</dt>
          <dd>{host.hints.length ? host.hints.map((h) => `R${h.round} ${nameOf(h.holder)}: ${h.says}`).join(" · ") : "none yet"}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase text-stone-500">Peeks</dt>
          <dd>{host.peekRounds.length ? `rounds ${host.peekRounds.join(", ")}` : "none yet"} ({view.rules.peeksPerGame} per game)</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase text-stone-500">Snipe</dt>
          <dd>
            {host.snipeUsed ? `round ${host.snipeUsed.round} on ${nameOf(host.snipeUsed.target)}: ${host.snipeUsed.hit ? "hit" : "missed"}` : "unused"}
            {host.snipe && host.snipe.target === null && ` · held in round ${view.round}`}
          </dd>
        </div>
      </dl>

      <div className="mt-4 overflow-x-auto">
        <table className={tableClass} data-testid="tw-host-deck">
          <caption className="mb-1 text-left text-sm font-medium">Deck (round order)</caption>
          <HeadRow cols={["#", "Headline", "Truth", "Set"]} />
          <tbody>
            {host.deck.slice(0, Math.max(view.rounds, view.round)).map((h, i) => (
              <tr key={h.id} className={i + 1 === view.round ? "bg-garnet-50 dark:bg-garnet-950/40" : i + 1 < view.round ? "text-stone-500" : undefined}>
                <td className={`${tdClass} font-mono`}>{i + 1}</td>
                <td className={tdClass}>
                  {h.text}
                  {i + 1 === view.round && <Badge tone="garnet" className="ml-1">now</Badge>}
                </td>
                <td className={tdClass}>
                  <TruthBadge truth={h.truth} />
                </td>
                <td className={tdClass}>{h.set}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** The end of the game: the winner and every secret, revealed to all. */
export function ResultCard({ view, nameOf }: { view: View; nameOf: NameOf }) {
  const res = view.result;
  if (!res) return null;
  const tone = res.winner === "truth" ? "border-sky-400 dark:border-sky-800" : res.winner === "scammers" ? "border-red-400 dark:border-red-800" : "border-stone-300";
  return (
    <Card title="Roles revealed" data-testid="tw-result" className={tone}>
      <p className="text-xl font-bold" data-testid="tw-winner">
        {res.winner === "tie" ? "A tie" : `${teamName(res.winner)} win${res.winner === "truth" ? "s" : ""}`}
      </p>
      <p className="text-sm text-stone-600 dark:text-stone-400">{res.summary}</p>
      <div className="mt-3 overflow-x-auto">
        <table className={tableClass}>
          <caption className="sr-only">Every player's role</caption>
          <HeadRow cols={["Player", "Role", "Fate"]} />
          <tbody>
            {view.players.map((p) => {
              const role = res.roles[p.seat];
              const team = role ? teamOf(role) : null;
              return (
                <tr key={p.seat} className={team && res.winner === team ? "bg-emerald-50/60 dark:bg-emerald-950/30" : undefined}>
                  <th scope="row" className={`${tdClass} font-medium`}>
                    {nameOf(p.seat)}
                    {view.me?.seat === p.seat && <Badge tone="garnet" className="ml-1">you</Badge>}
                  </th>
                  <td className={tdClass}>
                    {role ? <RoleBadge role={role} data-testid={`tw-result-role-${p.seat}`} /> : "—"}
                    {team && <span className="block text-xs text-stone-500">{teamName(team)}</span>}
                  </td>
                  <td className={tdClass}>{p.ban ? `banned in round ${p.ban.round} (${p.ban.by})` : "in to the end"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ul className="mt-3 space-y-1 text-sm">
        <li>
          Headline set: <strong>Set {res.headlineSet}</strong> ({res.headlineSet === "A" ? "3 real / 2 fake" : "2 real / 3 fake"})
        </li>
        <li>Hints: {res.hints.length ? res.hints.map((h) => `R${h.round} ${nameOf(h.holder)} heard “${h.says}”`).join(" · ") : "none"}</li>
        <li>Peeks: {res.peekRounds.length ? `rounds ${res.peekRounds.join(", ")}` : "none"}</li>
        <li>Snipe: {res.snipe ? `round ${res.snipe.round} on ${nameOf(res.snipe.target)} — ${res.snipe.hit ? "hit a Scammer" : "missed"}` : "never used"}</li>
      </ul>
    </Card>
  );
}

export function RulesCard({ view }: { view: View }) {
  const r = view.rules;
  const items: [string, string][] = [
    ["To win", `first to ${r.pointsToWin} points; the Truth Team also wins once every Scammer is shadow-banned`],
    ["Rounds", `${view.rounds}; no winner after the last one is a tie`],
    ["Scammers", `${r.scammers}${r.scammers > 1 ? (r.scammersKnowEachOther ? ", they know each other" : ", they do not know each other") : ""}`],
    ["Fact Checker peeks", `${r.peeksPerGame} per game, never two rounds in a row`],
    ["Snipe rounds", r.snipeRounds.length ? r.snipeRounds.join(", ") : "none"],
    ["Drunk's hint", accuracyWords(r.drunkHintAccuracy)],
    ["Shadow-ban votes", `from round ${r.banVoteFromRound}`],
    ["Refusing to vote", r.refusalPenalty ? "−1 point to the refuser's team" : "no penalty"],
    ["Ballots", r.secretBallots ? "secret: only the tally until the end" : "shown when each vote closes"],
    ["Headlines", r.customHeadlines ? "the host's own list" : "built-in bank"],
  ];
  return (
    <details className="rounded-xl border border-stone-200 bg-white p-4 text-sm shadow-sm dark:border-stone-800 dark:bg-stone-900" data-testid="tw-rules">
      <summary className="cursor-pointer text-sm font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400">Rules in play</summary>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {items.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium">{k}</dt>
            <dd className="mb-1 text-stone-600 sm:mb-0 dark:text-stone-400">{v}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
