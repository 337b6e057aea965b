// The permission matrix: every socket event and HTTP route of the platform, for
// every kind of caller, and whether it is allowed or with which code it is
// refused. server/permissions.int.test.ts runs the whole table against a real
// server; docs/security.md quotes it. The room is the test fixture game with
// Alice in seat s1 and Bob in s2; "player" is Alice.
import type { ErrorCode } from "../../lib/errors";

export const CALLERS = ["anonymous", "outsider", "spectator", "player", "host"] as const;
export type Caller = (typeof CALLERS)[number];
/** `anonymous`: no session. `outsider`: signed in, never opened the room. `spectator`: signed in, watching as a spectator. */
export type Expect = "allow" | ErrorCode;

export interface RoomContext {
  code: string;
}

export type Probe =
  | { kind: "socket"; event: string; input: (c: RoomContext) => unknown; watchFirst?: boolean }
  | { kind: "http"; path: (c: RoomContext) => string };

export interface PermissionRow {
  what: string;
  /** The room the row runs against; `open` is a running room whose seat s2 the host has opened. */
  room: "running" | "open" | "finished";
  probe: Probe;
  expect: Record<Caller, Expect>;
}

const same = (e: Expect, except: Partial<Record<Caller, Expect>> = {}): Record<Caller, Expect> => ({ anonymous: e, outsider: e, spectator: e, player: e, host: e, ...except });
const signedIn = (e: Expect, except: Partial<Record<Caller, Expect>> = {}) => same(e, { anonymous: "auth/required", ...except });
const socket = (event: string, input: (c: RoomContext) => unknown, watchFirst = false): Probe => ({ kind: "socket", event, input, watchFirst });
const http = (path: (c: RoomContext) => string): Probe => ({ kind: "http", path });

export const PERMISSIONS: PermissionRow[] = [
  { what: "create a room", room: "running", probe: socket("room:create", () => ({ gameId: "fixture", seats: 2 })), expect: signedIn("allow") },
  { what: "watch a room", room: "running", probe: socket("room:watch", (c) => ({ code: c.code })), expect: same("allow") },
  { what: "sync a watched room", room: "running", probe: socket("room:sync", (c) => ({ code: c.code }), true), expect: same("allow") },
  { what: "sync without watching first (the spectator, player and host here watch)", room: "running", probe: socket("room:sync", (c) => ({ code: c.code })), expect: same("allow", { anonymous: "room/not_watching", outsider: "room/not_watching" }) },
  { what: "ask the host for an open seat of a running game", room: "open", probe: socket("seat:claim", (c) => ({ code: c.code }), true), expect: signedIn("allow", { host: "seat/host" }) },
  { what: "take a seat when every seat is held", room: "running", probe: socket("seat:claim", (c) => ({ code: c.code }), true), expect: signedIn("seat/full", { player: "allow", host: "seat/host" }) },
  { what: "leave a seat in a running game", room: "running", probe: socket("seat:release", (c) => ({ code: c.code }), true), expect: signedIn("seat/none", { player: "seat/locked" }) },
  { what: "make one's own move", room: "running", probe: socket("game:act", (c) => ({ code: c.code, action: { type: "pick", value: 5 } })), expect: signedIn("seat/none", { player: "allow" }) },
  { what: "make a move only the host may make", room: "running", probe: socket("game:act", (c) => ({ code: c.code, action: { type: "bonus", seat: "s2" } })), expect: signedIn("seat/none", { player: "action/host_only" }) },
  { what: "host: pause the clock", room: "running", probe: socket("host:command", (c) => ({ code: c.code, command: { type: "pause" } })), expect: signedIn("host/only", { host: "allow" }) },
  { what: "host: remove another seat's player", room: "running", probe: socket("host:command", (c) => ({ code: c.code, command: { type: "kick", seat: "s2" } })), expect: signedIn("host/only", { host: "allow" }) },
  { what: "host: a game action as the host", room: "running", probe: socket("host:command", (c) => ({ code: c.code, command: { type: "game", action: { type: "bonus", seat: "s2" } } })), expect: signedIn("host/only", { host: "allow" }) },
  { what: "chat at the table", room: "running", probe: socket("chat:send", (c) => ({ code: c.code, channel: "public", body: "hi" })), expect: signedIn("chat/not_member", { player: "allow", host: "allow" }) },
  { what: "chat in one's own confessional", room: "running", probe: socket("chat:send", (c) => ({ code: c.code, channel: "confessional:s1", body: "hi" })), expect: signedIn("chat/not_member", { player: "allow", host: "allow" }) },
  { what: "chat in another seat's confessional", room: "running", probe: socket("chat:send", (c) => ({ code: c.code, channel: "confessional:s2", body: "hi" })), expect: signedIn("chat/not_member", { host: "allow" }) },
  { what: "chat in a channel that does not exist", room: "running", probe: socket("chat:send", (c) => ({ code: c.code, channel: "dm:s1:s9", body: "hi" })), expect: signedIn("chat/not_member") },
  { what: "read the table talk", room: "running", probe: socket("chat:history", (c) => ({ code: c.code, channel: "public" }), true), expect: same("allow") },
  { what: "read another seat's confessional", room: "running", probe: socket("chat:history", (c) => ({ code: c.code, channel: "confessional:s2" }), true), expect: same("chat/not_member", { host: "allow" }) },
  { what: "read the audit log", room: "running", probe: socket("room:audit", (c) => ({ code: c.code })), expect: signedIn("host/only", { host: "allow" }) },
  { what: "alerts: choose what one is pushed about this room (one's own setting)", room: "running", probe: socket("alerts:setting", (c) => ({ code: c.code, mode: "mine" })), expect: signedIn("seat/none", { player: "allow" }) },
  { what: "alerts: read the room's Discord channel (shown without its token)", room: "running", probe: socket("alerts:webhook", (c) => ({ scope: "room", code: c.code })), expect: signedIn("host/only", { host: "allow" }) },
  { what: "alerts: set the room's Discord channel to a URL that is not a Discord webhook", room: "running", probe: socket("alerts:webhook", (c) => ({ scope: "room", code: c.code, url: "https://discord.com@127.0.0.1/api/webhooks/123456/abcdefghijklmnopqrstuvwxyz" })), expect: signedIn("host/only", { host: "alerts/webhook" }) },
  { what: "alerts: stop the room's Discord channel", room: "running", probe: socket("alerts:webhook", (c) => ({ scope: "room", code: c.code, url: null })), expect: signedIn("host/only", { host: "allow" }) },
  { what: "export the log during the game", room: "running", probe: http((c) => `/api/rooms/${c.code}/log.json`), expect: same("log/not_yet", { host: "allow" }) },
  { what: "replay during the game", room: "running", probe: http((c) => `/api/rooms/${c.code}/replay?as=s2`), expect: same("log/not_yet", { host: "allow" }) },
  { what: "export the log after the game", room: "finished", probe: http((c) => `/api/rooms/${c.code}/log.json`), expect: same("allow") },
  { what: "replay after the game, public view", room: "finished", probe: http((c) => `/api/rooms/${c.code}/replay?as=spectator`), expect: same("allow") },
  { what: "replay after the game as seat s1", room: "finished", probe: http((c) => `/api/rooms/${c.code}/replay?as=s1`), expect: same("replay/viewer", { player: "allow", host: "allow" }) },
  { what: "replay after the game, all-seeing", room: "finished", probe: http((c) => `/api/rooms/${c.code}/replay?as=host`), expect: same("replay/viewer", { host: "allow" }) },
];

/** The matrix as a Markdown table, for docs/security.md. */
export function permissionTable(): string {
  const head = `| what | ${CALLERS.join(" | ")} |\n|---|${CALLERS.map(() => "---").join("|")}|`;
  const rows = PERMISSIONS.map((r) => `| ${r.what}${r.room === "finished" ? " (game over)" : r.room === "open" ? " (a seat open)" : ""} | ${CALLERS.map((c) => (r.expect[c] === "allow" ? "✓" : `\`${r.expect[c]}\``)).join(" | ")} |`);
  return [head, ...rows].join("\n");
}
