// The last payload each recipient group of a room was sent, so that a change
// goes out as a patch against it rather than as a whole payload. A group is one
// recipient kind (the host, the spectators, one seat), so a patch is computed
// once per kind and only from that kind's own payloads: it can carry nothing
// the kind's whole payload would not. Frames are numbered from the start time
// in microseconds, so numbers keep increasing across restarts.
//
// A payload comes in two parts (payloads.ts): the members every recipient of a
// change shares, one object for all of them, and the recipient's own. The
// shared part's operations are worked out and encoded once per change, for
// every group whose last frame had the same shared part as the others (all of
// them, but for a group that joined between two changes or a delayed
// spectator); each group then diffs and encodes only its own part.
//
// A change a group cannot see is not sent to it: when nothing of its payload
// changed but the room's version and the server's clock reading, its frame
// stays as it was (the host, who follows every change, is the exception). Its
// next patch then starts from that frame, and a socket that starts watching is
// given a payload built at that moment, so that its clock reading is fresh.
// Those two, which change with every frame, travel in a patch's header
// (writes.ts, patchHead), never among its operations.
import { diffJson, type PatchOp } from "../../lib/json-patch";
import type { Room } from "../rooms/room";
import { joinPayload, type OwnPayload, type PayloadParts, type SharedPayload } from "../rooms/payloads";
import { eventPacket, framedPatch, patchHead } from "./writes";

export interface Frame {
  frame: number;
  /** The frame number as text, made once: a patch names it as its frame, and the group's next patch as its base. */
  text: string;
  shared: SharedPayload;
  own: OwnPayload;
}

let counter = Date.now() * 1000;

/**
 * A frame number's text. The numbers count microseconds, past what V8 keeps
 * as small integers, and turning such a number into text costs several times
 * what a small one does; consecutive numbers share all but their last six
 * digits, so those are made once per million frames and the rest from a
 * small integer.
 */
const LOW = 1_000_000;
let high = { text: "", from: 0, to: 0 };

export function frameText(frame: number): string {
  if (frame < LOW) return String(frame);
  if (frame < high.from || frame >= high.to) {
    const from = Math.floor(frame / LOW) * LOW;
    high = { text: String(from / LOW), from, to: from + LOW };
  }
  // the low six digits, zeros first: a seventh digit put in front and cut off
  return high.text + String(frame - high.from + LOW).slice(1);
}

/**
 * The shared part's step from one shared payload to another: whether anything
 * changed at all, whether anything but the version and the clock reading did
 * (`news`), and the operations of the latter as JSON array elements ("" when
 * none). A patch's header carries the version and the clock reading.
 */
interface SharedStep {
  moved: boolean;
  news: boolean;
  json: string;
}

const NO_STEP: SharedStep = { moved: false, news: false, json: "" };

/** A room's frames: each recipient group's last one, and the shared part's steps to the latest shared payload. */
export class RoomFrames {
  readonly groups = new Map<string, Frame>();
  /**
   * What is worked out once per latest shared payload `to`: the steps to it,
   * one per shared payload a group's frame stood at (groups that skipped
   * changes stand further back), and the head of a patch to it (its version and
   * clock reading are every group's).
   */
  private latest: { to: SharedPayload | null; from: Map<SharedPayload, SharedStep>; head: string | null } = { to: null, from: new Map(), head: null };

  private towards(to: SharedPayload) {
    if (this.latest.to !== to) this.latest = { to, from: new Map(), head: null };
    return this.latest;
  }

  /** The head of a patch to `to` (writes.ts, patchHead), made once for every group that is sent one. */
  headTo(code: string, to: SharedPayload): string {
    const latest = this.towards(to);
    return (latest.head ??= patchHead(code, to.version, to.clock.serverNow));
  }

  /** The shared part's step from `from` to `to`, worked out and encoded once for every group that makes it. */
  sharedStep(from: SharedPayload, to: SharedPayload): SharedStep {
    if (from === to) return NO_STEP;
    const latest = this.towards(to);
    let step = latest.from.get(from);
    if (!step) {
      const ops = diffJson(from, to);
      const news = ops.filter(isNews);
      step = { moved: ops.length > 0, news: news.length > 0, json: opsJson(news) };
      latest.from.set(from, step);
    }
    return step;
  }
}

/** Whether an operation of the shared part shows more than that the room moved on (its version) and when (the clock reading): what the patch's header says. */
function isNews(op: PatchOp): boolean {
  const p = op.p;
  return !((p.length === 1 && p[0] === "version") || (p.length === 2 && p[0] === "clock" && p[1] === "serverNow"));
}

/** Operations as the elements of a JSON array, without its brackets. */
function opsJson(ops: unknown[]): string {
  return ops.length === 0 ? "" : JSON.stringify(ops).slice(1, -1);
}

const byRoom = new WeakMap<Room, RoomFrames>();

function framesOf(room: Room): RoomFrames {
  let m = byRoom.get(room);
  if (!m) {
    m = new RoomFrames();
    byRoom.set(room, m);
  }
  return m;
}

/** Which changes a group is sent: `seen`, those that show it something besides the version and the clock reading (players, spectators); `all`, every one (the host); `now`, this one whatever it shows (a socket starts watching and needs a fresh clock reading). */
export type Follow = "seen" | "all" | "now";

/**
 * Makes `next` the group's frame. Returns the packet to write: the whole
 * payload when the group had no frame, a patch when it had one, nothing when
 * nothing changed (or, but for `follow` "all" and "now", nothing but the
 * version and the clock reading: the frame then stays as it was). The patch
 * is put together from the shared part's operations (encoded once) and the
 * group's own.
 */
export function advanceGroup(frames: RoomFrames, code: string, group: string, next: PayloadParts, follow: Follow = "seen"): string | null {
  const prev = frames.groups.get(group);
  if (!prev) {
    const f = newFrame(next);
    frames.groups.set(group, f);
    return eventPacket("room:state", joinPayload(f), f.frame);
  }
  const shared = frames.sharedStep(prev.shared, next.shared);
  const own = prev.own === next.own ? "" : opsJson(diffJson(prev.own, next.own));
  if (!own && (!shared.moved || (!shared.news && follow === "seen"))) {
    // nothing to send; an own part rebuilt equal to the frame's takes its place, so that the
    // frame holds no second copy of what the room keeps, and the next diff passes it by identity
    if (prev.own !== next.own) frames.groups.set(group, { frame: prev.frame, text: prev.text, shared: prev.shared, own: next.own });
    return null;
  }
  const f = newFrame(next);
  frames.groups.set(group, f);
  const ops = shared.json && own ? `${shared.json},${own}` : shared.json || own;
  return framedPatch(frames.headTo(code, next.shared), prev.text, f.text, ops);
}

function newFrame(next: PayloadParts): Frame {
  const frame = ++counter;
  return { frame, text: frameText(frame), shared: next.shared, own: next.own };
}

/** The room's `advanceGroup`. */
export function advanceFrame(room: Room, group: string, next: PayloadParts, follow?: Follow): string | null {
  return advanceGroup(framesOf(room), room.code, group, next, follow);
}

/** The group's frame (a whole payload's worth), after `advanceFrame(…, "now")` made it current. */
export function frameOf(room: Room, group: string): Frame | undefined {
  return byRoom.get(room)?.groups.get(group);
}

/** Forgets every group's frame of a room nobody watches (its next watcher is sent a whole payload). */
export function dropFrames(room: Room): void {
  byRoom.delete(room);
}

/** Forgets a group that has no listeners left. */
export function dropFrame(room: Room, group: string): void {
  byRoom.get(room)?.groups.delete(group);
}
