// Drives season rooms of bots to their end through the room layer: the bots
// move on their own; when nobody owes a move (a results phase) or the bots have
// nothing left to do, the host ends the phase, as the clock would.
import type { GarnetServer } from "../app-server";
import type { Room } from "../rooms/room";
import { until } from "./until";

/** Plays the room to its end (starting it when it is in the lobby); `stopAfter` stops early after that many events. */
export async function playOut(server: GarnetServer, code: string, hostId: string, stopAfter = Infinity): Promise<Room> {
  const room = (await server.rooms.get(code))!;
  if (room.status === "lobby") await room.host(hostId, { type: "start", fillWithBots: false });
  const deadline = Date.now() + 240_000;
  while (room.status === "running" && room.version < stopAfter) {
    if (Date.now() > deadline) throw new Error(`room ${code} (${room.game.meta.id}) did not finish`);
    const version = room.version;
    const p = room.phase();
    const moved = p && p.waitingOn.length > 0 ? await until(() => room.version !== version || room.status !== "running", 3_000) : false;
    if (!moved && room.status === "running" && room.version === version) {
      await room.host(hostId, { type: "advance" }).catch((e: { code?: string }) => {
        // the bots moved in the meantime: the phase is no longer the one to end
        if (e.code !== "timeout/stale" && e.code !== "host/not_running") throw e;
      });
    }
  }
  await room.idle();
  return room;
}
