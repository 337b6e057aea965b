// Where each episode stands, derived from its rooms and the ledger: a main
// match, then (when it named an EC) the opponent choice and the death match.
import type { LedgerRow, SeasonRoomInfo, SeasonStage } from "./types";

export type EpisodeStep =
  /** The main match is being played (or waits in its lobby). */
  | "main"
  /** The host ended the main match early: it may be created again. */
  | "mainAgain"
  /** The main match named an EC: the opponent choice may be opened. */
  | "pickNext"
  | "pick"
  /** The opponent is named: the death match may be created. */
  | "deathNext"
  | "death"
  | "done";

export interface EpisodeState {
  number: number;
  step: EpisodeStep;
  /** The episode's rooms, oldest first. */
  rooms: SeasonRoomInfo[];
  /** The live (not ended early) room of each stage, when there is one. */
  current: Partial<Record<SeasonStage, SeasonRoomInfo>>;
  ec: string | null;
  /** Member ids the EC may name, the default first. */
  candidates: string[];
  opponent: string | null;
  /** How the opponent was named. */
  opponentBy: string | null;
  deathMatch: { winner: string; loser: string } | null;
  eliminated: string | null;
  /** The loser of the death match who spent a Token of Life to stay in. */
  saved: string | null;
}

function latest(rooms: SeasonRoomInfo[], stage: SeasonStage): SeasonRoomInfo | undefined {
  const of = rooms.filter((r) => r.stage === stage);
  return of.filter((r) => r.status !== "aborted").pop() ?? of.pop();
}

export function episodeState(number: number, allRooms: SeasonRoomInfo[], allRows: LedgerRow[]): EpisodeState {
  const rooms = allRooms.filter((r) => r.episode === number).sort((a, b) => a.createdAt - b.createdAt);
  const rows = allRows.filter((r) => r.episode === number);
  const main = latest(rooms, "main");
  const pick = latest(rooms, "pick");
  const death = latest(rooms, "death");
  const ecRow = rows.find((r) => r.kind === "ec");
  const opp = rows.find((r) => r.kind === "opponent");
  const won = rows.find((r) => r.kind === "deathMatch" && r.amount > 0);
  const lost = rows.find((r) => r.kind === "deathMatch" && r.amount < 0);
  const eliminated = rows.find((r) => r.kind === "eliminated")?.memberId ?? null;
  const saved = rows.find((r) => r.kind === "tokens" && r.amount < 0 && r.data?.spent)?.memberId ?? null;
  const open = (r: SeasonRoomInfo | undefined) => r && (r.status === "lobby" || r.status === "running");
  let step: EpisodeStep;
  if (!main || main.status === "aborted") step = "mainAgain";
  else if (open(main)) step = "main";
  else if (!ecRow) step = "done";
  else if (!opp) step = open(pick) ? "pick" : "pickNext";
  else if (death?.status === "finished") step = "done";
  else step = open(death) ? "death" : "deathNext";
  const current: EpisodeState["current"] = {};
  for (const [stage, r] of [["main", main], ["pick", pick], ["death", death]] as const) if (r && r.status !== "aborted") current[stage] = r;
  return {
    number,
    step,
    rooms,
    current,
    ec: ecRow?.memberId ?? null,
    candidates: Array.isArray(ecRow?.data?.candidates) ? (ecRow.data.candidates as string[]) : [],
    opponent: opp?.memberId ?? null,
    opponentBy: typeof opp?.data?.by === "string" ? opp.data.by : null,
    deathMatch: won && lost ? { winner: won.memberId, loser: lost.memberId } : null,
    eliminated,
    saved,
  };
}

/** Every episode with a room, in order. */
export function episodeStates(rooms: SeasonRoomInfo[], rows: LedgerRow[]): EpisodeState[] {
  const count = rooms.reduce((n, r) => Math.max(n, r.episode), 0);
  return Array.from({ length: count }, (_, i) => episodeState(i + 1, rooms, rows));
}
