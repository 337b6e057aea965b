// Folds event rows as the database returns them with the one fold (for tests that check the log against the live room).
import type { AnyGame } from "../../lib/games/core/types";
import { foldLog } from "../../lib/room/fold";
import { GameRules } from "../../lib/room/rules";
import type { LoggedEvent, RoomData } from "../../lib/room/types";

export interface EventRowLike {
  seq: number;
  kind: string;
  actor: string;
  payload: unknown;
  at: Date;
}

export function asLogged(rows: EventRowLike[]): LoggedEvent[] {
  return rows.map((e) => ({ seq: e.seq, kind: e.kind, actor: e.actor, payload: e.payload, at: e.at.getTime() }) as LoggedEvent);
}

/** The room a whole log folds to (from its creation event). */
export function foldRows(game: AnyGame, seed: string, rows: EventRowLike[]): RoomData {
  const data = foldLog(new GameRules(game, seed), null, asLogged(rows));
  if (!data) throw new Error("an empty log");
  return data;
}
