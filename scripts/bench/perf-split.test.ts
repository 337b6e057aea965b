import { describe, expect, it } from "vitest";
import { gapByPart, latestNames, mainThreadPart } from "./perf-split";

describe("latestNames", () => {
  it("names each address by the last line that covers it", () => {
    const map = [
      "1000 100 JS:*startUp a.ts:1", // freed, then reused by the two below
      "1000 40 JS:*hot b.ts:2",
      "1060 20 JS:*other c.ts:3",
      "2000 10 JS:*alone d.ts:4",
      "2008 10 JS:*overlapsAlone e.ts:5", // covers the end of the one before it
    ].join("\n");
    expect(latestNames(map)).toEqual(["1000 40 JS:*hot b.ts:2", "1060 20 JS:*other c.ts:3", "2008 10 JS:*overlapsAlone e.ts:5"]);
  });

  it("keeps ranges that only touch, sorts by address, and keeps lines it cannot read", () => {
    const map = "30 10 JS:*c\nnot a map line\n10 10 JS:*a\n20 10 JS:*b\n";
    expect(latestNames(map)).toEqual(["not a map line", "10 10 JS:*a", "20 10 JS:*b", "30 10 JS:*c"]);
  });

  it("reads addresses past 2^53 exactly", () => {
    const map = "7f1a8c3e7f80 47f8 JS:*createRoom store.ts:9\n7f1a8c3e9ec0 b20 JS:*releaseAll writes.ts:1\n";
    expect(latestNames(map)).toEqual(["7f1a8c3e9ec0 b20 JS:*releaseAll writes.ts:1"]);
  });
});

describe("mainThreadPart", () => {
  const room = "JS:*fold file:///srv/server/rooms/room.ts:1:3698";
  const acts = "JS:*commitActs file:///srv/server/rooms/room.ts:1:7509";
  const steps = "JS:*commitSteps file:///srv/server/rooms/room.ts:1:4401";
  const ticks = "JS:*processTicksAndRejections node:internal/process/task_queues:67:35";

  it("counts the room's fold, and what it calls, as fold and commit even where lib/room's fold was inlined", () => {
    expect(mainThreadPart(["Builtins_CreateDataProperty", room, acts, ticks])).toBe("fold and commit");
    expect(mainThreadPart(["JS:*commitOf file:///srv/server/rooms/commit.ts:1:132", room, acts, ticks])).toBe("fold and commit");
    expect(mainThreadPart(["JS:*view file:///srv/lib/games/truth-wars/view.ts:1:9494", room, acts])).toBe("fold and commit");
    expect(mainThreadPart(["JS:*refold file:///srv/server/rooms/room.ts:1:1", acts, ticks])).toBe("between: the room (clock, bots, seats)");
  });

  it("keeps the room's work after the write, the database client and the writes apart", () => {
    expect(mainThreadPart(["JS:*arm file:///srv/server/rooms/clock.ts:1:362", steps, ticks])).toBe("between: the room (clock, bots, seats)");
    expect(mainThreadPart(["JS:*schedule file:///srv/server/rooms/store.ts:9:976", steps, acts])).toBe("between: the database client");
    expect(mainThreadPart(["__GI___writev", "JS:*releaseAll file:///srv/server/sockets/writes.ts:1:942", "JS:*push file:///srv/server/sockets/handlers.ts:1:806"])).toBe("socket writes");
    expect(mainThreadPart(["JS:*diffInto file:///srv/lib/json-patch.ts:1:841", "JS:*push file:///srv/server/sockets/handlers.ts:1:806", steps])).toBe("payloads and patches");
  });

  it("tells the collector and plain system calls apart from JavaScript", () => {
    expect(mainThreadPart(["v8::internal::Scavenger::ScavengeObject", room])).toBe("fold and commit");
    expect(mainThreadPart(["v8::internal::Scavenger::ScavengeObject", ticks])).toBe("between: the collector");
    expect(mainThreadPart(["epoll_pwait", "uv_run"])).toBe("between: event loop and system calls");
    expect(mainThreadPart(["Builtins_LoadIC", ticks])).toBe("between: other JavaScript");
  });
});

describe("gapByPart", () => {
  it("gives each part's CPU per action in both recordings, the floor's writes counted with its reads", () => {
    const garnet = {
      samples: 1000,
      shares: [
        { part: "payloads and patches", share: 0.2 },
        { part: "socket writes", share: 0.1 },
        { part: "socket edge", share: 0.05 },
        { part: "between: socket reads and Socket.IO", share: 0.1 },
        { part: "between: the collector", share: 0.05 },
        { part: "helper threads: the collector", share: 0.05 },
        { part: "between: event loop and system calls", share: 0.45 },
      ],
    };
    const floor = { samples: 400, shares: [{ part: "between: socket reads and Socket.IO", share: 0.75 }, { part: "between: event loop and system calls", share: 0.25 }] };
    const byPart = new Map(gapByPart(garnet, 2, floor, 0.4).map((p) => [p.part, p]));
    expect(byPart.get("payloads and patches")).toEqual({ part: "payloads and patches", garnetMs: 0.4, floorMs: 0 });
    expect(byPart.get("sockets: reads, writes, Socket.IO, the edge")!.garnetMs).toBeCloseTo(0.5);
    expect(byPart.get("sockets: reads, writes, Socket.IO, the edge")!.floorMs).toBeCloseTo(0.3);
    expect(byPart.get("the collector (main thread and helpers)")!.garnetMs).toBeCloseTo(0.2);
    expect(byPart.get("event loop and system calls")!.garnetMs).toBeCloseTo(0.9);
    expect(byPart.get("event loop and system calls")!.floorMs).toBeCloseTo(0.1);
    // every sample of a known part is counted once: the parts add up to each server's CPU per action
    const all = [...byPart.values()];
    expect(all.reduce((s, p) => s + p.garnetMs, 0)).toBeCloseTo(2);
    expect(all.reduce((s, p) => s + p.floorMs, 0)).toBeCloseTo(0.4);
  });

  it("gives samples of a part it does not name a row of their own, and no such row when there are none", () => {
    const garnet = { samples: 10, shares: [{ part: "payloads and patches", share: 0.5 }, { part: "a stage added later", share: 0.5 }] };
    const floor = { samples: 10, shares: [{ part: "between: socket reads and Socket.IO", share: 1 }] };
    const rows = gapByPart(garnet, 1, floor, 0.5);
    expect(rows[rows.length - 1]).toEqual({ part: "a part the comparison does not name", garnetMs: 0.5, floorMs: 0 });
    expect(gapByPart(floor, 1, floor, 1).some((r) => r.part === "a part the comparison does not name")).toBe(false);
  });
});
