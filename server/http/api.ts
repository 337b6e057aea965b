// The small HTTP API next to the sockets: health, the replay and the log export.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorCode } from "../../lib/errors";
import { ROOM_CODE_RE } from "../../lib/protocol";
import type { RoomManager } from "../rooms/manager";
import { CommandError } from "../rooms/errors";
import type { Store } from "../rooms/store";
import { retryAfter, sendJson as json } from "../edge/http";
import type { Limits } from "../limits";
import { buildExport, buildReplay, replayAccess } from "../replay";
import { userFromCookie } from "../sockets/auth";

function refuse(res: ServerResponse, status: number, code: ErrorCode, message: string): true {
  return json(res, status, { ok: false, code, message });
}

export interface ApiContext {
  rooms: RoomManager;
  store: Store;
  authSecret: string;
  limits: Limits;
  /** The client's limit key (see edge/address.ts). */
  address: string;
  /** Whether a season's room logs are open to everyone (the season is over). */
  seasonLogOpen?: (seasonId: string) => Promise<boolean>;
}

export async function handleApi(req: IncomingMessage, res: ServerResponse, ctx: ApiContext): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://x");
  if (!url.pathname.startsWith("/api/") || url.pathname.startsWith("/api/auth/")) return false;
  if (req.method !== "GET") return refuse(res, 405, "http/method", "Only GET is served here.");

  if (url.pathname === "/api/health") return json(res, 200, { ok: true, liveRooms: ctx.rooms.live().length });

  const m = /^\/api\/rooms\/([^/]+)\/(log\.json|replay)$/.exec(url.pathname);
  if (!m) return refuse(res, 404, "http/not_found", "No such endpoint.");
  let code: string;
  try {
    code = decodeURIComponent(m[1]!).toUpperCase();
  } catch {
    code = "";
  }
  if (!ROOM_CODE_RE.test(code)) return refuse(res, 400, "input/invalid", "A room code is 6 letters and digits.");
  // every export and replay reads the whole log; a miss also counts towards the guessing limit, and once that is spent no code is looked up
  const allowed = ctx.limits.take("log", ctx.address);
  const guessing = allowed.ok ? ctx.limits.check("unknown_code", ctx.address) : allowed;
  if (!guessing.ok) return json(res, 429, guessing, retryAfter(guessing));
  // read from the log when another process serves the room: a replay never takes a room's lease
  const room = await ctx.rooms.read(code);
  if (!room) {
    ctx.limits.take("unknown_code", ctx.address);
    return refuse(res, 404, "room/not_found", `There is no room ${code}.`);
  }
  const user = await userFromCookie(req.headers.cookie, ctx.authSecret);
  const access = replayAccess(room, user?.id ?? null);
  // a season room's log and replay would show every seat's balances, which carry into later episodes
  if (room.season && user?.id !== room.hostId && !(await ctx.seasonLogOpen?.(room.season.seasonId)))
    return refuse(res, 403, "log/season", "This room belongs to a running season: its log and replay open to everyone when the host ends the season.");
  if (access.viewers.length === 0) return refuse(res, 403, "log/not_yet", "The log and the replay open once the game is over; until then only the host may read them.");
  if (m[2] === "log.json") {
    const log = await buildExport(ctx.store, room, access);
    return json(res, 200, log, url.searchParams.has("download") ? { "content-disposition": `attachment; filename="garnet-${room.code}.json"` } : {});
  }
  const as = url.searchParams.get("as") ?? access.viewers[0]!;
  try {
    return json(res, 200, await buildReplay(ctx.store, room, access, as));
  } catch (e) {
    if (e instanceof CommandError) return refuse(res, 403, e.code, e.message);
    throw e;
  }
}
