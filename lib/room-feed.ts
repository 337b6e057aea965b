// A client's copy of one room's payload, kept current from the server's pushes:
// whole payloads ("room:state", and the replies to watch and sync) and patches
// ("room:patch") against the frame the client last took. Frames are numbered
// by the server, increasing; a patch applies only to the frame it was made
// from, and anything else asks for a whole payload again.
import { applyPatch } from "./json-patch";
import type { RoomPatch, RoomPayload } from "./protocol";

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
      this.payload = applyPatch(this.payload, x.ops);
      this.frame = x.frame;
      return "applied";
    } catch {
      return "resync";
    }
  }
}

/** Copies of several rooms on one socket, for clients that watch more than one (tests, load drivers). */
export class RoomFeeds {
  private readonly feeds = new Map<string, RoomFeed>();
  private readonly syncing = new Set<string>();

  /**
   * `onPayload` gets every payload the copy becomes; `sync` asks the server for a
   * whole payload and hands it back through `full` (one request at a time per room).
   */
  constructor(
    private readonly onPayload: (p: RoomPayload) => void,
    private readonly sync: (code: string) => Promise<{ payload: RoomPayload; frame: number } | null>,
  ) {}

  get(code: string): RoomFeed {
    let f = this.feeds.get(code);
    if (!f) {
      f = new RoomFeed(code);
      this.feeds.set(code, f);
    }
    return f;
  }

  full(p: RoomPayload, frame: number): void {
    const f = this.get(p.code);
    if (f.full(p, frame)) this.onPayload(f.payload!);
  }

  patch(x: RoomPatch): void {
    const f = this.get(x.code);
    const r = f.patch(x);
    if (r === "applied") this.onPayload(f.payload!);
    else if (r === "resync" && !this.syncing.has(x.code)) {
      this.syncing.add(x.code);
      void this.sync(x.code).then((w) => {
        this.syncing.delete(x.code);
        if (w) this.full(w.payload, w.frame);
      });
    }
  }

  /** Forgets a room's copy: patches wait for the next whole payload. */
  reset(code: string): void {
    this.get(code).reset();
  }
}
