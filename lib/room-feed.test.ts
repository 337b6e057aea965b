import { describe, expect, it } from "vitest";
import { diffJson } from "./json-patch";
import type { RoomPayload } from "./protocol";
import { PROTOCOL } from "./protocol";
import { builtBefore, RoomFeed } from "./room-feed";

const payload = (version: number, extra: object = {}) => ({ code: "ABC123", version, clock: { serverNow: 1000 + version, paused: false }, view: { n: version, ...extra } }) as unknown as RoomPayload;
/** The patch the server sends: the version and the clock reading in its header, not among its operations. */
const patch = (from: RoomPayload, to: RoomPayload, base: number, frame: number) => ({
  code: "ABC123",
  version: to.version,
  now: to.clock.serverNow,
  base,
  frame,
  ops: diffJson({ ...from, version: 0, clock: { ...from.clock, serverNow: 0 } }, { ...to, version: 0, clock: { ...to.clock, serverNow: 0 } }),
});

describe("RoomFeed", () => {
  it("applies a chain of patches from the frame it holds", () => {
    const f = new RoomFeed("ABC123");
    expect(f.patch(patch(payload(1), payload(2), 10, 11))).toBe("ignored"); // no whole payload yet
    expect(f.full(payload(1), 10)).toBe(true);
    expect(f.patch(patch(payload(1), payload(2), 10, 11))).toBe("applied");
    expect(f.patch(patch(payload(2), payload(3, { x: [1] }), 11, 12))).toBe("applied");
    expect(f.payload).toEqual(payload(3, { x: [1] }));
    expect(f.frame).toBe(12);
  });

  it("ignores old frames and other rooms, asks for a sync when it fell behind or a patch does not fit", () => {
    const f = new RoomFeed("ABC123");
    f.full(payload(5), 50);
    expect(f.full(payload(4), 40)).toBe(false);
    expect(f.patch(patch(payload(4), payload(5), 40, 50))).toBe("ignored");
    expect(f.patch({ ...patch(payload(5), payload(6), 50, 60), code: "OTHER1" })).toBe("ignored");
    expect(f.patch(patch(payload(6), payload(7), 60, 70))).toBe("resync");
    expect(f.patch({ code: "ABC123", version: 6, now: 1006, base: 50, frame: 60, ops: [{ p: ["view", "n", "deeper"], v: 1 }] })).toBe("resync");
    expect(f.patch({ ...patch(payload(5), payload(6), 50, 60), now: "later" as unknown as number })).toBe("resync");
    expect(f.payload).toEqual(payload(5)); // a patch that did not fit changed nothing
  });

  it("applies a patch whose operations set the version and the clock reading (a server from before the header carried them)", () => {
    const f = new RoomFeed("ABC123");
    f.full(payload(5), 50);
    expect(f.patch({ code: "ABC123", version: 6, base: 50, frame: 60, ops: diffJson(payload(5), payload(6)) })).toBe("applied");
    expect(f.payload).toEqual(payload(6));
  });
});

describe("builtBefore", () => {
  it("is true only for a server that speaks a later protocol than this client", () => {
    expect(builtBefore(PROTOCOL + 1)).toBe(true);
    expect(builtBefore(PROTOCOL)).toBe(false);
    expect(builtBefore(PROTOCOL - 1)).toBe(false);
    expect(builtBefore(undefined)).toBe(false);
  });
});
