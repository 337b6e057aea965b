// Thin edges of the season pages: the typed edge parses, the user comes from the socket, the service acts.
import type { Server } from "socket.io";
import type { ClientToServer, ServerToClient } from "../../lib/protocol";
import type { Limits } from "../limits";
import { on as onEvent, userOf, type Sock } from "../sockets/edge";
import type { Seasons } from "./service";

export const seasonGroup = (code: string) => `season:${code}`;

/** Tells every page watching the season to fetch its view again (the view differs per viewer, so none is pushed). */
export function seasonChanged(io: Server<ClientToServer, ServerToClient>, code: string): void {
  io.to(seasonGroup(code)).emit("season:changed", { code });
}

export function registerSeasonHandlers(socket: Sock, seasons: Seasons, limits: Limits): void {
  // (no function is made per socket here but the handlers themselves: see edge.ts)
  const ctx = { socket, limits };

  onEvent(ctx, "season:create", async ({ name, settings }) => seasons.create(userOf(socket), name, settings));

  onEvent(ctx, "season:join", async ({ code, invite }) => seasons.join(userOf(socket), code, invite));

  onEvent(ctx, "season:view", async ({ code }) => {
    const view = await seasons.view(code, socket.data.user);
    void socket.join(seasonGroup(code));
    return { view };
  });

  onEvent(ctx, "season:ofRoom", async ({ code }) => ({ season: await seasons.ofRoom(code) }));

  onEvent(ctx, "season:host", async ({ code, command }) => seasons.command(userOf(socket), code, command));
}
