import type { PhaseInfo } from "@/lib/games/core/types";
import { cx } from "./primitives";

/** The round's phases in order with the current one highlighted. */
export function PhaseTracker({ track, phase }: { track: { key: string; name: string }[]; phase: PhaseInfo | null }) {
  if (!phase) return null;
  const idx = track.findIndex((t) => t.key === phase.key);
  return (
    <ol className="flex flex-wrap items-center gap-1 text-xs" aria-label="Phase tracker" data-testid="phase-tracker">
      {track.map((t, i) => {
        const current = i === idx;
        const done = idx >= 0 && i < idx;
        return (
          <li key={t.key} aria-current={current ? "step" : undefined} className={cx("rounded-full px-2 py-0.5", current ? "bg-garnet-700 font-semibold text-white" : done ? "bg-stone-200 text-stone-500 line-through dark:bg-stone-800" : "bg-stone-100 text-stone-600 dark:bg-stone-800/60 dark:text-stone-400")}>
            {t.name}
          </li>
        );
      })}
      {idx < 0 && <li className="rounded-full bg-garnet-700 px-2 py-0.5 font-semibold text-white">{phase.name}</li>}
    </ol>
  );
}
