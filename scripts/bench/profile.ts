// Where the time of a CPU profile (.cpuprofile, as written by --cpu-prof or
// the inspector) goes: self time per function, and per part of the stack
// (our code, the games, Prisma, Socket.IO, the garbage collector, …).
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const PARTS: [string, RegExp][] = [
  ["games (lib/games)", /\/lib\/games\//],
  ["room server (server/)", /\/server\/(?!db\/generated)/],
  ["protocol and other lib/", /\/lib\//],
  ["Prisma (client, query compiler, adapter)", /@prisma|\/server\/db\/generated|prisma/],
  ["node-postgres", /node_modules\/(pg|pg-protocol|pg-types|pg-pool)\//],
  ["Socket.IO / engine.io / ws", /node_modules\/(socket\.io|socket\.io-parser|socket\.io-adapter|engine\.io|engine\.io-parser|ws)\//],
  ["zod", /node_modules\/zod\//],
  ["other node_modules", /node_modules\//],
  ["Node internals", /^node:|^internal\//],
];

function partOf(frame: ProfileNode["callFrame"]): string {
  const { url, functionName } = frame;
  if (functionName === "(garbage collector)") return "garbage collector";
  if (functionName === "(idle)" || functionName === "(program)") return functionName;
  if (!url) return functionName === "stringify" || functionName === "parse" ? "JSON (native)" : "native and builtins";
  for (const [name, re] of PARTS) if (re.test(url)) return name;
  return "other";
}

/** A script's path from its top folder on (node_modules/…, server/…, lib/…, scripts/…). */
const shortUrl = (url: string) => url.replace(/^.*\/(node_modules|server|lib|scripts)\//, "$1/");

/** A map's entries, largest first. */
const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);

export interface ProfileSummary {
  totalMs: number;
  parts: { part: string; ms: number; share: number }[];
  functions: { fn: string; ms: number; share: number }[];
}

export function summariseProfile(file: string, top = 25): ProfileSummary {
  const p = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000));
  // the profiler's own work when it is stopped (it runs under the inspector's `post`) is not the server's
  const profilers = new Set<number>();
  const mark = (n: ProfileNode) => {
    profilers.add(n.id);
    for (const c of n.children ?? []) mark(byId.get(c)!);
  };
  for (const n of p.nodes) if (n.callFrame.url === "node:inspector" && n.callFrame.functionName === "post") mark(n);
  const parts = new Map<string, number>();
  const fns = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of self) {
    const n = byId.get(id)!;
    if (n.callFrame.functionName === "(idle)" || profilers.has(id)) continue;
    total += ms;
    const part = partOf(n.callFrame);
    parts.set(part, (parts.get(part) ?? 0) + ms);
    const where = n.callFrame.url ? `${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}` : "";
    const fn = `${n.callFrame.functionName || "(anonymous)"} ${where}`.trim();
    fns.set(fn, (fns.get(fn) ?? 0) + ms);
  }
  return {
    totalMs: total,
    parts: sorted(parts).map(([part, ms]) => ({ part, ms, share: ms / total })),
    functions: sorted(fns).slice(0, top).map(([fn, ms]) => ({ fn, ms, share: ms / total })),
  };
}

export interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

/** The bytes a sampling heap profile's tree counts, every node's own. */
export const heapBytes = (n: HeapNode): number => n.children.reduce((a, c) => a + heapBytes(c), n.selfSize);

export interface HeapSummary {
  /** Bytes allocated over the profile, as the sampling profiler estimates them. */
  totalBytes: number;
  parts: { part: string; bytes: number; share: number }[];
  functions: { fn: string; bytes: number; share: number }[];
}

/**
 * What a sampling heap profile (.heapprofile, every allocation, collected or
 * not) says was allocated, per part of the stack and per function. A builtin
 * (an array's `map`, `JSON.stringify`, a `Map`) allocates for the code that
 * called it, so it counts in its caller's part.
 */
export function summariseHeapProfile(file: string, top = 25): HeapSummary {
  const head = (JSON.parse(readFileSync(file, "utf8")) as { head: HeapNode }).head;
  const parts = new Map<string, number>();
  const fns = new Map<string, number>();
  let total = 0;
  const walk = (n: HeapNode, callerPart: string) => {
    const part = n.callFrame.url ? partOf(n.callFrame) : callerPart;
    if (n.selfSize > 0) {
      total += n.selfSize;
      parts.set(part, (parts.get(part) ?? 0) + n.selfSize);
      const fn = `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url ? `${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}` : `(in ${part})`}`;
      fns.set(fn, (fns.get(fn) ?? 0) + n.selfSize);
    }
    for (const c of n.children) walk(c, part);
  };
  walk(head, "native and builtins");
  return {
    totalBytes: total,
    parts: sorted(parts).map(([part, bytes]) => ({ part, bytes, share: bytes / total })),
    functions: sorted(fns).slice(0, top).map(([fn, bytes]) => ({ fn, bytes, share: bytes / total })),
  };
}
