// The small HTTP API next to the sockets: health and the log export.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ROOM_CODE_RE, type ReplayLog } from "../../lib/protocol";
import type { RoomManager } from "../rooms/manager";
import { userFromCookie } from "../sockets/auth";
import type { Limits } from "../limits";
import { retryAfter, sendJson as json } from "../edge/http";

export interface ApiContext {
  rooms: RoomManager;
  authSecret: string;
  limits: Limits;
  /** The client's limit key (see edge/address.ts). */
  address: string;
}

export async function handleApi(req: IncomingMessage, res: ServerResponse, ctx: ApiContext): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://x");
  if (!url.pathname.startsWith("/api/") || url.pathname.startsWith("/api/auth/")) return false;
  if (req.method !== "GET") return json(res, 405, { ok: false, code: "http/method", message: "Only GET is served here." });

  if (url.pathname === "/api/health") return json(res, 200, { ok: true, liveRooms: ctx.rooms.live().length });

  const m = /^\/api\/rooms\/([^/]+)\/log\.json$/.exec(url.pathname);
  if (m) {
    const code = m[1]!.toUpperCase();
    if (!ROOM_CODE_RE.test(code)) return json(res, 400, { ok: false, code: "room/code", message: "A room code is 6 letters and digits." });
    // every export reads the whole log; a miss also counts towards the guessing limit, and once that is spent no code is looked up
    const allowed = ctx.limits.take("log", ctx.address);
    const guessing = allowed.ok ? ctx.limits.check("unknown_code", ctx.address) : allowed;
    if (!guessing.ok) return json(res, 429, guessing, retryAfter(guessing));
    const room = await ctx.rooms.get(code);
    if (!room) {
      ctx.limits.take("unknown_code", ctx.address);
      return json(res, 404, { ok: false, code: "room/not_found", message: `There is no room ${code}.` });
    }
    const user = await userFromCookie(req.headers.cookie, ctx.authSecret);
    const over = room.status === "finished" || room.status === "aborted";
    if (!over && user?.id !== room.hostId) return json(res, 403, { ok: false, code: "log/not_yet", message: "The log is open to everyone once the game is over; until then only the host may export it." });
    const isHost = user?.id === room.hostId;
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
