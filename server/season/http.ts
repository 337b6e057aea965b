// The season's JSON export: GET /api/seasons/CODE/export.json, for the signed-in
// viewer (the host gets every row, a member their own garnets and the public rows).
import type { IncomingMessage, ServerResponse } from "node:http";
import { ROOM_CODE_RE } from "../../lib/protocol";
import { sendJson as json } from "../edge/http";
import { CommandError } from "../rooms/room";
import { userFromCookie } from "../sockets/auth";
import type { Seasons } from "./service";

export async function handleSeasonApi(req: IncomingMessage, res: ServerResponse, ctx: { seasons: Seasons; authSecret: string }): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://x");
  const m = /^\/api\/seasons\/([^/]+)\/export\.json$/.exec(url.pathname);
  if (!m || req.method !== "GET") return false;
  const code = decodeURIComponent(m[1]!).toUpperCase();
  if (!ROOM_CODE_RE.test(code)) return json(res, 400, { ok: false, code: "season/code", message: "A season code is 6 letters and digits." });
  const user = await userFromCookie(req.headers.cookie, ctx.authSecret);
  try {
    const body = await ctx.seasons.exportJson(code, user);
    return json(res, 200, body, url.searchParams.has("download") ? { "content-disposition": `attachment; filename="garnet-season-${code}.json"` } : {});
  } catch (e) {
    if (e instanceof CommandError) return json(res, 404, { ok: false, code: e.code, message: e.message });
    throw e;
  }
}
