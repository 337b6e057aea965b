// Crash recovery, end to end: rooms of real games played over sockets against a
// room server in its own process, which is killed with SIGKILL again and again
// (at random moments, and right between a commit and its ack/broadcast), then
// restarted on the same port while the players reconnect and play on to the end.
// What must hold afterwards:
// - no acknowledged action is missing from the log (at the version its ack named);
// - no action is in the log twice, and none that no seat sent;
// - every room's state equals a replay of its whole log from the seed, and every
//   seat's last view equals the view of that replay;
// - each running phase got back the time it had left at the crash (± 250 ms),
//   and a phase that then ran out timed out no earlier than that.
import { isDeepStrictEqual } from "node:util";
import { Rng } from "../../lib/games/core/rng";
import { phaseIdOf } from "../../lib/games/core/phase";
import type { AnyGame } from "../../lib/games/core/types";
import { createDb, type Db } from "../db/client";
import { foldRows } from "./fold-rows";
import { gameOrFixture } from "./fixture-game";
import { client as hostClient, createTestDb } from "./harness";
import { SeatClient, type ActOutcome } from "./seat-client";
import { freePort, ServerProcess, type Exit } from "./server-process";

export interface CrashRoomSpec {
  gameId: string;
  seats: number;
  /** Seats played over sockets (the first ones); the server's bots play the rest. */
  clientSeats: number;
  config: Record<string, unknown>;
  /** The first client seat sits out about half of the phases, so that they end by the clock. */
  lazySeat?: boolean;
}

export interface CrashRunOptions {
  pgBase: string;
  rooms: CrashRoomSpec[];
  kills: number;
  seed: string;
  /** Time between a restart and the next kill, ms. */
  gapMs?: [number, number];
  /** Time the server stays down, ms. */
  downMs?: [number, number];
  /** A player's thinking time before each move, ms. */
  thinkMs?: [number, number];
  /** The server's bots wait this long before each move, ms. */
  botDelayMs?: number;
  /** Give up (and fail) when the games are not over by then. */
  budgetMs?: number;
  toleranceMs?: number;
  log?: (line: string) => void;
}

interface Sent {
  clientId: string;
  code: string;
  seat: string;
  outcome: ActOutcome | null;
}

interface DeadlineCheck {
  code: string;
  phase: string;
  leftAtCrash: number;
  leftAtRestart: number;
  /** The re-armed deadline, to check the timeout against. */
  deadlineAt: number;
}

export interface KillRecord {
  n: number;
  point: "after-commit" | "random";
  downMs: number;
  /** Spawn to serving. */
  restartMs: number;
  /** Actions the players had sent and never got an answer to, because of this kill. */
  unanswered: number;
  roomsRecovered: number;
  /** The phase each room with a running clock was in at the crash. */
  phases: Map<string, string>;
  deadlines: DeadlineCheck[];
  movedOn: number;
}

export interface CrashReport {
  failures: string[];
  kills: KillRecord[];
  totals: {
    rooms: number;
    events: number;
    sent: number;
    acked: number;
    refused: number;
    /** Refusals by code (a bot move can be refused when the phase moved on under it). */
    refusedBy: Record<string, number>;
    /** Sent, then the server died: in the log (the ack was lost with the server) or not (lost before its commit). */
    unansweredInLog: number;
    unansweredNotInLog: number;
    timeoutsAfterRestart: { count: number; maxLateMs: number };
    worstDeadlineErrorMs: number;
    durationMs: number;
  };
}

const HOST = { id: "guest:crash-host", name: "Host Hana" };

function lookup(id: string): AnyGame {
  const g = gameOrFixture(id);
  if (!g) throw new Error(`no game ${id}`);
  return g;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

/** One seat played by a socket client with the game's bot. */
class Player {
  private busy = false;
  private timer: NodeJS.Timeout | null = null;
  private n = 0;
  stopped = false;

  constructor(
    readonly code: string,
    readonly seat: string,
    readonly client: SeatClient,
    private readonly rng: Rng,
    private readonly think: () => number,
    private readonly sitsOut: ((phase: string) => boolean) | null,
    private readonly sent: Sent[],
  ) {}

  poke(): void {
    if (this.busy || this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.step();
    }, this.think());
  }

  private async step(): Promise<void> {
    const p = this.client.payload;
    if (this.stopped || !this.client.socket.connected || !p || p.status !== "running" || !p.phase) return;
    if (this.sitsOut?.(phaseIdOf(p.phase))) return;
    const action = this.client.nextMove(this.rng);
    if (action === null) return;
    const rec: Sent = { clientId: `${this.code}/${this.seat}/${++this.n}`, code: this.code, seat: this.seat, outcome: null };
    this.sent.push(rec);
    this.busy = true;
    rec.outcome = await this.client.act(action, rec.clientId, 20_000);
    this.busy = false;
    this.poke();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

interface LiveRoom {
  code: string;
  id: string;
  seed: string;
  game: AnyGame;
  players: Player[];
}

export async function runCrashScenario(o: CrashRunOptions): Promise<CrashReport> {
  const began = Date.now();
  const log = o.log ?? (() => {});
  const rng = Rng.fromSeed(o.seed);
  const between = ([lo, hi]: [number, number]) => lo + rng.int(hi - lo + 1);
  const tolerance = o.toleranceMs ?? 250;
  const budget = o.budgetMs ?? 60_000;
  const failures: string[] = [];
  const kills: KillRecord[] = [];
  const sent: Sent[] = [];
  const rooms: LiveRoom[] = [];

  const testDb = await createTestDb(o.pgBase);
  const db: Db = createDb(testDb.url, 2);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const start = () => ServerProcess.start({ databaseUrl: testDb.url, port, botDelayMs: o.botDelayMs ?? 40, heartbeatMs: 50, snapshotEvery: 7 });
  let server = (await start()).server;

  try {
    // ---- set up the rooms: a host creates and starts them; players take the first seats ----
    const host = await hostClient(url, HOST);
    let user = 0;
    for (const spec of o.rooms) {
      const game = lookup(spec.gameId);
      const created = await host.req<{ code: string }>("room:create", { gameId: spec.gameId, seats: spec.seats, config: spec.config });
      if (!created.ok) throw new Error(`room:create ${spec.gameId}: ${created.message}`);
      const code = created.code;
      const players: Player[] = [];
      for (let i = 0; i < spec.clientSeats; i++) {
        const u = { id: `guest:crash-${++user}`, name: `Player ${user}` };
        let player: Player | null = null;
        const client = await SeatClient.open({ url, user: u, code, game, reconnect: true, onState: () => player?.poke(), onWatched: () => player?.poke() }, true);
        const seat = client.seat!;
        const lazy = spec.lazySeat && i === 0;
        const sitsOut = lazy ? (phase: string) => Rng.fromSeed(`${o.seed}/lazy/${code}/${phase}`).chance(0.5) : null;
        player = new Player(code, seat, client, Rng.fromSeed(`${o.seed}/${code}/${seat}`), () => between(o.thinkMs ?? [5, 40]), sitsOut, sent);
        players.push(player);
      }
      const started = await host.req("host:command", { code, command: { type: "start", fillWithBots: true } });
      if (!started.ok) throw new Error(`start ${spec.gameId}: ${started.message}`);
      const row = await db.room.findUniqueOrThrow({ where: { code } });
      rooms.push({ code, id: row.id, seed: row.seed, game, players });
    }
    host.close();
    for (const r of rooms) for (const p of r.players) p.poke();
    log(`${rooms.length} rooms running: ${o.rooms.map((s) => `${s.gameId} (${s.seats} seats, ${s.clientSeats} over sockets${s.lazySeat ? ", one lazy" : ""})`).join(", ")}`);

    // ---- kill, look at what the database holds, restart, check the clocks ----
    for (let k = 1; k <= o.kills; k++) {
      await sleep(between(o.gapMs ?? [300, 1200]));
      let point: KillRecord["point"] = k % 2 === 1 ? "after-commit" : "random";
      let exit: Exit & { sentAt?: number };
      if (point === "after-commit") {
        await server.ask({ type: "crash-after-commits", batches: 1 + rng.int(8) });
        const died = await Promise.race([server.exited, sleep(5000).then(() => null)]);
        if (died) exit = died;
        else {
          point = "random"; // nothing committed for 5 s: kill it anyway
          exit = await server.kill();
        }
      } else exit = await server.kill();
      const killedAt = exit.killed?.at ?? exit.sentAt ?? exit.at;

      const atCrash = await db.room.findMany({ where: { id: { in: rooms.map((r) => r.id) } } });
      const crashPhase = new Map<string, string>();
      for (const row of atCrash) {
        if (row.status !== "running" || row.deadlineAt === null || row.pausedAt !== null) continue;
        const r = rooms.find((x) => x.id === row.id)!;
        const events = await db.event.findMany({ where: { roomId: row.id, seq: { lte: row.version } }, orderBy: { seq: "asc" } });
        const p = r.game.phase(foldRows(r.game, r.seed, events).state);
        crashPhase.set(row.code, phaseIdOf(p));
      }

      const downMs = between(o.downMs ?? [100, 800]);
      await sleep(Math.max(0, killedAt + downMs - Date.now()));
      const restarted = await start();
      server = restarted.server;
      const unanswered = sent.filter((s) => s.outcome?.kind === "no-answer").length - kills.reduce((n, x) => n + x.unanswered, 0);
      const inspected = await server.ask({ type: "inspect", codes: [...crashPhase.keys()] });
      const deadlines: DeadlineCheck[] = [];
      let movedOn = 0;
      for (const live of inspected.rooms) {
        const before = atCrash.find((x) => x.code === live.code)!;
        const r = rooms.find((x) => x.code === live.code)!;
        const p = r.game.phase(live.state);
        if (phaseIdOf(p) !== crashPhase.get(live.code) || live.clock.deadlineAt === null) {
          movedOn++; // a move after the restart ended the phase before it could be looked at
          continue;
        }
        deadlines.push({
          code: live.code,
          phase: crashPhase.get(live.code)!,
          leftAtCrash: before.deadlineAt!.getTime() - killedAt,
          leftAtRestart: live.clock.deadlineAt - restarted.readyAt,
          deadlineAt: live.clock.deadlineAt,
        });
      }
      const rec: KillRecord = { n: k, point, downMs: restarted.readyAt - killedAt, restartMs: restarted.readyAt - server.spawnedAt, unanswered, roomsRecovered: restarted.rooms, phases: crashPhase, deadlines, movedOn };
      kills.push(rec);
      const worst = worstError(deadlines);
      log(
        `kill ${k} (${point === "after-commit" ? `after commit of batch ${exit.killed?.batch}, before its acks and broadcasts` : "at a random moment"}): ` +
          `${unanswered} action(s) left unanswered; down ${rec.downMs} ms, serving again ${rec.restartMs} ms after the restart; ` +
          `${rec.roomsRecovered} room(s) recovered; ${deadlines.length} running deadline(s) re-armed, worst error ${worst > 0 ? "+" : ""}${worst} ms` +
          (movedOn ? ` (${movedOn} room(s) had moved on before inspection)` : ""),
      );
      for (const d of deadlines) {
        if (Math.abs(d.leftAtRestart - d.leftAtCrash) > tolerance)
          failures.push(`kill ${k}: room ${d.code} phase ${d.phase} had ${d.leftAtCrash} ms left at the crash but ${d.leftAtRestart} ms once serving again`);
      }
    }

    // ---- play to the end ----
    const over = Date.now() + Math.max(5000, budget - (Date.now() - began));
    let unfinished = rooms.map((r) => r.code);
    while (unfinished.length && Date.now() < over) {
      await sleep(250);
      const rows = await db.room.findMany({ where: { code: { in: unfinished } }, select: { code: true, status: true } });
      unfinished = rows.filter((r) => r.status === "running").map((r) => r.code);
    }
    for (const code of unfinished) failures.push(`room ${code} (${rooms.find((r) => r.code === code)!.game.meta.id}) did not finish within the time budget`);
    for (const r of rooms) for (const p of r.players) p.stop();
    // let the last answers and broadcasts land
    for (let i = 0; i < 40 && sent.some((s) => s.outcome === null); i++) await sleep(50);

    // ---- verify ----
    const inspected = await server.ask({ type: "inspect", codes: rooms.map((r) => r.code) });
    let events = 0;
    let unansweredInLog = 0;
    let unansweredNotInLog = 0;
    const timeouts = { count: 0, maxLateMs: 0 };
    for (const r of rooms) {
      const log = await db.event.findMany({ where: { roomId: r.id }, orderBy: { seq: "asc" } });
      events += log.length;
      const live = inspected.rooms.find((x) => x.code === r.code);
      if (!live) {
        failures.push(`room ${r.code} could not be loaded on the server`);
        continue;
      }
      log.forEach((e, i) => {
        if (e.seq !== i + 1) failures.push(`room ${r.code}: the log skips from ${i} to ${e.seq}`);
      });
      if (live.version !== log.length) failures.push(`room ${r.code}: version ${live.version} but ${log.length} logged events`);
      const replayed = foldRows(r.game, r.seed, log).state;
      if (!isDeepStrictEqual(json(replayed), json(live.state))) failures.push(`room ${r.code}: the live state differs from a replay of its log from the seed`);

      const byClientId = new Map<string, (typeof log)[number]>();
      for (const e of log) {
        if (!e.clientId) continue;
        if (byClientId.has(e.clientId)) failures.push(`room ${r.code}: action ${e.clientId} was applied twice (seq ${byClientId.get(e.clientId)!.seq} and ${e.seq})`);
        byClientId.set(e.clientId, e);
      }
      const mine = sent.filter((s) => s.code === r.code);
      const sentIds = new Set(mine.map((s) => s.clientId));
      for (const id of byClientId.keys()) if (!sentIds.has(id)) failures.push(`room ${r.code}: the log holds ${id}, which no seat sent`);
      for (const s of mine) {
        const e = byClientId.get(s.clientId);
        if (s.outcome?.kind === "ack") {
          if (!e) failures.push(`room ${r.code}: acknowledged action ${s.clientId} (version ${s.outcome.version}) is not in the log`);
          else if (e.seq !== s.outcome.version || e.actor !== s.seat) failures.push(`room ${r.code}: ${s.clientId} was acknowledged as version ${s.outcome.version} of ${s.seat}, logged as ${e.seq} of ${e.actor}`);
        } else if (s.outcome?.kind === "refused" && e) failures.push(`room ${r.code}: refused action ${s.clientId} is in the log`);
        else if (s.outcome === null || s.outcome.kind === "no-answer") {
          if (e) unansweredInLog++;
          else unansweredNotInLog++;
        }
      }

      for (const p of r.players) {
        for (let i = 0; i < 40 && (p.client.payload?.version ?? 0) < live.version; i++) await sleep(50);
        const view = p.client.payload;
        if (!view || view.version !== live.version) failures.push(`room ${r.code}: seat ${p.seat} last saw version ${view?.version}, the room is at ${live.version}`);
        else if (!isDeepStrictEqual(json(view.view), json(r.game.view(replayed, p.seat)))) failures.push(`room ${r.code}: seat ${p.seat}'s last view differs from the replay's`);
      }

      // a phase may live through several crashes: its last re-armed deadline is the one that counts,
      // and one that could not be looked at (the phase ended first) leaves nothing to check
      const lastArmed = new Map<string, DeadlineCheck>();
      for (const k of kills) {
        const phase = k.phases.get(r.code);
        if (phase === undefined) continue;
        const d = k.deadlines.find((x) => x.code === r.code);
        if (d) lastArmed.set(phase, d);
        else lastArmed.delete(phase);
      }
      for (const d of lastArmed.values()) {
        const fired = log.find((e) => e.kind === "timeout" && e.actor === "clock" && (e.payload as { phase?: string }).phase === d.phase);
        if (!fired) continue;
        timeouts.count++;
        const late = fired.at.getTime() - d.deadlineAt;
        timeouts.maxLateMs = Math.max(timeouts.maxLateMs, late);
        if (late < -5) failures.push(`room ${r.code}: phase ${d.phase} timed out ${-late} ms before its re-armed deadline`);
      }
    }

    const totals: CrashReport["totals"] = {
      rooms: rooms.length,
      events,
      sent: sent.length,
      acked: sent.filter((s) => s.outcome?.kind === "ack").length,
      refused: sent.filter((s) => s.outcome?.kind === "refused").length,
      refusedBy: sent.reduce<Record<string, number>>((m, s) => {
        if (s.outcome?.kind === "refused") m[s.outcome.code] = (m[s.outcome.code] ?? 0) + 1;
        return m;
      }, {}),
      unansweredInLog,
      unansweredNotInLog,
      timeoutsAfterRestart: timeouts,
      worstDeadlineErrorMs: worstError(kills.flatMap((k) => k.deadlines)),
      durationMs: Date.now() - began,
    };
    return { failures, kills, totals };
  } finally {
    for (const r of rooms) for (const p of r.players) {
      p.stop();
      p.client.close();
    }
    await server.stop();
    await db.$disconnect();
    await testDb.drop();
  }
}

/** The largest difference (signed: + means more time than at the crash) between time left at the crash and once serving again. */
function worstError(checks: DeadlineCheck[]): number {
  return checks.reduce((m, d) => {
    const e = d.leftAtRestart - d.leftAtCrash;
    return Math.abs(e) > Math.abs(m) ? e : m;
  }, 0);
}

/** The run in a few lines. */
export function describeCrashReport(r: CrashReport): string[] {
  const t = r.totals;
  const deadlines = r.kills.reduce((n, k) => n + k.deadlines.length, 0);
  return [
    `${t.rooms} rooms, ${r.kills.length} kills (${r.kills.filter((k) => k.point === "after-commit").length} between a commit and its ack), ${t.events} logged events in ${(t.durationMs / 1000).toFixed(1)} s`,
    `actions sent over sockets: ${t.sent}; acknowledged ${t.acked}, refused ${t.refused}${t.refused ? ` (${Object.entries(t.refusedBy).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([c, n]) => `${c} ${n}`).join(", ")})` : ""}, unanswered because the server died: ${t.unansweredInLog + t.unansweredNotInLog} (${t.unansweredInLog} committed before the crash, ${t.unansweredNotInLog} never committed)`,
    `deadlines re-armed: ${deadlines}, worst error ${t.worstDeadlineErrorMs > 0 ? "+" : ""}${t.worstDeadlineErrorMs} ms; ${t.timeoutsAfterRestart.count} of those phases later ran out, at most ${t.timeoutsAfterRestart.maxLateMs} ms after the re-armed deadline`,
    r.failures.length ? `FAILED: ${r.failures.length} problem(s)` : "no acknowledged action lost, none applied twice, every state equals its replay",
  ];
}
