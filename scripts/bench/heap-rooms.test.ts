import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { roomHeap } from "./heap-rooms";

interface N {
  type: string;
  name: string;
  size: number;
  edges?: [type: string, name: string, to: string][];
}

/** A heap snapshot file in V8's layout, of the named nodes. */
function snapshotFile(nodes: Record<string, N>): string {
  const nodeTypes = ["hidden", "array", "string", "object", "code", "closure"];
  const edgeTypes = ["context", "element", "property", "internal", "hidden", "shortcut", "weak"];
  const ids = Object.keys(nodes);
  const strings: string[] = [];
  const str = (s: string) => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  const flatNodes: number[] = [];
  const flatEdges: number[] = [];
  for (const id of ids) {
    const n = nodes[id]!;
    flatNodes.push(nodeTypes.indexOf(n.type), str(n.name), ids.indexOf(id) + 1, n.size, n.edges?.length ?? 0);
    for (const [t, name, to] of n.edges ?? []) flatEdges.push(edgeTypes.indexOf(t), t === "element" ? Number(name) : str(name), ids.indexOf(to) * 5);
  }
  const snapshot = {
    snapshot: { meta: { node_fields: ["type", "name", "id", "self_size", "edge_count"], node_types: [nodeTypes], edge_fields: ["type", "name_or_index", "to_node"], edge_types: [edgeTypes] } },
    nodes: flatNodes,
    edges: flatEdges,
    strings,
  };
  const file = path.join(mkdtempSync(path.join(tmpdir(), "heap-rooms-")), "t.heapsnapshot");
  writeFileSync(file, JSON.stringify(snapshot));
  return file;
}

describe("roomHeap", () => {
  it("gives each part of a room what it alone reaches, in order, leaving out what every room shares", () => {
    const file = snapshotFile({
      room: {
        type: "object",
        name: "Room",
        size: 100,
        edges: [
          ["property", "store", "store"],
          ["property", "current", "data"],
          ["property", "memo", "memo"],
          ["property", "timers", "timers"],
          ["property", "game", "game"],
          ["property", "rules", "rules"],
          ["internal", "1 / part of key (Room @1) -> value (RoomFrames @9) pair in WeakMap (table @3)", "frames"],
          ["property", "__proto__", "proto"],
        ],
      },
      store: { type: "object", name: "Store", size: 1000 },
      game: { type: "object", name: "Object", size: 400, edges: [["property", "meta", "meta"]] },
      meta: { type: "object", name: "Object", size: 6, edges: [["property", "id", "gameId"]] },
      gameId: { type: "string", name: "test-game", size: 4 },
      rules: { type: "object", name: "GameRules", size: 6, edges: [["property", "game", "game"]] },
      proto: { type: "object", name: "Object", size: 500 },
      data: { type: "object", name: "Object", size: 10, edges: [["property", "state", "state"], ["property", "notices", "notices"]] },
      state: { type: "object", name: "Object", size: 40, edges: [["property", "history", "history"], ["internal", "2 / part of key (Object @5) -> value (Map @7) pair in WeakMap (table @3)", "cache"]] },
      history: { type: "array", name: "", size: 30, edges: [["property", "map", "shape"]] },
      shape: { type: "hidden", name: "system / Map", size: 64 },
      cache: { type: "object", name: "Map", size: 12, edges: [["property", "0", "history"]] },
      notices: { type: "object", name: "Array", size: 5 },
      memo: { type: "object", name: "PayloadMemo", size: 20, edges: [["property", "views", "views"]] },
      views: { type: "object", name: "Object", size: 15, edges: [["property", "history", "history"], ["property", "fn", "fn"]] },
      fn: { type: "closure", name: "view", size: 32 },
      frames: { type: "object", name: "RoomFrames", size: 25, edges: [["property", "last", "views"], ["property", "patch", "patch"], ["weak", "held", "other"]] },
      patch: { type: "array", name: "", size: 7 },
      other: { type: "object", name: "Object", size: 9 },
      timers: { type: "object", name: "RoomClock", size: 3 },
      socket: { type: "object", name: "Socket", size: 50 },
      code: { type: "code", name: "(code)", size: 2000 },
    });
    const r = roomHeap(file);
    expect(r.rooms).toBe(1);
    const bytes = Object.fromEntries(r.parts.map((p) => [p.part.split(" (")[0], Math.round(p.kib * 1024)]));
    expect(bytes).toEqual({
      "game state": 70, // the state and its history; the cache keyed by the state is not the state's
      "rest of the room data": 15,
      "payload memory": 47, // the memo, its views, the cache keyed by the state (the history was taken)
      "last payload per recipient group": 32, // the frames and the patch; a weak reference holds nothing
      "rest of the room": 9, // the clock and the rules; the store and the game every room shares are left out, also where the rules reach the game
      "sockets": 50,
    });
    expect(r.games).toEqual([{ game: "test-game", rooms: 1, parts: r.parts.slice(0, 5) }]);
    const total = 400 + 6 + 6 + 4 + 100 + 1000 + 500 + 10 + 40 + 30 + 64 + 12 + 5 + 20 + 15 + 32 + 25 + 7 + 9 + 3 + 50 + 2000;
    expect(Math.round(r.heapKiB * 1024)).toBe(total);
  });
});
