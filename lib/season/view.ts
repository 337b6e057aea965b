// The season page for one viewer, built by copying what that viewer may see.
// Tokens of Life, opals, marks, realms, ECs, opponents, death matches,
// eliminations and the main matches' public scores are public; garnets are told
// privately by the games (Five Fold Possession, Truth Deflector), so a member
// sees only their own balance and the host sees every one.
import { books, type MemberBook } from "./book";
import { episodeStates, type EpisodeState } from "./episodes";
import { PRIVATE_KINDS, type LedgerKind, type SeasonData, type SeasonSettings } from "./types";

export type SeasonViewer = { role: "host" } | { role: "member"; memberId: string } | { role: "public" };

export interface StandingRow {
  memberId: string;
  name: string;
  isBot: boolean;
  alive: boolean;
  eliminatedIn: number | null;
  tokens: number;
  opals: number;
  /** Episodes the member's Marks of Elimination are for. */
  marks: number[];
  realm: string | null;
  /** Null when this viewer may not see it. */
  garnets: number | null;
}

export type EpisodeRow = Omit<EpisodeState, "rooms" | "current"> & {
  rooms: { stage: string; code: string; gameId: string; gameName: string; status: string }[];
};

/** What the host may do next. */
export type NextStep =
  | { kind: "main"; episode: number }
  | { kind: "pick"; episode: number; ec: string }
  | { kind: "death"; episode: number; ec: string; opponent: string }
  | { kind: "wait"; episode: number; code: string; stage: string }
  | { kind: "over" };

/** A ledger row as a viewer may see it. No row id: the gaps would count the private rows of others. */
export interface VisibleRow {
  episode: number;
  memberId: string;
  roomCode: string | null;
  kind: LedgerKind;
  amount: number;
  data: Record<string, unknown> | null;
  at: number;
}

export interface SeasonView {
  code: string;
  name: string;
  status: SeasonData["status"];
  hostName: string;
  settings: SeasonSettings;
  viewer: SeasonViewer;
  standings: StandingRow[];
  episodes: EpisodeRow[];
  /** Eliminations in order. */
  timeline: { episode: number; memberId: string; roomCode: string | null }[];
  /** Per episode, for the chart: main match scores (public) and garnet balances after it (own / host only). */
  chart: { episodes: number; points: { memberId: string; values: (number | null)[] }[]; garnets: { memberId: string; values: number[] }[] };
  next: NextStep | null;
  ledger: VisibleRow[];
}

function mayRead(viewer: SeasonViewer, kind: LedgerKind, memberId: string): boolean {
  if (!PRIVATE_KINDS.includes(kind)) return true;
  return viewer.role === "host" || (viewer.role === "member" && viewer.memberId === memberId);
}

function nextStep(data: SeasonData, eps: EpisodeState[], alive: number): NextStep {
  if (data.status === "finished") return { kind: "over" };
  const last = eps[eps.length - 1];
  if (!last || last.step === "done") return alive >= 2 ? { kind: "main", episode: (last?.number ?? 0) + 1 } : { kind: "over" };
  const open = (stage: "main" | "pick" | "death") => ({ kind: "wait" as const, episode: last.number, code: last.current[stage]?.code ?? "", stage });
  switch (last.step) {
    case "mainAgain":
      return { kind: "main", episode: last.number };
    case "main":
      return open("main");
    case "pickNext":
      return { kind: "pick", episode: last.number, ec: last.ec! };
    case "pick":
      return open("pick");
    case "deathNext":
      return { kind: "death", episode: last.number, ec: last.ec!, opponent: last.opponent! };
    case "death":
      return open("death");
  }
}

export function seasonView(data: SeasonData, viewer: SeasonViewer): SeasonView {
  const eps = episodeStates(data.rooms, data.ledger);
  const book: Map<string, MemberBook> = books(data.members, data.ledger, data.settings, eps.length);
  const codeOf = new Map(data.rooms.map((r) => [r.roomId, r.code]));
  const sees = (memberId: string) => mayRead(viewer, "garnets", memberId);
  const standings = data.members
    .slice()
    .sort((a, b) => a.position - b.position)
    .map((m): StandingRow => {
      const b = book.get(m.id)!;
      return { memberId: m.id, name: m.name, isBot: m.isBot, alive: b.eliminatedIn === null, eliminatedIn: b.eliminatedIn, tokens: b.tokens, opals: b.opals, marks: b.marks.slice(), realm: b.realm, garnets: sees(m.id) ? b.garnets : null };
    });
  const timeline = data.ledger.filter((r) => r.kind === "eliminated").map((r) => ({ episode: r.episode, memberId: r.memberId, roomCode: codeOf.get(r.roomId) ?? null }));
  return {
    code: data.code,
    name: data.name,
    status: data.status,
    hostName: data.hostName,
    settings: { ...data.settings },
    viewer,
    standings,
    episodes: eps.map(({ rooms, current: _current, ...e }) => ({
      ...e,
      candidates: e.candidates.slice(),
      deathMatch: e.deathMatch ? { ...e.deathMatch } : null,
      rooms: rooms.map((r) => ({ stage: r.stage, code: r.code, gameId: r.gameId, gameName: r.gameName, status: r.status })),
    })),
    timeline,
    chart: {
      episodes: eps.length,
      points: standings.map((s) => ({ memberId: s.memberId, values: book.get(s.memberId)!.pointsIn.slice() })),
      garnets: standings.filter((s) => sees(s.memberId)).map((s) => ({ memberId: s.memberId, values: book.get(s.memberId)!.garnetsAfter.slice() })),
    },
    next: viewer.role === "host" ? nextStep(data, eps, standings.filter((s) => s.alive).length) : null,
    ledger: data.ledger
      .filter((r) => mayRead(viewer, r.kind, r.memberId))
      .map((r) => ({ episode: r.episode, memberId: r.memberId, roomCode: codeOf.get(r.roomId) ?? null, kind: r.kind, amount: r.amount, data: r.data ? { ...r.data } : null, at: r.at })),
  };
}
