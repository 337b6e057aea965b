// The small HTTP API next to the sockets: health and the log export.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ROOM_CODE_RE, type ReplayLog } from "../../lib/protocol";
import type { RoomManager } from "../rooms/manager";
import { userFromCookie } from "../sockets/auth";

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): true {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
  return true;
}

export async function handleApi(req: IncomingMessage, res: ServerResponse, ctx: { rooms: RoomManager; authSecret: string; seasonLogOpen?: (seasonId: string) => Promise<boolean> }): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://x");
  if (!url.pathname.startsWith("/api/") || url.pathname.startsWith("/api/auth/")) return false;
  if (req.method !== "GET") return json(res, 405, { ok: false, code: "http/method", message: "Only GET is served here." });

  if (url.pathname === "/api/health") return json(res, 200, { ok: true, liveRooms: ctx.rooms.live().length });

  const m = /^\/api\/rooms\/([^/]+)\/log\.json$/.exec(url.pathname);
  if (m) {
    const code = decodeURIComponent(m[1]!).toUpperCase();
    if (!ROOM_CODE_RE.test(code)) return json(res, 400, { ok: false, code: "room/code", message: "A room code is 6 letters and digits." });
    const room = await ctx.rooms.get(code);
    if (!room) return json(res, 404, { ok: false, code: "room/not_found", message: `There is no room ${code}.` });
    const user = await userFromCookie(req.headers.cookie, ctx.authSecret);
    const over = room.status === "finished" || room.status === "aborted";
    const isHost = user?.id === room.hostId;
    if (!over && !isHost) return json(res, 403, { ok: false, code: "log/not_yet", message: "The log is open to everyone once the game is over; until then only the host may export it." });
    // a season room's whole log would show every seat's balances, which carry into later episodes
    if (room.season && !isHost && !(await ctx.seasonLogOpen?.(room.season.seasonId)))
      return json(res, 403, { ok: false, code: "log/season", message: "This room belongs to a running season: its log and replay open to everyone when the host ends the season." });
    const events = await ctx.rooms.db.event.findMany({ where: { roomId: room.id }, orderBy: { seq: "asc" } });
    // once over, everyone gets the table talk; the host also gets confessionals and private channels
    const messages = await ctx.rooms.db.message.findMany({ where: { roomId: room.id, ...(isHost ? {} : { channel: "public" }) }, orderBy: { id: "asc" } });
    const log: ReplayLog = {
      code: room.code,
      gameId: room.game.meta.id,
      status: room.status,
      seed: room.seed,
      seats: room.seats.map((s) => ({ seat: s.seat, name: s.name, isBot: s.isBot })),
      events: events.map((e) => ({ seq: e.seq, kind: e.kind, actor: e.actor, payload: e.payload, at: e.at.getTime(), deadlineAt: e.deadlineAt?.getTime() ?? null, paused: e.paused })),
      messages: messages.map((m) => ({ id: m.id.toString(), channel: m.channel, author: m.author, name: m.name, body: m.body, at: m.at.getTime(), version: m.version })),
    };
    return json(
      res,
      200,
      log,
      url.searchParams.has("download") ? { "content-disposition": `attachment; filename="garnet-${room.code}.json"` } : {},
    );
  }
  return json(res, 404, { ok: false, code: "http/not_found", message: "No such endpoint." });
}
