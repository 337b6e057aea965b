"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Ack, HostCommandInput, RoomPayload } from "@/lib/protocol";
import { builtBefore, RoomFeeds } from "@/lib/room-feed";
import { reloadForProtocol } from "./reload";
import { connectAs, holdRoomSocket, request } from "./socket";

export interface RoomConnection {
  payload: RoomPayload | null;
  error: { code: string; message: string } | null;
  connected: boolean;
  /** server time minus local time, in ms */
  offsetMs: number;
  /** The latest line for this user only (a nudge, an answer to a request), if any. */
  nudge: string | null;
  act(action: unknown): Promise<Ack<{ version: number }>>;
  host(command: HostCommandInput): Promise<Ack<{ version: number }>>;
  claim(seat?: string): Promise<Ack<{ seat: string; requested?: boolean }>>;
  release(): Promise<Ack>;
}

let clientSeq = 0;

/** Watches a room as `opts.user` (the session's user id): the current payload for this viewer, refreshed after every change and on reconnect. */
export function useRoom(code: string, opts: { spectate?: boolean; user: string | null }): RoomConnection {
  const spectate = Boolean(opts.spectate);
  const user = opts.user;
  const [payload, setPayload] = useState<RoomPayload | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [connected, setConnected] = useState(false);
  const [offsetMs, setOffset] = useState(0);
  const [nudge, setNudge] = useState<string | null>(null);
  const nudgeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const letGo = holdRoomSocket(code);
    const s = connectAs(user, code);
    const feeds = new RoomFeeds(
      (event, input) => request(event, input),
      (p) => {
        if (p.code !== code) return;
        setOffset(p.clock.serverNow - Date.now());
        setPayload(p);
      },
    );
    const stop = feeds.listen(s);
    const onConnect = () => {
      setConnected(true);
      void feeds.watch(code, spectate ? "spectator" : undefined).then((r) => {
        if (r.ok && builtBefore(r.protocol)) reloadForProtocol(r.protocol!);
        setError(r.ok ? null : r);
      });
    };
    const onDisconnect = () => setConnected(false);
    const onNudge = (p: { code: string; text: string }) => {
      if (p.code !== code) return;
      setNudge(p.text);
      if (nudgeTimer.current) clearTimeout(nudgeTimer.current);
      nudgeTimer.current = setTimeout(() => setNudge(null), 10_000);
    };
    s.on("room:nudge", onNudge);
    s.on("connect", onConnect);
    s.on("disconnect", onDisconnect);
    if (s.connected) onConnect();
    return () => {
      stop();
      s.off("connect", onConnect);
      s.off("disconnect", onDisconnect);
      s.off("room:nudge", onNudge);
      if (nudgeTimer.current) clearTimeout(nudgeTimer.current);
      s.emit("room:unwatch", { code }, () => undefined);
      letGo();
    };
  }, [code, spectate, user]);

  const act = useCallback((action: unknown) => request("game:act", { code, action, clientId: `c${Date.now().toString(36)}${++clientSeq}` }), [code]);
  const host = useCallback((command: HostCommandInput) => request("host:command", { code, command }), [code]);
  const claim = useCallback((seat?: string) => request("seat:claim", { code, ...(seat ? { seat } : {}) }), [code]);
  const release = useCallback(() => request("seat:release", { code }), [code]);

  return { payload, error, connected, offsetMs, nudge, act, host, claim, release };
}
