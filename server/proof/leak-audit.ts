// The information-leak audit. Bot games are played through the room layer (the
// same `Room` the server runs, its payload building, and the JSON serialization
// socket.io applies), and at every state — or a sample of them — the game's
// declared secrets are drawn again: each seat outside a counterfactual's
// `knownBy`, and a spectator, must receive byte-identical payloads for the real
// state and the counterfactual one (view, phase, waiting lists, chat channels,
// outcome: everything a socket is sent), and so must the alerts built for them
// (pushes and Discord posts, server/alerts). A spectator of a finished room that
// reveals everything at the end is exempt, as the room setting says.
import { botMove, phaseIdOf } from "../../lib/games/core/commands";
import { Rng } from "../../lib/games/core/rng";
import { playableSeatCounts, seatIds } from "../../lib/games/core/seats";
import type { AnyGame, Counterfactual, PhaseInfo, SeatId, Viewer } from "../../lib/games/core/types";
import type { SpectatorSettings } from "../../lib/protocol";
import { foldEvent, foldLog } from "../../lib/room/fold";
import { GameRules } from "../../lib/room/rules";
import type { LoggedEvent, RoomData, RoomEvent } from "../../lib/room/types";
import { CommandError } from "../rooms/errors";
import { probeMoves, refusalDifferences } from "./oracle";
import { buildPayload, isOver, SpectatorFrames, type PayloadContext } from "../rooms/payloads";
import { alertTexts } from "../alerts/audit";

/** One viewer told apart a real state from a counterfactual one. */
export interface Leak {
  gameId: string;
  seed: string;
  seats: number;
  config: Record<string, unknown>;
  /** Room version (accepted commands so far) when it was found. */
  version: number;
  phase: string;
  secret: string;
  viewer: string;
  /** Where the two payloads first differ, e.g. `view.players[1].role`. */
  path: string;
  real: unknown;
  counterfactual: unknown;
}

export interface AuditFigures {
  gameId: string;
  games: number;
  /** States the games went through. */
  states: number;
  /** States audited. */
  audited: number;
  /** Payloads built and serialized (real and counterfactual, every kind of viewer). */
  payloads: number;
  /** Counterfactuals checked. */
  counterfactuals: number;
  /** Counterfactuals the host's payload tells apart: the redraw changed something visible. */
  effective: number;
  /** Viewer payloads compared byte for byte against the real ones. */
  checked: number;
  leaks: number;
  /** The first few leaks, in detail. */
  examples: Leak[];
  /** Bot moves the game refused (a bot bug, not a leak; reported so it is not hidden). */
  refusedBotMoves: number;
  /** Games stopped at the step limit before they ended. */
  unfinished: number;
  /** Counterfactuals that changed the state they were given (a declaration bug). */
  mutations: number;
  /** Refusals compared between real and counterfactual states (actions, chat, history) for viewers who may not know. */
  refusalProbes: number;
}

export interface AuditOptions {
  /** Bot games to play. */
  games: number;
  /** Seeds are `${seedPrefix}/${i}`; the seat count, config and spectator setting follow from `i`. */
  seedPrefix?: string;
  /** First game index (for splitting a run over processes). */
  from?: number;
  /** Counterfactuals checked per audited state, drawn from the declared ones; "all" checks every one. */
  perState?: number | "all";
  /** Seats compared per counterfactual, drawn from those outside its `knownBy`; a spectator is always compared too. */
  viewers?: number | "all";
  /**
   * Chance that a state is audited: views grow with the game's history, so a
   * 1,000-game run audits a sample. The first state of a phase (when the rules
   * reveal things) is sampled more often; the start and the end are always audited.
   */
  sample?: { phaseStart: number; other: number };
  /** Chance that a seat lets its turn pass, so that clocks run out on unfinished submissions. */
  skipChance?: number;
  maxSteps?: number;
  /** How many leaks to keep in detail. */
  keep?: number;
}

const FIXED_NOW = 1_700_000_000_000;

function userOf(seat: SeatId): string {
  return `audit-user-${seat}`;
}

/**
 * A room as the server holds it, without the queue and the database: the same
 * fold turns each command into the next room data, and the same serializer
 * builds what each viewer is sent. A counterfactual is audited by building the
 * payloads of the room data with its game state drawn again.
 */
export class AuditRoom {
  readonly rules: GameRules;
  data: RoomData;
  readonly frames = new SpectatorFrames();
  /** The viewers the last event may have changed the view of, as the fold says (see FoldResult). */
  changed: readonly Viewer[] | null | undefined = null;

  constructor(game: AnyGame, seed: string, seats: SeatId[], config: Record<string, unknown>, spectators: SpectatorSettings) {
    this.rules = new GameRules(game, seed);
    const created = foldLog(this.rules, null, [{ kind: "create", actor: "host", payload: { seats: seats.length, config, spectators }, seq: 1, at: FIXED_NOW }])!;
    this.data = created;
    seats.forEach((seat, i) => this.apply({ kind: "seat", actor: seat, payload: { type: "claim", seat, userId: userOf(seat), name: `Player ${i + 1}` } }));
    const parsed = game.configSchema.parse(config);
    this.apply({ kind: "start", actor: "host", payload: { seats, config: parsed, bots: [] } });
  }

  /** Folds a command in; a refusal is a CommandError, as the live room throws it. */
  apply(ev: RoomEvent): void {
    const r = foldEvent(this.rules, this.data, { ...ev, seq: this.data.version + 1, at: FIXED_NOW } as LoggedEvent);
    if (!r.ok) throw new CommandError(r.code as CommandError["code"], r.message);
    const before = this.data;
    this.data = r.data;
    this.changed = r.changed;
    this.frames.observe(this.context(), before, r.data);
  }

  context(): PayloadContext {
    return { rules: this.rules, facts: { code: "AUD1TS", hostName: "Host" }, connected: () => true, now: FIXED_NOW };
  }

  phase(): PhaseInfo | null {
    return this.data.state === null ? null : this.rules.phase(this.data.state);
  }

  /** The serialized payload for one viewer, as a socket would carry it; `state` replaces the game state when given. */
  serialized(viewer: SeatId | "spectator" | "host", state: unknown = this.data.state): string {
    const data = state === this.data.state ? this.data : { ...this.data, state };
    const ctx = this.context();
    if (viewer === "spectator") return JSON.stringify(this.frames.payload(ctx, data));
    if (viewer === "host") return JSON.stringify(buildPayload(ctx, data, "host", null, "host"));
    return JSON.stringify(buildPayload(ctx, data, "player", viewer, viewer));
  }

  /** The alerts (pushes, Discord posts) this viewer could be sent now, built as the alerts service builds them. */
  alerts(viewer: SeatId | "spectator", state: unknown = this.data.state): string {
    const data = state === this.data.state ? this.data : { ...this.data, state };
    const ctx = this.context();
    if (viewer === "spectator") return alertTexts(this.frames.payload(ctx, data), "spectator");
    return alertTexts(buildPayload(ctx, data, "player", viewer, viewer), "seat");
  }
}

/** The first place where two JSON values differ. */
export function firstDifference(a: unknown, b: unknown, path = ""): { path: string; a: unknown; b: unknown } | null {
  if (a === b) return null;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return { path: path || "(root)", a, b };
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(ao), ...Object.keys(bo)])];
  for (const k of keys) {
    const d = firstDifference(ao[k], bo[k], path ? `${path}.${k}` : k);
    if (d) return d;
  }
  // same members in another order: JSON differs only by key order
  return JSON.stringify(a) === JSON.stringify(b) ? null : { path: `${path || "(root)"} (key order)`, a: Object.keys(ao), b: Object.keys(bo) };
}

function pick<T>(rng: Rng, items: T[], n: number | "all"): T[] {
  if (n === "all" || items.length <= n) return items;
  return rng.shuffle(items).slice(0, n);
}

/** Seat count, config and spectator setting of game `i`: every count the game allows, every declared config, both reveal settings. */
export function auditSetup(game: AnyGame, i: number): { seats: SeatId[]; config: Record<string, unknown>; spectators: SpectatorSettings } {
  const counts = playableSeatCounts(game);
  const configs = [{}, ...(game.secrets?.configs ?? [])];
  return {
    seats: seatIds(counts[i % counts.length] ?? game.meta.players.min),
    config: configs[Math.floor(i / counts.length) % configs.length] ?? {},
    spectators: { mode: "live", lag: 1, revealAtEnd: Math.floor(i / (counts.length * configs.length)) % 2 === 0 },
  };
}

export function emptyFigures(gameId: string): AuditFigures {
  return { gameId, games: 0, states: 0, audited: 0, payloads: 0, counterfactuals: 0, effective: 0, checked: 0, leaks: 0, examples: [], refusedBotMoves: 0, unfinished: 0, mutations: 0, refusalProbes: 0 };
}

export function addFigures(into: AuditFigures, more: AuditFigures, keep = 5): AuditFigures {
  for (const k of ["games", "states", "audited", "payloads", "counterfactuals", "effective", "checked", "leaks", "refusedBotMoves", "unfinished", "mutations", "refusalProbes"] as const) into[k] += more[k];
  into.examples.push(...more.examples.slice(0, Math.max(0, keep - into.examples.length)));
  return into;
}

/** Checks chosen counterfactuals of the room's current state against the real payloads. */
function auditState(room: AuditRoom, game: AnyGame, rng: Rng, limits: { perState: number | "all"; viewers: number | "all"; keep: number }, fig: AuditFigures, context: Pick<Leak, "gameId" | "seed" | "seats" | "config">): void {
  const state = room.data.state;
  const spec = game.secrets;
  if (!spec || state === null) return;
  fig.audited++;
  const real = new Map<string, string>();
  const realOf = (v: SeatId | "spectator" | "host"): string => {
    let p = real.get(v);
    if (p === undefined) {
      p = room.serialized(v);
      real.set(v, p);
      fig.payloads++;
    }
    return p;
  };
  const realAlerts = new Map<string, string>();
  const before = JSON.stringify(state);
  const all: Counterfactual<unknown>[] = spec.counterfactuals(state, rng);
  const spectatorSeesAll = isOver(room.data) && room.data.spectators.revealAtEnd;
  const phase = room.phase();
  const seats = room.data.seats.map((s) => s.seat);
  // the probes draw from their own generator, so that adding them changed nothing of what the audit samples
  const moves = probeMoves(game, state, seats, Rng.fromSeed(`${context.seed}/probe/${room.data.version}`));
  const where = { ...context, version: room.data.version, phase: phase ? phaseIdOf(phase) : "none" };
  for (const cf of pick(rng, all, limits.perState)) {
    fig.counterfactuals++;
    const viewers: (SeatId | "spectator")[] = pick(rng, room.data.seats.map((s) => s.seat).filter((s) => !cf.knownBy.includes(s)), limits.viewers);
    if (!spectatorSeesAll) viewers.push("spectator");
    for (const v of [...viewers, "host" as const]) realOf(v);
    const drawn = cf.draw();
    fig.payloads++;
    if (room.serialized("host", drawn) !== realOf("host")) fig.effective++;
    for (const v of viewers) {
      fig.checked++;
      fig.payloads++;
      const theirs = room.serialized(v, drawn);
      const mine = real.get(v)!;
      if (theirs !== mine) {
        fig.leaks++;
        if (fig.examples.length < limits.keep) {
          const d = firstDifference(JSON.parse(mine), JSON.parse(theirs));
          fig.examples.push({ ...where, secret: cf.secret, viewer: v, path: d?.path ?? "?", real: d?.a, counterfactual: d?.b });
        }
      }
      // the alerts off the page (pushes, Discord posts) follow the same rule as the payloads
      const alerts = room.alerts(v, drawn);
      if (!realAlerts.has(v)) realAlerts.set(v, room.alerts(v));
      if (alerts !== realAlerts.get(v)) {
        fig.leaks++;
        if (fig.examples.length < limits.keep) fig.examples.push({ ...where, secret: cf.secret, viewer: v, path: "alerts", real: realAlerts.get(v), counterfactual: alerts });
      }
    }
    // what the room answers must not tell them apart either: every seat outside knownBy, and an outsider
    const counterfactual = { ...room.data, state: drawn };
    for (const v of [...viewers.filter((x): x is SeatId => x !== "spectator"), null]) {
      const r = refusalDifferences(game, room.rules, room.data, counterfactual, v, userOf, moves);
      fig.refusalProbes += r.probes;
      for (const d of r.differences) {
        fig.leaks++;
        if (fig.examples.length < limits.keep) fig.examples.push({ ...where, secret: cf.secret, viewer: v ?? "outsider", path: `answer to ${d.probe}`, real: d.real, counterfactual: d.counterfactual });
      }
    }
  }
  if (JSON.stringify(state) !== before) fig.mutations++;
}

/** Plays `opts.games` seeded bot games of `game` through the room layer, auditing their states. */
export async function auditGame(game: AnyGame, opts: AuditOptions): Promise<AuditFigures> {
  const fig = emptyFigures(game.meta.id);
  const limits = { perState: opts.perState ?? 2, viewers: opts.viewers ?? "all", keep: opts.keep ?? 5 };
  const sample = opts.sample ?? { phaseStart: 1, other: 1 };
  const skipChance = opts.skipChance ?? 0.1;
  const maxSteps = opts.maxSteps ?? 20_000;
  const from = opts.from ?? 0;
  for (let i = from; i < from + opts.games; i++) {
    const seed = `${opts.seedPrefix ?? "leak-audit"}/${i}`;
    const { seats, config, spectators } = auditSetup(game, i);
    const room = new AuditRoom(game, seed, seats, config, spectators);
    const rng = Rng.fromSeed(`${seed}/audit`);
    const context = { gameId: game.meta.id, seed, seats: seats.length, config };
    let lastPhase: string | null = null;
    for (let step = 0; ; step++) {
      fig.states++;
      const p = room.phase();
      const phaseId = p ? phaseIdOf(p) : null;
      const chance = phaseId !== lastPhase ? sample.phaseStart : sample.other;
      lastPhase = phaseId;
      const running = room.data.status === "running";
      if (step === 0 || !running || rng.chance(chance)) auditState(room, game, rng, limits, fig, context);
      if (!running) break;
      if (step >= maxSteps) {
        fig.unfinished++;
        break;
      }
      let acted = false;
      for (const seat of rng.shuffle(seats)) {
        if (rng.chance(skipChance)) continue;
        const action = botMove(game, room.data.state, seat, rng);
        if (action === null) continue;
        try {
          room.apply({ kind: "action", actor: seat, payload: { action } });
          acted = true;
          break;
        } catch (e) {
          if (!(e instanceof CommandError)) throw e;
          fig.refusedBotMoves++;
        }
      }
      if (!acted) room.apply({ kind: "timeout", actor: "host", payload: { phase: phaseIdOf(room.phase()!) } });
    }
    fig.games++;
  }
  return fig;
}
