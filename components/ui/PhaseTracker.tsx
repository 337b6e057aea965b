"use client";
import { useEffect, useRef } from "react";
import type { PhaseInfo } from "@/lib/games/core/types";
import { cx } from "./primitives";

/** The round's phases in order with the current one highlighted: one row that scrolls sideways when it does not fit. */
export function PhaseTracker({ track, phase }: { track: { key: string; name: string }[]; phase: PhaseInfo | null }) {
  const current = useRef<HTMLLIElement>(null);
  const key = phase?.key;
  useEffect(() => {
    const el = current.current;
    const row = el?.parentElement;
    if (el && row) row.scrollLeft = el.offsetLeft - row.offsetLeft - 8;
  }, [key]);
  if (!phase) return null;
  const idx = track.findIndex((t) => t.key === phase.key);
  return (
    <ol className="flex items-center gap-1 overflow-x-auto whitespace-nowrap text-xs [scrollbar-width:none]" aria-label="Phase tracker" tabIndex={0} data-testid="phase-tracker">
      {track.map((t, i) => {
        const now = i === idx;
        const done = idx >= 0 && i < idx;
        return (
          <li key={t.key} ref={now ? current : undefined} aria-current={now ? "step" : undefined} className={cx("shrink-0 rounded-full px-2 py-0.5", now ? "bg-garnet-700 font-semibold text-white" : done ? "bg-stone-200 text-stone-600 line-through dark:bg-stone-800 dark:text-stone-400" : "bg-stone-100 text-stone-700 dark:bg-stone-800/60 dark:text-stone-300")}>
            {t.name}
          </li>
        );
      })}
      {idx < 0 && (
        <li ref={current} className="shrink-0 rounded-full bg-garnet-700 px-2 py-0.5 font-semibold text-white">
          {phase.name}
        </li>
      )}
    </ol>
  );
}
