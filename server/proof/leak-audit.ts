// The information-leak audit. Bot games are played through the room layer (the
// same `Room` the server runs, its payload building, and the JSON serialization
// socket.io applies), and at every state — or a sample of them — the game's
// declared secrets are drawn again: each seat outside a counterfactual's
// `knownBy`, and a spectator, must receive byte-identical payloads for the real
// state and the counterfactual one (view, phase, waiting lists, chat channels,
// outcome: everything a socket is sent). A spectator of a finished room that
// reveals everything at the end is exempt, as the room setting says.
import { Rng } from "../../lib/games/core/rng";
import { playableSeatCounts, seatIds } from "../../lib/games/core/seats";
import type { AnyGame, Counterfactual, SeatId } from "../../lib/games/core/types";
import type { SpectatorSettings } from "../../lib/protocol";
import { CommandError, Room } from "../rooms/room";
import type { Store } from "../rooms/store";

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

/** A store that accepts every commit at once: the audit needs the room's logic, not its durability. */
function memoryStore(): Store {
  return { append: async () => undefined, db: null } as unknown as Store;
}

function userOf(seat: SeatId): string {
  return `audit-user-${seat}`;
}

/** A running room of `game` with every seat held by an audit user and no timers that matter. */
export async function startAuditRoom(game: AnyGame, seats: SeatId[], config: Record<string, unknown>, seed: string, spectators: SpectatorSettings): Promise<Room> {
  const room = new Room(
    {
      id: `audit-${seed}`,
      code: "AUD1TS",
      game,
      hostId: "audit-host",
      hostName: "Host",
      seats: seats.map((seat, position) => ({ seat, position, userId: userOf(seat), name: `Player ${position + 1}`, isBot: false })),
      config,
      seed,
      status: "lobby",
      version: 0,
      state: null,
      clock: { deadlineAt: null, paused: false, remainingMs: null },
      durations: {},
      endReason: null,
      spectators,
    },
    memoryStore(),
    { changed: () => undefined },
    { botDelayMs: 3_600_000, snapshotEvery: 1_000_000, now: () => FIXED_NOW },
  );
  for (const s of seats) room.presence.set(s, 1);
  await room.host("audit-host", { type: "start", fillWithBots: false });
  return room;
}

/** The serialized payload for one viewer of the room's current state, as a socket would carry it. */
export function serialized(room: Room, viewer: SeatId | "spectator" | "host"): string {
  if (viewer === "host") return JSON.stringify(room.payload("host", null));
  if (viewer === "spectator") return JSON.stringify(room.payload("spectator", null));
  return JSON.stringify(room.payload("player", viewer));
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
  return { gameId, games: 0, states: 0, audited: 0, payloads: 0, counterfactuals: 0, effective: 0, checked: 0, leaks: 0, examples: [], refusedBotMoves: 0, unfinished: 0, mutations: 0 };
}

export function addFigures(into: AuditFigures, more: AuditFigures, keep = 5): AuditFigures {
  for (const k of ["games", "states", "audited", "payloads", "counterfactuals", "effective", "checked", "leaks", "refusedBotMoves", "unfinished", "mutations"] as const) into[k] += more[k];
  into.examples.push(...more.examples.slice(0, Math.max(0, keep - into.examples.length)));
  return into;
}

/** Checks chosen counterfactuals of the room's current state against the real payloads. */
function auditState(room: Room, game: AnyGame, rng: Rng, limits: { perState: number | "all"; viewers: number | "all"; keep: number }, fig: AuditFigures, context: Pick<Leak, "gameId" | "seed" | "seats" | "config">): void {
  const state = room.state;
  const spec = game.secrets;
  if (!spec || state === null) return;
  fig.audited++;
  const real = new Map<string, string>();
  const realOf = (v: SeatId | "spectator" | "host"): string => {
    let p = real.get(v);
    if (p === undefined) {
      p = serialized(room, v);
      real.set(v, p);
      fig.payloads++;
    }
    return p;
  };
  const before = JSON.stringify(state);
  const all: Counterfactual<unknown>[] = spec.counterfactuals(state, rng);
  const over = room.status === "finished" || room.status === "aborted";
  const spectatorSeesAll = over && room.spectators.revealAtEnd;
  const phase = room.phase();
  for (const cf of pick(rng, all, limits.perState)) {
    fig.counterfactuals++;
    const viewers: (SeatId | "spectator")[] = pick(rng, room.seats.map((s) => s.seat).filter((s) => !cf.knownBy.includes(s)), limits.viewers);
    if (!spectatorSeesAll) viewers.push("spectator");
    for (const v of [...viewers, "host" as const]) realOf(v);
    room.state = cf.draw();
    try {
      fig.payloads++;
      if (serialized(room, "host") !== realOf("host")) fig.effective++;
      for (const v of viewers) {
        fig.checked++;
        fig.payloads++;
        const theirs = serialized(room, v);
        const mine = real.get(v)!;
        if (theirs === mine) continue;
        fig.leaks++;
        if (fig.examples.length < limits.keep) {
          const d = firstDifference(JSON.parse(mine), JSON.parse(theirs));
          fig.examples.push({ ...context, version: room.version, phase: phase ? `${phase.round}:${phase.key}` : "none", secret: cf.secret, viewer: v, path: d?.path ?? "?", real: d?.a, counterfactual: d?.b });
        }
      }
    } finally {
      room.state = state;
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
    const room = await startAuditRoom(game, seats, config, seed, spectators);
    const rng = Rng.fromSeed(`${seed}/audit`);
    const context = { gameId: game.meta.id, seed, seats: seats.length, config };
    let lastPhase: string | null = null;
    try {
      for (let step = 0; ; step++) {
        fig.states++;
        const p = room.phase();
        const phaseId = p ? `${p.round}:${p.key}` : null;
        const chance = phaseId !== lastPhase ? sample.phaseStart : sample.other;
        lastPhase = phaseId;
        const running = room.status === "running";
        if (step === 0 || !running || rng.chance(chance)) auditState(room, game, rng, limits, fig, context);
        if (!running) break;
        if (step >= maxSteps) {
          fig.unfinished++;
          break;
        }
        let acted = false;
        for (const seat of rng.shuffle(seats)) {
          if (rng.chance(skipChance)) continue;
          const action = game.bot(game.view(room.state, seat), { seat, rng });
          if (action === null) continue;
          try {
            await room.act(userOf(seat), action, null);
            acted = true;
            break;
          } catch (e) {
            if (!(e instanceof CommandError)) throw e;
            fig.refusedBotMoves++;
          }
        }
        if (!acted) await room.host("audit-host", { type: "advance" });
      }
    } finally {
      room.dispose();
    }
    fig.games++;
  }
  return fig;
}
