"use client";
import { seatName } from "@/lib/names";
import type { RoomPayload } from "@/lib/protocol";
import { Countdown } from "@/components/ui/Countdown";
import { PhaseTracker } from "@/components/ui/PhaseTracker";
import { Badge } from "@/components/ui/primitives";
import { owesMove } from "@/lib/owes";

function Bell({ on }: { on: boolean }) {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden className="fill-none stroke-current" strokeWidth="1.6" strokeLinecap="round">
      <path d="M5 14V9a5 5 0 0 1 10 0v5l1.5 1.5h-13L5 14ZM8.5 17.5a1.5 1.5 0 0 0 3 0" />
      {!on && <path d="M3 3l14 14" />}
    </svg>
  );
}

/**
 * Always at the top and opaque: the phase and the time left on the first line; the
 * phase track (one scrolling row on a phone) and what you still owe on the second.
 */
export function StatusBar({ payload, offsetMs, connected, alertsOn, onToggleAlerts, nudge }: { payload: RoomPayload; offsetMs: number; connected: boolean; alertsOn?: boolean; onToggleAlerts?: () => void; nudge?: string | null }) {
  const p = payload.phase;
  const running = payload.status === "running";
  const owe = owesMove(payload);
  const waitingNames = p ? p.waitingOn.map((s) => seatName(payload.seats, s)) : [];
  const alerts = onToggleAlerts && payload.role !== "spectator" && (
    <button type="button" onClick={onToggleAlerts} aria-pressed={alertsOn} aria-label={alertsOn ? "Alerts on" : "Alerts off"} className="shrink-0 rounded-md p-1 text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800" title="Sound and a notification on a new phase and in the last 30 s">
      <Bell on={Boolean(alertsOn)} />
    </button>
  );
  return (
    <div className="sticky top-0 z-20 -mx-4 mb-4 border-b border-stone-200 bg-white px-4 py-2 dark:border-stone-800 dark:bg-stone-900" data-testid="status-bar">
      <div className="hidden text-xs text-stone-600 sm:block dark:text-stone-400">
        {payload.gameName} · room <span className="font-mono">{payload.code}</span> · {payload.role === "player" ? `you are ${payload.youName}` : payload.role}
      </div>
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1 truncate font-semibold" data-testid="phase-name" title={p?.name}>
          {payload.status === "lobby" && "Lobby — waiting for players"}
          {running && p && (
            <>
              {p.round > 0 && !/\bround\b/i.test(p.name) && <span className="text-stone-600 dark:text-stone-400">Round {p.round} · </span>}
              {p.name}
            </>
          )}
          {payload.status === "finished" && "Game over"}
          {payload.status === "aborted" && "Ended by the host"}
        </div>
        {running && <Countdown clock={payload.clock} offsetMs={offsetMs} className="shrink-0" />}
        {!connected && <Badge tone="red" className="shrink-0">reconnecting…</Badge>}
        {!running && alerts}
      </div>
      {running && (
        <div className="mt-1 flex items-center gap-2">
          <div className="min-w-0 flex-1">
            <PhaseTracker track={payload.phaseTrack} phase={p} />
          </div>
          {payload.role === "player" && (owe ? <Badge tone="amber" className="shrink-0" data-testid="you-owe">Your move</Badge> : <Badge tone="green" className="shrink-0">Nothing owed now</Badge>)}
          {payload.role !== "player" && p && p.waitingOn.length > 0 && (
            <Badge className="shrink-0" title={waitingNames.join(", ")}>
              waiting on {p.waitingOn.length}
            </Badge>
          )}
          {p?.waitingOnHost && <Badge tone="blue" className="shrink-0">host decides</Badge>}
          {alerts}
        </div>
      )}
      {nudge && (
        <p role="status" className="mt-1 rounded bg-amber-100 px-2 py-1 text-sm font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100" data-testid="nudge">
          {nudge}
        </p>
      )}
    </div>
  );
}

/** The host's latest announcement (for five minutes), below the status bar so the bar keeps its two lines. */
export function Announcement({ payload }: { payload: RoomPayload }) {
  const last = [...payload.notices].reverse().find((n) => n.text.startsWith("Announcement: "));
  if (!last || payload.clock.serverNow - last.at >= 5 * 60_000) return null;
  return (
    <p role="status" className="mb-4 rounded bg-garnet-50 px-2 py-1 text-sm text-garnet-900 dark:bg-garnet-900/50 dark:text-garnet-100" data-testid="announcement">
      <span className="font-semibold">Host:</span> {last.text.slice("Announcement: ".length)}
    </p>
  );
}
