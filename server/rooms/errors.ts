// The one error type a room command throws: a typed refusal from lib/errors.ts.
import type { ErrorCode } from "../../lib/errors";

export class CommandError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** For a rate limit: when asking again may work. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}
