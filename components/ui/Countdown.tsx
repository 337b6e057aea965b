"use client";
import { useEffect, useState } from "react";
import type { ClockInfo } from "@/lib/protocol";
import { cx } from "./primitives";

export function remainingMs(clock: ClockInfo, offsetMs: number, now = Date.now()): number | null {
  if (clock.paused) return clock.remainingMs;
  if (clock.deadlineAt === null) return null;
  return Math.max(0, clock.deadlineAt - (now + offsetMs));
}

export function formatMs(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h ? `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}` : `${m}:${String(s).padStart(2, "0")}`;
}

/** The time left on the phase clock (null when untimed), refreshed every `everyMs`. */
export function useRemainingMs(clock: ClockInfo, offsetMs: number, everyMs = 250): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return remainingMs(clock, offsetMs, now);
}

/** The phase clock, corrected by the server's clock offset. */
export function Countdown({ clock, offsetMs, className }: { clock: ClockInfo; offsetMs: number; className?: string }) {
  const left = useRemainingMs(clock, offsetMs);
  if (left === null) return <span className={cx("font-mono text-stone-500", className)} data-testid="countdown">no timer</span>;
  const urgent = !clock.paused && left <= 10_000;
  const frac = clock.durationMs ? Math.min(1, left / clock.durationMs) : null;
  return (
    <span className={cx("inline-flex items-center gap-2", className)} data-testid="countdown" aria-live="off">
      <span className={cx("font-mono text-lg font-semibold tabular-nums", urgent && "text-red-700 dark:text-red-400", clock.paused && "text-amber-700 dark:text-amber-400")}>
        {formatMs(left)}
      </span>
      {clock.paused && <span className="text-xs font-semibold uppercase text-amber-700 dark:text-amber-400">paused</span>}
      {frac !== null && (
        <span className="hidden h-1.5 w-20 overflow-hidden rounded-full bg-stone-200 sm:inline-block dark:bg-stone-800" aria-hidden>
          <span className={cx("block h-full", urgent ? "bg-red-500" : "bg-garnet-500")} style={{ width: `${frac * 100}%` }} />
        </span>
      )}
    </span>
  );
}
