// Who watches each room served here, group by group: the host, the spectators,
// each seat's holder. A socket watches a room in one group at a time (handlers
// move it when its seat changes hands). Every push, chat line and nudge of a
// room goes to the sockets of its groups as they are listed here, written
// directly (see writes.ts): a change of a room of eight seats was ten lookups
// in Socket.IO's room table and one more per socket before, and the lists are
// the one record of who watches, presence included.
import type { Sock } from "./edge";

/** A group's name as the room's frames know it (frames.ts): a seat's own id, or one of these (no seat is called so). */
export const HOST_GROUP = "host";
export const SPECTATOR_GROUP = "spectator";

/** One room's watchers by group. */
export class RoomWatchers {
  readonly host = new Set<Sock>();
  readonly spectators = new Set<Sock>();
  private readonly seats = new Map<string, Set<Sock>>();

  /** The sockets of a group, by its name (undefined: a seat nobody has watched as). */
  group(name: string): Set<Sock> | undefined {
    return name === HOST_GROUP ? this.host : name === SPECTATOR_GROUP ? this.spectators : this.seats.get(name);
  }

  /** The sockets listening as the seat's holder (undefined or empty when none). */
  seat(seat: string): Set<Sock> | undefined {
    return this.seats.get(seat);
  }

  add(name: string, socket: Sock): void {
    let set = this.group(name);
    if (!set) this.seats.set(name, (set = new Set()));
    set.add(socket);
  }

  /** Takes the socket out of the group; true when it was in it. */
  remove(name: string, socket: Sock): boolean {
    return this.group(name)?.delete(socket) ?? false;
  }

  /** Every socket of the room, group by group. */
  *all(): IterableIterator<Sock> {
    yield* this.host;
    yield* this.spectators;
    for (const set of this.seats.values()) yield* set;
  }

  get count(): number {
    let n = this.host.size + this.spectators.size;
    for (const set of this.seats.values()) n += set.size;
    return n;
  }
}

/** Every room's watchers on one server, by room id: a room loaded again (a new Room object) keeps the sockets that watched it. */
export class Watching {
  private readonly byRoom = new Map<string, RoomWatchers>();

  /** The room's watchers, made on first use. */
  of(roomId: string): RoomWatchers {
    let w = this.byRoom.get(roomId);
    if (!w) this.byRoom.set(roomId, (w = new RoomWatchers()));
    return w;
  }

  /** The room's watchers, if any socket watched it here since it was last forgotten. */
  find(roomId: string): RoomWatchers | undefined {
    return this.byRoom.get(roomId);
  }

  /** Forgets a room nobody watches any more. */
  forgetIfEmpty(roomId: string): void {
    if (this.byRoom.get(roomId)?.count === 0) this.byRoom.delete(roomId);
  }
}

const servers = new WeakMap<object, Watching>();

/** The watchers of one server (its Socket.IO server, which several tests may run side by side in one process). */
export function watchingOf(io: object): Watching {
  let w = servers.get(io);
  if (!w) servers.set(io, (w = new Watching()));
  return w;
}
