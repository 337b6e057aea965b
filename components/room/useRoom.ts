"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Ack, HostCommand, RoomPatch, RoomPayload } from "@/lib/protocol";
import { RoomFeed } from "@/lib/room-feed";
import { connectAs, request } from "./socket";

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

/** Watches a room as `opts.user` (the session's user id): the current payload for this viewer, refreshed after every change and on reconnect. */
export function useRoom(code: string, opts: { spectate?: boolean; user: string | null }): RoomConnection {
  const spectate = Boolean(opts.spectate);
  const user = opts.user;
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
    const s = connectAs(user);
    const feed = new RoomFeed(code);
    let syncing = false;
    const show = () => {
      if (feed.payload) accept(feed.payload);
    };
    const watch = () => {
      feed.reset();
      void request<"room:watch", { payload: RoomPayload; frame: number }>("room:watch", { code, ...(spectate ? { as: "spectator" } : {}) }).then((r) => {
        if (r.ok) {
          setError(null);
          if (feed.full(r.payload, r.frame)) show();
        } else setError(r);
      });
    };
    // a patch that does not continue our copy: fetch the whole payload once
    const sync = () => {
      if (syncing) return;
      syncing = true;
      void request<"room:sync", { payload: RoomPayload; frame: number }>("room:sync", { code }).then((r) => {
        syncing = false;
        if (r.ok && feed.full(r.payload, r.frame)) show();
      });
    };
    const onState = (p: RoomPayload, frame: number) => {
      if (feed.full(p, frame)) show();
    };
    const onPatch = (x: RoomPatch) => {
      const r = feed.patch(x);
      if (r === "applied") show();
      else if (r === "resync") sync();
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
    s.on("room:patch", onPatch);
    s.on("connect", onConnect);
    s.on("disconnect", onDisconnect);
    if (s.connected) onConnect();
    return () => {
      s.off("room:state", onState);
      s.off("room:patch", onPatch);
      s.off("connect", onConnect);
      s.off("disconnect", onDisconnect);
      s.off("room:nudge", onNudge);
      s.emit("room:unwatch", { code });
    };
  }, [code, accept, spectate, user]);

  const act = useCallback((action: unknown) => request<"game:act", { version: number }>("game:act", { code, action, clientId: `c${Date.now().toString(36)}${++clientSeq}` }), [code]);
  const host = useCallback((command: HostCommand | { type: "game"; action: unknown }) => request<"host:command", { version: number }>("host:command", { code, command }), [code]);
  const claim = useCallback((seat?: string) => request<"seat:claim", { seat: string }>("seat:claim", { code, ...(seat ? { seat } : {}) }), [code]);
  const release = useCallback(() => request<"seat:release">("seat:release", { code }), [code]);

  return { payload, error, connected, offsetMs, nudge, act, host, claim, release };
}
