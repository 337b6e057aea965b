// The choices a seat's panel offers, read off the public board. Every viewer
// already has the board (each letter and its holder), so a panel names only
// the exceptions: the letters a query may not name and the targets a letter
// may not lock in, each with why. The dashboard and the bots read the full
// lists through these two functions.
import type { BoardEntry, Letter } from "./rules";
import type { LockBoardEntry, LockTarget, QueryLetterOption, QueryPanel, Unavailable } from "./view-types";

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
