import { describe, expect, it } from "vitest";
import { diffJson } from "./json-patch";
import type { RoomPayload } from "./protocol";
import { RoomFeed } from "./room-feed";

const payload = (version: number, extra: object = {}) => ({ code: "ABC123", version, view: { n: version, ...extra } }) as unknown as RoomPayload;
const patch = (from: RoomPayload, to: RoomPayload, base: number, frame: number) => ({ code: "ABC123", version: to.version, base, frame, ops: diffJson(from, to) });

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
    expect(f.patch({ code: "ABC123", version: 6, base: 50, frame: 60, ops: [{ p: ["view", "n", "deeper"], v: 1 }] })).toBe("resync");
    expect(f.payload).toEqual(payload(5)); // a patch that did not fit changed nothing
  });
});
