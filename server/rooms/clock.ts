// The room's clock: owns every timer of one room — the phase deadline and the
// bots' next move — and turns them into commands on the room's queue. A
// deadline is data (in the folded room); this only watches it. After a failed
// write the timers are armed again with a growing pause, so a room whose
// database hiccups retries rather than stopping; dispose() clears everything.
import type { RoomData } from "../../lib/room/types";

export interface ClockOwner {
  /** The deadline of phase `phaseId` has passed (runs on the room's queue). */
  deadline(phaseId: string): void;
  /** A bot may move now (runs on the room's queue). */
  botTick(): void;
  /** Whether any bot plays in the room and may still act in this phase. */
  botsMayAct(): boolean;
  phaseId(): string | null;
}

const MAX_TIMEOUT = 2 ** 31 - 1;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

export class RoomClock {
  /** The phase timer, with the phase and deadline it was armed for. */
  private phaseTimer: { timer: NodeJS.Timeout; phase: string; deadlineAt: number } | null = null;
  private botTimer: NodeJS.Timeout | null = null;
  private retryMs = 0;
  private disposed = false;

  constructor(
    private readonly owner: ClockOwner,
    private readonly opts: { botDelayMs: number; now: () => number },
  ) {}

  /** Arms the timers for the room as it stands now; `failed` after a write that did not go through. */
  arm(data: RoomData, failed = false): void {
    this.retryMs = failed ? Math.min(RETRY_MAX_MS, Math.max(RETRY_FIRST_MS, this.retryMs * 2)) : 0;
    this.armPhase(data);
    this.armBots(data);
  }

  private armPhase(data: RoomData): void {
    const deadlineAt = data.clock.deadlineAt;
    const phase = this.disposed || data.status !== "running" || data.clock.paused || deadlineAt === null ? null : this.owner.phaseId();
    // most changes leave the phase and its deadline as they were: the armed timer stands (a retry always re-arms)
    const armed = this.phaseTimer;
    if (phase && armed && this.retryMs === 0 && armed.phase === phase && armed.deadlineAt === deadlineAt) return;
    if (armed) clearTimeout(armed.timer);
    this.phaseTimer = null;
    if (!phase || deadlineAt === null) return;
    const ms = Math.max(this.retryMs, deadlineAt - this.opts.now());
    const timer = setTimeout(() => {
      this.phaseTimer = null;
      this.owner.deadline(phase);
    }, Math.min(ms, MAX_TIMEOUT));
    this.phaseTimer = { timer, phase, deadlineAt };
  }

  private armBots(data: RoomData): void {
    if (this.botTimer) clearTimeout(this.botTimer);
    this.botTimer = null;
    if (this.disposed || data.status !== "running" || data.clock.paused || !this.owner.botsMayAct()) return;
    this.botTimer = setTimeout(() => {
      this.botTimer = null;
      this.owner.botTick();
    }, Math.max(this.retryMs, this.opts.botDelayMs));
  }

  /** Which timers are armed now (for tests and health). */
  armed(): { phase: boolean; bots: boolean } {
    return { phase: this.phaseTimer !== null, bots: this.botTimer !== null };
  }

  dispose(): void {
    this.disposed = true;
    if (this.phaseTimer) clearTimeout(this.phaseTimer.timer);
    if (this.botTimer) clearTimeout(this.botTimer);
    this.phaseTimer = this.botTimer = null;
  }
}
