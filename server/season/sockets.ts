// Thin edges of the season pages: parse, take the user from the socket, call the service, ack.
import type { Server, Socket } from "socket.io";
import { watchInput, type ClientToServer, type ServerToClient } from "../../lib/protocol";
import { seasonCreateInput, seasonHostInput, seasonJoinInput, seasonViewInput } from "../../lib/season/protocol";
import { onEvent, requireUserOf, type SocketData } from "../sockets/handlers";
import type { Seasons } from "./service";

type Sock = Socket<ClientToServer, ServerToClient, object, SocketData>;

export const seasonGroup = (code: string) => `season:${code}`;

/** Tells every page watching the season to fetch its view again (the view differs per viewer, so none is pushed). */
export function seasonChanged(io: Server<ClientToServer, ServerToClient>, code: string): void {
  io.to(seasonGroup(code)).emit("season:changed", { code });
}

export function registerSeasonHandlers(socket: Sock, seasons: Seasons): void {
  onEvent(socket, "season:create", async (input) => {
    const { name, settings } = seasonCreateInput.parse(input);
    return seasons.create(requireUserOf(socket), name, settings);
  });

  onEvent(socket, "season:join", async (input) => {
    const { code, invite } = seasonJoinInput.parse(input);
    return seasons.join(requireUserOf(socket), code, invite);
  });

  onEvent(socket, "season:view", async (input) => {
    const { code } = seasonViewInput.parse(input);
    const view = await seasons.view(code, socket.data.user);
    void socket.join(seasonGroup(code));
    return { view };
  });

  onEvent(socket, "season:ofRoom", async (input) => {
    const { code } = watchInput.parse(input);
    return { season: await seasons.ofRoom(code) };
  });

  onEvent(socket, "season:host", async (input) => {
    const { code, command } = seasonHostInput.parse(input);
    return seasons.command(requireUserOf(socket), code, command);
  });
}
