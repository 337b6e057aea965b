// Fire-and-forget delivery. A job is queued and the caller goes on at once; a
// few jobs run at a time, each request is cut off after a timeout, and the
// queue is bounded: when it is full a new job is dropped and counted. So a slow
// or failing push service or webhook costs the rooms nothing but this queue.
// When the queue is full the oldest waiting job goes: an alert is worth less the
// older it is ("your move" about a phase that has ended helps nobody).

import { send, type EgressInit, type EgressOptions } from "./egress";

export type Job = (post: Post) => Promise<void>;
/** One HTTP request with the outbox's timeout; resolves with the status, rejects on a network error or the timeout. */
export type Post = (url: string, init: EgressInit) => Promise<number>;

export interface OutboxFigures {
  queued: number;
  sent: number;
  failed: number;
  timedOut: number;
  dropped: number;
  /** The longest the queue has been. */
  peak: number;
}

export class Outbox {
  private readonly jobs: Job[] = [];
  private running = 0;
  private waiters: (() => void)[] = [];
  readonly figures: OutboxFigures = { queued: 0, sent: 0, failed: 0, timedOut: 0, dropped: 0, peak: 0 };
  private closed = false;

  constructor(private readonly opts: EgressOptions & { max: number; concurrency: number; log?: (m: string) => void }) {}

  /** Queues a job (dropping the oldest waiting one when the queue is full); false once closed. Never waits. */
  add(job: Job): boolean {
    if (this.closed) return false;
    if (this.jobs.length >= this.opts.max) {
      this.jobs.shift();
      this.figures.dropped++;
    }
    this.jobs.push(job);
    this.figures.queued++;
    this.figures.peak = Math.max(this.figures.peak, this.jobs.length);
    this.pump();
    return true;
  }

  get pending(): number {
    return this.jobs.length + this.running;
  }

  private readonly post: Post = async (url, init) => {
    try {
      // a public address only, no redirect followed, a few KiB of the answer read at most (server/alerts/egress.ts)
      const status = await send(url, init, this.opts);
      if (status >= 200 && status < 300) this.figures.sent++;
      else this.figures.failed++;
      return status;
    } catch (e) {
      if (e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError")) this.figures.timedOut++;
      else this.figures.failed++;
      throw e;
    }
  };

  private pump(): void {
    while (this.running < this.opts.concurrency && this.jobs.length) {
      const job = this.jobs.shift()!;
      this.running++;
      // a job never runs inside the caller's turn: the command that queued it answers first
      setImmediate(() => {
        job(this.post)
          .catch((e: unknown) => this.opts.log?.(`alert delivery failed: ${e instanceof Error ? e.message : String(e)}`))
          .finally(() => {
            this.running--;
            this.pump();
            if (this.pending === 0) for (const w of this.waiters.splice(0)) w();
          });
      });
    }
  }

  /** Resolves once nothing is queued or in flight (tests, shutdown). */
  idle(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((r) => this.waiters.push(r));
  }

  close(): void {
    this.closed = true;
    this.jobs.length = 0;
  }
}
