// Balances and facts derived from the ledger, never stored twice: what each
// member holds now, and what a new room of the season takes at setup.
import type { Realm, SeasonInputs, SeatId } from "../games/core/types";
import type { LedgerRow, Member, SeasonSettings } from "./types";

export interface MemberBook {
  memberId: string;
  garnets: number;
  tokens: number;
  opals: number;
  /** Episodes each Mark of Elimination is for. */
  marks: number[];
  realm: Realm | null;
  /** Episode in which the member was eliminated. */
  eliminatedIn: number | null;
  /** Garnet balance after each episode (index 0 is episode 1), up to `episodes`. */
  garnetsAfter: number[];
  /** Public final score of each episode's main match (null: no score shown or not played). */
  pointsIn: (number | null)[];
}

function fresh(memberId: string, settings: SeasonSettings): MemberBook {
  return { memberId, garnets: settings.startingGarnets, tokens: 0, opals: 0, marks: [], realm: null, eliminatedIn: null, garnetsAfter: [], pointsIn: [] };
}

/** Every member's book after the given rows (in ledger order), with per-episode series up to `episodes`. */
export function books(members: Member[], rows: LedgerRow[], settings: SeasonSettings, episodes: number): Map<string, MemberBook> {
  const out = new Map(members.map((m) => [m.id, fresh(m.id, settings)]));
  const perEpisode = new Map(members.map((m) => [m.id, Array.from({ length: episodes }, () => 0)]));
  for (const r of rows) {
    const b = out.get(r.memberId);
    if (!b) continue;
    switch (r.kind) {
      case "garnets":
        b.garnets += r.amount;
        if (r.episode >= 1 && r.episode <= episodes) perEpisode.get(r.memberId)![r.episode - 1]! += r.amount;
        break;
      case "tokens":
        b.tokens += r.amount;
        break;
      case "opals":
        b.opals += r.amount;
        break;
      case "mark":
        b.marks.push(Number(r.data?.forEpisode ?? r.episode + 1));
        break;
      case "realm":
        b.realm = r.data?.realm === "heaven" ? "heaven" : "hell";
        break;
      case "eliminated":
        b.eliminatedIn = r.episode;
        break;
      case "points":
        b.pointsIn[r.episode - 1] = r.amount;
        break;
      default:
        break;
    }
  }
  for (const b of out.values()) {
    let running = settings.startingGarnets;
    b.garnetsAfter = perEpisode.get(b.memberId)!.map((d) => (running += d));
    b.pointsIn = Array.from({ length: episodes }, (_, i) => b.pointsIn[i] ?? null);
  }
  return out;
}

/** What a room of episode `episode` takes at setup, for the members in its seats. */
export function inputsFor(book: Map<string, MemberBook>, seats: Record<SeatId, string>, episode: number): SeasonInputs {
  const garnets: Record<SeatId, number> = {};
  const marks: SeatId[] = [];
  const realms: Record<SeatId, Realm> = {};
  let allRealms = true;
  for (const [seat, memberId] of Object.entries(seats)) {
    const b = book.get(memberId);
    garnets[seat] = b?.garnets ?? 0;
    if (b?.marks.includes(episode)) marks.push(seat);
    if (b?.realm) realms[seat] = b.realm;
    else allRealms = false;
  }
  return { garnets, marks, realms: allRealms ? realms : null };
}
