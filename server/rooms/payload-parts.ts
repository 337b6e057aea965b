// The parts of a room's payloads that do not depend on who reads them (the seat
// list, the phase, the clock, the notices, the spectator settings), worked out
// once per change and shared by every payload of that change; and, across
// changes, the previous object kept whenever the new one is equal to it as JSON,
// so that the diff against each recipient's last payload passes over it by
// identity. Views are kept per state and viewer: the same state gives the same
// view (a presence change, for one, rebuilds no view).
import type { ChatChannelRule, PhaseInfo, Viewer } from "../../lib/games/core/types";
import { jsonEqual } from "../../lib/json-patch";
import type { ChannelInfo, ClockInfo, RoomPayload, Role, SeatInfo } from "../../lib/protocol";
import type { GameRules } from "../../lib/room/rules";
import type { Notice, RoomData, SeatRec } from "../../lib/room/types";
import type { OwnPayload } from "./payloads";
import { channelsUnder, chatRules, type SharedInfos } from "./chat";

const NOTICES_SENT = 20;

/** The seat list; `connected[i]`: whether some socket of the holder of seat i is connected. */
function seatInfo(data: RoomData, connected: boolean[]): SeatInfo[] {
  return data.seats.map((s, i) => ({
    seat: s.seat,
    name: s.userId || s.isBot ? s.name : null,
    isBot: s.isBot,
    botFor: s.isBot && s.userId !== null,
    occupied: Boolean(s.userId) || s.isBot,
    connected: s.isBot || connected[i]!,
  }));
}

export function clockInfo(rules: GameRules, data: RoomData, now: number): ClockInfo {
  const p = data.state === null ? null : rules.phase(data.state);
  const durationMs = p ? (data.durations[p.key] ?? p.durationMs) : null;
  return { deadlineAt: data.clock.deadlineAt, paused: data.clock.paused, remainingMs: data.clock.remainingMs, serverNow: now, durationMs };
}

/** What every payload of one change shares. */
export interface SharedParts {
  seats: SeatInfo[];
  phase: PhaseInfo | null;
  clock: ClockInfo;
  notices: Notice[];
  spectators: RoomPayload["spectators"];
  chat: ChatChannelRule[];
}

/** A viewer's key in the room's memory: a seat's own id (no seat is called "host" or "spectator"), so that no key string is built per seat and change. */
export function viewerKey(role: Role, seat: string | null): string {
  return role === "player" && seat ? seat : role;
}

/** One room's memory of the parts it last sent; owned by the room, used only by its own queue's changes. */
export class PayloadMemo {
  /** The seat list last sent, and what it was built from: the seat records and who was connected. */
  private seats: { from: RoomData["seats"]; connected: boolean[]; sent: SeatInfo[] } | null = null;
  private phase: PhaseInfo | null = null;
  private notices: { from: Notice[]; sent: Notice[] } | null = null;
  private spectators: { from: RoomData["spectators"]; sent: RoomPayload["spectators"] } | null = null;
  private chat: { rules: ChatChannelRule[]; channels: Map<string, ChannelInfo[]>; infos: SharedInfos } | null = null;
  private views: { state: unknown; byViewer: Map<Viewer, unknown> } | null = null;
  /** Each viewer's own part last built (keyed as `channels` keys them), with what it was built from. */
  private readonly owns = new Map<string, { view: unknown; rec: SeatRec | undefined; channels: ChannelInfo[]; own: OwnPayload }>();

  /** The previous value when `next` equals it as JSON, else `next` (remembered from now on). */
  private static keep<T>(prev: T | null, next: T): T {
    return prev !== null && jsonEqual(prev, next) ? prev : next;
  }

  parts(rules: GameRules, data: RoomData, connected: (seat: string) => boolean, now: number): SharedParts {
    if (!this.seats || !this.seatsUnchanged(this.seats, data, connected)) {
      const present = data.seats.map((s) => connected(s.seat));
      this.seats = { from: data.seats, connected: present, sent: PayloadMemo.keep(this.seats?.sent ?? null, seatInfo(data, present)) };
    }
    const phase = data.state === null ? null : rules.phase(data.state);
    this.phase = phase === null ? null : PayloadMemo.keep(this.phase, phase);
    if (this.notices?.from !== data.notices) {
      const sent = data.notices.length > NOTICES_SENT ? data.notices.slice(-NOTICES_SENT) : data.notices;
      this.notices = { from: data.notices, sent: PayloadMemo.keep(this.notices?.sent ?? null, sent) };
    }
    if (this.spectators?.from !== data.spectators) this.spectators = { from: data.spectators, sent: PayloadMemo.keep(this.spectators?.sent ?? null, { ...data.spectators, behindBy: null }) };
    const chat = chatRules(rules, data);
    if (this.chat?.rules !== chat && !(this.chat && jsonEqual(this.chat.rules, chat))) this.chat = { rules: chat, channels: new Map(), infos: new Array<ChannelInfo | undefined>(chat.length * 3) };
    return { seats: this.seats.sent, phase: this.phase, clock: clockInfo(rules, data, now), notices: this.notices.sent, spectators: this.spectators.sent, chat: this.chat!.rules };
  }

  /** Whether the seat list would come out as last time: the same seat records, and the same seats connected. */
  private seatsUnchanged(last: { from: RoomData["seats"]; connected: boolean[] }, data: RoomData, connected: (seat: string) => boolean): boolean {
    if (last.from !== data.seats) return false;
    for (let i = 0; i < data.seats.length; i++) if (last.connected[i] !== connected(data.seats[i]!.seat)) return false;
    return true;
  }

  /** The channels a viewer reads under the shared chat rules (the same list while the rules stay equal, of infos shared with the other viewers who see a channel alike). */
  channels(parts: SharedParts, role: Role, seat: string | null): ChannelInfo[] {
    const chat = this.chat?.rules === parts.chat ? this.chat : null;
    if (!chat) return channelsUnder(parts.chat, role, seat);
    const key = viewerKey(role, seat);
    let c = chat.channels.get(key);
    if (!c) {
      c = channelsUnder(parts.chat, role, seat, chat.infos);
      chat.channels.set(key, c);
    }
    return c;
  }

  /**
   * The room moved from game state `from` to `to`, and the game says that
   * only the views of `changed` may differ (null: any): the views built of
   * `from` for everyone else are the views of `to`, and are not built again.
   * The host's view is always built again.
   */
  follow(from: unknown, to: unknown, changed: readonly Viewer[] | null | undefined): void {
    const views = this.views;
    if (!views || views.state !== from || from === to) return;
    const byViewer = new Map<Viewer, unknown>();
    if (changed) for (const [viewer, v] of views.byViewer) if (viewer !== "host" && !changed.includes(viewer)) byViewer.set(viewer, v);
    this.views = { state: to, byViewer };
  }

  /**
   * A viewer's own part of the payload as last built, while it is built from
   * the same view, seat record and channel list (else undefined): the diff
   * against the viewer's last payload then passes over it at once. Not for the
   * host, whose part also shows the room's requests.
   */
  lastOwn(key: string, view: unknown, rec: SeatRec | undefined, channels: ChannelInfo[]): OwnPayload | undefined {
    const last = this.owns.get(key);
    return last && last.view === view && last.rec === rec && last.channels === channels ? last.own : undefined;
  }

  /** Keeps a viewer's own part with what it was built from (see lastOwn). */
  keepOwn(key: string, view: unknown, rec: SeatRec | undefined, channels: ChannelInfo[], own: OwnPayload): void {
    this.owns.set(key, { view, rec, channels, own });
  }

  /** The game's view of `state` for `viewer`, worked out once per state and viewer. */
  view(rules: GameRules, state: unknown, viewer: Viewer): unknown {
    let views = this.views;
    if (!views || views.state !== state) views = this.views = { state, byViewer: new Map() };
    let v = views.byViewer.get(viewer);
    if (v === undefined) {
      v = rules.game.view(state, viewer);
      views.byViewer.set(viewer, v);
    }
    return v;
  }
}
