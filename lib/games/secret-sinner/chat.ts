// Who may talk to whom. Communication is limited: a query sent in round N
// opens a private window between sender and recipient for the whole of round
// N+1 and no longer. Table talk follows `config.publicChat`; confessionals are
// always open.
import { confessionalChannel, directChannelId, pairMembers, publicChannel } from "../core/chat";
import type { ChatChannelRule, SeatId } from "../core/types";
import { NONE, sharedText, ViewParts } from "../core/view-parts";
import { delivered } from "./engine";
import type { State } from "./state";

type Query = State["queries"][number];

function publicOpen(state: State): boolean {
  switch (state.config.publicChat) {
    case "always":
      return true;
    case "off":
      return false;
    case "outsideRounds":
      return state.stage === "briefing" || state.stage === "finished";
  }
}

function publicClosedReason(state: State): string {
  if (state.config.publicChat === "off") return "There is no table talk in this match: talk only in your communication windows.";
  if (state.stage === "ascension") return "Table talk reopens once the winner of Heaven has made the ascension pick.";
  return "Table talk is closed during the rounds: talk only in your communication windows.";
}

/** Rules kept per game (keyed by its config object), so the room sees the same array while they stay the same. */
const kept = new ViewParts<State["config"]>();

/**
 * The rules read the stage, the round, the seats (the room hands the same
 * array while its seat ids stay the same) and the delivered queries. Those
 * are a list grown as queries are appended (`ViewParts.grown`): a query sent
 * this round is delivered only once the round ends, so a move that sends one
 * leaves the list, and with it the rules, as they were, and only the queries
 * appended are looked at. A new round or stage looks through them all again.
 */
export function chatRules(state: State, seats: SeatId[]): ChatChannelRule[] {
  const shown = kept.grown(state.config, "chat:delivered", state.queries, [state.stage, state.round], (out: readonly Query[], added: readonly Query[]) => {
    const more = added.filter((q) => delivered(state, q));
    return more.length === 0 ? out : out.concat(more);
  });
  return kept.get(state.config, "chat", [state.stage, state.round, seats, shown], () => buildChatRules(state, seats, shown));
}

function buildChatRules(state: State, seats: SeatId[], shown: readonly Query[]): ChatChannelRule[] {
  const open = publicOpen(state);
  const table = open ? publicChannel(seats) : { ...publicChannel(seats, []), closedReason: publicClosedReason(state) };
  const channels: ChatChannelRule[] = [table, ...seats.map(confessionalChannel)];

  // One direct channel per pair that has a delivered query between them, open
  // only in the round after such a query. Listed from delivery on (so the
  // recipient learns of it with the answer) and kept for reading once closed.
  const pairs = new Map<string, { a: SeatId; b: SeatId; rounds: number[] }>();
  for (const q of shown) {
    const id = directChannelId(q.sender, q.recipient);
    const [a, b] = q.sender < q.recipient ? [q.sender, q.recipient] : [q.recipient, q.sender];
    const entry = pairs.get(id) ?? { a, b, rounds: [] };
    entry.rounds.push(q.round + 1);
    pairs.set(id, entry);
  }
  for (const [id, { a, b, rounds }] of pairs) {
    const isOpen = state.stage === "round" && rounds.includes(state.round);
    const last = Math.max(...rounds.filter((r) => r <= state.round));
    // the texts are the game's own and few (seat ids, round numbers): one string each for every room, where a template makes one per rule
    // the member list is the pair's one for every room, and the writers of an open window are its members
    const members = pairMembers(a, b);
    const base: ChatChannelRule = { id, kind: "direct", title: sharedText(`Window: ${a} & ${b}`), members, writers: isOpen ? members : NONE, public: false };
    channels.push(
      isOpen
        ? base
        : {
            ...base,
            closedReason:
              state.stage === "round"
                ? sharedText(`This window was open in round ${last} only. A query sent to each other opens it again for the following round.`)
                : "The rounds are over: communication windows are closed.",
          },
    );
  }
  return channels;
}
