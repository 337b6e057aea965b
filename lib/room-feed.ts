// A client's copies of the rooms it watches, kept current from the server's
// pushes: whole payloads ("room:state", and the replies to watch and sync) and
// patches ("room:patch") against the frame the client last took. Frames are
// numbered by the server, increasing; a patch applies only to the frame it was
// made from, and anything else asks for the whole payload again. The browser,
// the tests and the load driver all watch rooms through this one class.
import { applyPatch, PatchError } from "./json-patch";
import { PROTOCOL, type Ack, type RoomPatch, type RoomPayload } from "./protocol";

/**
 * The payload a patch makes of `payload`: its operations applied, then the
 * room version and the clock reading its header carries (the operations never
 * name those two). A patch of a server from before the header carried them
 * (a process not yet updated, in a rolling deploy) has them among its
 * operations instead. Throws a PatchError when the operations do not fit.
 */
export function applyRoomPatch(payload: RoomPayload, x: RoomPatch): RoomPayload {
  if (x.now === undefined) return applyPatch(payload, x.ops);
  if (typeof x.version !== "number" || typeof x.now !== "number") throw new PatchError("a patch's version or clock reading is not a number");
  const next = applyPatch(payload, x.ops);
  return { ...next, version: x.version, clock: { ...next.clock, serverNow: x.now } };
}

export type FeedResult = "applied" | "ignored" | "resync";

export class RoomFeed {
  payload: RoomPayload | null = null;
  frame = 0;

  constructor(public code: string) {}

  /** Forgets the copy (before watching again, or after a reconnect): patches wait for a whole payload. */
  reset(code = this.code): void {
    this.code = code;
    this.payload = null;
    this.frame = 0;
  }

  /** A whole payload: taken unless it is older than the copy. */
  full(p: RoomPayload, frame: number): boolean {
    if (p.code !== this.code || typeof frame !== "number") return false;
    if (this.payload && frame < this.frame) return false;
    this.payload = p;
    this.frame = frame;
    return true;
  }

  /** A patch: applied when it continues the copy; "resync" when the copy fell behind or the patch does not fit. */
  patch(x: RoomPatch): FeedResult {
    if (x.code !== this.code || !this.payload) return "ignored";
    if (x.base !== this.frame) return x.frame <= this.frame ? "ignored" : "resync";
    try {
      this.payload = applyRoomPatch(this.payload, x);
      this.frame = x.frame;
      return "applied";
    } catch {
      return "resync";
    }
  }
}

type Whole = { payload: RoomPayload; frame: number; protocol?: number };

/** Whether a server whose watch answer says `protocol` sends pushes this client cannot read: the client was built before the server's last deploy. */
export function builtBefore(protocol: number | undefined): boolean {
  return typeof protocol === "number" && protocol > PROTOCOL;
}

/** Sends a request over the socket and resolves to its answer (a typed error when none comes). */
export type FeedRequest = (event: "room:watch" | "room:sync", input: { code: string; as?: "spectator" }) => Promise<Ack<Whole>>;
/** The part of a socket the feeds listen on. */
export interface FeedSocket {
  on(event: "room:state", fn: (p: RoomPayload, frame: number) => void): unknown;
  on(event: "room:patch", fn: (x: RoomPatch) => void): unknown;
  off(event: "room:state" | "room:patch", fn?: (...args: never[]) => void): unknown;
}

/** Copies of the rooms one socket watches. */
export class RoomFeeds {
  private readonly feeds = new Map<string, RoomFeed>();
  private readonly syncing = new Set<string>();
  private readonly onState = (p: RoomPayload, frame: number) => this.full(p, frame);
  private readonly onPatch = (x: RoomPatch) => this.patch(x);

  /** `onPayload` gets every payload a copy becomes. */
  constructor(
    private readonly request: FeedRequest,
    private readonly onPayload: (p: RoomPayload) => void,
  ) {}

  /** Starts taking the socket's pushes; the returned function stops it. */
  listen(socket: FeedSocket): () => void {
    socket.on("room:state", this.onState);
    socket.on("room:patch", this.onPatch);
    return () => {
      socket.off("room:state", this.onState as never);
      socket.off("room:patch", this.onPatch as never);
    };
  }

  get(code: string): RoomFeed {
    let f = this.feeds.get(code);
    if (!f) {
      f = new RoomFeed(code);
      this.feeds.set(code, f);
    }
    return f;
  }

  /** Watches a room (again, after a reconnect): its copy starts from the whole payload in the answer. */
  async watch(code: string, as?: "spectator"): Promise<Ack<Whole>> {
    this.get(code).reset();
    const r = await this.request("room:watch", { code, ...(as ? { as } : {}) });
    if (r.ok) this.full(r.payload, r.frame);
    return r;
  }

  full(p: RoomPayload, frame: number): void {
    const f = this.get(p.code);
    if (f.full(p, frame)) this.onPayload(f.payload!);
  }

  patch(x: RoomPatch): void {
    const f = this.get(x.code);
    const r = f.patch(x);
    if (r === "applied") this.onPayload(f.payload!);
    else if (r === "resync") void this.sync(x.code);
  }

  /** A patch did not continue the copy: one request for the whole payload at a time per room. */
  private async sync(code: string): Promise<void> {
    if (this.syncing.has(code)) return;
    this.syncing.add(code);
    try {
      const r = await this.request("room:sync", { code });
      if (r.ok) this.full(r.payload, r.frame);
    } finally {
      this.syncing.delete(code);
    }
  }

  /** Forgets a room's copy: patches wait for the next whole payload. */
  forget(code: string): void {
    this.feeds.delete(code);
  }
}
