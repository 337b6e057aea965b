// `--against DIR`: this checkout's room server and another checkout's, run at
// the same time, each with the scenario's rooms and its own driver and
// database, their warm-ups and windows started together. Two versions run one
// after the other on a shared machine differ by 10–20 % in CPU per action from
// run to run with the same code; run side by side, whatever the machine does
// meanwhile falls on both: the same code measured against itself so came
// within 2 % (docs/benchmarks.md, thirty-fourth pass).
import type { LoadResult } from "./load";

/** A meeting point for `parties` runs: each call of a point resolves once every party has called it. `abort` lets every waiting party go (a run that failed never arrives). */
export function rendezvous(parties: number): { sync: (point: string) => Promise<void>; abort: () => void } {
  const points = new Map<string, { arrived: number; go: () => void; gone: Promise<void> }>();
  const at = (point: string) => {
    let p = points.get(point);
    if (!p) {
      let go!: () => void;
      const gone = new Promise<void>((resolve) => (go = resolve));
      points.set(point, (p = { arrived: 0, go, gone }));
    }
    return p;
  };
  let aborted = false;
  return {
    sync: (point) => {
      const p = at(point);
      if (++p.arrived >= parties || aborted) p.go();
      return p.gone;
    },
    abort: () => {
      aborted = true;
      for (const p of points.values()) p.go();
    },
  };
}

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(0));
const change = (a: number, b: number) => (a > 0 ? `${b >= a ? "+" : "−"}${((Math.abs(b - a) / a) * 100).toFixed(1)} %` : "–");

/** Both runs' figures side by side, with the other checkout's change from this one's (not PostgreSQL's CPU: the two share one server, whose CPU is not told apart by database). */
export function printAgainst(log: (line: string) => void, mine: LoadResult, theirs: LoadResult, dir: string): void {
  const rows: [string, (g: LoadResult) => number, (v: number) => string][] = [
    ["server CPU per action (ms)", (g) => g.server.cpuMsPerAction, (v) => v.toFixed(3)],
    ["  of which system (ms)", (g) => g.server.systemMsPerAction, (v) => v.toFixed(3)],
    ["actions/s acknowledged", (g) => g.actionsPerSec, (v) => v.toFixed(0)],
    ["action → ack p50 (ms)", (g) => g.ack.p50, ms],
    ["action → ack p99 (ms)", (g) => g.ack.p99, ms],
    ["action → each other seat p99 (ms)", (g) => g.view.p99, ms],
    ["event-loop delay p99 (ms)", (g) => g.server.loopP99Ms, ms],
    ["batch writes per second", (g) => g.db?.batchesPerSec ?? NaN, (v) => v.toFixed(0)],
    ["heap per room after the window (KiB)", (g) => g.server.heapPerRoomAfterKiB, (v) => v.toFixed(0)],
    ["server RSS after the window (MiB)", (g) => g.server.rssMiB, (v) => v.toFixed(0)],
    ["full collections in the window", (g) => g.server.gc?.major.count ?? NaN, (v) => v.toFixed(0)],
    ["scavenges in the window", (g) => g.server.gc?.minor.count ?? NaN, (v) => v.toFixed(0)],
    ["  their pauses in all (ms)", (g) => g.server.gc?.minor.totalMs ?? NaN, ms],
    ["full collections' pauses in all (ms)", (g) => g.server.gc?.major.totalMs ?? NaN, ms],
  ];
  log(`  side by side, ${mine.sockets} sockets each: this checkout | ${dir} | its change`);
  for (const [name, of, fmt] of rows) log(`    ${name.padEnd(38)} ${fmt(of(mine)).padStart(8)} | ${fmt(of(theirs)).padStart(8)} | ${change(of(mine), of(theirs))}`);
  for (const [who, g] of [["this checkout", mine], [dir, theirs]] as const)
    log(`  ${who}: whole run ${g.run.sent} sent, ${g.run.acked} acknowledged, ${g.run.unanswered} unanswered, ${g.run.viewsMissing} views missing; ${g.run.logged ?? "–"} actions in the log`);
}
