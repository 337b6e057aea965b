"use client";
// Rigging tools and actions of this round and the next two.
import { Badge, Card, cx } from "@/components/ui/primitives";
import type { View } from "@/lib/games/thoths-bluff";
import type { ToolInfo } from "@/lib/games/thoths-bluff/tools";
import { SLOTS, SLOT_NAME, roundsText } from "./model";

export function Schedule({ view }: { view: View }) {
  if (view.toolSchedule.length === 0) return null;
  const toolOf = (id: string) => view.rules.tools.find((t) => t.id === id);
  const seen = new Map<string, ToolInfo>();
  for (const r of view.toolSchedule) for (const id of r.tools) if (toolOf(id)) seen.set(id, toolOf(id) as ToolInfo);
  return (
    <Card title="This round and the next two" data-testid="tb-schedule">
      <ol className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 sm:pb-0" tabIndex={0} aria-label="Tools and actions by round">
        {view.toolSchedule.map((t) => {
          const actions = view.actionSchedule.find((a) => a.round === t.round)?.actions ?? [];
          const now = t.round === view.round;
          return (
            <li key={t.round} className={cx("w-[80%] shrink-0 snap-start rounded-xl border p-3 sm:w-auto", now ? "border-garnet-300 bg-garnet-50/60 dark:border-garnet-800 dark:bg-garnet-900/20" : "border-stone-200 dark:border-stone-800")} data-testid={`schedule-round-${t.round}`}>
              <h3 className="mb-2 flex items-center gap-2 font-semibold">
                Round {t.round} {now && <Badge tone="garnet">now</Badge>}
              </h3>
              <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">Tools</p>
              <ul className="mb-2 mt-1 space-y-1 text-sm">
                {t.tools.map((id) => {
                  const tool = toolOf(id);
                  return (
                    <li key={id} className="flex flex-wrap items-center gap-1.5" title={tool?.text}>
                      <span className="font-medium">{tool?.name ?? id}</span>
                      {tool?.wrapping && <Badge tone="blue">wrapping</Badge>}
                    </li>
                  );
                })}
              </ul>
              <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">Actions</p>
              <ul className="mt-1 space-y-1 text-sm">
                {SLOTS.map((slot) => {
                  const a = actions.find((x) => x.slot === slot);
                  if (!a) return null;
                  const restriction = a.restriction ? view.rules.restrictions.find((r) => r.id === a.restriction) : null;
                  return (
                    <li key={slot}>
                      <span className="font-medium">{SLOT_NAME[slot]}</span>{" "}
                      <span className="text-stone-500">
                        {roundsText(a)}
                        {a.endRound === t.round ? " · resolves" : a.startRound === t.round ? " · starts" : ""}
                      </span>
                      {restriction && (
                        <Badge tone="amber" className="ml-1" title={restriction.text}>
                          {restriction.name}
                        </Badge>
                      )}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ol>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-garnet-700 dark:text-garnet-300">What these tools and restrictions do</summary>
        <dl className="mt-2 space-y-1.5">
          {[...seen.values()].map((t) => (
            <div key={t.id}>
              <dt className="inline font-semibold">{t.name}{t.wrapping ? " (wrapping)" : ""}: </dt>
              <dd className="inline text-stone-600 dark:text-stone-400">{t.text}</dd>
            </div>
          ))}
          {view.rules.restrictions.map((r) => (
            <div key={r.id}>
              <dt className="inline font-semibold">{r.name}: </dt>
              <dd className="inline text-stone-600 dark:text-stone-400">{r.text}</dd>
            </div>
          ))}
        </dl>
      </details>
    </Card>
  );
}
