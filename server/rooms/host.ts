// The host's console commands, each turned into the event that records it. The
// fold (lib/room/fold.ts) checks what depends on the room's state and refuses
// with a typed reason; here is only what needs the command's own context.
import { phaseIdOf } from "../../lib/games/core/commands";
import type { HostCommand } from "../../lib/protocol";
import type { GameRules } from "../../lib/room/rules";
import type { SeatId } from "../../lib/games/core/types";
import type { RoomData, RoomEvent } from "../../lib/room/types";
import { CommandError } from "./errors";

/** `season`: the room belongs to a season, whose private balances carry over: its spectators never see everything. */
export function hostEvent(rules: GameRules, data: RoomData, command: HostCommand, season = false): RoomEvent {
  switch (command.type) {
    case "spectators":
      if (season && command.revealAtEnd) throw new CommandError("host/season_reveal", "A season room never shows spectators everything at the end: its private balances carry into later episodes.");
      return { kind: "host", actor: "host", payload: command };
    case "start": {
      if (data.status !== "lobby") throw new CommandError("host/started", "The game has already started.");
      const empty = data.seats.filter((s) => !s.userId && !s.isBot);
      if (empty.length && !command.fillWithBots)
        throw new CommandError("host/seats_open", `${empty.length} seat${empty.length > 1 ? "s are" : " is"} still open: wait for players or fill them with bots.`);
      const config = rules.game.configSchema.safeParse(data.config ?? {});
      if (!config.success) throw new CommandError("host/config", `The room config is not valid: ${config.error.issues[0]?.message ?? "invalid"}.`);
      return { kind: "start", actor: "host", payload: { seats: data.seats.map((s) => s.seat), config: config.data, bots: empty.map((s) => s.seat) } };
    }
    case "advance": {
      if (data.status !== "running" || data.state === null) throw new CommandError("host/not_running", data.status === "lobby" ? "The game has not started yet." : "This game is over.");
      return { kind: "timeout", actor: "host", payload: { phase: phaseIdOf(rules.phase(data.state)) } };
    }
    case "game":
      return { kind: "action", actor: "host", payload: { action: command.action } };
    default:
      return { kind: "host", actor: "host", payload: command };
  }
}

/** Lines a host command sends to one player only, once it has committed: a nudge, an answer to a request, a removal. */
export function hostTells(before: RoomData, command: HostCommand, phaseName: string): { to: { seat: SeatId } | { userId: string }; text: string }[] {
  switch (command.type) {
    case "nudge":
      return [{ to: { seat: command.seat }, text: `The host is waiting on you in ${phaseName}.` }];
    case "deny": {
      const r = before.requests.find((x) => x.userId === command.userId);
      return r ? [{ to: { userId: r.userId }, text: `The host turned down your request for seat ${r.seat.slice(1)}.` }] : [];
    }
    case "approve":
      return [{ to: { userId: command.userId }, text: "The host let you in: the seat is yours." }];
    case "kick": {
      const s = before.seats.find((x) => x.seat === command.seat);
      if (!s?.userId) return [];
      return [{ to: { userId: s.userId }, text: command.ban ? "The host removed you from this game and keeps you out of this room." : `The host removed you from seat ${s.position + 1}.` }];
    }
    default:
      return [];
  }
}
