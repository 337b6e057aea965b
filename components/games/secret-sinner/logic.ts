// Pure helpers behind the dashboard: which query letters are still possible
// given the ones already picked (and why not), what a player still owes in
// words, and the grouping of disabled options by reason.
import type { Attribute, Letter, Realm } from "@/lib/games/secret-sinner/rules";
import { queryLettersProblem } from "@/lib/games/secret-sinner/rules";
import type { QueryLetterOption, View } from "@/lib/games/secret-sinner/view";
import type { PhaseInfo } from "@/lib/games/core/types";
import { settledSeats } from "@/lib/owes";

export const REALM_LABEL: Record<Realm, string> = { heaven: "Heaven", hell: "Hell" };

export interface LetterChoice {
  letter: Letter;
  owner: string;
  realm: Realm;
  picked: boolean;
  /** Can be added to (or removed from) the query now. */
  enabled: boolean;
  /** Why it cannot be added, when it cannot. */
  reason: string | null;
}

/**
 * Every board letter with whether it can join the query next to `picked`:
 * three letters, at most one per player, and the letters left to pick must
 * still be able to bring in a realm that is missing.
 */
export function letterChoices(options: readonly QueryLetterOption[], picked: readonly Letter[], nameOf: (seat: string) => string = (s) => s): LetterChoice[] {
  const chosen = picked.map((l) => options.find((o) => o.letter === l)).filter((o): o is QueryLetterOption => o !== undefined);
  return options.map((o) => {
    const base = { letter: o.letter, owner: o.owner, realm: o.realm };
    if (picked.includes(o.letter)) return { ...base, picked: true, enabled: true, reason: null };
    const reason = blockReason(o, chosen, nameOf);
    return { ...base, picked: false, enabled: reason === null, reason };
  });
}

function blockReason(o: QueryLetterOption, chosen: readonly QueryLetterOption[], nameOf: (seat: string) => string): string | null {
  if (!o.selectable) return o.reason ?? "Not available for queries.";
  if (chosen.length >= 3) return "Three letters are picked: remove one to change.";
  const sameOwner = chosen.find((c) => c.owner === o.owner);
  if (sameOwner) return `${sameOwner.letter} is already picked and ${nameOf(o.owner)} holds both: one letter per player.`;
  const realms = new Set<Realm>([...chosen.map((c) => c.realm), o.realm]);
  const slotsLeft = 3 - chosen.length - 1;
  const missing = (["heaven", "hell"] as const).filter((r) => !realms.has(r));
  if (missing.length > slotsLeft) return `The last letter must come from ${missing.map((r) => REALM_LABEL[r]).join(" and ")}: a query needs both realms.`;
  return null;
}

/** The players done for the round under way (none outside the rounds). */
export function doneSeats(view: View, phase: PhaseInfo | null): ReadonlySet<string> {
  return settledSeats(view.players.map((p) => p.seat), view.stage === "round" ? phase : null);
}

/** Disabled options grouped by their reason, for one visible line per reason. */
export function groupReasons<T extends { reason: string | null }>(items: readonly T[], key: (item: T) => string): { reason: string; keys: string[] }[] {
  const out: { reason: string; keys: string[] }[] = [];
  for (const it of items) {
    if (!it.reason) continue;
    const g = out.find((x) => x.reason === it.reason);
    if (g) g.keys.push(key(it));
    else out.push({ reason: it.reason, keys: [key(it)] });
  }
  return out;
}

/** What is still missing before the query can be sent, or null when it is complete and legal. */
export function queryMissing(view: View, seat: string, picked: readonly Letter[], attribute: Attribute | null, recipient: string | null): string | null {
  const parts: string[] = [];
  if (picked.length < 3) parts.push(`${3 - picked.length} more letter${picked.length === 2 ? "" : "s"}`);
  if (!attribute) parts.push("a sin or virtue");
  if (!recipient) parts.push("a recipient");
  if (parts.length) return `Pick ${joinWords(parts)}.`;
  const p = queryLettersProblem(picked, view.board, seat, view.settings.queryOwnLetters);
  if (p) return p.message;
  const r = view.me?.query.recipients.find((x) => x.seat === recipient);
  if (!r || !r.available) return r?.reason ?? "Pick a recipient of the other realm.";
  return null;
}

export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** The player's to-do list for the moment, as one sentence. */
export function oweSentence(view: View, nameOf: (seat: string) => string): string {
  const me = view.me;
  if (!me) return "";
  switch (view.stage) {
    case "briefing":
      return `Briefing: you are in ${REALM_LABEL[me.realm]}. Your letters are dealt when round 1 starts — table talk is open until then.`;
    case "ascension": {
      const r = view.results;
      if (r?.youPick) return "You won Heaven: choose one more Hell player to ascend.";
      return r ? `Waiting for ${nameOf(r.heavenWinner)}, the winner of Heaven, to choose one more Hell player to ascend.` : "Waiting for the ascension pick.";
    }
    case "finished":
      return "The match is over: the ordering of each realm is below.";
    case "round":
      break;
  }
  const head = `Round ${view.round} of ${view.rounds}`;
  if (me.done) return `${head}: you are done — press Resume if you want to act again before the round ends.`;
  const todo: string[] = [];
  if (me.query.canSend) todo.push("send your query");
  const lockable = me.lockBoard.filter((e) => e.canLock).map((e) => e.letter);
  if (lockable.length) todo.push(`lock in an ally for ${joinWords(lockable)}`);
  if (todo.length === 0) return `${head}: nothing left to do — press Done so the round can end early.`;
  const lastRound = view.round > view.queryRounds;
  return `${head}${lastRound ? " (lock-ins only)" : ""}: ${joinWords(todo)} if you wish, then press Done.`;
}
