// Every refusal the platform gives, by code, with what it means. The server
// throws only these (plus a game's own `action/…` codes, listed in each game's
// RULES.md), and the browser may branch on them. A refusal's code and message
// never depend on hidden state: whoever may not see a secret is told the same
// thing whatever the secret is.
export const ERRORS = {
  "auth/required": "The request needs a signed-in user.",
  "input/invalid": "The input does not match the event's schema (the message names the field).",
  "input/control_char": "Text holds a control character, a lone surrogate or another character that cannot be stored.",
  "input/too_deep": "A value is nested deeper than the platform accepts.",
  "input/too_large": "A value is larger than the platform accepts.",
  "rate/limited": "Too many requests from this socket, address or user; wait and try again.",
  "server/error": "An unexpected failure on the server; nothing was changed.",
  "store/unavailable": "The database did not take the change; nothing was changed, and the room goes on as before.",
  "net/timeout": "(client side) the server did not answer in time.",
  "replay/read_only": "(browser only) a replay takes no moves.",
  "room/not_found": "No room has that code.",
  "room/not_watching": "The socket must watch the room first.",
  "room/unknown_game": "No game has that id.",
  "room/seats": "The game is not for that many players.",
  "room/config": "The game config does not parse, or the game cannot be set up with it.",
  "room/code": "No free room code could be drawn; try again.",
  "room/too_many": "The host already has the most open rooms allowed.",
  "room/closed": "The room is closing on this server (shutting down or unloaded); try again.",
  "room/not_started": "The game has not started yet.",
  "room/over": "The game is over.",
  "room/created": "(log) a second creation event.",
  "room/started": "(log) an expiry of a room that is no longer a lobby.",
  "room/not_created": "(log) a log that does not start with the room's creation.",
  "seat/host": "The host runs the room and cannot take a seat.",
  "seat/none": "The user has no seat in the room.",
  "seat/full": "The seat is taken (or no seat is free).",
  "seat/taken_by_you": "The user already holds a seat in the room.",
  "seat/locked": "Seats are fixed once the game has started.",
  "seat/closed": "The game is over; seats are closed.",
  "seat/ask_host": "The game runs: an open seat is taken by asking the host.",
  "seat/not_running": "Seats are asked for only while a game runs.",
  "seat/banned": "The host removed this user from the room.",
  "seat/bot_plays": "A bot plays this seat for its holder now; the host can hand it back.",
  "host/only": "Only the room's host may do that.",
  "host/started": "The game has already started.",
  "host/seats_open": "Seats are open: wait for players or fill them with bots.",
  "host/config": "The stored room config no longer parses.",
  "host/setup": "The game's setup refused the seats or config.",
  "host/not_running": "The command needs a running game.",
  "host/paused": "The clock is already paused.",
  "host/not_paused": "The clock is not paused.",
  "host/untimed": "The phase has no timer.",
  "host/no_phase": "The game has no such phase (or none is current).",
  "host/no_seat": "The room has no such seat.",
  "host/seat_empty": "The seat is already empty.",
  "host/already_bot": "A bot already plays the seat.",
  "host/not_bot": "No bot plays the seat.",
  "host/no_request": "No such request for a seat is waiting.",
  "host/not_banned": "The user is not banned from the room.",
  "host/over": "The game is over.",
  "host/not_waiting": "The seat owes nothing in this phase.",
  "chat/not_member": "The viewer may not read or write that channel (whether or not it exists).",
  "chat/closed": "The viewer is a member, but the channel is closed for them now.",
  "chat/rate": "Too many chat messages in a short time.",
  "timeout/stale": "(clock) the phase the timeout was for has already ended.",
  "log/not_yet": "The log is not open to this viewer (yet).",
  "replay/viewer": "The replay is not open to this viewer, or not as that seat.",
  "http/not_found": "No such endpoint.",
  "http/method": "The endpoint does not take that method.",
} as const;

export type PlatformErrorCode = keyof typeof ERRORS;
/** A platform code, or a game's own refusal (`action/…`). */
export type ErrorCode = PlatformErrorCode | `action/${string}`;

export function isErrorCode(code: string): code is ErrorCode {
  return code in ERRORS || code.startsWith("action/");
}
