// Every alert one viewer could be sent about a room as it stands, for the leak
// audit: the pushes built from a seat's own payload, and the Discord posts built
// from the spectators' payload. The audit holds these to the same rule as the
// payloads themselves (identical for a real state and its counterfactuals).
import { postFor, pushFor, type PostKind, type PushKind } from "../../lib/alerts/messages";
import type { RoomPayload } from "../../lib/protocol";

const PUSHES: PushKind[] = ["phase", "deadline", "nudge", "announce", "end"];
const POSTS: PostKind[] = ["phase", "announce", "end"];

/** `payload` is what the viewer is sent: a seat's own payload gives its pushes, the spectators' payload the public posts. */
export function alertTexts(payload: RoomPayload, viewer: "seat" | "spectator"): string {
  if (viewer === "seat") return JSON.stringify(PUSHES.map((k) => pushFor(k, payload)));
  return JSON.stringify(POSTS.map((k) => postFor(k, payload, payload.version)));
}
