// Where the server's CPU goes, from Linux perf's on-CPU samples (--perf): every
// thread of the server process is sampled while it runs, so unlike the V8
// profiler (which samples wall time on the main thread only) a socket write
// that hands the CPU to another process costs nothing here, and the helper
// threads (the optimizing compiler, the collector's parallel and concurrent
// work) count as well. The server runs with --perf-basic-prof, so JIT-compiled
// functions have names. A main-thread sample counts for the stage of the
// outermost stage function on its stack (server/stage-times.ts names the
// stages); the compiler inlines small functions into their callers, so the
// stages are told apart by source file, which inlining keeps.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";

export interface PerfSplit {
  samples: number;
  /** Shares of all the process's samples (0..1), main thread by stage, then the helper threads. */
  shares: { part: string; share: number }[];
}

/** Whether `perf` can record here. */
export function perfAvailable(): boolean {
  try {
    execFileSync("perf", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The server's flags for a recording: names for JIT-compiled code (/tmp/perf-<pid>.map), and V8's log, which those flags turn on, beside the recording rather than in the working directory. */
export function perfNodeFlags(file: string): string[] {
  return ["--perf-basic-prof", "--no-logfile-per-isolate", `--logfile=${file}.v8.log`];
}

/** Starts sampling every thread of `pid` (999 Hz, with call stacks) into `file`; stop() ends the recording. */
export function startPerf(pid: number, file: string): { stop: () => Promise<void> } {
  const child: ChildProcess = spawn("perf", ["record", "-F", "999", "-g", "-p", String(pid), "-o", file], { stdio: "ignore" });
  return {
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGINT");
      await exited;
    },
  };
}

const STAGES: [string, string[]][] = [
  ["payloads and patches", ["sockets/handlers.ts", "rooms/payloads.ts", "rooms/payload-parts.ts", "lib/json-patch.ts", "sockets/frames.ts"]],
  ["socket writes", ["sockets/writes.ts"]],
  ["fold and commit", ["lib/room/fold.ts", "games/core/commands.ts", "games/core/storable.ts"]],
  ["socket edge", ["sockets/edge.ts", "server/edge/", "server/limits.ts", "node_modules/zod/"]],
];
const GC = /Scaveng|Heap::|MarkCompact|Marking|Sweeper|CollectGarbage|Evacuat|MemoryAllocator|GCTracer/;
const COMPILER = /compiler::|Zone|Maglev|maglev|Turbofan|TurboFan|OptimizedCompilationJob|Pipeline/;

function between(stack: string[]): string {
  const has = (...parts: string[]) => stack.some((f) => parts.some((p) => f.includes(p)));
  if (stack.some((f) => GC.test(f))) return "between: the collector";
  if (has("node_modules/pg", "rooms/store.ts", "rooms/batch-sql.ts")) return "between: the database client";
  if (has("node_modules/ws/", "node_modules/engine.io", "node_modules/socket.io")) return "between: socket reads and Socket.IO";
  if (has("server/rooms/")) return "between: the room (clock, bots, seats)";
  if (!stack.some((f) => f.startsWith("JS:"))) return "between: event loop and system calls";
  return "between: other JavaScript";
}

/** Reads the recording and splits its samples by thread and stage; the main thread's id is the process id. */
export function splitPerf(file: string, pid: number): PerfSplit {
  const text = execFileSync("perf", ["script", "-i", file, "-F", "tid,ip,sym"], { maxBuffer: 1 << 30, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  const counts = new Map<string, number>();
  let samples = 0;
  const count = (part: string) => counts.set(part, (counts.get(part) ?? 0) + 1);
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split("\n").filter((l) => l.trim());
    if (!lines.length) continue;
    const tid = Number(lines[0]!.trim().split(/\s+/)[0]);
    if (!Number.isFinite(tid)) continue;
    // each frame: its address, then its symbol
    const stack = lines.slice(1).map((l) => l.trim().replace(/^[0-9a-f]+\s+/, ""));
    samples++;
    if (tid !== pid) {
      const leaf = stack.join(" ");
      count(COMPILER.test(leaf) ? "helper threads: the optimizing compiler" : GC.test(leaf) ? "helper threads: the collector" : "helper threads: other");
      continue;
    }
    const stage = STAGES.find(([, files]) => stack.some((f) => files.some((p) => f.includes(p))));
    count(stage ? stage[0] : between(stack));
  }
  const shares = [...counts].map(([part, n]) => ({ part, share: n / Math.max(1, samples) }));
  const order = (p: string) => (p.startsWith("helper") ? 2 : p.startsWith("between") ? 1 : 0);
  shares.sort((a, b) => order(a.part) - order(b.part) || b.share - a.share);
  return { samples, shares };
}
