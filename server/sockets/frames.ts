// The last payload each recipient group of a room was sent, so that a change
// goes out as a patch against it rather than as a whole payload. A group is one
// recipient kind (the host, the spectators, one seat), so a patch is computed
// once per kind and only from that kind's own payloads: it can carry nothing
// the kind's whole payload would not. Frames are numbered from the start time
// in microseconds, so numbers keep increasing across restarts.
import { diffJson } from "../../lib/json-patch";
import type { RoomPatch, RoomPayload } from "../../lib/protocol";
import type { Room } from "../rooms/room";
import { eventPacket } from "./writes";

export interface Frame {
  frame: number;
  payload: RoomPayload;
}

let counter = Date.now() * 1000;
const byRoom = new WeakMap<Room, Map<string, Frame>>();

function framesOf(room: Room): Map<string, Frame> {
  let m = byRoom.get(room);
  if (!m) {
    m = new Map();
    byRoom.set(room, m);
  }
  return m;
}

/** The group's current frame; built now when the group has none yet. */
export function currentFrame(room: Room, group: string, build: () => RoomPayload): Frame {
  const m = framesOf(room);
  let f = m.get(group);
  if (!f) {
    f = { frame: ++counter, payload: build() };
    m.set(group, f);
  }
  return f;
}

/** Each recipient group's last frame, by group name. */
export type GroupFrames = Map<string, Frame>;

/**
 * Makes `payload` the group's frame. Returns the packet to write: the whole
 * payload when the group had no frame, a patch when it had one, nothing when
 * nothing changed.
 */
export function advanceGroup(m: GroupFrames, code: string, group: string, payload: RoomPayload): string | null {
  const prev = m.get(group);
  if (!prev) {
    const f = { frame: ++counter, payload };
    m.set(group, f);
    return eventPacket("room:state", payload, f.frame);
  }
  const ops = diffJson(prev.payload, payload);
  if (ops.length === 0) return null;
  const f = { frame: ++counter, payload };
  m.set(group, f);
  const patch: RoomPatch = { code, version: payload.version, base: prev.frame, frame: f.frame, ops };
  return eventPacket("room:patch", patch);
}

/** The room's `advanceGroup`. */
export function advanceFrame(room: Room, group: string, payload: RoomPayload): string | null {
  return advanceGroup(framesOf(room), room.code, group, payload);
}

/** Forgets a group that has no listeners left. */
export function dropFrame(room: Room, group: string): void {
  byRoom.get(room)?.delete(group);
}
