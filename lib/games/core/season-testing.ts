// For the games' season tests: a whole bot game set up from season inputs.
import { playWithBots } from "./commands";
import type { AnyGame, Outcome, SeasonEffects, SeasonInputs, SeatId } from "./types";

export const NO_INPUTS: SeasonInputs = { garnets: {}, marks: [], realms: null };

export function seasonBotGame(
  game: AnyGame,
  seats: SeatId[],
  opts: { inputs?: Partial<SeasonInputs>; config?: Record<string, unknown>; seed: string },
): { state: unknown; config: unknown; outcome: Outcome; effects: SeasonEffects } {
  const spec = game.season;
  if (!spec) throw new Error(`${game.meta.id} declares no season part`);
  const config = spec.configure(opts.config ?? {}, { ...NO_INPUTS, ...opts.inputs }, seats);
  const { state } = playWithBots(game, { seats, config, seed: opts.seed });
  const outcome = game.outcome(state);
  const effects = spec.effects(state);
  if (!outcome || !effects) throw new Error("the game ended without an outcome or effects");
  return { state, config: game.configSchema.parse(config), outcome, effects };
}

/** How many awards of `label` each seat got. */
export function awardCount(outcome: Outcome, label: string): Record<SeatId, number> {
  const out: Record<SeatId, number> = {};
  for (const a of outcome.awards) if (a.label === label) out[a.seat] = (out[a.seat] ?? 0) + 1;
  return out;
}
