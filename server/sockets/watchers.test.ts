import { describe, expect, it } from "vitest";
import type { Sock } from "./edge";
import { HOST_GROUP, SPECTATOR_GROUP, watchingOf } from "./watchers";

const sock = (id: string) => ({ id }) as unknown as Sock;

describe("watchers", () => {
  it("lists each room's sockets by group, counts them and forgets a room once nobody watches it", () => {
    const w = watchingOf({});
    const [h, sp, a, b] = [sock("h"), sock("sp"), sock("a"), sock("b")];
    const room = w.of("room-1");
    room.add(HOST_GROUP, h);
    room.add(SPECTATOR_GROUP, sp);
    room.add("s1", a);
    room.add("s2", b);
    expect(w.find("room-1")).toBe(room);
    expect(room.count).toBe(4);
    expect([...room.all()]).toEqual([h, sp, a, b]);
    expect(room.seat("s1")?.has(a)).toBe(true);
    expect(room.group(HOST_GROUP)?.has(h)).toBe(true);
    // a socket is taken out of the group it is in only
    expect(room.remove("s2", a)).toBe(false);
    expect(room.remove("s1", a)).toBe(true);
    expect(room.seat("s1")?.size).toBe(0);
    w.forgetIfEmpty("room-1");
    expect(w.find("room-1")).toBe(room);
    for (const [g, s] of [[HOST_GROUP, h], [SPECTATOR_GROUP, sp], ["s2", b]] as const) room.remove(g, s);
    expect(room.count).toBe(0);
    w.forgetIfEmpty("room-1");
    expect(w.find("room-1")).toBeUndefined();
  });

  it("keeps two servers' watchers apart, though they serve rooms of the same ids", () => {
    const [one, two] = [watchingOf({}), watchingOf({})];
    one.of("room-1").add("s1", sock("a"));
    expect(two.find("room-1")).toBeUndefined();
    expect(one.find("room-1")?.count).toBe(1);
  });
});
