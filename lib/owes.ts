// Whether the game waits on this viewer's seat now: the one answer the status
// bar and every dashboard agree with.
import type { RoomPayload } from "./protocol";

export function owesMove(payload: Pick<RoomPayload, "status" | "you" | "phase">): boolean {
  return payload.status === "running" && payload.you !== null && Boolean(payload.phase?.waitingOn.includes(payload.you));
}
