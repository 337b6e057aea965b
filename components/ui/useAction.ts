"use client";
// One control's way of sending a game action: it knows while its action is on the
// way, and keeps the server's refusal to show next to the control.
import { useCallback, useState } from "react";
import type { Ack } from "@/lib/protocol";

export type SendAction<A = unknown> = (action: A) => Promise<Ack<{ version: number }>>;

export interface ActionControl<A> {
  /** Sends `action`; resolves to whether the server accepted it. */
  run(action: A): Promise<boolean>;
  /** An action of this control is on its way. */
  busy: boolean;
  /** The server's last refusal for this control (cleared by the next try). */
  error: string | null;
  clear(): void;
}

export function useAction<A = unknown>(send: SendAction<A>): ActionControl<A> {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: A): Promise<boolean> => {
      setBusy(true);
      setError(null);
      try {
        const r = await send(action);
        if (!r.ok) setError(r.message);
        return r.ok;
      } catch (e) {
        setError(e instanceof Error ? e.message : "The server did not answer; try again.");
        return false;
      } finally {
        setBusy(false);
      }
    },
    [send],
  );
  const clear = useCallback(() => setError(null), []);
  return { run, busy, error, clear };
}
