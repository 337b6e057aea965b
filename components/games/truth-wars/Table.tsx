"use client";
// The public table: team scores, who is out (and how), and each player's
// status this phase — ready, lean, voted — with roles only where this viewer
// may know them.
import type { View } from "@/lib/games/truth-wars";
import { Badge, Card, cx } from "@/components/ui/primitives";
import { VOTE_LABEL } from "./labels";
import { RoleBadge } from "./ui";

type NameOf = (seat: string) => string;

function Pips({ n, of, team }: { n: number; of: number; team: "truth" | "scammers" }) {
  return (
    <span className="flex gap-0.5" aria-hidden>
      {Array.from({ length: of }, (_, i) => (
        <span key={i} className={cx("h-2 w-2.5 rounded-full", i < n ? (team === "truth" ? "bg-sky-600 dark:bg-sky-400" : "bg-red-600 dark:bg-red-400") : "bg-stone-200 dark:bg-stone-700")} />
      ))}
    </span>
  );
}

function TeamScore({ team, score, target }: { team: "truth" | "scammers"; score: number; target: number }) {
  const truth = team === "truth";
  return (
    <div className={cx("flex items-center justify-between gap-2 rounded-lg px-2.5 py-1", truth ? "bg-sky-50 dark:bg-sky-950/50" : "bg-red-50 dark:bg-red-950/50")}>
      <dt className={cx("whitespace-nowrap text-xs font-semibold uppercase", truth ? "text-sky-800 dark:text-sky-200" : "text-red-800 dark:text-red-200")}>{truth ? "Truth Team" : "Scammers"}</dt>
      <dd className="flex items-center gap-1.5">
        <span className="text-lg font-bold tabular-nums" data-testid={`tw-score-${team}`}>
          {score}
        </span>
        <span className="sr-only">of {target} points</span>
        <Pips n={score} of={target} team={team} />
      </dd>
    </div>
  );
}

/** The two team scores, side by side, with the target as pips. */
export function ScoreStrip({ view }: { view: View }) {
  const target = view.rules.pointsToWin;
  return (
    <dl className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto" data-testid="tw-scores" title={`First to ${target} points wins`}>
      <TeamScore team="truth" score={view.scores.truth} target={target} />
      <TeamScore team="scammers" score={view.scores.scammers} target={target} />
    </dl>
  );
}

function BannedList({ view, nameOf }: { view: View; nameOf: NameOf }) {
  const banned = view.players.filter((p) => p.ban);
  return (
    <div className="mt-3 border-t border-stone-100 pt-3 dark:border-stone-800" data-testid="tw-banned">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400">Shadow-banned (silent, cannot vote)</h3>
      {banned.length === 0 ? (
        <p className="text-sm text-stone-500">Nobody yet.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {banned.map((p) => (
            <li key={p.seat} data-testid={`tw-banned-${p.seat}`}>
              <span className="font-medium">{nameOf(p.seat)}</span> — round {p.ban?.round}, {p.ban?.by === "snipe" ? "sniped by the Fact Checker: a Scammer" : "by the table's vote (role stays secret)"}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** `settled`: the seats the phase under way no longer waits on (ready, or voted). */
export function Players({ view, settled, nameOf }: { view: View; settled: ReadonlySet<string>; nameOf: NameOf }) {
  const me = view.me?.seat ?? null;
  const voting = view.phase === "vote" || view.phase === "ban_vote" || view.phase === "ban_revote";
  const readyPhase = view.phase === "reveal" || view.phase === "discussion" || view.phase === "round_end";
  const eligible = view.vote?.eligible ?? view.banVote?.voters ?? [];
  return (
    <Card title="Players" data-testid="tw-players">
      <ul className="divide-y divide-stone-100 dark:divide-stone-800">
        {view.players.map((p) => (
          <li key={p.seat} className={cx("flex flex-wrap items-center gap-x-2 gap-y-1 py-2", p.banned && "opacity-70")} data-testid={`tw-player-${p.seat}`}>
            <span className={cx("font-medium", p.banned && "line-through decoration-stone-400")}>{nameOf(p.seat)}</span>
            {p.seat === me && <Badge tone="garnet">you</Badge>}
            {p.role && <RoleBadge role={p.role} data-testid={`tw-player-role-${p.seat}`} />}
            <span className="ml-auto flex flex-wrap items-center gap-1">
              {p.banned && (
                <Badge tone="red" title={p.ban ? `Shadow-banned in round ${p.ban.round} by ${p.ban.by === "snipe" ? "the Fact Checker's snipe" : "the table's vote"}` : undefined}>
                  banned r{p.ban?.round} · {p.ban?.by === "snipe" ? "snipe" : "vote"}
                </Badge>
              )}
              {!p.banned && p.lean && view.phase === "discussion" && <Badge tone={p.lean === "trust" ? "green" : "red"}>leans {VOTE_LABEL[p.lean]}</Badge>}
              {!p.banned && readyPhase && (settled.has(p.seat) ? <Badge tone="green">ready</Badge> : <Badge>not ready</Badge>)}
              {!p.banned && voting && eligible.includes(p.seat) && (settled.has(p.seat) ? <Badge tone="green">voted</Badge> : <Badge tone="amber">voting…</Badge>)}
              {!p.banned && voting && !eligible.includes(p.seat) && <Badge>not voting</Badge>}
            </span>
          </li>
        ))}
      </ul>
      {view.phase === "discussion" && <LeanSummary view={view} ready={settled} />}
      <BannedList view={view} nameOf={nameOf} />
    </Card>
  );
}

function LeanSummary({ view, ready }: { view: View; ready: ReadonlySet<string> }) {
  const active = view.players.filter((p) => !p.banned);
  const trust = active.filter((p) => p.lean === "trust").length;
  const flag = active.filter((p) => p.lean === "flag").length;
  const readyCount = active.filter((p) => ready.has(p.seat)).length;
  return (
    <p className="mt-2 text-sm text-stone-600 dark:text-stone-400" data-testid="tw-lean-summary">
      Leans: {trust} Trust · {flag} Flag · {active.length - trust - flag} undecided. {readyCount} of {active.length} ready.
    </p>
  );
}
