// What an alert says, built only from a payload its recipient may see: a push
// from the player's own seat payload (the one their dashboard gets), a Discord
// post from the spectators' payload. A push carries the phase, the round, the
// room code and whether it is your move — never a view, a role or a message.
import type { AlertMode } from "./modes";
import { owesMove } from "../owes";
import type { PhaseInfo } from "../games/core/types";
import type { RoomPayload } from "../protocol";

export type PushKind = "phase" | "deadline" | "nudge" | "announce" | "end";

/** The push as the service worker reads it (JSON, a few hundred bytes). */
export interface PushMessage {
  kind: PushKind;
  title: string;
  body: string;
  /** Replaces an earlier notification of the same room and kind. */
  tag: string;
  /** Where a click on the notification goes. */
  url: string;
}

/** Which kinds each setting lets through: "mine" only what is about your own move. */
export function modeAllows(mode: AlertMode, kind: PushKind): boolean {
  if (mode === "off") return false;
  return mode === "all" || kind === "phase" || kind === "deadline" || kind === "nudge";
}

/** "Round 3 · Rigging" (the round is left out when the phase's own name says it). */
export function phaseLabel(p: Pick<PhaseInfo, "name" | "round">): string {
  return p.round > 0 && !/\bround\b/i.test(p.name) ? `Round ${p.round} · ${p.name}` : p.name;
}

/** The push `kind` for the player whose own payload this is, or null when it has nothing for them. */
export function pushFor(kind: PushKind, own: RoomPayload): PushMessage | null {
  const code = own.code;
  const base = { kind, tag: `${code}:${kind}`, url: `/r/${code}` };
  const p = own.phase;
  switch (kind) {
    case "phase":
      return p && owesMove(own) ? { ...base, title: phaseLabel(p), body: `Your move in ${code}` } : null;
    case "deadline":
      return p && owesMove(own) ? { ...base, title: `1 minute left · ${phaseLabel(p)}`, body: `Your move in ${code}` } : null;
    case "nudge":
      return p && owesMove(own) ? { ...base, title: phaseLabel(p), body: `The host is waiting on your move in ${code}` } : null;
    case "announce":
      return own.status === "running" || own.status === "lobby" ? { ...base, title: `Announcement in ${code}`, body: "The host announced something: open the room to read it." } : null;
    case "end":
      return own.status === "finished" || own.status === "aborted" ? { ...base, title: `Game over in ${code}`, body: `${own.gameName} in ${code} is over.` } : null;
  }
}

export type PostKind = "phase" | "announce" | "end";

const MAX_POST = 1800;

/**
 * A Discord post from what spectators are sent: the phase they see begin, an
 * announcement among the public notices at `version`, the public outcome.
 */
export function postFor(kind: PostKind, pub: RoomPayload, version?: number): string | null {
  const head = `**${pub.gameName}** · room ${pub.code}`;
  let text: string | null = null;
  if (kind === "phase" && pub.status === "running" && pub.phase && !pub.phase.finished) text = `${head}: ${phaseLabel(pub.phase)} began.`;
  if (kind === "announce") {
    const n = pub.notices.find((x) => x.version === version && x.text.startsWith("Announcement: "));
    if (n) text = `${head}: ${n.text}`;
  }
  if (kind === "end" && (pub.status === "finished" || pub.status === "aborted")) {
    const result = pub.outcome?.summary ?? pub.endReason ?? "The game ended.";
    text = `${head}: game over. ${result}`;
  }
  return text && text.length > MAX_POST ? `${text.slice(0, MAX_POST - 1)}…` : text;
}
