// The last payload each recipient group of a room was sent, so that a change
// goes out as a patch against it rather than as a whole payload. A group is one
// recipient kind (the host, the spectators, one seat), so a patch is computed
// once per kind and only from that kind's own payloads: it can carry nothing
// the kind's whole payload would not. Frames are numbered from the start time
// in microseconds, so numbers keep increasing across restarts.
import { diffJson } from "../../lib/json-patch";
import type { RoomPatch, RoomPayload } from "../../lib/protocol";
import type { Room } from "../rooms/room";

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

/**
 * Makes `payload` the group's frame. Returns what to send: the whole payload when
 * the group had no frame, a patch when it had one, nothing when nothing changed.
 */
export function advanceFrame(room: Room, group: string, payload: RoomPayload): { full: Frame } | { patch: RoomPatch } | null {
  const m = framesOf(room);
  const prev = m.get(group);
  if (!prev) {
    const f = { frame: ++counter, payload };
    m.set(group, f);
    return { full: f };
  }
  const ops = diffJson(prev.payload, payload);
  if (ops.length === 0) return null;
  const f = { frame: ++counter, payload };
  m.set(group, f);
  return { patch: { code: room.code, version: payload.version, base: prev.frame, frame: f.frame, ops } };
}

/** Forgets a group that has no listeners left. */
export function dropFrame(room: Room, group: string): void {
  byRoom.get(room)?.delete(group);
}
