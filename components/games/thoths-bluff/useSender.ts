"use client";
import { useCallback, useRef, useState } from "react";
import type { Ack } from "@/lib/protocol";
import type { Action } from "@/lib/games/thoths-bluff";

export type Send = (action: Action) => Promise<Ack<{ version: number }>>;

export interface Sender {
  /** The control whose action is on its way, if any. */
  pending: string | null;
  /** The last refusal for a control, shown next to it. */
  errorOf(key: string): string | null;
  /** Sends an action on behalf of the control `key`; resolves to whether the server accepted it. */
  run(key: string, action: Action): Promise<boolean>;
}

/** Sends actions and keeps each refusal next to the control that caused it. */
export function useSender(send: Send): Sender {
  const [pending, setPending] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const inFlight = useRef(0);

  const run = useCallback(
    async (key: string, action: Action) => {
      inFlight.current += 1;
      setPending(key);
      setErrors((e) => (e[key] ? { ...e, [key]: "" } : e));
      try {
        const r = await send(action);
        if (!r.ok) setErrors((e) => ({ ...e, [key]: r.message }));
        return r.ok;
      } finally {
        inFlight.current -= 1;
        if (inFlight.current === 0) setPending(null);
      }
    },
    [send],
  );
  const errorOf = useCallback((key: string) => errors[key] || null, [errors]);
  return { pending, errorOf, run };
}
