// Every game Garnet can run. Adding a game is adding a line here: nothing in
// server/ changes.
import type { AnyGame } from "./core/types";
import { game as fiveFoldPossession } from "./five-fold-possession";
import { game as opponentChoice } from "./opponent-choice";
import { game as secretSinner } from "./secret-sinner";
import { game as thothsBluff } from "./thoths-bluff";
import { game as truthDeflector } from "./truth-deflector";
import { game as truthWars } from "./truth-wars";

export const games: AnyGame[] = [thothsBluff, truthDeflector, truthWars, fiveFoldPossession, secretSinner, opponentChoice];

/** The games a host picks from (a season creates the others itself). */
export const catalogue: AnyGame[] = games.filter((g) => !g.meta.seasonOnly);

const byId = new Map(games.map((g) => [g.meta.id, g]));

export function getGame(id: string): AnyGame | undefined {
  return byId.get(id);
}
