// The collector's pauses of a server process, by kind, since the last reset:
// where a tail of the event loop's delay may come from. A benchmark's server
// (child-server.ts) and its floor (scripts/bench/echo-server.ts) report them
// with their stats, reset at the window's start.
import { constants, PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";

export interface PauseFigures {
  count: number;
  totalMs: number;
  maxMs: number;
}

/** Scavenges of the young generation; full collections (their final pause: the incremental marking before it is spread over the main thread's work); the rest (incremental marking's finishing steps, weak callbacks). */
export interface GcPauses {
  minor: PauseFigures;
  major: PauseFigures;
  other: PauseFigures;
}

const none = (): GcPauses => ({ minor: { count: 0, totalMs: 0, maxMs: 0 }, major: { count: 0, totalMs: 0, maxMs: 0 }, other: { count: 0, totalMs: 0, maxMs: 0 } });

/** Starts counting; `read` gives the figures since the start or the last `reset`; `stop` ends the count. */
export function watchGcPauses(): { read(): GcPauses; reset(): void; stop(): void } {
  let pauses = none();
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) add(pauses, e);
  });
  observer.observe({ entryTypes: ["gc"] });
  return {
    read: () => structuredClone(pauses),
    reset: () => {
      pauses = none();
    },
    stop: () => observer.disconnect(),
  };
}

function add(pauses: GcPauses, e: PerformanceEntry): void {
  const kind = ((e as PerformanceEntry & { detail?: { kind?: number } }).detail)?.kind;
  const f = kind === constants.NODE_PERFORMANCE_GC_MINOR ? pauses.minor : kind === constants.NODE_PERFORMANCE_GC_MAJOR ? pauses.major : pauses.other;
  f.count++;
  f.totalMs += e.duration;
  f.maxMs = Math.max(f.maxMs, e.duration);
}
