// Which bot moves next, and with what: each bot seat picks from its own view,
// with randomness drawn from the room's seed, the room version and the seat, so
// that a replay of the log does not depend on when the bots happened to run.
import { botMove } from "../../lib/games/core/commands";
import { Rng } from "../../lib/games/core/rng";
import type { GameRules } from "../../lib/room/rules";
import type { RoomData } from "../../lib/room/types";

/** Bot moves allowed in one phase: a guard against a bot that never settles. */
export const MAX_BOT_MOVES_PER_PHASE = 400;

export class BotSeats {
  private cursor = 0;
  private moves = 0;
  private phase: string | null = null;
  /** Bot seats whose move the room refused in this phase (for the log). */
  private refusedIn = new Set<string>();
  /** Bot seats whose move the room refused at this room version: the same move would be drawn again. */
  private refusedAt = { version: -1, seats: new Set<string>() };

  constructor(private readonly log: (m: string, e: unknown) => void) {}

  /** Whether a bot plays some seat and may still move in this phase. */
  mayAct(rules: GameRules, data: RoomData): boolean {
    this.follow(rules, data);
    return this.moves < MAX_BOT_MOVES_PER_PHASE && data.seats.some((s) => s.isBot);
  }

  private follow(rules: GameRules, data: RoomData): void {
    const id = rules.phaseId(data.state);
    if (id !== this.phase) {
      this.phase = id;
      this.moves = 0;
      this.refusedIn.clear();
    }
  }

  /**
   * A bot move the room refused. The same move would be drawn again until the
   * room changes, so the seat is not asked again at this version; a bot whose
   * moves are refused holds its room up until the phase's clock runs out, so it
   * is logged, once per seat and phase.
   */
  refused(rules: GameRules, data: RoomData, seat: string, e: { code: string; message: string }): void {
    this.follow(rules, data);
    if (this.refusedAt.version !== data.version) this.refusedAt = { version: data.version, seats: new Set() };
    this.refusedAt.seats.add(seat);
    if (this.refusedIn.has(seat)) return;
    this.refusedIn.add(seat);
    this.log(`the bot's move for ${seat} was refused (${e.code})`, e.message);
  }

  /** The next bot move (seats taken in turn), or null when no bot has one. */
  next(rules: GameRules, data: RoomData): { seat: string; action: unknown } | null {
    if (data.status !== "running" || data.state === null || data.clock.paused) return null;
    this.follow(rules, data);
    if (this.moves >= MAX_BOT_MOVES_PER_PHASE) return null;
    const bots = data.seats.filter((s) => s.isBot);
    const refused = this.refusedAt.version === data.version ? this.refusedAt.seats : null;
    const phase = rules.phase(data.state);
    for (let i = 0; i < bots.length; i++) {
      const s = bots[(this.cursor + i) % bots.length]!;
      if (refused?.has(s.seat)) continue;
      const rng = Rng.fromSeed(`${rules.seed}/bot/${data.version}/${s.seat}`);
      let action: unknown;
      try {
        action = botMove(rules.game, data.state, s.seat, rng, phase);
      } catch (e) {
        this.log(`bot of ${s.seat} threw`, e);
        continue;
      }
      if (action === null || action === undefined) continue;
      this.cursor = (this.cursor + i + 1) % bots.length;
      this.moves++;
      return { seat: s.seat, action };
    }
    return null;
  }
}
