// A room is an actor: its commands run one at a time, every accepted command
// gets the next sequence number and is durable in the event log before it is
// acknowledged or broadcast. Timers belong to the room.
import { runCommand, type GameCommand } from "../../lib/games/core/commands";
import { Rng } from "../../lib/games/core/rng";
import { defaultChat } from "../../lib/games/core/chat";
import { withSeatNames } from "../../lib/names";
import type { Actor, AnyGame, ChatChannelRule, Outcome, PhaseInfo, SeatId } from "../../lib/games/core/types";
import type { AuditEntry, ChannelInfo, ChatMessage, ClockInfo, HostCommand, Notice, RoomPayload, RoomStatus, Role, SeatInfo, SpectatorSettings } from "../../lib/protocol";
import type { Prisma } from "../db/generated/client";
import type { Store, SeatPatch } from "./store";
import { gameOverLedger } from "../../lib/season/ledger";
import type { SeasonLink } from "../../lib/season/types";

export interface SeatRec {
  seat: SeatId;
  position: number;
  userId: string | null;
  name: string;
  isBot: boolean;
}

export interface Clock {
  deadlineAt: number | null;
  paused: boolean;
  remainingMs: number | null;
}

export class CommandError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface RoomHooks {
  /** Called after every accepted change (and presence change): push views to sockets. */
  changed(room: Room): void;
  /** Called once a chat message is stored: deliver it to the channel's readers only. */
  chat?(room: Room, rule: ChatChannelRule, message: ChatMessage): void;
  /** The host reminds a seat that it owes a move. */
  nudge?(room: Room, seat: SeatId, text: string): void;
}

const MAX_SPECTATOR_FRAMES = 12;

/** What tells one phase from the next: its round and key (the same phase key recurs every round). */
export function phaseIdOf(p: PhaseInfo): string {
  return `${p.round}:${p.key}`;
}

const CHAT_WINDOW_MS = 10_000;
const CHAT_PER_WINDOW = 8;
const CHAT_PAGE = 50;

export interface RoomOptions {
  botDelayMs: number;
  snapshotEvery: number;
  now?: () => number;
}

const MAX_BOT_ACTIONS_PER_PHASE = 400;
const MAX_NOTICES = 60;

export interface RoomInit {
  id: string;
  code: string;
  game: AnyGame;
  hostId: string;
  hostName: string;
  seats: SeatRec[];
  config: unknown;
  seed: string;
  status: RoomStatus;
  version: number;
  state: unknown | null;
  clock: Clock;
  durations: Record<string, number>;
  endReason: string | null;
  notices?: Notice[];
  spectators?: SpectatorSettings;
  /** Set for a room a season created: its game-over event writes the season's ledger rows. */
  season?: SeasonLink | null;
}

export class Room {
  readonly id: string;
  readonly code: string;
  readonly game: AnyGame;
  readonly hostId: string;
  readonly hostName: string;
  seats: SeatRec[];
  config: unknown;
  readonly seed: string;
  status: RoomStatus;
  version: number;
  state: unknown | null;
  clock: Clock;
  durations: Record<string, number>;
  endReason: string | null;
  notices: Notice[];
  spectators: SpectatorSettings;
  readonly season: SeasonLink | null;
  /** The public payload as each recent phase began, for delayed spectators. */
  // kept as JSON text: one string per frame is next to nothing for the garbage
  // collector to trace, and only delayed spectators ever read them
  private spectatorFrames: { version: number; json: string }[] = [];
  /** Connected sockets per seat, maintained by the socket layer. */
  readonly presence = new Map<SeatId, number>();

  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private botTimer: NodeJS.Timeout | null = null;
  private botActionsInPhase = 0;
  private botCursor = 0;
  private phaseIdCache: string | null = null;
  private disposed = false;
  private readonly now: () => number;

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
    this.seats = init.seats;
    this.config = init.config;
    this.seed = init.seed;
    this.status = init.status;
    this.version = init.version;
    this.state = init.state;
    this.clock = init.clock;
    this.durations = init.durations;
    this.endReason = init.endReason;
    this.notices = init.notices ?? [];
    this.spectators = init.spectators ?? { mode: "live", lag: 1, revealAtEnd: false };
    this.season = init.season ?? null;
    this.now = opts.now ?? Date.now;
    this.phaseIdCache = this.state === null ? null : this.currentPhaseId();
  }

  // ---------- the queue ----------

  /** Runs `fn` after every command queued before it. */
  run<T>(fn: () => Promise<T> | T): Promise<T> {
    const next = this.queue.then(() => (this.disposed ? Promise.reject(new CommandError("room/closed", "This room is closing.")) : fn()));
    this.queue = next.catch(() => undefined);
    return next;
  }

  // ---------- reads ----------

  /** What the rules say of the current state, worked out once per state (payloads ask for it per recipient). */
  private derived: { state: unknown; phase: PhaseInfo | null; outcome: Outcome | null; rules: ChatChannelRule[] | null } | null = null;

  private derive(): { phase: PhaseInfo | null; outcome: Outcome | null; rules: ChatChannelRule[] | null } {
    if (!this.derived || this.derived.state !== this.state) {
      const st = this.state;
      this.derived = { state: st, phase: st === null ? null : this.game.phase(st), outcome: st === null ? null : this.game.outcome(st), rules: null };
    }
    return this.derived;
  }

  phase(): PhaseInfo | null {
    return this.derive().phase;
  }

  private currentPhaseId(): string | null {
    const p = this.phase();
    return p ? phaseIdOf(p) : null;
  }

  seatOfUser(userId: string): SeatRec | undefined {
    return this.seats.find((s) => s.userId === userId);
  }

  outcome(): Outcome | null {
    return this.derive().outcome;
  }

  clockInfo(): ClockInfo {
    const p = this.phase();
    const durationMs = p ? (this.durations[p.key] ?? p.durationMs) : null;
    return { deadlineAt: this.clock.deadlineAt, paused: this.clock.paused, remainingMs: this.clock.remainingMs, serverNow: this.now(), durationMs };
  }

  seatInfo(): SeatInfo[] {
    return this.seats.map((s) => ({
      seat: s.seat,
      name: s.userId || s.isBot ? s.name : null,
      isBot: s.isBot,
      occupied: Boolean(s.userId) || s.isBot,
      connected: s.isBot || (this.presence.get(s.seat) ?? 0) > 0,
    }));
  }

  /** The payload for one kind of recipient. `seat` only for players. Spectators get what their mode allows. */
  payload(role: Role, seat: SeatId | null): RoomPayload {
    if (role === "spectator") return this.spectatorPayload();
    return this.build(role, seat, role === "host" ? "host" : (seat ?? "spectator"));
  }

  private over(): boolean {
    return this.status === "finished" || this.status === "aborted";
  }

  private build(role: Role, seat: SeatId | null, viewer: string): RoomPayload {
    const rec = seat ? this.seats.find((s) => s.seat === seat) : undefined;
    return {
      code: this.code,
      gameId: this.game.meta.id,
      gameName: this.game.meta.name,
      status: this.status,
      version: this.version,
      role,
      you: role === "player" ? seat : null,
      youName: rec?.name ?? null,
      hostName: this.hostName,
      seats: this.seatInfo(),
      phase: this.phase(),
      phaseTrack: this.game.phaseTrack,
      clock: this.clockInfo(),
      view: this.state === null ? null : this.game.view(this.state, viewer),
      outcome: this.outcome(),
      notices: this.notices.slice(-20),
      endReason: this.endReason,
      channels: this.channelsFor(role, seat),
      spectators: { ...this.spectators, behindBy: null },
      durations: this.durations,
      ...(role === "host" ? { config: this.config } : {}),
    };
  }

  /** Whether spectators are being shown the game live (or the game is over). */
  spectatorsLive(): boolean {
    return this.spectators.mode === "live" || this.status !== "running";
  }

  private spectatorPayload(): RoomPayload {
    if (this.over() && this.spectators.revealAtEnd) return this.build("spectator", null, "host");
    if (this.spectatorsLive()) return this.build("spectator", null, "spectator");
    const lag = this.spectators.lag;
    const frame = this.spectatorFrames[this.spectatorFrames.length - 1 - lag];
    // a delayed spectator sees no live clock
    const behind = { clock: { deadlineAt: null, paused: false, remainingMs: null, serverNow: this.now(), durationMs: null }, spectators: { ...this.spectators, behindBy: lag } };
    if (!frame) return { ...this.build("spectator", null, "spectator"), phase: null, view: null, outcome: null, notices: [], ...behind };
    return { ...(JSON.parse(frame.json) as RoomPayload), seats: this.seatInfo(), ...behind };
  }

  /** The room version a delayed spectator is at (null when spectators are live). */
  spectatorVersion(): number | null {
    if (this.spectatorsLive()) return null;
    return this.spectatorFrames[this.spectatorFrames.length - 1 - this.spectators.lag]?.version ?? 0;
  }

  private recordSpectatorFrame(): void {
    this.spectatorFrames.push({ version: this.version, json: JSON.stringify(this.build("spectator", null, "spectator")) });
    if (this.spectatorFrames.length > MAX_SPECTATOR_FRAMES) this.spectatorFrames.shift();
  }

  /** Rebuilds delayed-spectator frames after a restart from states at recent phase starts. */
  seedSpectatorFrames(frames: { state: unknown; version: number }[]): void {
    const live = { state: this.state, version: this.version };
    for (const f of frames.slice(-MAX_SPECTATOR_FRAMES)) {
      this.state = f.state;
      this.version = f.version;
      this.recordSpectatorFrame();
    }
    this.state = live.state;
    this.version = live.version;
  }

  /** The audit log: every command of the room, in order, as a readable line. */
  async audit(): Promise<AuditEntry[]> {
    const events = await this.store.db.event.findMany({ where: { roomId: this.id }, orderBy: { seq: "asc" }, take: 5000 });
    const name = (actor: string) => (actor === "host" ? "host" : actor === "clock" ? "clock" : (this.seats.find((s) => s.seat === actor)?.name || actor));
    return events.map((e) => {
      const p = e.payload as Record<string, unknown>;
      let line: string;
      if (e.kind === "start") line = "host started the game";
      else if (e.kind === "timeout") line = `${e.actor === "host" ? "host ended" : "time ran out in"} phase ${String(p.phase)}`;
      else if (e.kind === "action") {
        const action = p.action as { type?: string };
        const said = this.game.describe ? this.game.describe(action as never, e.actor) : (action?.type ?? "action");
        line = `${name(e.actor)}: ${said}`;
      } else line = `${name(e.actor)}: ${String(p.type ?? e.kind)} ${JSON.stringify(Object.fromEntries(Object.entries(p).filter(([k]) => k !== "type")))}`;
      return { seq: e.seq, kind: e.kind, actor: e.actor, line, at: e.at.getTime(), payload: p };
    });
  }

  // ---------- chat ----------

  /** Who may read and write which channel now: the game's rule, or the default. */
  chatRules(): ChatChannelRule[] {
    const d = this.derive();
    if (!d.rules) {
      const seats = this.seats.map((s) => s.seat);
      d.rules = this.state === null || !this.game.chat ? defaultChat(seats) : this.game.chat(this.state, seats);
    }
    return d.rules;
  }

  channelsFor(role: Role, seat: SeatId | null): ChannelInfo[] {
    const out: ChannelInfo[] = [];
    for (const r of this.chatRules()) {
      if (role === "host") out.push({ id: r.id, kind: r.kind, title: r.title, canWrite: true, closedReason: null, members: r.members });
      else if (role === "player" && seat && r.members.includes(seat)) {
        const canWrite = r.writers.includes(seat);
        out.push({ id: r.id, kind: r.kind, title: r.title, canWrite, closedReason: canWrite ? null : (r.mutedReasons?.[seat] ?? r.closedReason ?? "This channel is closed now."), members: r.members });
      } else if (role === "spectator" && r.public) out.push({ id: r.id, kind: r.kind, title: r.title, canWrite: false, closedReason: "Spectators read along but do not write.", members: r.members });
    }
    return out;
  }

  private readonly chatSent = new Map<string, number[]>();

  /** Stores and returns a message if the game's rule lets this user write there now; refused messages are never stored. */
  async sendChat(userId: string, channel: string, body: string): Promise<{ rule: ChatChannelRule; message: ChatMessage }> {
    return this.run(async () => {
      const rule = this.chatRules().find((r) => r.id === channel);
      if (!rule) throw new CommandError("chat/no_channel", "That channel does not exist in this room.");
      let author: string;
      let name: string;
      if (userId === this.hostId) {
        author = "host";
        name = this.hostName;
      } else {
        const seat = this.seatOfUser(userId);
        if (!seat || !rule.members.includes(seat.seat)) throw new CommandError("chat/not_member", "You are not in that channel.");
        if (!rule.writers.includes(seat.seat)) throw new CommandError("chat/closed", rule.mutedReasons?.[seat.seat] ?? rule.closedReason ?? "This channel is closed now.");
        author = seat.seat;
        name = seat.name;
      }
      const now = this.now();
      if (author !== "host") {
        const recent = (this.chatSent.get(author) ?? []).filter((t) => now - t < CHAT_WINDOW_MS);
        if (recent.length >= CHAT_PER_WINDOW) throw new CommandError("chat/rate", "You are sending messages too fast; wait a few seconds.");
        recent.push(now);
        this.chatSent.set(author, recent);
      }
      const row = await this.store.db.message.create({ data: { roomId: this.id, channel, author, name, body, version: this.version, at: new Date(now) } });
      const message: ChatMessage = { id: row.id.toString(), channel, author, name, body, at: now };
      this.hooks.chat?.(this, rule, message);
      return { rule, message };
    });
  }

  /** A page of a channel's messages (newest last) if this viewer may read it. */
  async chatHistory(role: Role, seat: SeatId | null, channel: string, before?: string): Promise<{ messages: ChatMessage[]; more: boolean }> {
    const readable = this.channelsFor(role, seat).some((c) => c.id === channel);
    if (!readable) throw new CommandError("chat/not_member", "You cannot read that channel.");
    const upTo = role === "spectator" ? this.spectatorVersion() : null;
    const rows = await this.store.db.message.findMany({
      where: { roomId: this.id, channel, ...(before ? { id: { lt: BigInt(before) } } : {}), ...(upTo !== null ? { version: { lt: upTo } } : {}) },
      orderBy: { id: "desc" },
      take: CHAT_PAGE + 1,
    });
    const more = rows.length > CHAT_PAGE;
    return {
      more,
      messages: rows.slice(0, CHAT_PAGE).reverse().map((m) => ({ id: m.id.toString(), channel: m.channel, author: m.author, name: m.name, body: m.body, at: m.at.getTime() })),
    };
  }

  // ---------- lobby ----------

  async claimSeat(userId: string, name: string, wanted?: SeatId): Promise<SeatRec> {
    return this.run(async () => {
      if (userId === this.hostId) throw new CommandError("seat/host", "The host runs the room and cannot take a seat.");
      const mine = this.seatOfUser(userId);
      if (mine) return mine;
      if (this.status === "finished" || this.status === "aborted") throw new CommandError("seat/closed", "This game is over.");
      if (this.season) throw new CommandError("seat/season", "The seats of a season's room go to its roster; the host may put a bot in an empty one.");
      const free = this.seats.filter((s) => !s.userId && !s.isBot);
      // Once the game runs, a bot seat can be taken over only through the host; open seats can be claimed.
      const target = wanted ? free.find((s) => s.seat === wanted) : free[0];
      if (!target) throw new CommandError("seat/full", wanted ? "That seat is taken." : "Every seat is taken.");
      const patch: SeatPatch = { roomId: this.id, seatId: target.seat, userId, name, isBot: false };
      if (this.status === "lobby") {
        await this.store.db.seat.update({ where: { roomId_seatId: { roomId: this.id, seatId: target.seat } }, data: { userId, name, isBot: false } });
        Object.assign(target, { userId, name, isBot: false });
        this.hooks.changed(this);
      } else {
        await this.commitPlatform("seat", target.seat, { type: "claim", seat: target.seat, name }, [patch], `${name} took seat ${target.position + 1}`);
      }
      return target;
    });
  }

  async releaseSeat(userId: string): Promise<void> {
    return this.run(async () => {
      const mine = this.seatOfUser(userId);
      if (!mine) throw new CommandError("seat/none", "You have no seat in this room.");
      if (this.season) throw new CommandError("seat/season", "Your seat in a season's room is yours for the episode.");
      if (this.status !== "lobby") throw new CommandError("seat/locked", "Seats are fixed once the game has started; ask the host to replace you.");
      await this.store.db.seat.update({ where: { roomId_seatId: { roomId: this.id, seatId: mine.seat } }, data: { userId: null, name: "", isBot: false } });
      Object.assign(mine, { userId: null, name: "", isBot: false });
      this.hooks.changed(this);
    });
  }

  // ---------- game actions ----------

  /** A player's action. Identity comes from the session: `userId` is never taken from a payload. */
  async act(userId: string, action: unknown, clientId: string | null): Promise<number> {
    return this.run(async () => {
      const seat = this.seatOfUser(userId);
      if (!seat) throw new CommandError("seat/none", "You are not seated in this room.");
      return this.applyAction(seat.seat, action, clientId);
    });
  }

  private async applyAction(actor: Actor, action: unknown, clientId: string | null): Promise<number> {
    if (this.status === "lobby") throw new CommandError("room/not_started", "The game has not started yet.");
    if (this.status !== "running") throw new CommandError("room/over", "This game is over.");
    const cmd: GameCommand = { kind: "action", actor, action };
    const r = runCommand(this.game, this.state, cmd);
    if (!r.ok) throw new CommandError(r.code, r.message);
    await this.commitGame("action", actor, { action: action as Prisma.InputJsonValue }, clientId, r.state);
    return this.version;
  }

  private async applyTimeout(actor: "clock" | "host", phase: string): Promise<number> {
    const r = runCommand(this.game, this.state, { kind: "timeout", phase });
    if (!r.ok) throw new CommandError(r.code, r.message);
    await this.commitGame("timeout", actor, { phase }, null, r.state);
    return this.version;
  }

  // ---------- host ----------

  async host(userId: string, command: HostCommand | { type: "game"; action: unknown }): Promise<number> {
    return this.run(async () => {
      if (userId !== this.hostId) throw new CommandError("host/only", "Only the host can do that.");
      return this.hostNow(command);
    });
  }

  private async hostNow(command: HostCommand | { type: "game"; action: unknown }): Promise<number> {
    const now = this.now();
    const phase = this.phase();
    switch (command.type) {
      case "start": {
        if (this.status !== "lobby") throw new CommandError("host/started", "The game has already started.");
        const empty = this.seats.filter((s) => !s.userId && !s.isBot);
        if (empty.length && !command.fillWithBots)
          throw new CommandError("host/seats_open", `${empty.length} seat${empty.length > 1 ? "s are" : " is"} still open: wait for players or fill them with bots.`);
        let n = 0;
        const botPatches = empty.map((s) => ({ roomId: this.id, seatId: s.seat, userId: null, name: `Bot ${++n}`, isBot: true }));
        const config = this.game.configSchema.safeParse(this.config ?? {});
        if (!config.success) throw new CommandError("host/config", `The room config is not valid: ${config.error.issues[0]?.message ?? "invalid"}.`);
        const seatIds = this.seats.map((s) => s.seat);
        let state: unknown;
        try {
          state = this.game.setup({ seats: seatIds, config: config.data, seed: this.seed });
        } catch (e) {
          throw new CommandError("host/setup", `The game could not be set up: ${e instanceof Error ? e.message : String(e)}`);
        }
        for (const p of botPatches) {
          const s = this.seats.find((x) => x.seat === p.seatId)!;
          Object.assign(s, { name: p.name, isBot: true });
        }
        this.status = "running";
        this.phaseIdCache = null;
        await this.commitGame("start", "host", { seats: seatIds, config: config.data as Prisma.InputJsonValue }, null, state, botPatches, "The host started the game");
        return this.version;
      }
      case "pause": {
        this.requireRunning();
        if (this.clock.paused) throw new CommandError("host/paused", "The clock is already paused.");
        const remaining = this.clock.deadlineAt === null ? null : Math.max(0, this.clock.deadlineAt - now);
        const clock: Clock = { deadlineAt: null, paused: true, remainingMs: remaining };
        await this.commitPlatform("host", "host", command, [], `The host paused the clock${phase ? ` in ${phase.name}` : ""}`, clock);
        return this.version;
      }
      case "resume": {
        this.requireRunning();
        if (!this.clock.paused) throw new CommandError("host/not_paused", "The clock is not paused.");
        const clock: Clock = { deadlineAt: this.clock.remainingMs === null ? null : now + this.clock.remainingMs, paused: false, remainingMs: null };
        await this.commitPlatform("host", "host", command, [], "The host resumed the clock", clock);
        return this.version;
      }
      case "extend": {
        this.requireRunning();
        if (this.clock.deadlineAt === null && this.clock.remainingMs === null) throw new CommandError("host/untimed", "This phase has no timer to extend.");
        const ms = command.seconds * 1000;
        const clock: Clock = this.clock.paused
          ? { ...this.clock, remainingMs: (this.clock.remainingMs ?? 0) + ms }
          : { ...this.clock, deadlineAt: (this.clock.deadlineAt ?? now) + ms };
        await this.commitPlatform("host", "host", command, [], `The host extended ${phase?.name ?? "the phase"} by ${command.seconds} s`, clock);
        return this.version;
      }
      case "advance": {
        this.requireRunning();
        const id = this.currentPhaseId();
        if (!id) throw new CommandError("host/no_phase", "There is no phase to advance.");
        this.pendingNotice = `The host ended ${phase?.name ?? "the phase"} early`;
        return this.applyTimeout("host", id);
      }
      case "kick": {
        const s = this.requireSeat(command.seat);
        if (!s.userId && !s.isBot) throw new CommandError("host/seat_empty", "That seat is already empty.");
        const name = s.name;
        const patch: SeatPatch = { roomId: this.id, seatId: s.seat, userId: null, name: "", isBot: false };
        if (this.status === "lobby") {
          await this.store.db.seat.update({ where: { roomId_seatId: { roomId: this.id, seatId: s.seat } }, data: { userId: null, name: "", isBot: false } });
          Object.assign(s, { userId: null, name: "", isBot: false });
          this.hooks.changed(this);
          return this.version;
        }
        await this.commitPlatform("host", "host", command, [patch], `The host removed ${name || "a player"} from seat ${s.position + 1}; the seat is open`);
        return this.version;
      }
      case "bot": {
        const s = this.requireSeat(command.seat);
        if (command.on && s.isBot) throw new CommandError("host/already_bot", "A bot already plays that seat.");
        if (!command.on && !s.isBot) throw new CommandError("host/not_bot", "No bot plays that seat.");
        const name = command.on ? `Bot ${s.position + 1}` : "";
        const patch: SeatPatch = { roomId: this.id, seatId: s.seat, userId: null, name, isBot: command.on };
        if (this.status === "lobby") {
          await this.store.db.seat.update({ where: { roomId_seatId: { roomId: this.id, seatId: s.seat } }, data: { userId: null, name, isBot: command.on } });
          Object.assign(s, { userId: null, name, isBot: command.on });
          this.hooks.changed(this);
          return this.version;
        }
        await this.commitPlatform("host", "host", command, [patch], command.on ? `A bot now plays seat ${s.position + 1}` : `Seat ${s.position + 1} is open for a player`);
        return this.version;
      }
      case "end": {
        if (this.status !== "running") throw new CommandError("host/not_running", "Only a running game can be ended.");
        this.status = "aborted";
        this.endReason = command.reason;
        await this.commitPlatform("host", "host", command, [], `The host ended the game early: ${command.reason}`, { deadlineAt: null, paused: false, remainingMs: null });
        return this.version;
      }
      case "duration": {
        if (this.over()) throw new CommandError("host/over", "This game is over.");
        const known = this.game.phaseTrack.find((t) => t.key === command.phase);
        if (!known) throw new CommandError("host/no_phase", `This game has no phase "${command.phase}".`);
        const durations = { ...this.durations };
        if (command.seconds === null) delete durations[command.phase];
        else durations[command.phase] = command.seconds * 1000;
        this.durations = durations;
        await this.commitPlatform("host", "host", command, [], command.seconds === null ? `The host reset ${known.name} to its default length` : `The host set ${known.name} to ${command.seconds} s for the rest of the game`, this.clock, { durations });
        return this.version;
      }
      case "nudge": {
        this.requireRunning();
        const s = this.requireSeat(command.seat);
        if (!this.phase()?.waitingOn.includes(s.seat)) throw new CommandError("host/not_waiting", `${s.name || "That seat"} owes nothing right now.`);
        await this.commitPlatform("host", "host", command, [], `The host nudged ${s.name || `seat ${s.position + 1}`}`);
        this.hooks.nudge?.(this, s.seat, `The host is waiting on you in ${this.phase()?.name ?? "this phase"}.`);
        return this.version;
      }
      case "announce": {
        await this.commitPlatform("host", "host", command, [], `Announcement: ${command.text}`);
        return this.version;
      }
      case "spectators": {
        if (this.season && command.revealAtEnd) throw new CommandError("host/season_reveal", "A season room never shows spectators everything at the end: its private balances carry into later episodes.");
        const settings: SpectatorSettings = { mode: command.mode, lag: command.lag, revealAtEnd: command.revealAtEnd };
        this.spectators = settings;
        await this.commitPlatform("host", "host", command, [], command.mode === "live" ? "Spectators now watch live" : `Spectators now watch ${command.lag} phase${command.lag > 1 ? "s" : ""} behind`, this.clock, { spectators: settings });
        return this.version;
      }
      case "game": {
        this.requireRunning();
        return this.applyAction("host", command.action, null);
      }
    }
  }

  private pendingNotice: string | null = null;

  private requireRunning(): void {
    if (this.status !== "running") throw new CommandError("host/not_running", this.status === "lobby" ? "The game has not started yet." : "This game is over.");
  }

  private requireSeat(seat: SeatId): SeatRec {
    const s = this.seats.find((x) => x.seat === seat);
    if (!s) throw new CommandError("host/no_seat", `There is no seat ${seat}.`);
    return s;
  }

  // ---------- commits ----------

  /** Clock for a state that may have entered a new phase. */
  private clockFor(state: unknown, now: number): { clock: Clock; phaseId: string | null; finished: boolean } {
    const p = this.game.phase(state);
    const id = phaseIdOf(p);
    if (p.finished) return { clock: { deadlineAt: null, paused: false, remainingMs: null }, phaseId: id, finished: true };
    if (id === this.phaseIdCache) return { clock: this.clock, phaseId: id, finished: false };
    const duration = this.durations[p.key] ?? p.durationMs;
    if (duration === null) return { clock: { deadlineAt: null, paused: this.clock.paused, remainingMs: null }, phaseId: id, finished: false };
    return this.clock.paused
      ? { clock: { deadlineAt: null, paused: true, remainingMs: duration }, phaseId: id, finished: false }
      : { clock: { deadlineAt: now + duration, paused: false, remainingMs: null }, phaseId: id, finished: false };
  }

  private async commitGame(kind: "start" | "action" | "timeout", actor: string, payload: Prisma.InputJsonValue, clientId: string | null, next: unknown, seats: SeatPatch[] = [], notice?: string): Promise<void> {
    const now = this.now();
    const { clock, phaseId, finished } = this.clockFor(next, now);
    const seq = this.version + 1;
    const status: RoomStatus = finished ? "finished" : this.status;
    const snapshot = seq % this.opts.snapshotEvery === 0 ? { roomId: this.id, seq, state: next as Prisma.InputJsonValue } : undefined;
    const text = notice ?? this.pendingNotice ?? undefined;
    this.pendingNotice = null;
    // a season room's game over writes the season's ledger in the same transaction as its event
    const ledger = finished && this.season ? gameOverLedger(this.season, this.game, next, this.id, seq) : undefined;
    await this.store.append({
      event: { roomId: this.id, seq, kind, actor, payload, clientId, at: new Date(now), deadlineAt: clock.deadlineAt === null ? null : new Date(clock.deadlineAt), paused: clock.paused },
      room: this.patch(seq, status, clock),
      snapshot,
      seats,
      ledger,
    });
    // durable: now it may be seen
    this.version = seq;
    this.state = next;
    this.status = status;
    const phaseChanged = phaseId !== this.phaseIdCache;
    this.phaseIdCache = phaseId;
    this.clock = clock;
    this.applySeatPatches(seats);
    if (phaseChanged) {
      this.botActionsInPhase = 0;
      if (phaseId) this.recordSpectatorFrame();
    }
    if (text) this.addNotice(text, now);
    if (finished) this.addNotice(`Game over${this.outcome() ? `: ${withSeatNames(this.outcome()!.summary, this.seats)}` : ""}`, now);
    this.afterChange();
  }

  private async commitPlatform(kind: "host" | "seat", actor: string, payload: object, seats: SeatPatch[], notice: string, clock: Clock = this.clock, extra: { durations?: Record<string, number>; spectators?: SpectatorSettings } = {}): Promise<void> {
    const now = this.now();
    const seq = this.version + 1;
    await this.store.append({
      event: { roomId: this.id, seq, kind, actor, payload: payload as Prisma.InputJsonValue, clientId: null, at: new Date(now), deadlineAt: clock.deadlineAt === null ? null : new Date(clock.deadlineAt), paused: clock.paused },
      room: { ...this.patch(seq, this.status, clock), endReason: this.endReason, ...(extra.durations ? { durations: extra.durations } : {}), ...(extra.spectators ? { spectators: extra.spectators } : {}) },
      seats,
    });
    this.version = seq;
    this.clock = clock;
    this.applySeatPatches(seats);
    this.addNotice(notice, now);
    this.afterChange();
  }

  private patch(seq: number, status: RoomStatus, clock: Clock) {
    return {
      id: this.id,
      version: seq,
      status,
      deadlineAt: clock.deadlineAt === null ? null : new Date(clock.deadlineAt),
      pausedAt: clock.paused ? new Date(this.now()) : null,
      remainingMs: clock.remainingMs,
    };
  }

  private applySeatPatches(seats: SeatPatch[]): void {
    for (const p of seats) {
      const s = this.seats.find((x) => x.seat === p.seatId);
      if (s) Object.assign(s, { userId: p.userId, name: p.name, isBot: p.isBot });
    }
  }

  private addNotice(text: string, at: number): void {
    this.notices.push({ version: this.version, at, text });
    if (this.notices.length > MAX_NOTICES) this.notices.splice(0, this.notices.length - MAX_NOTICES);
  }

  private afterChange(): void {
    this.hooks.changed(this);
    this.armTimer();
    this.scheduleBots();
  }

  // ---------- time ----------

  /** (Re)arms the phase timer from the stored deadline. */
  armTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.disposed || this.status !== "running" || this.clock.paused || this.clock.deadlineAt === null) return;
    const phase = this.currentPhaseId();
    if (!phase) return;
    const ms = Math.max(0, this.clock.deadlineAt - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run(async () => {
        if (this.status !== "running" || this.currentPhaseId() !== phase || this.clock.paused) return;
        if (this.clock.deadlineAt !== null && this.clock.deadlineAt > this.now() + 5) return this.armTimer();
        await this.applyTimeout("clock", phase);
      }).catch((e) => {
        if (!(e instanceof CommandError && e.code === "room/closed")) console.error(`room ${this.code}: timeout failed`, e);
      });
    }, Math.min(ms, 2 ** 31 - 1));
  }

  // ---------- bots ----------

  scheduleBots(): void {
    if (this.botTimer) clearTimeout(this.botTimer);
    this.botTimer = null;
    if (this.disposed || this.status !== "running" || this.clock.paused) return;
    if (!this.seats.some((s) => s.isBot)) return;
    if (this.botActionsInPhase >= MAX_BOT_ACTIONS_PER_PHASE) return;
    this.botTimer = setTimeout(() => {
      this.botTimer = null;
      this.run(() => this.botStep()).catch((e) => {
        if (!(e instanceof CommandError && e.code === "room/closed")) console.error(`room ${this.code}: bot step failed`, e);
      });
    }, this.opts.botDelayMs);
  }

  private async botStep(): Promise<void> {
    if (this.status !== "running" || this.state === null || this.clock.paused) return;
    const bots = this.seats.filter((s) => s.isBot);
    for (let i = 0; i < bots.length; i++) {
      const s = bots[(this.botCursor + i) % bots.length]!;
      const rng = Rng.fromSeed(`${this.seed}/bot/${this.version}/${s.seat}`);
      let action: unknown;
      try {
        action = this.game.bot(this.game.view(this.state, s.seat), { seat: s.seat, rng });
      } catch (e) {
        console.error(`room ${this.code}: bot of ${s.seat} threw`, e);
        continue;
      }
      if (action === null || action === undefined) continue;
      this.botCursor = (this.botCursor + i + 1) % bots.length;
      this.botActionsInPhase++;
      try {
        await this.applyAction(s.seat, action, null);
      } catch (e) {
        // a rejected bot move changes nothing; try the others next tick
        if (!(e instanceof CommandError)) throw e;
        this.scheduleBots();
      }
      return;
    }
  }

  // ---------- lifecycle ----------

  /** Stops timers; queued commands are refused. */
  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.botTimer) clearTimeout(this.botTimer);
  }

  /** Resolves once every queued command has run. */
  idle(): Promise<unknown> {
    return this.queue;
  }
}
