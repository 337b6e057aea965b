// What the machine and PostgreSQL were doing during a benchmark window:
// whole-machine CPU (so that other load on a shared machine shows), CPU of
// given processes, and the database's commits, row writes and backend CPU.
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import type pg from "pg";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** Busy and total jiffies of the whole machine since boot. */
export function machineTicks(): { busy: number; total: number } {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (f[3] ?? 0) + (f[4] ?? 0);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** CPU time (user + system) a process has used, ms; 0 once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

export interface PgSample {
  commits: number;
  inserted: number;
  updated: number;
  /** CPU of the backends connected to this database now, ms. */
  backendCpuMs: Map<number, number>;
}

export async function pgSample(admin: pg.Client, database: string): Promise<PgSample> {
  const s = await admin.query<{ xact_commit: string; tup_inserted: string; tup_updated: string }>("SELECT xact_commit, tup_inserted, tup_updated FROM pg_stat_database WHERE datname = $1", [database]);
  const pids = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [database]);
  const row = s.rows[0];
  return {
    commits: Number(row?.xact_commit ?? 0),
    inserted: Number(row?.tup_inserted ?? 0),
    updated: Number(row?.tup_updated ?? 0),
    backendCpuMs: new Map(pids.rows.map((r) => [r.pid, processCpuMs(r.pid)])),
  };
}

/** Backend CPU used between two samples, counting only backends seen in both. */
export function backendCpuBetween(a: PgSample, b: PgSample): number {
  let ms = 0;
  for (const [pid, end] of b.backendCpuMs) {
    const start = a.backendCpuMs.get(pid);
    if (start !== undefined) ms += end - start;
  }
  return ms;
}

export function machine(): { cpus: number; model: string; loadavg: number[] } {
  const c = cpus();
  return { cpus: c.length, model: c[0]?.model ?? "unknown", loadavg: loadavg() };
}
