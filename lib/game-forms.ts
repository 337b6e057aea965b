// A game's settings as a form can show them, worked out where zod is (a server
// page) and handed to the browser as plain data: the fields, the defaults, and
// the seat counts the game can be set up with.
import { describeConfig } from "./config-form";
import type { FieldSpec } from "./config-fields";
import { playableSeatCounts } from "./games/core/seats";
import type { AnyGame } from "./games/core/types";

export interface GameForm {
  id: string;
  name: string;
  fields: FieldSpec[] | null;
  defaults: unknown;
  seatCounts: number[];
  players: { min: number; max: number; recommended: number };
}

export function gameForm(game: AnyGame): GameForm {
  return { id: game.meta.id, name: game.meta.name, fields: describeConfig(game.configSchema), defaults: game.configSchema.parse({}), seatCounts: playableSeatCounts(game), players: game.meta.players };
}
