// One timer for the "1 minute left" pushes of every room: each room has at most
// one entry (its current phase's warning time), and the timer waits for the
// earliest. A room's entry is set again after each of its committed changes, so
// a pause, an extension or a new phase moves or clears it.

export const WARN_BEFORE_MS = 60_000;

interface Entry {
  at: number;
  phase: string;
  deadlineAt: number;
}

export class DeadlineWarnings {
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private closed = false;

  constructor(
    /** The warning of room `code` for `phase` is due (the caller checks the room still stands there). */
    private readonly due: (code: string, phase: string, deadlineAt: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Sets or clears the warning of one room: due a minute before `deadlineAt`, if that is still ahead. */
  set(code: string, phase: string | null, deadlineAt: number | null): void {
    const at = deadlineAt === null ? null : deadlineAt - WARN_BEFORE_MS;
    if (phase === null || at === null || deadlineAt === null || at <= this.now()) {
      if (this.entries.delete(code)) this.rearm();
      return;
    }
    const had = this.entries.get(code);
    if (had && had.at === at && had.phase === phase) return;
    this.entries.set(code, { at, phase, deadlineAt });
    if (at < this.timerAt || had?.at === this.timerAt) this.rearm();
  }

  get size(): number {
    return this.entries.size;
  }

  private rearm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
    if (this.closed) return;
    for (const e of this.entries.values()) if (e.at < this.timerAt) this.timerAt = e.at;
    if (this.timerAt === Infinity) return;
    this.timer = setTimeout(() => this.fire(), Math.min(2 ** 31 - 1, Math.max(0, this.timerAt - this.now())));
    this.timer.unref();
  }

  private fire(): void {
    this.timer = null;
    const t = this.now();
    for (const [code, e] of [...this.entries]) {
      if (e.at > t) continue;
      this.entries.delete(code);
      try {
        this.due(code, e.phase, e.deadlineAt);
      } catch (err) {
        console.error(`alerts: deadline warning of room ${code} failed`, err);
      }
    }
    this.rearm();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.entries.clear();
  }
}
