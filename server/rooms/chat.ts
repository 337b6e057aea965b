// Chat: which channels a viewer reads and may write (the game's rule, or the
// platform default), who may send where, and whose history is whose. A seat's
// private channels belong to the holder who wrote in them: someone who takes
// the seat later reads its private talk only from the moment they took it.
// A refusal to an outsider is the same whether or not the channel exists.
import type { ChatChannelRule, SeatId } from "../../lib/games/core/types";
import type { ChannelInfo, ChatMessage, Role } from "../../lib/protocol";
import type { GameRules } from "../../lib/room/rules";
import type { RoomData } from "../../lib/room/types";
import { CommandError } from "./errors";
import type { SpectatorFrames } from "./payloads";
import type { Store } from "./store";

export const CHAT_PAGE = 50;

export function chatRules(rules: GameRules, data: RoomData): ChatChannelRule[] {
  return rules.chat(data.state, rules.seatIds(data.seats));
}

export function channelsFor(rules: GameRules, data: RoomData, role: Role, seat: SeatId | null): ChannelInfo[] {
  return channelsUnder(chatRules(rules, data), role, seat);
}

/**
 * The channel infos of one list of chat rules that viewers share, three slots
 * per rule: as the host and the members who may write see it, as the
 * spectators see it, and as a member who may not write sees it for the rule's
 * own reason (a member muted for a reason of their own gets one of their own).
 * Built into as the viewers' lists are, and kept with the rules; an info is
 * then one object however many lists hold it, and the diff passes over it by
 * identity when a viewer's list is built again.
 */
export type SharedInfos = (ChannelInfo | undefined)[];

const OPEN = 0;
const WATCHING = 1;
const CLOSED = 2;
/** A member muted for a reason of their own: an info of their own, not kept. */
const OWN = -1;

const DEFAULT_CLOSED = "This channel is closed now.";
const SPECTATING = "Spectators read along but do not write.";

/** The channels a viewer reads under these chat rules, and whether it may write in each now (with `shared`, infos another viewer's list holds alike are the same objects). */
export function channelsUnder(chat: ChatChannelRule[], role: Role, seat: SeatId | null, shared?: SharedInfos): ChannelInfo[] {
  const out: ChannelInfo[] = [];
  for (let i = 0; i < chat.length; i++) {
    const r = chat[i]!;
    if (role === "host" || (role === "player" && seat && r.writers.includes(seat) && r.members.includes(seat))) out.push(infoOf(r, i, OPEN, true, null, shared));
    else if (role === "player" && seat && r.members.includes(seat)) out.push(infoOf(r, i, r.mutedReasons?.[seat] !== undefined ? OWN : CLOSED, false, closedReason(r, seat), shared));
    else if (role === "spectator" && r.public) out.push(infoOf(r, i, WATCHING, false, SPECTATING, shared));
  }
  // the room keeps each viewer's list while the rules stay as they are: at its exact length, where a list grown by pushes keeps room for sixteen
  return out.slice();
}

function infoOf(r: ChatChannelRule, index: number, slot: number, canWrite: boolean, reason: string | null, shared?: SharedInfos): ChannelInfo {
  const at = index * 3 + slot;
  const kept = shared && slot !== OWN ? shared[at] : undefined;
  if (kept) return kept;
  const info: ChannelInfo = { id: r.id, kind: r.kind, title: r.title, canWrite, closedReason: reason, members: r.members };
  if (shared && slot !== OWN) shared[at] = info;
  return info;
}

/** Why a member of `r` may not write in it now: their own reason, the rule's, or the platform's. */
function closedReason(r: ChatChannelRule, seat: SeatId): string {
  return r.mutedReasons?.[seat] ?? r.closedReason ?? DEFAULT_CLOSED;
}

const notMember = () => new CommandError("chat/not_member", "You cannot use that channel.");

/** Who writes a message to `channel` now, or the refusal. */
export function chatAuthor(rules: GameRules, data: RoomData, hostId: string, hostName: string, userId: string, channel: string): { rule: ChatChannelRule; author: string; name: string } {
  const rule = chatRules(rules, data).find((r) => r.id === channel);
  if (userId === hostId) {
    if (!rule) throw notMember();
    return { rule, author: "host", name: hostName };
  }
  const seat = data.seats.find((s) => s.userId === userId);
  // an outsider learns nothing of which channels exist
  if (!rule || !seat || !rule.members.includes(seat.seat)) throw notMember();
  if (!rule.writers.includes(seat.seat)) throw new CommandError("chat/closed", closedReason(rule, seat.seat));
  return { rule, author: seat.seat, name: seat.name };
}

/** The oldest room version whose messages in `channel` this viewer may read (a new holder does not read the last one's private talk). */
export function readableFrom(rules: GameRules, data: RoomData, role: Role, seat: SeatId | null, channel: string): number {
  if (role !== "player" || !seat) return 0;
  const rule = chatRules(rules, data).find((r) => r.id === channel);
  if (!rule || rule.public) return 0;
  return data.seats.find((s) => s.seat === seat)?.since ?? 0;
}

export function toMessage(m: { id: string; channel: string; author: string; name: string; body: string; at: number }): ChatMessage {
  return { id: m.id, channel: m.channel, author: m.author, name: m.name, body: m.body, at: m.at };
}

/** A page of a channel's messages (newest last), if this viewer may read it; a delayed spectator reads up to where they are. */
export async function chatHistory(
  store: Store,
  room: { id: string; rules: GameRules; data: RoomData; frames: SpectatorFrames },
  role: Role,
  seat: SeatId | null,
  channel: string,
  before?: string,
): Promise<{ messages: ChatMessage[]; more: boolean }> {
  const d = room.data;
  if (!channelsFor(room.rules, d, role, seat).some((c) => c.id === channel)) throw new CommandError("chat/not_member", "You cannot use that channel.");
  const rows = await store.messages(room.id, channel, {
    before,
    fromVersion: readableFrom(room.rules, d, role, seat, channel),
    belowVersion: role === "spectator" ? room.frames.version(d) : null,
    take: CHAT_PAGE + 1,
  });
  return { more: rows.length > CHAT_PAGE, messages: rows.slice(0, CHAT_PAGE).reverse().map(toMessage) };
}
