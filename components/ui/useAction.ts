"use client";
// How a dashboard's controls send game actions: each control knows while its
// action is on the way, and keeps the server's refusal to show next to it.
// One mechanism for every dashboard: a control with a single button uses
// `useAction`; a panel of several controls keys them with `useActions`.
import { useCallback, useMemo, useRef, useState } from "react";
import type { Ack } from "@/lib/protocol";

export type SendAction<A = unknown> = (action: A) => Promise<Ack<{ version: number }>>;

export interface KeyedActions<A> {
  /** Sends `action` for the control `key`; resolves to whether the server accepted it. */
  run(key: string, action: A): Promise<boolean>;
  /** The control whose action is on its way, if any (the latest one). */
  pending: string | null;
  /** The server's last refusal for a control (cleared by its next try). */
  errorOf(key: string): string | null;
  clear(key: string): void;
}

export function useActions<A = unknown>(send: SendAction<A>): KeyedActions<A> {
  const [pending, setPending] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const inFlight = useRef(0);
  const run = useCallback(
    async (key: string, action: A): Promise<boolean> => {
      inFlight.current += 1;
      setPending(key);
      setErrors((e) => (e[key] ? { ...e, [key]: "" } : e));
      try {
        const r = await send(action);
        if (!r.ok) setErrors((e) => ({ ...e, [key]: r.message }));
        return r.ok;
      } catch (e) {
        setErrors((all) => ({ ...all, [key]: e instanceof Error ? e.message : "The server did not answer; try again." }));
        return false;
      } finally {
        inFlight.current -= 1;
        if (inFlight.current === 0) setPending(null);
      }
    },
    [send],
  );
  const errorOf = useCallback((key: string) => errors[key] || null, [errors]);
  const clear = useCallback((key: string) => setErrors((e) => (e[key] ? { ...e, [key]: "" } : e)), []);
  return { run, pending, errorOf, clear };
}

export interface ActionControl<A> {
  /** Sends `action`; resolves to whether the server accepted it. */
  run(action: A): Promise<boolean>;
  /** An action of this control is on its way. */
  busy: boolean;
  /** The server's last refusal for this control (cleared by the next try). */
  error: string | null;
  clear(): void;
}

/** One control: `useActions` with a single key. */
export function useAction<A = unknown>(send: SendAction<A>): ActionControl<A> {
  const keyed = useActions(send);
  const { run: runKey, pending, errorOf, clear: clearKey } = keyed;
  const run = useCallback((action: A) => runKey("action", action), [runKey]);
  const clear = useCallback(() => clearKey("action"), [clearKey]);
  return useMemo(() => ({ run, busy: pending !== null, error: errorOf("action"), clear }), [run, pending, errorOf, clear]);
}
