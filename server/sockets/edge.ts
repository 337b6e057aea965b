// The typed edge of the socket server: one registration per client event, its
// input parsed by that event's schema (lib/protocol-input.ts) before the
// handler sees it, one rate limit for every event, every refusal a typed
// error from lib/errors.ts, and exactly one answer per message.
import type { Socket } from "socket.io";
import type { z } from "zod";
import { isErrorCode, type ErrorCode } from "../../lib/errors";
import type { Ack, ClientEvent, ClientToServer, ParsedInput, Replies, Role, ServerToClient } from "../../lib/protocol";
import { clientEvents } from "../../lib/protocol-input";
import { storableProblem } from "../../lib/storable";
import { CommandError } from "../rooms/errors";
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
  bucket: { tokens: number; at: number };
}

export type Sock = Socket<ClientToServer, ServerToClient, object, SocketData>;

const RATE_PER_SEC = 20;
const BURST = 40;
/** Nesting a raw input may have before any schema looks at it (an action's own structure included). */
const MAX_INPUT_DEPTH = 24;
const MAX_INPUT_CHARS = 64 * 1024;

export function newBucket(now = Date.now()): SocketData["bucket"] {
  return { tokens: BURST, at: now };
}

function allow(s: Sock): boolean {
  const b = s.data.bucket;
  const now = Date.now();
  b.tokens = Math.min(BURST, b.tokens + ((now - b.at) / 1000) * RATE_PER_SEC);
  b.at = now;
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

function fail(code: ErrorCode, message: string): Ack<never> {
  return { ok: false, code, message };
}

/** The first issue of a failed parse as a typed refusal (a schema's own code when its check names one). */
function refusal(e: z.ZodError): Ack<never> {
  const i = e.issues[0];
  const named = i && i.code === "custom" ? (i as { params?: { code?: unknown } }).params?.code : undefined;
  const code = typeof named === "string" && isErrorCode(named) ? named : "input/invalid";
  return fail(code, i ? `${i.path.length ? i.path.join(".") + ": " : ""}${i.message}` : "invalid input");
}

export type Handler<E extends ClientEvent> = (input: ParsedInput<E>) => Promise<Replies[E]>;

/** Registers `handler` for `event` on one socket: rate limit, bounds, schema, typed errors, never a crash, always one answer. */
export function on<E extends ClientEvent>(socket: Sock, event: E, handler: Handler<E>): void {
  const schema = clientEvents[event] as unknown as z.ZodType<ParsedInput<E>>;
  const listener = async (raw: unknown, ack?: unknown) => {
    const reply = typeof ack === "function" ? (ack as (r: unknown) => void) : () => {};
    if (!allow(socket)) return reply(fail("rate/limited", "Too many messages; slow down."));
    const problem = storableProblem(raw, MAX_INPUT_DEPTH, MAX_INPUT_CHARS);
    if (problem) return reply(fail(problem.code, problem.message));
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return reply(refusal(parsed.error));
    try {
      reply({ ok: true, ...(await handler(parsed.data)) });
    } catch (e) {
      if (e instanceof CommandError) return reply(fail(e.code, e.message));
      console.error(`socket ${event} failed`, e);
      reply(fail("server/error", "Something went wrong on the server; nothing was changed."));
    }
  };
  socket.on(event as never, listener as never);
}
