// What a new room must pass before anything is written: a game that exists
// and may be made by hand, a seat count it plays with, a config its schema
// parses and its setup accepts, and a value the log can store.
import { randomBytes } from "node:crypto";
import { seatIds } from "../../lib/games/core/seats";
import type { AnyGame } from "../../lib/games/core/types";
import { storableProblem } from "../../lib/games/core/storable";
import { CommandError } from "./errors";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const MAX_OPEN_ROOMS_PER_HOST = 25;

export function newRoomCode(): string {
  const bytes = randomBytes(6);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/** The game and the parsed config of a room about to be created; a typed refusal otherwise. */
export function checkNewRoom(game: AnyGame | undefined, seatCount: number, config: unknown, season: boolean): { game: AnyGame; config: unknown } {
  // a game only a season plays (the opponent choice) is not made by hand
  if (!game || (game.meta.seasonOnly && !season)) throw new CommandError("room/unknown_game", "There is no such game.");
  const { min, max } = game.meta.players;
  if (seatCount < min || seatCount > max) throw new CommandError("room/seats", `${game.meta.name} is for ${min === max ? min : `${min}–${max}`} players.`);
  const parsed = game.configSchema.safeParse(config ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CommandError("room/config", `Config${issue?.path.length ? ` field ${issue.path.join(".")}` : ""}: ${issue?.message ?? "invalid"}.`);
  }
  const problem = storableProblem(parsed.data);
  if (problem) throw new CommandError(problem.code, problem.message);
  // a dry run of the game's setup refuses seat counts and configs the rules cannot use
  try {
    game.setup({ seats: seatIds(seatCount), config: parsed.data, seed: "validation" });
  } catch (e) {
    throw new CommandError("room/config", `${game.meta.name} cannot be set up like that: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { game, config: parsed.data };
}
