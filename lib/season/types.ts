// The season's shared vocabulary: its settings, the ledger's rows and the link
// that ties a room to its season. Server and browser both use it.
import { z } from "zod";
import { form } from "../games/core/config-meta";
import type { Realm, SeatId } from "../games/core/types";

export const seasonSettings = z.object({
  startingGarnets: z.int().min(0).max(100).default(10).meta(form({ title: "Starting garnets", description: "Garnets every member starts the season with.", unit: "garnets" })),
  tokenOfLife: z
    .enum(["survive", "none"])
    .default("survive")
    .meta(
      form({
        title: "Token of Life",
        description: "What a Token of Life does for the loser of a death match who holds one.",
        options: { survive: "Spent to survive a lost death match", none: "Nothing: Tokens are only counted" },
      }),
    ),
  pickSeconds: z.int().min(10).max(86_400).default(120).meta(form({ title: "Time to name an opponent", description: "How long the Elimination Candidate has to name a death match opponent.", unit: "seconds" })),
});
export type SeasonSettings = z.infer<typeof seasonSettings>;

/** What a ledger row records. Balances are sums of `amount` per kind. */
export const LEDGER_KINDS = ["garnets", "tokens", "opals", "mark", "ec", "points", "realm", "opponent", "deathMatch", "eliminated"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Kinds only the member concerned and the host may see (a game tells garnets privately). */
export const PRIVATE_KINDS: readonly LedgerKind[] = ["garnets"];

export type SeasonStage = "main" | "pick" | "death";

export interface LedgerRow {
  seasonId: string;
  episode: number;
  memberId: string;
  roomId: string;
  /** The room event (the game's last) that caused the row. */
  eventSeq: number;
  seat: SeatId;
  kind: LedgerKind;
  amount: number;
  data: Record<string, unknown> | null;
}

/** What a season room needs at game over beyond the game's effects, fixed when the room is created. */
export interface SeasonRoomContext {
  tokenOfLife: SeasonSettings["tokenOfLife"];
  /** Tokens of Life each seat held when the room was created (episodes run one step at a time, so they cannot change meanwhile). */
  tokensHeld: Record<SeatId, number>;
}

/** Ties a room to its season: the episode, the step and which member sits where. */
export interface SeasonLink {
  seasonId: string;
  episode: number;
  stage: SeasonStage;
  members: Record<SeatId, string>;
  context: SeasonRoomContext;
}

export interface Member {
  id: string;
  name: string;
  isBot: boolean;
  userId: string | null;
  position: number;
}

export interface SeasonRoomInfo {
  roomId: string;
  code: string;
  gameId: string;
  gameName: string;
  status: "lobby" | "running" | "finished" | "aborted";
  episode: number;
  stage: SeasonStage;
  members: Record<SeatId, string>;
  createdAt: number;
}

/** Everything stored about a season, as the server reads it. */
export interface SeasonData {
  code: string;
  name: string;
  status: "active" | "finished";
  hostName: string;
  settings: SeasonSettings;
  members: Member[];
  rooms: SeasonRoomInfo[];
  ledger: (LedgerRow & { id: string; at: number })[];
}

export type { Realm };
