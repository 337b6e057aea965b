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
import { diffJson } from "../../lib/json-patch";
import type { Room } from "../rooms/room";
import { joinPayload, type OwnPayload, type PayloadParts, type SharedPayload } from "../rooms/payloads";
import { eventPacket, patchPacket } from "./writes";

export interface Frame {
  frame: number;
  shared: SharedPayload;
  own: OwnPayload;
}

let counter = Date.now() * 1000;

/** A room's frames: each recipient group's last one, and the shared part's last operations. */
export class RoomFrames {
  readonly groups = new Map<string, Frame>();
  /** The shared part's operations from one shared payload to the next, as JSON array elements ("" when none). */
  private sharedOps: { from: SharedPayload; to: SharedPayload; json: string } | null = null;

  /** The shared part's operations from `from` to `to`, encoded once for every group that makes that step. */
  sharedStep(from: SharedPayload, to: SharedPayload): string {
    const kept = this.sharedOps;
    if (kept?.from === from && kept.to === to) return kept.json;
    const json = from === to ? "" : opsJson(diffJson(from, to));
    this.sharedOps = { from, to, json };
    return json;
  }
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

/** The group's current frame; built now when the group has none yet. */
export function currentFrame(room: Room, group: string, build: () => PayloadParts): Frame {
  const m = framesOf(room).groups;
  let f = m.get(group);
  if (!f) {
    f = { frame: ++counter, ...build() };
    m.set(group, f);
  }
  return f;
}

/**
 * Makes `next` the group's frame. Returns the packet to write: the whole
 * payload when the group had no frame, a patch when it had one, nothing when
 * nothing changed. The patch is put together from the shared part's
 * operations (encoded once) and the group's own.
 */
export function advanceGroup(frames: RoomFrames, code: string, group: string, next: PayloadParts): string | null {
  const prev = frames.groups.get(group);
  if (!prev) {
    const f: Frame = { frame: ++counter, shared: next.shared, own: next.own };
    frames.groups.set(group, f);
    return eventPacket("room:state", joinPayload(f), f.frame);
  }
  const shared = frames.sharedStep(prev.shared, next.shared);
  const own = opsJson(diffJson(prev.own, next.own));
  if (!shared && !own) return null;
  const f: Frame = { frame: ++counter, shared: next.shared, own: next.own };
  frames.groups.set(group, f);
  return patchPacket(code, next.shared.version, prev.frame, f.frame, shared && own ? `${shared},${own}` : shared || own);
}

/** The room's `advanceGroup`. */
export function advanceFrame(room: Room, group: string, next: PayloadParts): string | null {
  return advanceGroup(framesOf(room), room.code, group, next);
}

/** Forgets a group that has no listeners left. */
export function dropFrame(room: Room, group: string): void {
  byRoom.get(room)?.groups.delete(group);
}
