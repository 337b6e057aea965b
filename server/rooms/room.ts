// A room is an actor. Its commands run one at a time on its queue; an accepted
// command becomes the next event of its log, is folded into the next room
// data, written, and only once the write has committed does the room take the
// new data and tell anyone. A failed write leaves the room exactly as it was,
// with its timers armed again, and answers the caller with a typed error.
// Players' actions that queue up while the room waits for a write take one
// turn together: folded in order, written in one batch, told once.
import type { AnyGame, ChatChannelRule, Outcome, PhaseInfo, SeatId, Viewer } from "../../lib/games/core/types";
import type { ChatMessage, HostCommand, RoomPayload, Role } from "../../lib/protocol";
import { foldEvent, foldLog } from "../../lib/room/fold";
import { GameRules } from "../../lib/room/rules";
import type { LoggedEvent, RoomData, RoomEvent, SeatRec } from "../../lib/room/types";
import { gameOverLedger } from "../../lib/season/ledger";
import type { SeasonLink } from "../../lib/season/types";
import { ownCopy } from "../../lib/games/core/exact";
import { storableProblem } from "../../lib/games/core/storable";
import { BotSeats } from "./bots";
import { chatAuthor, toMessage } from "./chat";
import { RoomClock } from "./clock";
import { commitOf } from "./commit";
import { CommandError } from "./errors";
import { StaleLease } from "./leases";
import { hostEvent, hostTells } from "./host";
import { PayloadMemo } from "./payload-parts";
import { configuredPhaseSeconds, joinPayload, payloadParts, SpectatorFrames, type PayloadContext, type PayloadParts, type RoomFacts } from "./payloads";
import { decideClaim, decideRelease, movedUsers } from "./seats";
import type { Commit, Store } from "./store";
import { stageTimes, waitTimes } from "../stage-times";

export { CommandError };

export interface RoomHooks {
  /** After every committed change (actions that took one turn together are one change) and presence change: push views to sockets. */
  changed(room: Room): void;
  /** How many sockets watch the room now (the manager unloads rooms nobody watches). */
  watchers?(room: Room): number;
  /** Whether some socket of a seat's holder is connected now. */
  connected?(room: Room, seat: SeatId): boolean;
  /** Users whose seat changed: their sockets follow the seat (decided on the room's queue). */
  seatsMoved?(room: Room, userIds: readonly string[]): void;
  /** Once a chat message is stored: deliver it to the channel's readers only. */
  chat?(room: Room, rule: ChatChannelRule, message: ChatMessage): void;
  /** A line for one seat's holder (the host's nudge) or one user (an answer to their request). */
  tell?(room: Room, to: { seat: SeatId } | { userId: string }, text: string): void;
  /** The room began serving in this process, rebuilt from its log (start-up recovery, adoption after a failover, a handover); must not throw or wait. */
  started?(room: Room): void;
  /** Each committed event once it is durable and told (alerts off the page watch here); must not throw or wait. */
  committed?(room: Room, before: RoomData, after: RoomData, event: LoggedEvent): void;
  /** This process no longer serves the room (its lease was taken, or it handed the room over): its clients must reconnect. */
  moved?(room: Room): void;
  /** A write was refused because another process took the room's lease (the manager drops the room). */
  lost?(room: Room): void;
}

/** An event folded, with what it was folded into, the commit that writes it and the views it may change (see FoldResult). */
interface Step {
  before: RoomData;
  data: RoomData;
  stored: LoggedEvent;
  commit: Commit;
  changed: readonly Viewer[] | null | undefined;
}

/** A player's action waiting for the room's queue. */
interface QueuedAct {
  userId: string;
  action: unknown;
  clientId: string | null;
  queued: number;
  resolve: (version: number) => void;
  reject: (e: unknown) => void;
}

/** A commit's outcome as commitSteps reads it: null once durable, else what its write failed with (made once, not as closures per step). */
const wrote = (): null => null;
const failedWith = (e: unknown): { e: unknown } => ({ e });

export interface RoomOptions {
  botDelayMs: number;
  snapshotEvery: number;
  now?: () => number;
}

export interface RoomInit {
  id: string;
  code: string;
  game: AnyGame;
  hostId: string;
  hostName: string;
  seed: string;
  data: RoomData;
  /** The lease token this room was loaded under; every write names it (see leases.ts). */
  fence: number;
  /** Set for a room a season created: its seats are the roster's, and its game over writes the season's ledger. */
  season?: SeasonLink | null;
}

export class Room {
  readonly id: string;
  readonly code: string;
  readonly game: AnyGame;
  readonly hostId: string;
  readonly hostName: string;
  readonly seed: string;
  readonly fence: number;
  readonly rules: GameRules;
  readonly season: SeasonLink | null;
  readonly frames = new SpectatorFrames();
  private readonly facts: RoomFacts;
  private memo = new PayloadMemo();
  /** Whether payloads were built since the room last let its views go (forgetViews). */
  private viewsHeld = false;
  private current: RoomData;
  private queue: Promise<unknown> = Promise.resolve();
  /** Actions waiting for the queue, which others arriving meanwhile join (see act). */
  private acts: QueuedAct[] | null = null;
  private disposed = false;
  private movedAway = false;
  private readonly now: () => number;
  private readonly timers: RoomClock;
  private readonly bots = new BotSeats((m, e) => console.error(`room ${this.code}: ${m}`, e));
  /** When the room last changed or was opened (server time, ms). */
  lastActive: number;

  constructor(
    init: RoomInit,
    private readonly store: Store,
    private readonly hooks: RoomHooks,
    private readonly opts: RoomOptions,
  ) {
    this.id = init.id;
    this.code = init.code;
    this.game = init.game;
    this.hostId = init.hostId;
    this.hostName = init.hostName;
    this.seed = init.seed;
    this.fence = init.fence;
    this.rules = new GameRules(init.game, init.seed);
    this.season = init.season ?? null;
    this.facts = { code: init.code, hostName: init.hostName, phaseSeconds: configuredPhaseSeconds(this.rules, init.data.config) };
    this.current = init.data;
    this.now = opts.now ?? Date.now;
    this.lastActive = this.now();
    this.timers = new RoomClock(
      /* eslint-disable perf/closures-unnamed -- made once per room */
      {
        deadline: (phase) => this.background("timeout", () => this.onDeadline(phase)),
        botTick: () => this.background("bot move", () => this.onBotTick()),
        botsMayAct: () => this.bots.mayAct(this.rules, this.current),
        phaseId: () => this.rules.phaseId(this.current.state),
      },
      /* eslint-enable perf/closures-unnamed */
      { botDelayMs: opts.botDelayMs, now: this.now },
    );
  }

  // ---------- reads ----------

  /** The room as last committed. */
  get data(): RoomData {
    return this.current;
  }
  get version(): number {
    return this.current.version;
  }
  get status(): RoomData["status"] {
    return this.current.status;
  }
  get seats(): SeatRec[] {
    return this.current.seats;
  }
  get state(): unknown | null {
    return this.current.state;
  }
  get clock(): RoomData["clock"] {
    return this.current.clock;
  }

  phase(): PhaseInfo | null {
    return this.current.state === null ? null : this.rules.phase(this.current.state);
  }

  outcome(): Outcome | null {
    return this.current.state === null ? null : this.rules.outcome(this.current.state);
  }

  seatOfUser(userId: string): SeatRec | undefined {
    return this.current.seats.find((s) => s.userId === userId);
  }

  /** One context for all the payloads of one change: what they share is then worked out once. */
  payloadContext(): PayloadContext {
    return { rules: this.rules, facts: this.facts, connected: this.seatConnected, now: this.now(), memo: this.memo };
  }

  /** Whether some socket of a seat's holder is connected (one function for the room's life, not one per change). */
  // eslint-disable-next-line perf/closures-unnamed -- made once per room
  private readonly seatConnected = (seat: string): boolean => this.hooks.connected?.(this, seat) ?? false;

  /** The payload for one kind of recipient: `seat` only for players; spectators get what their mode allows. */
  payload(role: Role, seat: SeatId | null, ctx: PayloadContext = this.payloadContext()): RoomPayload {
    return joinPayload(this.payloadParts(role, seat, ctx));
  }

  /** That payload in its two parts: what every recipient of this change shares, and the recipient's own. */
  payloadParts(role: Role, seat: SeatId | null, ctx: PayloadContext = this.payloadContext()): PayloadParts {
    this.viewsHeld = true;
    if (role === "spectator") return this.frames.parts(ctx, this.current);
    return payloadParts(ctx, this.current, role, seat, role === "host" ? "host" : (seat ?? "spectator"));
  }

  /**
   * Lets go of what was built for viewers, once nobody watches: the memory of
   * the last payloads, and the view parts the games keep for the room's state
   * objects (kept per object, so a copy of the data holds none of them; the
   * small frozen records every room shares stay shared, core/exact.ts). A room
   * nobody watches (a game its players left at its end, a match between
   * sessions) then holds its data alone, where its views held twice as much; a
   * viewer who comes back has them built afresh. Runs in the room's queue,
   * between two of its commands.
   */
  forgetViews(): void {
    if (!this.viewsHeld) return;
    this.enqueue(() => {
      if (!this.viewsHeld) return;
      this.viewsHeld = false;
      this.memo = new PayloadMemo();
      this.current = ownCopy(this.current);
    }).catch(() => undefined);
  }

  // ---------- the queue and the commit path ----------

  /** Runs `fn` after every command queued before it (actions that arrive later queue after it). */
  run<T>(fn: () => Promise<T> | T): Promise<T> {
    this.acts = null;
    return this.enqueue(fn);
  }

  private enqueue<T>(fn: () => Promise<T> | T): Promise<T> {
    const next = this.queue.then(() => (this.disposed ? Promise.reject(this.goneError()) : fn()));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Folds `ev` into the next room data and writes it; only then does the room
   * take the new data, move sockets whose seat changed, tell its viewers and
   * re-arm its clock. Refused or failed, nothing of the room changes.
   */
  private async commit(ev: RoomEvent, clientId: string | null = null): Promise<RoomData> {
    const started = performance.now();
    const step = this.fold(this.current, ev, clientId);
    stageTimes.fold += performance.now() - started;
    const { durable, failure } = await this.commitSteps([step]);
    if (!durable) throw failure;
    return step.data;
  }

  /** `ev` folded into `before`, with the commit that writes it; a refusal throws a CommandError. */
  private fold(before: RoomData, ev: RoomEvent, clientId: string | null): Step {
    // an event is built member by member, in one shape whatever its kind: a copy by spread of events of several kinds takes a slow path
    const logged = { kind: ev.kind, actor: ev.actor, payload: ev.payload, seq: before.version + 1, at: this.now() } as LoggedEvent;
    const r = foldEvent(this.rules, before, logged);
    if (!r.ok) throw new CommandError(r.code as CommandError["code"], r.message);
    // what is logged is the action as the game's schema parsed it: unknown fields never reach the log
    const stored = r.action !== undefined ? ({ kind: logged.kind, actor: logged.actor, payload: { action: r.action }, seq: logged.seq, at: logged.at } as LoggedEvent) : logged;
    const problem = storableProblem(stored.payload);
    if (problem) throw new CommandError(problem.code, problem.message);
    const commit = commitOf(this.id, this.fence, before, r.data, stored, clientId, r.data.version % this.opts.snapshotEvery === 0);
    // a season room's game over writes the season's ledger in the same transaction as its event
    if (this.season && r.data.status === "finished" && before.status !== "finished") commit.ledger = gameOverLedger(this.season, this.game, r.data.state, this.id, logged.seq);
    return { before, data: r.data, stored, commit, changed: r.changed };
  }

  /**
   * Writes the steps (each folded into the one before, the first into the
   * room's data) and makes the ones that became durable the room's: they are
   * always the first `durable` (see Store.append), and nothing of the rest
   * changes the room; `failure` is what each of the rest answers. Viewers are
   * told once, of the last durable step.
   */
  private async commitSteps(steps: Step[]): Promise<{ durable: number; failure?: Error }> {
    const written = performance.now();
    // handed to the store at once, so that they share a batch
    const outcomes = await Promise.all(steps.map((s) => this.store.append(s.commit).then(wrote, failedWith)));
    const firstFailed = outcomes.findIndex((o) => o !== null);
    const durable = firstFailed < 0 ? steps.length : firstFailed;
    const waited = performance.now() - written;
    for (let i = 0; i < durable; i++) waitTimes.durable.add(waited);
    let failure: Error | undefined;
    if (durable < steps.length) {
      const e = outcomes[durable]!.e;
      if (e instanceof StaleLease) {
        // another process owns the room now and goes on from the log: this copy stops, nothing more of it is written
        this.dispose("moved");
        this.hooks.lost?.(this);
        return { durable, failure: this.goneError() };
      }
      console.error(`room ${this.code}: write of event ${steps[durable]!.stored.seq} failed`, e);
      failure = new CommandError("store/unavailable", "The server could not save that just now; nothing changed. Try again.");
      if (!durable) {
        this.timers.arm(this.current, true);
        return { durable, failure };
      }
    }
    const before = this.current;
    const last = steps[durable - 1]!;
    this.current = last.data;
    this.lastActive = last.stored.at;
    const ctx = this.payloadContext();
    for (let i = 0; i < durable; i++) {
      const s = steps[i]!;
      this.frames.observe(ctx, s.before, s.data);
      // the views the step leaves as they were are not built again
      this.memo.follow(s.before.state, s.data.state, s.changed);
    }
    const moved = movedUsers(before, last.data);
    if (moved.length) this.hooks.seatsMoved?.(this, moved);
    const told = performance.now();
    const writes = stageTimes.writes;
    this.hooks.changed(this);
    // packets written meanwhile (a long batch releases held sockets early) count as writes, not payloads
    stageTimes.payloads += performance.now() - told - (stageTimes.writes - writes);
    for (let i = 0; i < durable; i++) this.hooks.committed?.(this, steps[i]!.before, steps[i]!.data, steps[i]!.stored);
    this.timers.arm(last.data, failure !== undefined);
    return { durable, failure };
  }

  /** A command the room gives itself (a timeout, a bot move): failures are logged, and the clock retries. */
  private background(what: string, fn: () => Promise<unknown>): void {
    this.run(fn).catch((e) => {
      if (e instanceof CommandError && (e.code === "room/closed" || e.code === "room/moved")) return;
      if (!(e instanceof CommandError && e.code === "store/unavailable")) console.error(`room ${this.code}: ${what} failed`, e);
    });
  }

  private async onDeadline(phase: string): Promise<void> {
    const d = this.current;
    if (d.status !== "running" || d.clock.paused || this.rules.phaseId(d.state) !== phase) return;
    if (d.clock.deadlineAt !== null && d.clock.deadlineAt > this.now() + 5) return this.timers.arm(d);
    await this.commit({ kind: "timeout", actor: "clock", payload: { phase } });
  }

  private async onBotTick(): Promise<void> {
    const move = this.bots.next(this.rules, this.current);
    if (!move) return;
    try {
      await this.commit({ kind: "action", actor: move.seat, payload: { action: move.action } });
    } catch (e) {
      // a refused bot move changes nothing: the bots try again on the next tick
      if (!(e instanceof CommandError) || e.code === "store/unavailable") throw e;
      this.bots.refused(this.rules, this.current, move.seat, e);
      this.timers.arm(this.current);
    }
  }

  // ---------- commands ----------

  /** Takes a free seat in the lobby, or asks the host for an open one while a game runs. */
  claimSeat(user: { id: string; name: string }, wanted?: SeatId): Promise<{ seat: SeatId; requested: boolean }> {
    return this.run(async () => {
      const d = decideClaim(this.current, { id: this.hostId, name: this.hostName }, user, wanted, this.season !== null);
      if (d.kind === "held") return { seat: d.seat.seat, requested: false };
      await this.commit(d.event);
      return { seat: d.seat, requested: d.requested };
    });
  }

  releaseSeat(userId: string): Promise<void> {
    return this.run(async () => void (await this.commit(decideRelease(this.current, userId, this.season !== null))));
  }

  /**
   * A player's action. Identity comes from the session: `userId` is never
   * taken from a payload. Actions that arrive while the room is busy wait
   * together: when their turn comes they are folded one after the other, in
   * the order they came, and written in one batch, and the viewers are told
   * once. A room then keeps up however many actions come in one write's time,
   * and each is still acknowledged only once it is durable.
   */
  act(userId: string, action: unknown, clientId: string | null): Promise<number> {
    return new Promise((resolve, reject) => {
      let batch = this.acts;
      if (!batch) {
        const acts: QueuedAct[] = (batch = this.acts = []);
        this.enqueue(() => {
          if (this.acts === acts) this.acts = null;
          return this.commitActs(acts);
        }).catch((e: unknown) => acts.forEach((a) => a.reject(e)));
      }
      batch.push({ userId, action, clientId, queued: performance.now(), resolve, reject });
    });
  }

  /**
   * The actions that waited together: each folded into the one before, then
   * written and told together. A refused one is skipped; its answer waits for
   * the write, since it was decided on the steps before it: it stands when
   * they are durable, and is the write's failure when they are not.
   */
  private async commitActs(acts: QueuedAct[]): Promise<void> {
    const started = performance.now();
    const steps: Step[] = [];
    const stepActs: QueuedAct[] = [];
    const refused: { act: QueuedAct; after: number; error: unknown }[] = [];
    for (const a of acts) {
      waitTimes.queue.add(started - a.queued);
      const data = steps.length ? steps[steps.length - 1]!.data : this.current;
      try {
        const seat = data.seats.find((s) => s.userId === a.userId);
        if (!seat) throw new CommandError("seat/none", "You are not seated in this room.");
        if (seat.isBot) throw new CommandError("seat/bot_plays", "A bot plays your seat now; the host can hand it back to you.");
        steps.push(this.fold(data, { kind: "action", actor: seat.seat, payload: { action: a.action } }, a.clientId));
        stepActs.push(a);
      } catch (e) {
        refused.push({ act: a, after: steps.length, error: e });
      }
    }
    stageTimes.fold += performance.now() - started;
    const { durable, failure } = steps.length ? await this.commitSteps(steps) : { durable: 0 };
    stepActs.forEach((a, i) => (i < durable ? a.resolve(steps[i]!.data.version) : a.reject(failure)));
    for (const r of refused) r.act.reject(r.after <= durable ? r.error : failure);
  }

  host(userId: string, command: HostCommand): Promise<number> {
    return this.run(async () => {
      if (userId !== this.hostId) throw new CommandError("host/only", "Only the host can do that.");
      const before = this.current;
      const event = hostEvent(this.rules, before, command, this.season !== null);
      if (command.type === "spectators" && command.mode === "delayed" && before.spectators.mode !== "delayed") await this.keepFrames();
      const after = await this.commit(event);
      for (const t of hostTells(before, command, this.phase()?.name ?? "this phase")) this.hooks.tell?.(this, t.to, t.text);
      return after.version;
    });
  }

  /** Stores and delivers a message if the game's rule lets this user write there now; refused messages are never stored. */
  sendChat(userId: string, channel: string, body: string): Promise<ChatMessage> {
    return this.run(async () => {
      const { rule, author, name } = chatAuthor(this.rules, this.current, this.hostId, this.hostName, userId, channel);
      const at = this.now();
      let id: string;
      try {
        id = await this.store.addMessage({ roomId: this.id, channel, author, name, body, version: this.current.version, at });
      } catch (e) {
        console.error(`room ${this.code}: chat write failed`, e);
        throw new CommandError("store/unavailable", "The server could not save that message just now; try again.");
      }
      const message = toMessage({ id, channel, author, name, body, at });
      this.hooks.chat?.(this, rule, message);
      return message;
    });
  }

  /** Folds the room's whole log as stored, handing each step's room before and after it to `each`. */
  async walkLog(each: (before: RoomData | null, ev: LoggedEvent, after: RoomData) => void): Promise<void> {
    let before: RoomData | null = null;
    foldLog(this.rules, null, await this.store.events(this.id, 0, this.current.version), (after, ev) => {
      each(before, ev, after);
      before = after;
    });
  }

  /** Delayed spectators are about to be turned on: the frames of the phases so far, from the log (kept only while spectators are delayed). */
  private async keepFrames(): Promise<void> {
    const ctx = this.payloadContext();
    this.frames.clear();
    try {
      await this.walkLog((before, _ev, after) => this.frames.record(ctx, before, after));
    } catch (e) {
      this.frames.clear();
      console.error(`room ${this.code}: reading the log for delayed spectators failed`, e);
      throw new CommandError("store/unavailable", "The server could not read this room's history just now; nothing changed. Try again.");
    }
  }

  // ---------- lifecycle ----------

  /** Someone opened the room: it is in use. */
  touch(): void {
    this.lastActive = this.now();
  }

  /** A lobby nobody started ends, so that it no longer counts as open. */
  expire(reason: string): Promise<void> {
    return this.run(async () => {
      if (this.current.status === "lobby") await this.commit({ kind: "clock", actor: "server", payload: { type: "expire", reason } });
    });
  }

  /** Arms the room's clock and bots (after a load or recovery). */
  start(): void {
    this.timers.arm(this.current);
    this.hooks.started?.(this);
  }

  /** A clock correction the manager writes for every recovered room in one transaction. */
  correction(ms: number, at: number): { event: LoggedEvent; data: RoomData } | null {
    const ev: LoggedEvent = { kind: "clock", actor: "server", payload: { type: "downtime", ms }, seq: this.current.version + 1, at };
    const r = foldEvent(this.rules, this.current, ev);
    return r.ok ? { event: ev, data: r.data } : null;
  }

  /** Takes data the manager has made durable outside the queue (recovery only, before the room serves). */
  adopt(data: RoomData): void {
    this.current = data;
  }

  /** Whether the room stopped (closing, unloaded, or moved to another process). */
  get closed(): boolean {
    return this.disposed;
  }

  private goneError(): CommandError {
    return this.movedAway ? new CommandError("room/moved", "Another server serves this room now; reconnecting finds it there.") : new CommandError("room/closed", "This room is closing; try again in a moment.");
  }

  /** Stops the clock; queued commands are refused (`moved`: because another process serves the room now). */
  dispose(why: "closed" | "moved" = "closed"): void {
    if (why === "moved") this.movedAway = true;
    this.disposed = true;
    this.timers.dispose();
  }

  /** Resolves once every queued command has run. */
  idle(): Promise<unknown> {
    return this.queue;
  }

  /** Players' actions waiting together for the room's queue (tests and health). */
  get waiting(): number {
    return this.acts?.length ?? 0;
  }

  /** Which timers are armed (tests and health). */
  armed(): { phase: boolean; bots: boolean } {
    return this.timers.armed();
  }
}
