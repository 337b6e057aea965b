// The one renderer of what happened in a room: the public notice an event
// leaves (live, after a restart and in the replay alike, since the fold keeps
// them) and the line each kind of viewer reads for it in the audit and the
// replay. Names are those of the moment: a seat a bot took over reads "Bot for
// Ada", and earlier lines keep reading "Ada".
import type { Viewer } from "../games/core/types";
import { withSeatNames } from "../names";
import type { GameRules } from "./rules";
import type { LoggedEvent, RoomData, SeatRec } from "./types";

/** How a seat is named in lines: its holder, "Bot for" its holder, its bot, or its number. */
export function seatLabel(s: SeatRec | undefined, seat?: string): string {
  if (!s) return seat ? `seat ${seat.replace(/^s/, "")}` : "a seat";
  if (s.isBot && s.userId) return `Bot for ${s.name}`;
  return s.name || `Seat ${s.position + 1}`;
}

function seatNo(data: RoomData, seat: string): number {
  return (data.seats.find((s) => s.seat === seat)?.position ?? Number(seat.slice(1)) - 1) + 1;
}

function who(data: RoomData, seat: string): string {
  return seatLabel(data.seats.find((s) => s.seat === seat), seat);
}

function phaseName(rules: GameRules, data: RoomData, key?: string): string {
  if (key) return rules.game.phaseTrack.find((t) => t.key === key)?.name ?? key;
  return data.state === null ? "the phase" : rules.phase(data.state).name;
}

/** The public notice an event leaves in the room, or null. */
export function eventNotice(rules: GameRules, before: RoomData, ev: LoggedEvent, after: RoomData): string | null {
  switch (ev.kind) {
    case "start":
      return "The host started the game";
    case "timeout":
      return ev.actor === "host" ? `The host ended ${phaseName(rules, before)} early` : null;
    case "host":
      return hostLine(rules, before, ev.payload, after, false);
    case "clock":
      return ev.payload.type === "expire" ? ev.payload.reason : null;
    default:
      return null;
  }
}

/** The notice a finished game leaves: its summary, seats named (a seat a bot finished is credited to its holder). */
export function gameOverNotice(rules: GameRules, after: RoomData): string {
  const o = after.state === null ? null : rules.outcome(after.state);
  return `Game over${o ? `: ${withSeatNames(o.summary, after.seats)}` : ""}`;
}

/** The line `viewer` reads for an event in the audit log or the replay: another seat's move is only "made a move". */
export function eventLine(rules: GameRules, before: RoomData | null, ev: LoggedEvent, after: RoomData, viewer: Viewer): string {
  switch (ev.kind) {
    case "create":
      return "The host opened the room";
    case "start": {
      const bots = ev.payload.bots ?? [];
      return `The host started the game${bots.length ? `; bots play seat${bots.length > 1 ? "s" : ""} ${bots.map((s) => seatNo(after, s)).join(", ")}` : ""}`;
    }
    case "action": {
      const name = ev.actor === "host" ? "Host" : who(before ?? after, ev.actor);
      if (viewer !== "host" && viewer !== ev.actor) return `${name} made a move`;
      const action = ev.payload.action as { type?: string };
      return `${name}: ${rules.game.describe ? withSeatNames(rules.game.describe(action as never, ev.actor), after.seats) : (action?.type ?? "a move")}`;
    }
    case "timeout":
      return ev.actor === "host" ? `The host ended ${phaseName(rules, before ?? after)} early` : `Time ran out in ${phaseName(rules, before ?? after)}`;
    case "seat": {
      const p = ev.payload;
      const b = before ?? after;
      if (p.type === "claim") return `${p.name} took seat ${seatNo(b, p.seat)}`;
      if (p.type === "release") return `${who(b, p.seat)} left seat ${seatNo(b, p.seat)}`;
      if (p.type === "request") return `${p.name} asked the host for seat ${seatNo(b, p.seat)}`;
      return `${b.requests.find((r) => r.userId === p.userId)?.name ?? "A user"} withdrew a request for a seat`;
    }
    case "host":
      return hostLine(rules, before ?? after, ev.payload, after, true) ?? "The host did something";
    case "clock":
      return ev.payload.type === "expire" ? ev.payload.reason : `The server was away for ${(ev.payload.ms / 1000).toFixed(1)} s; the clock did not run meanwhile`;
  }
}

/** A host command in words; `full` also words what only the host's log needs (answers to requests, bans lifted). */
function hostLine(rules: GameRules, before: RoomData, p: Extract<LoggedEvent, { kind: "host" }>["payload"], after: RoomData, full: boolean): string | null {
  switch (p.type) {
    case "pause":
      return `The host paused the clock${before.state === null ? "" : ` in ${phaseName(rules, before)}`}`;
    case "resume":
      return "The host resumed the clock";
    case "extend":
      return `The host extended ${phaseName(rules, before)} by ${p.seconds} s`;
    case "kick": {
      const s = before.seats.find((x) => x.seat === p.seat);
      const name = s?.userId ? s.name : seatLabel(s, p.seat);
      return `The host removed ${name} from seat ${seatNo(before, p.seat)}; the seat is open${full && p.ban && s?.userId ? ` (${name} may not come back)` : ""}`;
    }
    case "bot": {
      const s = after.seats.find((x) => x.seat === p.seat);
      const n = seatNo(before, p.seat);
      if (p.on) return s?.userId ? `A bot now plays for ${s.name} (seat ${n})` : `A bot now plays seat ${n}`;
      return s?.userId ? `${s.name} plays seat ${n} again` : `Seat ${n} is open for a player`;
    }
    case "approve": {
      const r = before.requests.find((x) => x.userId === p.userId);
      return r ? `${r.name} took seat ${seatNo(before, r.seat)}` : "The host filled a seat";
    }
    case "deny":
      return full ? `The host turned down ${before.requests.find((r) => r.userId === p.userId)?.name ?? "someone"}'s request for a seat` : null;
    case "unban":
      return full ? `The host let ${before.banned.find((b) => b.userId === p.userId)?.name ?? "a user"} back into the room` : null;
    case "end":
      return `The host ended the game early: ${p.reason}`;
    case "duration":
      return p.seconds === null ? `The host reset ${phaseName(rules, before, p.phase)} to its default length` : `The host set ${phaseName(rules, before, p.phase)} to ${p.seconds} s for the rest of the game`;
    case "nudge":
      return `The host nudged ${seatLabel(before.seats.find((x) => x.seat === p.seat), p.seat)}`;
    case "announce":
      return `Announcement: ${p.text}`;
    case "spectators":
      return p.mode === "live" ? "Spectators now watch live" : `Spectators now watch ${p.lag} phase${p.lag > 1 ? "s" : ""} behind`;
  }
}
