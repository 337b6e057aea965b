// The typed edge of the socket server: one registration per client event, its
// input parsed by that event's schema (lib/protocol-input.ts) before the
// handler sees it, one rate limit for every event, every refusal a typed
// error from lib/errors.ts, and exactly one answer per message.
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

/** What every event of a socket passes first: the one rate limiter, per socket and per address. */
export interface EdgeContext {
  socket: Sock;
  limits: Limits;
}

export type Handler<E extends ClientEvent> = (input: ParsedInput<E>) => Promise<Replies[E]>;

/** Registers `handler` for `event` on one socket: rate limit, bounds, schema, typed errors, never a crash, always one answer. */
export function on<E extends ClientEvent>(ctx: EdgeContext, event: E, handler: Handler<E>): void {
  const { socket, limits } = ctx;
  const schema = clientEvents[event] as unknown as z.ZodType<ParsedInput<E>>;
  // passed inline, not bound to a name: the transpiler gives every named function a "name" property
  // of its own, an extra object per socket and event
  socket.on(event as never, (async (raw: unknown, ack?: unknown) => {
    const started = performance.now();
    const reply = typeof ack === "function" ? (ack as (r: unknown) => void) : () => {};
    const limited = limits.take("socket_event", socket.id);
    const taken = limited.ok ? limits.take("address_event", socket.data.address) : limited;
    if (!taken.ok) return reply(taken);
    const problem = storableProblem(raw, MAX_INPUT_DEPTH, MAX_INPUT_CHARS);
    if (problem) return reply(fail(problem.code, problem.message));
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return reply(refusal(parsed.error));
    try {
      const result = handler(parsed.data);
      stageTimes.edge += performance.now() - started;
      reply({ ok: true, ...(await result) });
    } catch (e) {
      if (e instanceof CommandError) return reply(fail(e.code, e.message, e.retryAfterMs));
      console.error(`socket ${event} failed`, e);
      reply(fail("server/error", "Something went wrong on the server; nothing was changed."));
    }
  }) as never);
}

/** The signed-in user of a socket, or the typed refusal every handler that needs one gives. */
export function userOf(socket: Sock): SessionUser {
  if (!socket.data.user) throw new CommandError("auth/required", "Sign in first.");
  return socket.data.user;
}
