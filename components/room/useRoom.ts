"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Ack, HostCommand, RoomPayload } from "@/lib/protocol";
import { getSocket, request } from "./socket";

export interface RoomConnection {
  payload: RoomPayload | null;
  error: { code: string; message: string } | null;
  connected: boolean;
  /** server time minus local time, in ms */
  offsetMs: number;
  /** The host's latest nudge to this player, if any. */
  nudge: string | null;
  act(action: unknown): Promise<Ack<{ version: number }>>;
  host(command: HostCommand | { type: "game"; action: unknown }): Promise<Ack<{ version: number }>>;
  claim(seat?: string): Promise<Ack<{ seat: string }>>;
  release(): Promise<Ack>;
}

let clientSeq = 0;

/** Watches a room: the current payload for this viewer, refreshed after every change and on reconnect. */
export function useRoom(code: string, opts: { spectate?: boolean } = {}): RoomConnection {
  const spectate = Boolean(opts.spectate);
  const [payload, setPayload] = useState<RoomPayload | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [connected, setConnected] = useState(false);
  const [offsetMs, setOffset] = useState(0);
  const [nudge, setNudge] = useState<string | null>(null);
  const latest = useRef<RoomPayload | null>(null);

  const accept = useCallback((p: RoomPayload) => {
    const prev = latest.current;
    if (prev && p.version < prev.version && p.role === prev.role) return; // stale
    latest.current = p;
    setOffset(p.clock.serverNow - Date.now());
    setPayload(p);
  }, []);

  useEffect(() => {
    const s = getSocket();
    const watch = () => {
      void request<"room:watch", { payload: RoomPayload }>("room:watch", { code, ...(spectate ? { as: "spectator" } : {}) }).then((r) => {
        if (r.ok) {
          setError(null);
          accept(r.payload);
        } else setError(r);
      });
    };
    const onState = (p: RoomPayload) => {
      if (p.code === code) accept(p);
    };
    const onConnect = () => {
      setConnected(true);
      watch();
    };
    const onDisconnect = () => setConnected(false);
    const onNudge = (p: { code: string; text: string }) => {
      if (p.code !== code) return;
      setNudge(p.text);
      setTimeout(() => setNudge(null), 10_000);
    };
    s.on("room:nudge", onNudge);
    s.on("room:state", onState);
    s.on("connect", onConnect);
    s.on("disconnect", onDisconnect);
    if (s.connected) onConnect();
    return () => {
      s.off("room:state", onState);
      s.off("connect", onConnect);
      s.off("disconnect", onDisconnect);
      s.off("room:nudge", onNudge);
      s.emit("room:unwatch", { code });
    };
  }, [code, accept, spectate]);

  const act = useCallback((action: unknown) => request<"game:act", { version: number }>("game:act", { code, action, clientId: `c${Date.now().toString(36)}${++clientSeq}` }), [code]);
  const host = useCallback((command: HostCommand | { type: "game"; action: unknown }) => request<"host:command", { version: number }>("host:command", { code, command }), [code]);
  const claim = useCallback((seat?: string) => request<"seat:claim", { seat: string }>("seat:claim", { code, ...(seat ? { seat } : {}) }), [code]);
  const release = useCallback(() => request<"seat:release">("seat:release", { code }), [code]);

  return { payload, error, connected, offsetMs, nudge, act, host, claim, release };
}
