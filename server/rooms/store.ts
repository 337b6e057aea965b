// Persistence for rooms. Event appends from every room are batched into one
// transaction per tick: a command is acknowledged only after its batch commits.
import type { Db } from "../db/client";
import type { Prisma } from "../db/generated/client";

export interface EventRow {
  roomId: string;
  seq: number;
  kind: string;
  actor: string;
  payload: Prisma.InputJsonValue;
  clientId: string | null;
  at: Date;
  deadlineAt: Date | null;
  paused: boolean;
}

export interface RoomPatch {
  id: string;
  version: number;
  status: "lobby" | "running" | "finished" | "aborted";
  deadlineAt: Date | null;
  pausedAt: Date | null;
  remainingMs: number | null;
  durations?: Prisma.InputJsonValue;
  endReason?: string | null;
  spectators?: { mode: string; lag: number; revealAtEnd: boolean };
}

export interface SeatPatch {
  roomId: string;
  seatId: string;
  userId: string | null;
  name: string;
  isBot: boolean;
}

export interface Commit {
  event: EventRow;
  room: RoomPatch;
  snapshot?: { roomId: string; seq: number; state: Prisma.InputJsonValue };
  seats?: SeatPatch[];
}

interface Pending {
  commit: Commit;
  resolve: () => void;
  reject: (e: unknown) => void;
}

export class Store {
  private pending: Pending[] = [];
  private flushing = false;
  private scheduled = false;
  /** Counters for benchmarks and health. */
  stats = { batches: 0, events: 0 };

  constructor(readonly db: Db) {}

  /** Resolves once the commit is durable. */
  append(commit: Commit): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ commit, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.pending.length === 0) return;
    this.flushing = true;
    const batch = this.pending;
    this.pending = [];
    try {
      await this.write(batch.map((p) => p.commit));
      this.stats.batches++;
      this.stats.events += batch.length;
      for (const p of batch) p.resolve();
    } catch (e) {
      for (const p of batch) p.reject(e);
    } finally {
      this.flushing = false;
      if (this.pending.length) this.schedule();
    }
  }

  private async write(commits: Commit[]): Promise<void> {
    const db = this.db;
    const lastPatch = new Map<string, RoomPatch>();
    for (const c of commits) lastPatch.set(c.room.id, c.room);
    const snapshots = commits.flatMap((c) => (c.snapshot ? [c.snapshot] : []));
    const seatOps = commits.flatMap((c) => c.seats ?? []).map((s) =>
      db.seat.update({ where: { roomId_seatId: { roomId: s.roomId, seatId: s.seatId } }, data: { userId: s.userId, name: s.name, isBot: s.isBot } }),
    );
    await db.$transaction([
      db.event.createMany({ data: commits.map((c) => c.event) }),
      ...(snapshots.length ? [db.snapshot.createMany({ data: snapshots })] : []),
      ...[...lastPatch.values()].map((p) =>
        db.room.update({
          where: { id: p.id },
          data: {
            version: p.version,
            status: p.status,
            deadlineAt: p.deadlineAt,
            pausedAt: p.pausedAt,
            remainingMs: p.remainingMs,
            ...(p.durations !== undefined ? { durations: p.durations } : {}),
            ...(p.endReason !== undefined ? { endReason: p.endReason } : {}),
            ...(p.spectators ? { spectatorMode: p.spectators.mode, spectatorLag: p.spectators.lag, spectatorReveal: p.spectators.revealAtEnd } : {}),
          },
        }),
      ),
      ...seatOps,
    ]);
  }

  /** Waits until everything queued so far is written (for shutdown). */
  async drain(): Promise<void> {
    while (this.pending.length || this.flushing) {
      await new Promise((r) => setTimeout(r, 5));
      if (!this.flushing && this.pending.length) await this.flush();
    }
  }
}
