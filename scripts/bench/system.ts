// What the machine and PostgreSQL were doing during a benchmark window:
// whole-machine CPU (so that other load on a shared machine shows), CPU of
// given processes, and the database's commits, row writes and CPU; and
// whether a program the bench runs is installed.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import type pg from "pg";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** Whether a program the bench runs (perf, valgrind) is installed: it answers `--version`. */
export function installed(program: string): boolean {
  try {
    execFileSync(program, ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Busy and total jiffies of the whole machine since boot. */
export function machineTicks(): { busy: number; total: number } {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (f[3] ?? 0) + (f[4] ?? 0);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** A process's parent, and the CPU time (user + system, ms) it and the children it has reaped used; null once it is gone. */
function processStat(pid: number): { ppid: number; ownMs: number; reapedMs: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(f[1]), ownMs: (Number(f[11]) + Number(f[12])) * TICK_MS, reapedMs: (Number(f[13]) + Number(f[14])) * TICK_MS };
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, ms; 0 once it is gone. */
export function processCpuMs(pid: number): number {
  return processStat(pid)?.ownMs ?? 0;
}

/**
 * CPU time of a whole PostgreSQL server on this machine, ms: its postmaster,
 * every process it runs now (backends, WAL writer, checkpointer…) and the ones
 * that exited (a backend whose connection the write pool replaced), which the
 * postmaster reaps. 0 when the server is not a process here.
 */
function serverCpuMs(postmaster: number): number {
  const top = processStat(postmaster);
  if (!top) return 0;
  let ms = top.ownMs + top.reapedMs;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const p = processStat(Number(name));
    if (p?.ppid === postmaster) ms += p.ownMs;
  }
  return ms;
}

export interface PgSample {
  commits: number;
  inserted: number;
  updated: number;
  /** CPU of the whole PostgreSQL server so far, ms (see serverCpuMs). */
  serverCpuMs: number;
}

export async function pgSample(admin: pg.Client, database: string): Promise<PgSample> {
  const s = await admin.query<{ xact_commit: string; tup_inserted: string; tup_updated: string; me: number }>(
    "SELECT xact_commit, tup_inserted, tup_updated, pg_backend_pid() AS me FROM pg_stat_database WHERE datname = $1",
    [database],
  );
  const row = s.rows[0];
  const postmaster = row ? (processStat(row.me)?.ppid ?? 0) : 0;
  return {
    commits: Number(row?.xact_commit ?? 0),
    inserted: Number(row?.tup_inserted ?? 0),
    updated: Number(row?.tup_updated ?? 0),
    serverCpuMs: postmaster > 1 ? serverCpuMs(postmaster) : 0,
  };
}

/** The PostgreSQL server's CPU between two samples, ms. */
export function pgCpuBetween(a: PgSample, b: PgSample): number {
  return Math.max(0, b.serverCpuMs - a.serverCpuMs);
}

export function machine(): { cpus: number; model: string; loadavg: number[] } {
  const c = cpus();
  return { cpus: c.length, model: c[0]?.model ?? "unknown", loadavg: loadavg() };
}
