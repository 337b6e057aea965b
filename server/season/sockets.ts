// Thin edges of the season pages: the typed edge parses, the user comes from the socket, the service acts.
import type { Server } from "socket.io";
import type { ClientToServer, ServerToClient } from "../../lib/protocol";
import { CommandError } from "../rooms/errors";
import type { Limits } from "../limits";
import { on as onEvent, type Handler, type Sock } from "../sockets/edge";
import type { SessionUser } from "../sockets/auth";
import type { Seasons } from "./service";

export const seasonGroup = (code: string) => `season:${code}`;

/** Tells every page watching the season to fetch its view again (the view differs per viewer, so none is pushed). */
export function seasonChanged(io: Server<ClientToServer, ServerToClient>, code: string): void {
  io.to(seasonGroup(code)).emit("season:changed", { code });
}

export function registerSeasonHandlers(socket: Sock, seasons: Seasons, limits: Limits): void {
  const on = <E extends Parameters<typeof onEvent>[1]>(event: E, handler: Handler<E>) => onEvent({ socket, limits }, event, handler);
  const requireUser = (): SessionUser => {
    if (!socket.data.user) throw new CommandError("auth/required", "Sign in first.");
    return socket.data.user;
  };

  on("season:create", async ({ name, settings }) => seasons.create(requireUser(), name, settings));

  on("season:join", async ({ code, invite }) => seasons.join(requireUser(), code, invite));

  on("season:view", async ({ code }) => {
    const view = await seasons.view(code, socket.data.user);
    void socket.join(seasonGroup(code));
    return { view };
  });

  on("season:ofRoom", async ({ code }) => ({ season: await seasons.ofRoom(code) }));

  on("season:host", async ({ code, command }) => seasons.command(requireUser(), code, command));
}
