import type { Ack, RoomPayload } from "@/lib/protocol";

/** What every game dashboard receives. The view inside `payload` is that game's View for this viewer. */
export interface DashboardProps<V = unknown> {
  payload: RoomPayload & { view: V };
  view: V;
  offsetMs: number;
  /** Sends a game action as this seat (players) — resolves to the server's ack. */
  act(action: unknown): Promise<Ack<{ version: number }>>;
  /** Sends a game action as the host (host role only). */
  hostAct(action: unknown): Promise<Ack<{ version: number }>>;
  /** Display name of a seat. */
  nameOf(seat: string): string;
}
