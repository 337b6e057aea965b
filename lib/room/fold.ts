// The one fold of a room's event log: each event turns a RoomData into the
// next. The live room computes every change with it before writing the event
// (and refuses the command when it rejects), recovery folds the stored log with
// it, and the replay steps through it — so the three cannot disagree.
import { runCommand } from "../games/core/commands";
import { seatIds } from "../games/core/seats";
import type { Rejection, Viewer } from "../games/core/types";
import { eventNotice, gameOverNotice } from "./describe";
import type { GameRules } from "./rules";
import { NO_CLOCK, type Clock, type CreatePayload, type HostEvent, type LoggedEvent, type Notice, type RoomData, type RoomStatus, type SeatEvent, type SeatRec } from "./types";

export const MAX_NOTICES = 60;

/**
 * A folded event: the room after it, the action as the game's schema parsed
 * it, and for an action the viewers whose view of the game it may have
 * changed (null: any; absent: the event is no action).
 */
export type FoldResult = Folded | Rejection;
type Folded = { ok: true; data: RoomData; action?: unknown; changed?: readonly Viewer[] | null };

const no = (code: string, message: string): Rejection => ({ ok: false, code, message });

/** The room as its `create` event makes it. */
export function createdRoom(p: CreatePayload, seq: number, at: number): RoomData {
  void at;
  return {
    version: seq,
    status: "lobby",
    config: p.config,
    seats: seatIds(p.seats).map((seat, position) => {
      const fill = p.seated?.[position];
      return fill ? { ...emptySeat(seat, position, seq), ...fill } : emptySeat(seat, position, seq);
    }),
    state: null,
    clock: NO_CLOCK,
    durations: {},
    spectators: p.spectators,
    endReason: null,
    notices: [],
    banned: [],
    requests: [],
  };
}

function emptySeat(seat: string, position: number, since: number): SeatRec {
  return { seat, position, userId: null, name: "", isBot: false, since, botFrom: null };
}

/** Clock after the game state moved to `next`: a new phase starts its own timer; the same phase keeps its clock. */
export function clockAfter(rules: GameRules, data: RoomData, next: unknown, at: number): Clock {
  const p = rules.phase(next);
  if (p.finished) return NO_CLOCK;
  if (rules.phaseId(next) === rules.phaseId(data.state)) return data.clock;
  const duration = data.durations[p.key] ?? p.durationMs;
  if (duration === null) return { deadlineAt: null, paused: data.clock.paused, remainingMs: null };
  return data.clock.paused ? { deadlineAt: null, paused: true, remainingMs: duration } : { deadlineAt: at + duration, paused: false, remainingMs: null };
}

function withNotice(notices: Notice[], text: string | null, version: number, at: number): Notice[] {
  if (!text) return notices;
  const out = [...notices, { version, at, text }];
  return out.length > MAX_NOTICES ? out.slice(out.length - MAX_NOTICES) : out;
}

function setSeat(seats: SeatRec[], seat: string, patch: Partial<SeatRec>): SeatRec[] {
  return seats.map((s) => (s.seat === seat ? { ...s, ...patch } : s));
}

/** Folds one event onto the room. A rejection means the event does not apply (live: the command is refused). */
export function foldEvent(rules: GameRules, data: RoomData | null, ev: LoggedEvent): FoldResult {
  if (ev.kind === "create") {
    if (data !== null) return no("room/created", "This room already exists.");
    return { ok: true, data: createdRoom(ev.payload, ev.seq, ev.at) };
  }
  if (data === null) return no("room/not_created", "The log does not start with the room's creation.");
  const r = step(rules, data, ev);
  if (!r.ok) return r;
  // the notices read the stepped room's seats, state and status, never its version: the room is copied once, with both
  const stepped = r.data;
  let notices = withNotice(stepped.notices, eventNotice(rules, data, ev, stepped), ev.seq, ev.at);
  if (stepped.status === "finished" && data.status !== "finished") notices = withNotice(notices, gameOverNotice(rules, stepped), ev.seq, ev.at);
  r.data = roomWith(stepped, ev.seq, stepped.status, stepped.state, stepped.clock, notices);
  return r;
}

/**
 * The room with the members that a game's move, or any event's stamp, puts
 * anew; the others as they were. Built member by member, in the order the
 * room is created with, so that the rooms of every move share one hidden
 * class. Made by object spreads with members put after them, they had many,
 * and a spread of the room then took V8's slow path: about 830 ns against 70
 * for this in a micro-benchmark (the cost-per-action work's fiftieth pass, in
 * docs/benchmarks.md and then its history), with one or two per event.
 */
function roomWith(data: RoomData, version: number, status: RoomStatus, state: unknown, clock: Clock, notices: Notice[]): RoomData {
  return {
    version,
    status,
    config: data.config,
    seats: data.seats,
    state,
    clock,
    durations: data.durations,
    spectators: data.spectators,
    endReason: data.endReason,
    notices,
    banned: data.banned,
    requests: data.requests,
  };
}

/**
 * A step's result: the members an action adds are set only when there, so
 * that a result has no member the event did not give (no object spread per
 * event either).
 */
function folded(data: RoomData, action: unknown, changed: readonly Viewer[] | null | undefined): FoldResult {
  const r: Folded = { ok: true, data };
  if (action !== undefined) r.action = action;
  if (changed !== undefined) r.changed = changed;
  return r;
}

/** Folds a whole log (or the part after a snapshot); `onStep` sees the room after every event. Throws on an event that does not apply. */
export function foldLog(rules: GameRules, start: RoomData | null, events: LoggedEvent[], onStep?: (data: RoomData, ev: LoggedEvent) => void): RoomData | null {
  let data = start;
  for (const ev of events) {
    const r = foldEvent(rules, data, ev);
    if (!r.ok) throw new Error(`event ${ev.seq} (${ev.kind}) no longer applies: ${r.code} ${r.message}`);
    data = r.data;
    onStep?.(data, ev);
  }
  return data;
}

function step(rules: GameRules, data: RoomData, ev: Exclude<LoggedEvent, { kind: "create" }>): FoldResult {
  switch (ev.kind) {
    case "seat":
      return seatStep(data, ev.payload, ev.seq, ev.at);
    case "host":
      return hostStep(rules, data, ev.payload, ev.seq, ev.at);
    case "start": {
      if (data.status !== "lobby") return no("host/started", "The game has already started.");
      const bots = new Set(ev.payload.bots ?? []);
      const seats = data.seats.map((s) => (bots.has(s.seat) ? { ...s, userId: null, name: botName(s), isBot: true, botFrom: null } : s));
      if (seats.some((s) => !s.userId && !s.isBot)) return no("host/seats_open", "Every seat needs a player or a bot before the start.");
      // parsed again: the config comes back from the database with its keys in another order, and the game's state must not depend on it
      const config = rules.game.configSchema.safeParse(ev.payload.config);
      if (!config.success) return no("host/config", "The room config no longer parses.");
      let state: unknown;
      try {
        state = rules.game.setup({ seats: ev.payload.seats, config: config.data, seed: rules.seed });
      } catch (e) {
        return no("host/setup", `The game could not be set up: ${e instanceof Error ? e.message : String(e)}`);
      }
      const base: RoomData = { ...data, seats, status: "running", requests: [] };
      return { ok: true, data: { ...base, state, clock: clockAfter(rules, base, state, ev.at) } };
    }
    case "action":
    case "timeout": {
      if (data.status === "lobby") return no("room/not_started", "The game has not started yet.");
      if (data.status !== "running") return no("room/over", "This game is over.");
      const cmd = ev.kind === "action" ? { kind: "action" as const, actor: ev.actor, action: ev.payload.action } : { kind: "timeout" as const, phase: ev.payload.phase };
      const r = runCommand(rules.game, data.state, cmd, rules.phase(data.state));
      if (!r.ok) return r;
      const finished = rules.phase(r.state).finished === true;
      const next = roomWith(data, data.version, finished ? "finished" : data.status, r.state, clockAfter(rules, data, r.state, ev.at), data.notices);
      return folded(next, r.action, ev.kind === "action" ? rules.changedViews(data.state, r.state, ev.actor, r.action) : undefined);
    }
    case "clock": {
      if (ev.payload.type === "expire") {
        if (data.status !== "lobby") return no("room/started", "Only a lobby expires.");
        return { ok: true, data: { ...data, status: "aborted", endReason: ev.payload.reason } };
      }
      const ms = ev.payload.ms;
      if (data.clock.deadlineAt === null) return { ok: true, data };
      return { ok: true, data: { ...data, clock: { ...data.clock, deadlineAt: data.clock.deadlineAt + ms } } };
    }
  }
}

export function botName(s: SeatRec): string {
  return `Bot ${s.position + 1}`;
}

function seatStep(data: RoomData, p: SeatEvent, seq: number, at: number): FoldResult {
  switch (p.type) {
    case "claim": {
      if (data.status !== "lobby") return no("seat/ask_host", "The game is running: ask the host for a seat.");
      if (data.banned.some((b) => b.userId === p.userId)) return no("seat/banned", "The host has removed you from this room.");
      if (data.seats.some((s) => s.userId === p.userId)) return no("seat/taken_by_you", "You already have a seat here.");
      const s = data.seats.find((x) => x.seat === p.seat);
      if (!s || s.userId || s.isBot) return no("seat/full", "That seat is taken.");
      return { ok: true, data: { ...data, seats: setSeat(data.seats, p.seat, { userId: p.userId, name: p.name, isBot: false, since: seq, botFrom: null }) } };
    }
    case "release": {
      if (data.status !== "lobby") return no("seat/locked", "Seats are fixed once the game has started; ask the host to replace you.");
      const s = data.seats.find((x) => x.seat === p.seat);
      if (!s?.userId) return no("seat/none", "You have no seat in this room.");
      return { ok: true, data: { ...data, seats: setSeat(data.seats, p.seat, emptySeat(s.seat, s.position, seq)) } };
    }
    case "request": {
      if (data.status !== "running") return no("seat/not_running", "Seats are asked for only while a game runs.");
      if (data.banned.some((b) => b.userId === p.userId)) return no("seat/banned", "The host has removed you from this room.");
      const s = data.seats.find((x) => x.seat === p.seat);
      if (!s || s.userId) return no("seat/full", "That seat is taken.");
      const requests = [...data.requests.filter((r) => r.userId !== p.userId), { userId: p.userId, name: p.name, seat: p.seat, at }];
      return { ok: true, data: { ...data, requests } };
    }
    case "withdraw":
      return { ok: true, data: { ...data, requests: data.requests.filter((r) => r.userId !== p.userId) } };
  }
}

function notRunning(data: RoomData): FoldResult {
  return no("host/not_running", data.status === "lobby" ? "The game has not started yet." : "This game is over.");
}

function seatOf(data: RoomData, seat: string): SeatRec | undefined {
  return data.seats.find((s) => s.seat === seat);
}

function hostStep(rules: GameRules, data: RoomData, p: HostEvent, seq: number, at: number): FoldResult {
  const running = data.status === "running";
  switch (p.type) {
    case "pause": {
      if (!running) return notRunning(data);
      if (data.clock.paused) return no("host/paused", "The clock is already paused.");
      const remainingMs = data.clock.deadlineAt === null ? null : Math.max(0, data.clock.deadlineAt - at);
      return { ok: true, data: { ...data, clock: { deadlineAt: null, paused: true, remainingMs } } };
    }
    case "resume": {
      if (!running) return notRunning(data);
      if (!data.clock.paused) return no("host/not_paused", "The clock is not paused.");
      const deadlineAt = data.clock.remainingMs === null ? null : at + data.clock.remainingMs;
      return { ok: true, data: { ...data, clock: { deadlineAt, paused: false, remainingMs: null } } };
    }
    case "extend": {
      if (!running) return notRunning(data);
      const c = data.clock;
      if (c.deadlineAt === null && c.remainingMs === null) return no("host/untimed", "This phase has no timer to extend.");
      const ms = p.seconds * 1000;
      const clock = c.paused ? { ...c, remainingMs: (c.remainingMs ?? 0) + ms } : { ...c, deadlineAt: (c.deadlineAt ?? at) + ms };
      return { ok: true, data: { ...data, clock } };
    }
    case "kick": {
      const s = seatOf(data, p.seat);
      if (!s) return no("host/no_seat", `There is no seat ${p.seat}.`);
      if (!s.userId && !s.isBot) return no("host/seat_empty", "That seat is already empty.");
      const banned = p.ban && s.userId && !data.banned.some((b) => b.userId === s.userId) ? [...data.banned, { userId: s.userId, name: s.name }] : data.banned;
      const requests = p.ban && s.userId ? data.requests.filter((r) => r.userId !== s.userId) : data.requests;
      return { ok: true, data: { ...data, banned, requests, seats: setSeat(data.seats, s.seat, emptySeat(s.seat, s.position, seq)) } };
    }
    case "bot": {
      const s = seatOf(data, p.seat);
      if (!s) return no("host/no_seat", `There is no seat ${p.seat}.`);
      if (data.status === "finished" || data.status === "aborted") return no("host/over", "This game is over.");
      if (p.on && s.isBot) return no("host/already_bot", "A bot already plays that seat.");
      if (!p.on && !s.isBot) return no("host/not_bot", "No bot plays that seat.");
      // in the lobby a bot replaces whoever sat there; in a game it plays for the seat's holder, who can be given it back
      const holder = data.status === "lobby" ? null : s.userId;
      let seat: Partial<SeatRec>;
      if (p.on) seat = holder ? { isBot: true, botFrom: rules.phase(data.state).round } : { userId: null, name: botName(s), isBot: true, botFrom: null, since: seq };
      else seat = holder ? { isBot: false, botFrom: null } : emptySeat(s.seat, s.position, seq);
      return { ok: true, data: { ...data, seats: setSeat(data.seats, s.seat, seat) } };
    }
    case "approve": {
      if (!running) return notRunning(data);
      const req = data.requests.find((r) => r.userId === p.userId);
      if (!req) return no("host/no_request", "That request has been withdrawn or answered.");
      const s = seatOf(data, req.seat);
      if (!s || s.userId) return no("seat/full", "That seat is taken.");
      if (data.seats.some((x) => x.userId === p.userId)) return no("seat/taken_by_you", "That user already has a seat here.");
      const seats = setSeat(data.seats, s.seat, { userId: req.userId, name: req.name, isBot: false, since: seq, botFrom: null });
      return { ok: true, data: { ...data, seats, requests: data.requests.filter((r) => r.userId !== p.userId && r.seat !== s.seat) } };
    }
    case "deny":
      if (!data.requests.some((r) => r.userId === p.userId)) return no("host/no_request", "That request has been withdrawn or answered.");
      return { ok: true, data: { ...data, requests: data.requests.filter((r) => r.userId !== p.userId) } };
    case "unban":
      if (!data.banned.some((b) => b.userId === p.userId)) return no("host/not_banned", "That user is not banned here.");
      return { ok: true, data: { ...data, banned: data.banned.filter((b) => b.userId !== p.userId) } };
    case "end":
      if (!running) return no("host/not_running", "Only a running game can be ended.");
      return { ok: true, data: { ...data, status: "aborted", endReason: p.reason, clock: NO_CLOCK, requests: [] } };
    case "duration": {
      if (data.status === "finished" || data.status === "aborted") return no("host/over", "This game is over.");
      if (!rules.game.phaseTrack.some((t) => t.key === p.phase)) return no("host/no_phase", "This game has no such phase.");
      const durations = { ...data.durations };
      if (p.seconds === null) delete durations[p.phase];
      else durations[p.phase] = p.seconds * 1000;
      return { ok: true, data: { ...data, durations } };
    }
    case "nudge": {
      if (!running) return notRunning(data);
      const s = seatOf(data, p.seat);
      if (!s) return no("host/no_seat", `There is no seat ${p.seat}.`);
      if (!rules.phase(data.state).waitingOn.includes(s.seat)) return no("host/not_waiting", `${s.name || "That seat"} owes nothing right now.`);
      return { ok: true, data };
    }
    case "announce":
      return { ok: true, data };
    case "spectators":
      return { ok: true, data: { ...data, spectators: { mode: p.mode, lag: p.lag, revealAtEnd: p.revealAtEnd } } };
  }
}
