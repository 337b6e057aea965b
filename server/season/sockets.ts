// Thin edges of the season pages: the typed edge parses, the user comes from the socket, the service acts.
import type { Server } from "socket.io";
import type { ClientToServer, ServerToClient } from "../../lib/protocol";
import { userOf, type Handlers } from "../sockets/edge";
import type { Seasons } from "./service";

export const seasonGroup = (code: string) => `season:${code}`;

/** Tells every page watching the season to fetch its view again (the view differs per viewer, so none is pushed). */
export function seasonChanged(io: Server<ClientToServer, ServerToClient>, code: string): void {
  io.to(seasonGroup(code)).emit("season:changed", { code });
}

/** The season events' handlers, made once per server (edge.ts calls them with the socket an event came on). */
export function seasonHandlers(seasons: Seasons): Handlers {
  return {
    "season:create": async (socket, { name, settings }) => seasons.create(userOf(socket), name, settings),

    "season:join": async (socket, { code, invite }) => seasons.join(userOf(socket), code, invite),

    "season:view": async (socket, { code }) => {
      const view = await seasons.view(code, socket.data.user);
      void socket.join(seasonGroup(code));
      return { view };
    },

    "season:ofRoom": async (_socket, { code }) => ({ season: await seasons.ofRoom(code) }),

    "season:host": async (socket, { code, command }) => seasons.command(userOf(socket), code, command),
  };
}
