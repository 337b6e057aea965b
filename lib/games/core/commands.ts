// The one reducer both the server and the tests use: a logged command applied
// to a game state. Replaying a log from the seed is folding this over it.
import type { Actor, AnyGame, GameDefinition, PhaseInfo, Rejection, SeatId } from "./types";
import { Codes, reject } from "./result";
import { isSeatId } from "./seats";
import { Rng } from "./rng";
import { phaseIdOf } from "./phase";
import { storableProblem } from "./storable";

export type GameCommand =
  | { kind: "action"; actor: Actor; action: unknown }
  | { kind: "timeout"; phase: string };

export { phaseIdOf } from "./phase";

/** An applied command: the next state, and for an action the action as the game's schema parsed it (what is logged). */
export type CommandResult = { ok: true; state: unknown; action?: unknown } | Rejection;

/** Parses and applies one command. Parsing is part of applying: a logged command is re-validated on replay. */
export function runCommand(game: AnyGame, state: unknown, cmd: GameCommand, phase: PhaseInfo = game.phase(state)): CommandResult {
  if (cmd.kind === "timeout") {
    const p = phase;
    if (p.finished) return reject("action/game_finished", "The game is over.");
    if (phaseIdOf(p) !== cmd.phase) return reject("timeout/stale", "That phase has already ended.");
    return { ok: true, state: game.timeout(state) };
  }
  // a game looks seats up by id: a name like "constructor" must never reach it
  if (cmd.actor !== "host" && !isSeatId(cmd.actor)) return reject(Codes.notAPlayer, "Only a seat or the host acts in a game.");
  const parsed = game.actionSchema.safeParse(cmd.action);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length ? ` at ${issue.path.join(".")}` : "";
    return reject("action/invalid", `That action is not well-formed${where}: ${issue?.message ?? "invalid"}.`);
  }
  try {
    const r = game.apply(state, cmd.actor, parsed.data);
    return r.ok ? { ok: true, state: r.state, action: parsed.data } : r;
  } catch (e) {
    return reject("action/engine_error", `The game could not apply that action (${e instanceof Error ? e.message : String(e)}).`);
  }
}

export function phaseId(game: AnyGame, state: unknown): string {
  return phaseIdOf(game.phase(state));
}

/**
 * The game's bot move for `seat` in `state`, from its own view and the phase
 * (the one way every caller asks a bot; `phase` when the caller has it already).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a bot reads its game's own view and config types
export function botMove<S, A extends { type: string }>(game: GameDefinition<S, any, A, any>, state: S, seat: SeatId, rng: Rng, phase: PhaseInfo = game.phase(state)): A | null {
  return game.bot(game.view(state, seat), { seat, rng, phase });
}

export interface BotGameResult {
  state: unknown;
  log: GameCommand[];
  actions: number;
  timeouts: number;
}

/**
 * Plays a whole game with the game's own bot in every seat (pure; for tests and
 * simulations). Throws if a bot move is rejected or the game does not end.
 */
export function playWithBots(
  game: AnyGame,
  opts: { seats: SeatId[]; config?: unknown; seed: string; botSeed?: string; maxSteps?: number; skipChance?: number },
): BotGameResult {
  const config = game.configSchema.parse(opts.config ?? {});
  let state = game.setup({ seats: opts.seats, config, seed: opts.seed });
  const rng = Rng.fromSeed(opts.botSeed ?? `${opts.seed}/bots`);
  const log: GameCommand[] = [];
  let actions = 0;
  let timeouts = 0;
  const maxSteps = opts.maxSteps ?? 100_000;
  for (let step = 0; step < maxSteps; step++) {
    const p = game.phase(state);
    if (p.finished) return { state, log, actions, timeouts };
    let acted = false;
    for (const seat of opts.seats) {
      if (opts.skipChance && rng.chance(opts.skipChance)) continue;
      const action = botMove(game, state, seat, rng);
      if (action === null) continue;
      const cmd: GameCommand = { kind: "action", actor: seat, action };
      const r = runCommand(game, state, cmd);
      if (!r.ok) throw new Error(`bot move of ${seat} rejected: ${r.code} ${r.message} ${JSON.stringify(action)}`);
      // a room logs the move as the schema parsed it, and refuses it when the log cannot keep that: a server-side bot would stall
      const problem = storableProblem({ action: r.action });
      if (problem) throw new Error(`bot move of ${seat} cannot be logged: ${problem.code} ${problem.message} ${JSON.stringify(action)}`);
      state = r.state;
      log.push(cmd);
      actions++;
      acted = true;
      break;
    }
    if (!acted) {
      const cmd: GameCommand = { kind: "timeout", phase: phaseIdOf(p) };
      const r = runCommand(game, state, cmd);
      if (!r.ok) throw new Error(`timeout rejected: ${r.code} ${r.message}`);
      state = r.state;
      log.push(cmd);
      timeouts++;
    }
  }
  throw new Error(`game did not finish within ${maxSteps} steps`);
}

/** Rebuilds a state from its setup and log. */
export function replay(game: AnyGame, setup: { seats: SeatId[]; config?: unknown; seed: string }, log: GameCommand[]): unknown {
  let state = game.setup({ seats: setup.seats, config: game.configSchema.parse(setup.config ?? {}), seed: setup.seed });
  for (const cmd of log) {
    const r = runCommand(game, state, cmd);
    if (!r.ok) throw new Error(`replay rejected a logged command: ${r.code} ${r.message}`);
    state = r.state;
  }
  return state;
}
