// The typed edge of the socket server: one listener for every client event of
// every socket, each event's input parsed by its schema (lib/protocol-input.ts)
// before its handler sees it, one rate limit for every event, every refusal a
// typed error from lib/errors.ts, and exactly one answer per message.
import type { Socket } from "socket.io";
import type { z } from "zod";
import { isErrorCode, type ErrorCode } from "../../lib/errors";
import type { Ack, ClientEvent, ClientToServer, ParsedInput, Replies, Role, ServerToClient } from "../../lib/protocol";
import { clientEvents } from "../../lib/protocol-input";
import { storableProblem } from "../../lib/games/core/storable";
import { refusalOf } from "../../lib/text";
import type { Limits } from "../limits";
import { CommandError } from "../rooms/errors";
import { stageTimes } from "../stage-times";
import type { SessionUser } from "./auth";

export interface Watch {
  role: Role;
  seat: string | null;
  roomId: string;
  /** Watching as a spectator on purpose: seat changes do not move this socket. */
  explicitSpectator: boolean;
}

export interface SocketData {
  user: SessionUser | null;
  /** room code → how this socket watches it */
  watching: Map<string, Watch>;
  /** The client's limit key (its address, or the forwarded one behind a trusted proxy). */
  address: string;
}

export type Sock = Socket<ClientToServer, ServerToClient, object, SocketData>;

/** Nesting a raw input may have before any schema looks at it (an action's own structure included). */
const MAX_INPUT_DEPTH = 24;
const MAX_INPUT_CHARS = 64 * 1024;

function fail(code: ErrorCode, message: string, retryAfterMs?: number): Ack<never> {
  return retryAfterMs === undefined ? { ok: false, code, message } : { ok: false, code, message, retryAfterMs };
}

/** The first issue of a failed parse as a typed refusal (a text rule's own code when its check names one). */
function refusal(e: z.ZodError): Ack<never> {
  const r = refusalOf(e);
  return fail(isErrorCode(r.code) ? r.code : "input/invalid", r.message);
}

/** A client event's handler: the socket the event came on and its parsed input; its reply, or a CommandError. */
export type Handler<E extends ClientEvent> = (socket: Sock, input: ParsedInput<E>) => Promise<Replies[E]>;
export type Handlers = { [E in ClientEvent]?: Handler<E> };

type AnyHandler = (socket: Sock, input: unknown) => Promise<object>;

/** Where the answer to a message sent without an ack goes. */
const NO_REPLY = (): void => {};

/**
 * The one listener of every socket's events (`socket.onAny`), made once per
 * server from the handlers of every event: rate limit, bounds, schema, typed
 * errors, never a crash, always one answer. Socket.IO calls it with the socket
 * as `this`, so a socket costs no function of its own per event. An event no
 * handler takes is refused like a bad input.
 */
export function eventListener(limits: Limits, ...tables: Handlers[]): (this: Sock, event: unknown, ...args: unknown[]) => void {
  const handlers = new Map<string, { schema: z.ZodType; handler: AnyHandler }>();
  for (const table of tables) {
    for (const [event, handler] of Object.entries(table)) {
      if (handlers.has(event)) throw new Error(`two handlers for ${event}`);
      handlers.set(event, { schema: clientEvents[event as ClientEvent] as unknown as z.ZodType, handler: handler as AnyHandler });
    }
  }
  return function (this: Sock, event: unknown, ...args: unknown[]): void {
    const last = args[args.length - 1];
    const ack = typeof last === "function" ? (last as (r: unknown) => void) : null;
    // the input is the first argument, unless the only one is the ack
    const raw = ack && args.length === 1 ? undefined : args[0];
    const name = typeof event === "string" ? event : "";
    void handle(this, limits, name, handlers.get(name), raw, ack ?? NO_REPLY);
  };
}

async function handle(socket: Sock, limits: Limits, event: string, entry: { schema: z.ZodType; handler: AnyHandler } | undefined, raw: unknown, reply: (r: unknown) => void): Promise<void> {
  const started = performance.now();
  const limited = limits.take("socket_event", socket.id);
  const taken = limited.ok ? limits.take("address_event", socket.data.address) : limited;
  if (!taken.ok) return reply(taken);
  if (!entry) return reply(fail("input/unknown_event", "The server has no such event."));
  const problem = storableProblem(raw, MAX_INPUT_DEPTH, MAX_INPUT_CHARS);
  if (problem) return reply(fail(problem.code, problem.message));
  const parsed = entry.schema.safeParse(raw);
  if (!parsed.success) return reply(refusal(parsed.error));
  try {
    const result = entry.handler(socket, parsed.data);
    stageTimes.edge += performance.now() - started;
    reply({ ok: true, ...(await result) });
  } catch (e) {
    if (e instanceof CommandError) return reply(fail(e.code, e.message, e.retryAfterMs));
    console.error(`socket ${event} failed`, e);
    reply(fail("server/error", "Something went wrong on the server; nothing was changed."));
  }
}

/** The signed-in user of a socket, or the typed refusal every handler that needs one gives. */
export function userOf(socket: Sock): SessionUser {
  if (!socket.data.user) throw new CommandError("auth/required", "Sign in first.");
  return socket.data.user;
}
