"use client";
import { useEffect, useRef, useState } from "react";
import type { RoomPayload } from "@/lib/protocol";
import { phaseIdOf } from "@/lib/games/core/phase";
import { formatMs, remainingMs } from "@/components/ui/Countdown";

/**
 * The tab title always says the phase and whether you owe a move; in the last 30 s
 * of a phase where you still owe one it counts down. With alerts switched on, a new
 * phase or the last 30 s also beep and show a system notification while the tab is hidden.
 */
export function usePhaseAlerts(payload: RoomPayload | null, offsetMs: number) {
  const [enabled, setEnabled] = useState(false);
  const lastPhase = useRef<string | null>(null);
  const warned = useRef<string | null>(null);

  useEffect(() => {
    try {
      setEnabled(localStorage.getItem("garnet-alerts") === "on");
    } catch {
      // no storage: alerts stay off
    }
  }, []);

  useEffect(() => {
    if (!payload) return;
    const p = payload.phase;
    const phaseId = p ? phaseIdOf(p) : payload.status;
    const owe = Boolean(p && payload.you && p.waitingOn.includes(payload.you));
    const base = payload.status === "running" && p ? `${p.round && !/\bround\b/i.test(p.name) ? `R${p.round} ` : ""}${p.name}` : payload.status === "lobby" ? "Lobby" : "Game over";
    const tick = () => {
      const left = payload.status === "running" ? remainingMs(payload.clock, offsetMs) : null;
      const urgent = owe && left !== null && left <= 30_000 && !payload.clock.paused;
      document.title = `${urgent ? `⏰ ${formatMs(left)} · ` : owe ? "● " : ""}${base} · ${payload.gameName}`;
      if (urgent && warned.current !== phaseId) {
        warned.current = phaseId;
        if (enabled) alertUser(`30 seconds left in ${p?.name ?? "this phase"}`, "You still owe a move.");
      }
    };
    tick();
    if (lastPhase.current !== null && lastPhase.current !== phaseId && enabled) alertUser(base, owe ? "Your move." : "A new phase began.");
    lastPhase.current = phaseId;
    const t = setInterval(tick, 1000);
    return () => clearInterval(t);
  }, [payload, offsetMs, enabled]);

  function toggle() {
    const next = !enabled;
    setEnabled(next);
    try {
      localStorage.setItem("garnet-alerts", next ? "on" : "off");
    } catch {
      // ignore
    }
    if (next && typeof Notification !== "undefined" && Notification.permission === "default") void Notification.requestPermission();
  }
  return { alertsOn: enabled, toggleAlerts: toggle };
}

function alertUser(title: string, body: string) {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    osc.frequency.value = 880;
    osc.connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.15);
  } catch {
    // sound may be blocked until the page has been used
  }
  if (typeof Notification !== "undefined" && Notification.permission === "granted" && document.hidden) new Notification(title, { body });
}
