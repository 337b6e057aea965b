// Property-based fuzzing of a game's pure functions (test tooling: not part of
// the engine, and kept out of `core/index.ts`). A script is a seeded setup and a
// list of steps — the games' own bot moves, clock timeouts, and illegal input
// from random actors: other seats' moves, bot moves with a field changed,
// dropped or added, arbitrary JSON, stale timeouts, repeats. Checked at every
// step: nothing throws; a refused action is a typed rejection and leaves the
// state exactly as it was; strangers are always refused; accepted states are
// plain JSON and keep the game's invariants; every viewer's view, the phase,
// the chat rules and the outcome can be built, and every view equals the one
// built from a copy of the state (so a view part kept from an earlier state is
// never stale); the views a game says a move leaves as they were
// (`changedViews`) are; replaying the accepted log from
// the seed gives the same state. Actions go through `runCommand`, as on the server.
import fc from "fast-check";
import { botMove, phaseIdOf, replay, runCommand, type CommandResult, type GameCommand } from "./commands";
import { corrupted, withJunk } from "./hostile";
import { Rng } from "./rng";
import { playableSeatCounts, seatIds } from "./seats";
import type { Actor, AnyGame, SeatId } from "./types";

/** Who sends a step: a seat by index (past the table: a seat that does not exist), the host, or a made-up name. */
export type ActorPick = { seat: number } | { host: true } | { name: string };

export type FuzzStep =
  | { kind: "bot"; seat: number }
  | { kind: "timeout"; times: number }
  | { kind: "stale"; phase: string }
  | { kind: "foreign"; seat: number; actor: ActorPick }
  | { kind: "mutate"; seat: number; actor: ActorPick; at: number; how: "set" | "drop" | "add"; value: unknown }
  | { kind: "junk"; actor: ActorPick; action: unknown }
  | { kind: "again"; actor: ActorPick }
  /** A bot's move with unknown fields added (must be taken as the move itself, the fields dropped) or a field made hostile (control characters, lone surrogates, bidi, huge numbers, deep nesting). */
  | { kind: "hostile"; seat: number; how: "extra" | "field"; pick: number };

export interface FuzzSetup {
  /** Index into the seat counts the game can be set up with. */
  seats: number;
  /** Index into the default config and the ones the game declares for its leak audit. */
  config: number;
  seed: number;
}

export interface FuzzStats {
  scripts: number;
  steps: number;
  /** Actions sent to `apply` (legal or not) and timeouts. */
  commands: number;
  accepted: number;
  rejected: number;
  /** Rejection codes with their counts (`action/invalid`: refused by the action schema). */
  codes: Record<string, number>;
  /** Sent / accepted per kind of step. */
  kinds: Record<string, { sent: number; accepted: number }>;
  invariantChecks: number;
  views: number;
  replays: number;
  finished: number;
}

export function emptyStats(): FuzzStats {
  return { scripts: 0, steps: 0, commands: 0, accepted: 0, rejected: 0, codes: {}, kinds: {}, invariantChecks: 0, views: 0, replays: 0, finished: 0 };
}

export function addStats(into: FuzzStats, more: FuzzStats): FuzzStats {
  for (const k of ["scripts", "steps", "commands", "accepted", "rejected", "invariantChecks", "views", "replays", "finished"] as const) into[k] += more[k];
  for (const [c, n] of Object.entries(more.codes)) into.codes[c] = (into.codes[c] ?? 0) + n;
  for (const [k, v] of Object.entries(more.kinds)) {
    const t = (into.kinds[k] ??= { sent: 0, accepted: 0 });
    t.sent += v.sent;
    t.accepted += v.accepted;
  }
  return into;
}

/** Where `value` is not plain JSON (undefined, a non-finite number, a class instance…), or null. */
export function plainJsonProblem(value: unknown, path = "(root)"): string | null {
  if (value === null || typeof value === "string" || typeof value === "boolean") return null;
  if (typeof value === "number") return Number.isFinite(value) ? null : `${path} is ${value}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = plainJsonProblem(value[i], `${path}[${i}]`);
      if (p) return p;
    }
    return null;
  }
  if (typeof value === "object") {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return `${path} is a ${proto?.constructor?.name ?? "non-plain object"}`;
    for (const [k, v] of Object.entries(value)) {
      const p = plainJsonProblem(v, `${path}.${k}`);
      if (p) return p;
    }
    return null;
  }
  return `${path} is a ${typeof value}`;
}

function actorOf(pick: ActorPick, seats: SeatId[]): Actor {
  if ("host" in pick) return "host";
  if ("name" in pick) return pick.name;
  return seats[pick.seat] ?? `s${pick.seat + 1}`;
}

/** Every path inside an action object (keys and array indexes), for changing one field. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
}

function mutated(action: unknown, at: number, how: "set" | "drop" | "add", value: unknown): unknown {
  const copy = structuredClone(action) as Record<string | number, unknown>;
  const paths = pathsOf(copy);
  const path = paths.length ? paths[at % paths.length]! : [];
  let parent: Record<string | number, unknown> = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const key = path[path.length - 1];
  if (how === "add" || key === undefined) parent[`extra${at % 3}`] = value;
  else if (how === "drop") {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else parent[key] = value;
  return copy;
}

export class FuzzFailure extends Error {}

/**
 * Runs one script and checks every property; throws `FuzzFailure` on the first
 * broken one. Pure apart from `stats`.
 */
export function runFuzzScript(game: AnyGame, setup: FuzzSetup, steps: FuzzStep[], stats: FuzzStats = emptyStats()): void {
  const counts = playableSeatCounts(game);
  const seats = seatIds(counts[setup.seats % counts.length]!);
  const configs = [{}, ...(game.secrets?.configs ?? [])];
  const config = configs[setup.config % configs.length];
  const seed = `fuzz-${setup.seed}`;
  let state: unknown = game.setup({ seats, config: game.configSchema.parse(config), seed });
  const log: GameCommand[] = [];
  let last: unknown = null;
  const fail = (what: string): never => {
    throw new FuzzFailure(`${game.meta.id} (${seats.length} seats, config ${JSON.stringify(config)}, seed ${seed}, after ${log.length} accepted commands): ${what}`);
  };
  const kind = (k: string) => (stats.kinds[k] ??= { sent: 0, accepted: 0 });

  const checkState = (next: unknown, before: unknown) => {
    const plain = plainJsonProblem(next);
    if (plain) fail(`the state is not plain JSON: ${plain}`);
    const broken = game.invariants?.(next, before) ?? [];
    stats.invariantChecks++;
    if (broken.length) fail(`invariants broken: ${broken.slice(0, 5).join("; ")}`);
    // the same state in new objects: no view part kept from an earlier state (core/view-parts.ts) applies to it
    const copy = structuredClone(next);
    const was = JSON.stringify(next);
    for (const viewer of [...seats, "spectator", "host"]) {
      const view = game.view(next, viewer);
      const p = plainJsonProblem(view);
      stats.views++;
      if (p) fail(`the view for ${viewer} is not plain JSON: ${p}`);
      if (JSON.stringify(view) !== JSON.stringify(game.view(copy, viewer))) fail(`the view for ${viewer} differs from the one built from a copy of the state: a kept view part is stale`);
    }
    // the chat rules too may be kept from an earlier state (asked with the same seat list every time, as a room asks): they must equal the ones built from the copy
    if (game.chat && JSON.stringify(game.chat(next, seats)) !== JSON.stringify(game.chat(copy, seats.slice()))) fail("the chat rules differ from the ones built from a copy of the state: kept rules are stale");
    game.outcome(next);
    // a view may hold the state's own records: nothing that builds or reads views may change them
    if (JSON.stringify(next) !== was) fail("building the views, the chat rules or the outcome changed the state");
  };

  /** The views the game says a move leaves as they were (`changedViews`) are, as JSON: each built from a copy of either state, where nothing kept applies. */
  const checkUnchangedViews = (before: unknown, after: unknown, actor: Actor, action: unknown) => {
    const changed = game.changedViews?.(before, after, actor, action) ?? null;
    if (changed === null) return;
    const [b, a] = [structuredClone(before), structuredClone(after)];
    for (const viewer of [...seats, "spectator"]) {
      if (changed.includes(viewer)) continue;
      stats.views++;
      if (JSON.stringify(game.view(b, viewer)) !== JSON.stringify(game.view(a, viewer))) fail(`the view for ${viewer} changed with ${JSON.stringify(action)} from ${actor}, though the game says only ${JSON.stringify(changed)} change`);
    }
  };

  /** Sends one action as the socket path would (schema first, then apply); returns whether it was accepted. */
  const send = (stepKind: string, actor: Actor, action: unknown, mustAccept: boolean, parsedAs?: unknown): boolean => {
    stats.commands++;
    kind(stepKind).sent++;
    const before = JSON.stringify(state);
    // the server's path: the action schema, then the game's apply (a throw there comes back as engine_error)
    const r: CommandResult = runCommand(game, state, { kind: "action", actor, action });
    if (!r.ok && r.code === "action/engine_error") fail(`apply threw on ${JSON.stringify(action)} from ${JSON.stringify(actor)}: ${r.message}`);
    if (JSON.stringify(state) !== before) fail(`apply changed the state it was given (${JSON.stringify(action)} from ${actor})`);
    if (!r.ok) {
      if (typeof r.code !== "string" || !/^[a-z_]+\/[a-z_]+$/.test(r.code) || typeof r.message !== "string" || !r.message) fail(`a rejection without a typed code and a message: ${JSON.stringify(r)}`);
      stats.rejected++;
      stats.codes[r.code] = (stats.codes[r.code] ?? 0) + 1;
      if (mustAccept) fail(`the bot's own move was refused: ${r.code} ${r.message} ${JSON.stringify(action)} from ${actor}`);
      return false;
    }
    if (actor !== "host" && !seats.includes(actor)) fail(`an action from ${JSON.stringify(actor)}, who holds no seat, was accepted: ${JSON.stringify(action)}`);
    // what is logged is the parsed action: unknown fields must not survive the schema
    if (parsedAs !== undefined && JSON.stringify(r.action) !== JSON.stringify(parsedAs)) fail(`unknown fields survived the action schema: ${JSON.stringify(r.action).slice(0, 300)}`);
    stats.accepted++;
    kind(stepKind).accepted++;
    log.push({ kind: "action", actor, action: r.action ?? action });
    last = action;
    checkUnchangedViews(state, r.state, actor, r.action ?? action);
    checkState(r.state, state);
    state = r.state;
    return true;
  };

  const timeout = (stepKind: string, phase: string) => {
    stats.commands++;
    kind(stepKind).sent++;
    const before = JSON.stringify(state);
    const r = runCommand(game, state, { kind: "timeout", phase });
    if (JSON.stringify(state) !== before) fail("a timeout changed the state it was given");
    if (!r.ok) {
      stats.rejected++;
      stats.codes[r.code] = (stats.codes[r.code] ?? 0) + 1;
      return;
    }
    if (stepKind === "stale") fail(`a timeout for phase ${phase} was accepted in phase ${JSON.stringify(game.phase(state))}`);
    stats.accepted++;
    kind(stepKind).accepted++;
    log.push({ kind: "timeout", phase });
    checkState(r.state, state);
    state = r.state;
  };

  const botStep = (seat: SeatId, i: number): unknown => {
    const was = JSON.stringify(state);
    const move = botMove(game, state, seat, Rng.fromSeed(`${seed}/bot/${i}`));
    // a bot reads a view, which may hold the state's own records
    if (JSON.stringify(state) !== was) fail(`the bot for ${seat} changed the state through its view`);
    return move;
  };

  checkState(state, null);
  steps.forEach((step, i) => {
    stats.steps++;
    const seat = (n: number) => seats[n % seats.length]!;
    switch (step.kind) {
      case "bot": {
        const action = botStep(seat(step.seat), i);
        if (action !== null) send("bot", seat(step.seat), action, true);
        break;
      }
      case "timeout":
        for (let t = 0; t < step.times; t++) {
          const p = game.phase(state);
          timeout("timeout", phaseIdOf(p));
        }
        break;
      case "stale": {
        const p = game.phase(state);
        if (step.phase !== phaseIdOf(p)) timeout("stale", step.phase);
        break;
      }
      case "foreign": {
        const action = botStep(seat(step.seat), i);
        if (action !== null) send("foreign", actorOf(step.actor, seats), action, false);
        break;
      }
      case "mutate": {
        const action = botStep(seat(step.seat), i);
        if (action !== null) send("mutate", actorOf(step.actor, seats), mutated(action, step.at, step.how, step.value), false);
        break;
      }
      case "junk":
        send("junk", actorOf(step.actor, seats), step.action, false);
        break;
      case "again":
        if (last !== null) send("again", actorOf(step.actor, seats), last, false);
        break;
      case "hostile": {
        const action = botStep(seat(step.seat), i);
        if (action === null) break;
        const rng = Rng.fromSeed(`${seed}/hostile/${step.pick}`);
        if (step.how === "extra") {
          // the move with junk around it is the move: accepted as the bot's own, logged without the junk
          const parsed = game.actionSchema.safeParse(action);
          send("hostile-extra", seat(step.seat), withJunk(action, rng), true, parsed.success ? parsed.data : undefined);
        } else send("hostile-field", seat(step.seat), corrupted(action, rng), false);
        break;
      }
    }
  });

  const again = replay(game, { seats, config, seed }, log);
  stats.replays++;
  if (JSON.stringify(again) !== JSON.stringify(state)) fail("replaying the accepted log from the seed gave another state");
  if (game.phase(state).finished) stats.finished++;
  stats.scripts++;
}

// ---------------------------------------------------------------- arbitraries

const strangers = ["", "s0", "s99", "S1", "spectator", "__proto__", "constructor", "host ", "s1\u0000", "clock", "🂡"];

export const actorArb: fc.Arbitrary<ActorPick> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ seat: fc.nat(24) }) },
  { weight: 2, arbitrary: fc.constant({ host: true as const }) },
  { weight: 2, arbitrary: fc.oneof(fc.constantFrom(...strangers), fc.string({ maxLength: 12 })).map((name) => ({ name })) },
);

const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(-1, 0, 1, 2 ** 31, -(2 ** 53), 1e308, 0.5, "", "s1", "host", "d20", null, [], {}, true),
  fc.string({ maxLength: 2000 }),
);

export const stepArb: fc.Arbitrary<FuzzStep> = fc.oneof(
  { weight: 30, arbitrary: fc.record({ kind: fc.constant("bot" as const), seat: fc.nat(24) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("timeout" as const), times: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("stale" as const), phase: fc.oneof(fc.constantFrom("0:none", "1:rolling", "99:submit", "", "1:round"), fc.string({ maxLength: 12 })) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("foreign" as const), seat: fc.nat(24), actor: actorArb }) },
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant("mutate" as const), seat: fc.nat(24), actor: actorArb, at: fc.nat(50), how: fc.constantFrom("set" as const, "drop" as const, "add" as const), value: valueArb }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("junk" as const), actor: actorArb, action: fc.oneof(valueArb, fc.record({ type: fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom("done", "submit", "vote", "roll", "lock", "pickWinner", "pickEC", "query")) }, { requiredKeys: [] })) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("again" as const), actor: actorArb }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("hostile" as const), seat: fc.nat(24), how: fc.constantFrom("extra" as const, "field" as const), pick: fc.nat(1_000_000) }) },
);

export const setupArb: fc.Arbitrary<FuzzSetup> = fc.record({ seats: fc.nat(20), config: fc.nat(5), seed: fc.nat(1_000_000) });

/** The property over one game: any script keeps every check above. */
export function gameProperty(game: AnyGame, maxSteps: number, stats: FuzzStats): fc.IPropertyWithHooks<[FuzzSetup, FuzzStep[]]> {
  return fc.property(setupArb, fc.array(stepArb, { minLength: 1, maxLength: maxSteps, size: "max" }), (setup, steps) => {
    runFuzzScript(game, setup, steps, stats);
  });
}
