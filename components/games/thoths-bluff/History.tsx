"use client";
// The record of past rounds: what the rules reveal to everyone, plus, for a seat,
// its own secrets (its bluffs, rigs, recoveries, which dice it sent) and, for the
// host, both seats' secrets.
import { Badge, Card } from "@/components/ui/primitives";
import type { PrivateRound, PublicRound, View } from "@/lib/games/thoths-bluff";
import type { ChallengeResult } from "@/lib/games/thoths-bluff/state";
import { SLOT_NAME, type Slot } from "./model";
import { RollList } from "./parts";

type Name = (seat: string) => string;

export function challengeText(c: ChallengeResult, nameOf: Name): string {
  const who = `${nameOf(c.challenger)} challenged ${nameOf(c.target)}, wagering the ${c.wager}`;
  if (!c.correct) return `${who}: wrong — ${nameOf(c.challenger)}'s ${c.wager} went unrolled.`;
  const parts = [c.removed ? `${nameOf(c.target)}'s ${c.removed} removed` : `${nameOf(c.target)}'s ${c.wager} was already removed`, c.unrolled.length ? `${c.unrolled.join(", ")} set to unrolled` : null].filter(Boolean);
  return `${who}: right — ${parts.join("; ")}.`;
}

function actionLabel(id: string, slot: Slot): string {
  const start = Number(id.split("-")[1]);
  return Number.isFinite(start) && slot !== "short" ? `${SLOT_NAME[slot]} (from round ${start})` : SLOT_NAME[slot];
}

function ActionsTable({ round, view, nameOf }: { round: PublicRound; view: View; nameOf: Name }) {
  const ids: { id: string; slot: Slot }[] = [];
  for (const s of round.submitted ?? []) if (!ids.some((x) => x.id === s.actionId)) ids.push({ id: s.actionId, slot: s.slot });
  for (const r of round.resolutions ?? []) if (!ids.some((x) => x.id === r.actionId)) ids.push({ id: r.actionId, slot: r.slot });
  ids.sort((a, b) => ["short", "medium", "long"].indexOf(a.slot) - ["short", "medium", "long"].indexOf(b.slot));
  if (ids.length === 0) return <p className="text-sm text-stone-500">No dice sent, nothing resolved.</p>;
  return (
    <ul className="divide-y divide-stone-100 text-sm dark:divide-stone-800/60">
      {ids.map(({ id, slot }) => {
        const res = round.resolutions?.find((r) => r.actionId === id);
        const winner = res && res.winners.length === 1 ? (res.winners[0] as string) : null;
        return (
          <li key={id} className="grid gap-x-4 gap-y-1 py-2 sm:grid-cols-[11rem_1fr_1fr_minmax(10rem,auto)]" data-testid={`history-action-${id}`}>
            <span className="font-medium">{actionLabel(id, slot)}</span>
            {view.seats.map((s) => {
              const sent = round.submitted?.find((x) => x.seat === s && x.actionId === id)?.values ?? [];
              const total = res?.results.find((x) => x.seat === s);
              return (
                <span key={s} className="flex flex-wrap items-baseline gap-x-2 sm:block">
                  <span className="w-20 shrink-0 truncate text-stone-500 sm:sr-only">{nameOf(s)}</span>
                  <span className="font-mono">{sent.length ? sent.join(", ") : "—"}</span>
                  {total && (
                    <span className="text-xs text-stone-500 sm:block">
                      total {total.total} · {total.completed ? "complete" : "incomplete"}
                    </span>
                  )}
                </span>
              );
            })}
            <span className={res ? "font-medium" : "text-stone-500"}>
              {!res ? "still running" : winner ? `${nameOf(winner)} wins: ${nameOf(view.seats.find((s) => s !== winner) as string)} −${res.damage}` : `tie: both lose ${res.damage}`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function PrivateNotes({ p, view, who }: { p: PrivateRound; view: View; who: string }) {
  const items: string[] = [];
  for (const r of p.rigs) items.push(`rigged ${r.primary} ${r.from} → ${r.to} with ${view.rules.tools.find((t) => t.id === r.tool)?.name ?? r.tool}, spending ${r.secondary} (${r.secondaryValue})`);
  if (p.myChallenge && !p.myChallenge.announcement) items.push(`challenged wagering the ${p.myChallenge.wager}: ${p.myChallenge.correct ? "right" : "wrong"} (announced at the round's end)`);
  if (p.recovered.length) items.push(`recovered ${p.recovered.join(", ")}`);
  for (const s of p.submitted) items.push(`sent ${s.dice.map((d) => `${d.die} (${d.value})`).join(", ")} to the ${s.slot} action`);
  if (items.length === 0) return null;
  return (
    <div className="rounded-lg bg-stone-50 px-3 py-2 text-sm dark:bg-stone-800/50" data-testid="private-notes">
      <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">{who} (secret)</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {items.map((t, i) => (
          <li key={i}>{t}</li>
        ))}
      </ul>
    </div>
  );
}

/** One round's public record, with private rounds of the seats this viewer may see. */
export function RoundRecord({ round, view, nameOf, privates }: { round: PublicRound; view: View; nameOf: Name; privates: { seat: string; round: PrivateRound }[] }) {
  return (
    <div className="space-y-3">
      {round.rolls && (
        <div className="space-y-2">
          <h4 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Rolls, in order</h4>
          {round.rolls.map((r) => {
            const own = privates.find((p) => p.seat === r.seat)?.round.rolls;
            return (
              <div key={r.seat} className="flex flex-wrap items-center gap-2">
                <span className="w-24 shrink-0 truncate text-sm font-medium">{nameOf(r.seat)}</span>
                <RollList rolls={own ?? r.rolls} empty="rolled nothing" />
              </div>
            );
          })}
        </div>
      )}
      {round.challenges && (
        <div>
          <h4 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Challenges</h4>
          {round.challenges.length === 0 ? (
            <p className="text-sm text-stone-500">Nobody challenged.</p>
          ) : (
            <ul className="space-y-0.5 text-sm">
              {round.challenges.map((c, i) => (
                <li key={i}>{challengeText(c, nameOf)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {round.submitted && (
        <div>
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">Values sent and results</h4>
          <div className="hidden gap-x-4 border-b border-stone-200 pb-1 text-xs font-semibold uppercase tracking-wide text-stone-500 sm:grid sm:grid-cols-[11rem_1fr_1fr_minmax(10rem,auto)] dark:border-stone-800" aria-hidden>
            <span>Action</span>
            {view.seats.map((s) => (
              <span key={s}>{nameOf(s)}</span>
            ))}
            <span>Result</span>
          </div>
          <ActionsTable round={round} view={view} nameOf={nameOf} />
        </div>
      )}
      {privates.map((p) => (
        <PrivateNotes key={p.seat} p={p.round} view={view} who={p.seat === view.seat ? "You" : nameOf(p.seat)} />
      ))}
    </div>
  );
}

export function History({ view, nameOf }: { view: View; nameOf: Name }) {
  const finished = view.history.filter((r) => r.health !== null).slice().reverse();
  const privateOf = (round: number) => {
    const panels = view.me ? [view.me] : (view.panels ?? []);
    return panels.flatMap((p) => {
      const r = p.history.find((h) => h.round === round);
      return r ? [{ seat: p.seat, round: r }] : [];
    });
  };
  return (
    <Card title="Past rounds" data-testid="tb-history">
      {finished.length === 0 ? (
        <p className="text-sm text-stone-500">No round has finished yet. Each round&apos;s rolls, challenges, values sent and results appear here.</p>
      ) : (
        <ol className="space-y-2">
          {finished.map((r, i) => (
            <li key={r.round} data-testid={`history-round-${r.round}`}>
              <details open={i === 0} className="group rounded-xl border border-stone-200 dark:border-stone-800">
                <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2">
                  <span className="font-semibold">Round {r.round}</span>
                  {r.challenges && r.challenges.some((c) => c.correct) && <Badge tone="red">caught a bluff</Badge>}
                  <span className="ml-auto flex gap-2 text-sm text-stone-600 dark:text-stone-400">
                    {r.health?.map((h) => (
                      <span key={h.seat}>
                        {nameOf(h.seat)} <strong className="font-mono">{h.health}</strong>
                      </span>
                    ))}
                  </span>
                </summary>
                <div className="border-t border-stone-200 px-3 py-3 dark:border-stone-800">
                  <RoundRecord round={r} view={view} nameOf={nameOf} privates={privateOf(r.round)} />
                </div>
              </details>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
