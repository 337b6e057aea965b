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
//
// V8 appends each new piece of compiled code to the map and never says when
// code is freed, so an address is often named twice: by code long gone (start-
// up code, say) and by what was compiled there later. perf keeps the first
// name; before reading the recording the map is rewritten so that the latest
// name wins, which is the one a window late in the run was running.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync, renameSync, writeFileSync } from "node:fs";

export interface PerfSplit {
  samples: number;
  /** Shares of all the process's samples (0..1), main thread by stage, then the helper threads. */
  shares: { part: string; share: number }[];
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

// The first stage that matches a stack wins. Held packets are written by `release` (writes.ts), at the end
// of a turn or, when a long batch keeps the turn busy, from inside the payloads stage: it comes first.
// The room's own `fold` (room.ts) is work the fold stage's clock times, with what it calls: lib/room's fold,
// which the compiler often inlines into it (its frame is then gone), and the making of the commit (commit.ts).
const STAGES: [string, (string | RegExp)[]][] = [
  ["socket writes", [/\brelease(All)? \S*sockets\/writes\.ts/]],
  ["payloads and patches", ["sockets/handlers.ts", "rooms/payloads.ts", "rooms/payload-parts.ts", "lib/json-patch.ts", "sockets/frames.ts", "sockets/writes.ts"]],
  ["fold and commit", ["lib/room/fold.ts", "games/core/commands.ts", "games/core/storable.ts", "rooms/commit.ts", /\bfold \S*rooms\/room\.ts/]],
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

/** The part a main-thread sample counts for, from its stack (each frame's symbol, innermost first): its stage, else what it was between them. */
export function mainThreadPart(stack: string[]): string {
  const stage = STAGES.find(([, files]) => stack.some((f) => files.some((p) => (typeof p === "string" ? f.includes(p) : p.test(f)))));
  return stage ? stage[0] : between(stack);
}

/**
 * The parts a Garnet recording and the floor's are compared by. The floor's
 * handler writes its echo from inside the read that brought the action, so
 * its writes fall under "socket reads and Socket.IO": Garnet's socket writes,
 * reads and edge are one part here, as they are one there. The collector's
 * main-thread and helper work are one part as well.
 */
const COMPARED: [string, string[]][] = [
  ["payloads and patches", ["payloads and patches"]],
  ["fold and commit", ["fold and commit"]],
  ["the database client", ["between: the database client"]],
  ["the room (clock, bots, seats)", ["between: the room (clock, bots, seats)"]],
  ["sockets: reads, writes, Socket.IO, the edge", ["socket writes", "socket edge", "between: socket reads and Socket.IO"]],
  ["event loop and system calls", ["between: event loop and system calls"]],
  ["the collector (main thread and helpers)", ["between: the collector", "helper threads: the collector"]],
  ["the optimizing compiler", ["helper threads: the optimizing compiler"]],
  ["other JavaScript and helper threads", ["between: other JavaScript", "helper threads: other"]],
];

const UNCOMPARED = "a part the comparison does not name";

/**
 * Each compared part's CPU per action (ms) in Garnet's recording and the
 * floor's: a part's share of its recording's samples times that server's CPU
 * per action. The parts add up to each server's CPU per action: samples of a
 * part COMPARED does not name (one a newer split adds) are given in a row of
 * their own rather than left out.
 */
export function gapByPart(garnet: PerfSplit, garnetMs: number, floor: PerfSplit, floorMs: number): { part: string; garnetMs: number; floorMs: number }[] {
  const named = new Set(COMPARED.flatMap(([, parts]) => parts));
  const ms = (split: PerfSplit, perAction: number, within: (part: string) => boolean) => split.shares.reduce((sum, s) => sum + (within(s.part) ? s.share * perAction : 0), 0);
  const rows = COMPARED.map(([part, parts]) => ({ part, garnetMs: ms(garnet, garnetMs, (p) => parts.includes(p)), floorMs: ms(floor, floorMs, (p) => parts.includes(p)) }));
  const rest = { part: UNCOMPARED, garnetMs: ms(garnet, garnetMs, (p) => !named.has(p)), floorMs: ms(floor, floorMs, (p) => !named.has(p)) };
  return rest.garnetMs > 0 || rest.floorMs > 0 ? [...rows, rest] : rows;
}

interface MapEntry {
  start: bigint;
  end: bigint;
  line: string;
}

/**
 * The lines of a perf map with every range a later line names again left out
 * (in part or whole): each address keeps only its latest name. Lines that do
 * not parse are kept as they are.
 */
export function latestNames(map: string): string[] {
  const entries: MapEntry[] = [];
  const other: string[] = [];
  for (const line of map.split("\n")) {
    const m = /^([0-9a-f]+) ([0-9a-f]+) /i.exec(line);
    if (!m) {
      if (line.trim()) other.push(line);
      continue;
    }
    const start = BigInt(`0x${m[1]}`);
    entries.push({ start, end: start + BigInt(`0x${m[2]}`), line });
  }
  // latest first: a range is kept when no later one overlaps it (`kept` stays sorted by start)
  const kept: MapEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (kept[mid]!.start < e.start) lo = mid + 1;
      else hi = mid;
    }
    const before = kept[lo - 1];
    const after = kept[lo];
    if ((before && before.end > e.start) || (after && after.start < e.end)) continue;
    kept.splice(lo, 0, e);
  }
  return [...other, ...kept.map((e) => e.line)];
}

/** Rewrites V8's map of `pid` (/tmp/perf-<pid>.map) so that perf names each address as it was last named; a process still writing keeps its own file. */
function rewriteMap(pid: number): void {
  const file = `/tmp/perf-${pid}.map`;
  let map: string;
  try {
    map = readFileSync(file, "utf8");
  } catch {
    return;
  }
  writeFileSync(`${file}.latest`, `${latestNames(map).join("\n")}\n`);
  renameSync(`${file}.latest`, file);
}

/** Reads the recording and splits its samples by thread and stage; the main thread's id is the process id. */
export function splitPerf(file: string, pid: number): PerfSplit {
  rewriteMap(pid);
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
    count(mainThreadPart(stack));
  }
  const shares = [...counts].map(([part, n]) => ({ part, share: n / Math.max(1, samples) }));
  const order = (p: string) => (p.startsWith("helper") ? 2 : p.startsWith("between") ? 1 : 0);
  shares.sort((a, b) => order(a.part) - order(b.part) || b.share - a.share);
  return { samples, shares };
}
