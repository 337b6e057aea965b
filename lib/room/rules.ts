// What a game's rules say of one state — its phase, outcome and chat channels —
// worked out once per state object and shared by everything that asks (the
// fold, the clock, every payload of a change).
import { defaultChat } from "../games/core/chat";
import { phaseIdOf } from "../games/core/commands";
import type { Actor, AnyGame, ChatChannelRule, Outcome, PhaseInfo, SeatId, Viewer } from "../games/core/types";

const NO_VIEWERS: readonly Viewer[] = Object.freeze([]);

interface Derived {
  phase?: PhaseInfo;
  outcome?: Outcome | null;
  chat?: { ids: SeatId[]; rules: ChatChannelRule[] };
}

export class GameRules {
  private readonly memo = new WeakMap<object, Derived>();
  private readonly defaultChats = new WeakMap<SeatId[], ChatChannelRule[]>();
  /** The seat ids last handed out, and the seat records they were read from. */
  private seatList: { from: readonly { seat: SeatId }[]; ids: SeatId[] } | null = null;

  constructor(
    readonly game: AnyGame,
    /** The room's secret seed: all of the game's randomness derives from it. */
    readonly seed: string,
  ) {}

  private of(state: unknown): Derived {
    // states are plain objects; anything else is worked out anew each time
    if (typeof state !== "object" || state === null) return {};
    let d = this.memo.get(state);
    if (!d) {
      d = {};
      this.memo.set(state, d);
    }
    return d;
  }

  phase(state: unknown): PhaseInfo {
    const d = this.of(state);
    return (d.phase ??= this.game.phase(state));
  }

  /** The viewers whose view an accepted action may have changed (`GameDefinition.changedViews`); null: any. */
  changedViews(before: unknown, after: unknown, actor: Actor, action: unknown): readonly Viewer[] | null {
    if (before === after) return NO_VIEWERS;
    return this.game.changedViews?.(before, after, actor, action) ?? null;
  }

  phaseId(state: unknown | null): string | null {
    return state === null ? null : phaseIdOf(this.phase(state));
  }

  outcome(state: unknown): Outcome | null {
    const d = this.of(state);
    if (d.outcome === undefined) d.outcome = this.game.outcome(state);
    return d.outcome;
  }

  /**
   * The ids of a room's seat records, in order: the same array for as long as
   * the ids stay the same. Taking or leaving a seat replaces the records but
   * not the ids, and the chat rules are kept for as long as this array is the
   * same (`chat`, and the games' own rules).
   */
  seatIds(seats: readonly { seat: SeatId }[]): SeatId[] {
    const last = this.seatList;
    if (last?.from === seats) return last.ids;
    let ids = seats.map((s) => s.seat);
    if (last && last.ids.length === ids.length && last.ids.every((id, i) => id === ids[i])) ids = last.ids;
    this.seatList = { from: seats, ids };
    return ids;
  }

  /** Who may talk to whom: the game's rule for this state, or the platform default (also before the start). Worked out once per state and seat list (`seatIds`). */
  chat(state: unknown | null, seats: SeatId[]): ChatChannelRule[] {
    if (state === null || !this.game.chat) {
      // the same list for the same seat list (the room hands the same array while its seats stay as they are)
      let rules = this.defaultChats.get(seats);
      if (!rules) this.defaultChats.set(seats, (rules = defaultChat(seats)));
      return rules;
    }
    const d = this.of(state);
    if (d.chat?.ids !== seats) d.chat = { ids: seats, rules: this.game.chat(state, seats) };
    return d.chat.rules;
  }
}
