// What a room holds on the server's heap, part by part, read from a heap
// snapshot (--heap-snapshot): from each Room object, what only its parts reach,
// each part taking what an earlier part has not taken, in this order: the game
// state as it is (no cache keyed by it), the rest of the room data, the room's
// payload memory (the views and own parts it keeps, with the view parts cached
// for its state), the last payload each recipient group was sent, the rest of
// the room's own objects; then the sockets of every room (Socket.IO's, the
// engine's, the WebSocket's, the TCP socket's), shared out over the rooms.
// The room's own parts are also given per game (the game's id, as the room's
// game names it), for the rooms of that game.
// Code, hidden classes, closures and prototypes are left out: they are the
// program's, not a room's. The snapshot is read whole: one of a few hundred
// rooms (a few hundred MB) is what this is for.
import { readFileSync } from "node:fs";

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface RoomHeap {
  rooms: number;
  /** KiB per room, part by part, in the order they were taken. */
  parts: { part: string; kib: number }[];
  /** The whole heap the snapshot holds, KiB per room. */
  heapKiB: number;
  /** The room's own parts (all but the sockets) for the rooms of each game, KiB per room of that game. */
  games: { game: string; rooms: number; parts: { part: string; kib: number }[] }[];
}

const SOCKETS = new Set(["Socket", "Client", "WebSocket", "Receiver", "Sender", "IncomingMessage", "TCP"]);
const NOT_OWNED = new Set(["__proto__", "constructor", "map", "prototype"]);
/** A room's fields that lead to what every room shares (the store, the game, the manager's hooks and options), left out wherever they are reached. */
const SHARED = new Set(["store", "game", "hooks", "opts", "now", "seatConnected"]);

export function roomHeap(file: string): RoomHeap {
  const s = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  const meta = s.snapshot.meta;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const [nType, nName, nSize, nEdges] = ["type", "name", "self_size", "edge_count"].map((f) => meta.node_fields.indexOf(f)) as [number, number, number, number];
  const [eType, eName, eTo] = ["type", "name_or_index", "to_node"].map((f) => meta.edge_fields.indexOf(f)) as [number, number, number];
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const { nodes, edges, strings } = s;
  const count = nodes.length / nf;
  const firstEdge = new Uint32Array(count + 1);
  for (let i = 0, e = 0; i < count; i++) {
    firstEdge[i] = e;
    e += nodes[i * nf + nEdges]! * ef;
  }
  firstEdge[count] = edges.length;
  const type = (n: number) => nodeTypes[nodes[n * nf + nType]!]!;
  const name = (n: number) => strings[nodes[n * nf + nName]!]!;
  const edgeName = (e: number) => {
    const t = edgeTypes[edges[e + eType]!];
    return t === "element" || t === "hidden" ? "" : strings[edges[e + eName]!]!;
  };
  /** Whether edge `e` holds what it leads to for its holder (not a weak reference, a prototype or a hidden class). */
  const holds = (e: number) => edgeTypes[edges[e + eType]!] !== "weak" && !NOT_OWNED.has(edgeName(e));
  const programs = (n: number) => {
    const t = type(n);
    return t === "code" || t === "hidden" || t === "closure" || (t === "object" && (name(n) === "Room" || name(n).startsWith("system /")));
  };
  const taken = new Uint8Array(count);
  /** What every room shares (filled in once the rooms are found): left out wherever a walk reaches it, as the room's rules reach the game. */
  const shared = new Set<number>();
  /**
   * The bytes reachable from `roots` not taken yet (and takes them); `keyed`:
   * through a WeakMap entry keyed by what it passes too. The walk passes through
   * what is taken already: a cache is keyed by the state an earlier part took.
   */
  const take = (roots: number[], keyed: boolean) => {
    let bytes = 0;
    const seen = new Set<number>();
    const stack = [...roots];
    while (stack.length) {
      const n = stack.pop()!;
      if (seen.has(n) || programs(n) || shared.has(n)) continue;
      seen.add(n);
      if (!taken[n]) bytes += nodes[n * nf + nSize]!;
      taken[n] = 1;
      for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += ef) {
        if (holds(e) && (keyed || !edgeName(e).includes("part of key"))) stack.push(edges[e + eTo]! / nf);
      }
    }
    return bytes;
  };
  const child = (n: number, field: string) => {
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += ef) if (edgeName(e) === field) return edges[e + eTo]! / nf;
    return -1;
  };
  const at = (n: number, path: string) => path.split(".").reduce((x, f) => (x < 0 ? x : child(x, f)), n);
  const rooms: number[] = [];
  const sockets: number[] = [];
  let heap = 0;
  for (let n = 0; n < count; n++) {
    heap += nodes[n * nf + nSize]!;
    if (type(n) !== "object") continue;
    if (name(n) === "Room") rooms.push(n);
    else if (SOCKETS.has(name(n))) sockets.push(n);
  }
  for (const r of rooms) for (let e = firstEdge[r]!; e < firstEdge[r + 1]!; e += ef) if (SHARED.has(edgeName(e))) shared.add(edges[e + eTo]! / nf);
  /** A room's own edges (`keyed`: those of the WeakMap entries keyed by it; else its fields); what every room shares is left out by the walk. */
  const own = (r: number, keyed: boolean) => {
    const out: number[] = [];
    for (let e = firstEdge[r]!; e < firstEdge[r + 1]!; e += ef) {
      if (holds(e) && edgeName(e).includes("part of key") === keyed) out.push(edges[e + eTo]! / nf);
    }
    return out;
  };
  const order: [string, (room: number) => number[], boolean][] = [
    ["game state", (r) => [at(r, "current.state")], false],
    ["rest of the room data (seats, notices, config)", (r) => [at(r, "current")], false],
    ["payload memory (views and own parts kept, view parts cached)", (r) => [at(r, "memo"), at(r, "current.state")], true],
    ["last payload per recipient group", (r) => own(r, true), true],
    ["rest of the room (rules, clock, bots, spectators' frames)", (r) => own(r, false), true],
  ];
  const sums = order.map(() => 0);
  const byGame = new Map<string, { rooms: number; sums: number[] }>();
  for (const r of rooms) {
    const id = at(r, "game.meta.id");
    const game = id >= 0 && type(id) === "string" ? name(id) : "(unknown game)";
    let g = byGame.get(game);
    if (!g) byGame.set(game, (g = { rooms: 0, sums: order.map(() => 0) }));
    g.rooms++;
    order.forEach(([, roots, keyed], i) => {
      const bytes = take(roots(r).filter((x) => x >= 0), keyed);
      sums[i]! += bytes;
      g.sums[i]! += bytes;
    });
  }
  const socketBytes = take(sockets, true);
  const per = (bytes: number) => bytes / Math.max(1, rooms.length) / 1024;
  return {
    rooms: rooms.length,
    parts: [...order.map(([part], i) => ({ part, kib: per(sums[i]!) })), { part: "sockets (every layer), shared out", kib: per(socketBytes) }],
    heapKiB: per(heap),
    games: [...byGame].map(([game, g]) => ({ game, rooms: g.rooms, parts: order.map(([part], i) => ({ part, kib: g.sums[i]! / g.rooms / 1024 })) })).sort((a, b) => (a.game < b.game ? -1 : 1)),
  };
}
