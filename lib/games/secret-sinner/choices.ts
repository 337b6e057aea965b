// The choices a seat's panel offers, read off the public board. Every viewer
// already has the board (each letter and its holder), so a panel names only
// the exceptions: the letters a query may not name and the targets a letter
// may not lock in, each with why. The dashboard and the bots read the full
// lists through these two functions. A seat's communication windows follow
// from its queries and answers, which its panel holds: the dashboard reads
// them through `windowsOf`.
import { directChannelId } from "../core/chat";
import type { SeatId } from "../core/types";
import type { BoardEntry, Letter } from "./rules";
import type { LockBoardEntry, LockTarget, QueryLetterOption, QueryPanel, SeatPanel, Unavailable, View, WindowEntry } from "./view-types";

/** Every letter of the board, with whether a query may name it (the combination rules still apply). */
export function queryLetters(board: readonly BoardEntry[], panel: Pick<QueryPanel, "unselectable">): QueryLetterOption[] {
  return board.map((e) => {
    const reason = reasonFor(panel.unselectable, e.letter);
    return { letter: e.letter, owner: e.owner, realm: e.realm, selectable: reason === null, reason };
  });
}

/** Every other letter of the board, with whether `entry`'s letter may lock it in once it may lock at all. */
export function lockTargets(board: readonly BoardEntry[], entry: Pick<LockBoardEntry, "letter" | "blocked">): LockTarget[] {
  const out: LockTarget[] = [];
  for (const e of board) {
    if (e.letter === entry.letter) continue;
    const reason = reasonFor(entry.blocked, e.letter);
    out.push({ letter: e.letter, owner: e.owner, available: reason === null, reason });
  }
  return out;
}

function reasonFor(list: readonly Unavailable[], letter: Letter): string | null {
  for (const u of list) if (u.letter === letter) return u.reason;
  return null;
}

/**
 * A seat's communication windows, oldest first (then by the other seat): a
 * query it sent in round N, or one delivered to it, opens a window with the
 * other seat for round N+1. What opened a window lists its sent query before
 * its received one.
 */
export function windowsOf(view: Pick<View, "stage" | "round">, me: Pick<SeatPanel, "seat" | "sent" | "received">): WindowEntry[] {
  const found: WindowEntry[] = [];
  for (const q of me.sent) addWindow(found, view, me.seat, q.recipient, q.round, "sent");
  for (const a of me.received) addWindow(found, view, me.seat, a.sender, a.round, "received");
  return found.sort((a, b) => a.round - b.round || (a.with < b.with ? -1 : a.with > b.with ? 1 : 0));
}

/** The window a query of round `queried` between `seat` and `other` opens, or a reason more for one already found. */
function addWindow(found: WindowEntry[], view: Pick<View, "stage" | "round">, seat: SeatId, other: SeatId, queried: number, direction: "sent" | "received"): void {
  const round = queried + 1;
  const w = found.find((x) => x.with === other && x.round === round);
  if (w) w.because.push({ round: queried, direction });
  else found.push({ with: other, channelId: directChannelId(seat, other), round, status: windowStatus(view, round), because: [{ round: queried, direction }] });
}

function windowStatus(view: Pick<View, "stage" | "round">, round: number): WindowEntry["status"] {
  if (view.stage === "round" && round === view.round) return "open";
  if (view.stage === "briefing" || (view.stage === "round" && round > view.round)) return "upcoming";
  return "closed";
}
