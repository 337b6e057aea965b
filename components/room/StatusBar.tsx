"use client";
import type { RoomPayload } from "@/lib/protocol";
import { Countdown } from "@/components/ui/Countdown";
import { PhaseTracker } from "@/components/ui/PhaseTracker";
import { Badge } from "@/components/ui/primitives";

/** Always at the top: the phase, the time left and what you still owe. */
export function StatusBar({ payload, offsetMs, connected, alertsOn, onToggleAlerts, nudge }: { payload: RoomPayload; offsetMs: number; connected: boolean; alertsOn?: boolean; onToggleAlerts?: () => void; nudge?: string | null }) {
  const lastAnnouncement = [...payload.notices].reverse().find((n) => n.text.startsWith("Announcement: "));
  const announcement = lastAnnouncement && payload.clock.serverNow - lastAnnouncement.at < 5 * 60_000 ? lastAnnouncement.text.slice("Announcement: ".length) : null;
  const p = payload.phase;
  const owe = p && payload.you ? p.waitingOn.includes(payload.you) : false;
  const waitingNames = p ? p.waitingOn.map((s) => payload.seats.find((x) => x.seat === s)?.name ?? s) : [];
  return (
    <div className="sticky top-0 z-20 -mx-4 mb-4 border-b border-stone-200 bg-white/95 px-4 py-2 backdrop-blur dark:border-stone-800 dark:bg-stone-900/95" data-testid="status-bar">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <div className="min-w-0">
          <div className="text-xs text-stone-500">
            {payload.gameName} · room <span className="font-mono">{payload.code}</span> · {payload.role === "player" ? `you are ${payload.youName}` : payload.role}
          </div>
          <div className="font-semibold" data-testid="phase-name">
            {payload.status === "lobby" && "Lobby — waiting for players"}
            {payload.status === "running" && p && (
              <>
                {p.round > 0 && !/\bround\b/i.test(p.name) && <span className="text-stone-500">Round {p.round} · </span>}
                {p.name}
              </>
            )}
            {payload.status === "finished" && "Game over"}
            {payload.status === "aborted" && "Ended by the host"}
          </div>
        </div>
        {payload.status === "running" && <Countdown clock={payload.clock} offsetMs={offsetMs} className="ml-auto" />}
        <div className="flex items-center gap-2">
          {payload.status === "running" && payload.role === "player" && (owe ? <Badge tone="amber" data-testid="you-owe">Your move</Badge> : <Badge tone="green">Nothing owed now</Badge>)}
          {payload.status === "running" && payload.role !== "player" && p && p.waitingOn.length > 0 && (
            <Badge title={waitingNames.join(", ")}>waiting on {p.waitingOn.length}</Badge>
          )}
          {payload.status === "running" && p?.waitingOnHost && <Badge tone="blue">waiting on a decision</Badge>}
          {!connected && <Badge tone="red">reconnecting…</Badge>}
          {onToggleAlerts && payload.role !== "spectator" && (
            <button type="button" onClick={onToggleAlerts} aria-pressed={alertsOn} className="rounded-md px-1.5 py-0.5 text-xs text-stone-500 hover:bg-stone-100 dark:hover:bg-stone-800" title="Sound and a notification on a new phase and in the last 30 s">
              {alertsOn ? "Alerts on" : "Alerts off"}
            </button>
          )}
        </div>
      </div>
      {payload.status === "running" && (
        <div className="mt-1">
          <PhaseTracker track={payload.phaseTrack} phase={p} />
        </div>
      )}
      {nudge && (
        <p role="status" className="mt-1 rounded bg-amber-100 px-2 py-1 text-sm font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100" data-testid="nudge">
          {nudge}
        </p>
      )}
      {announcement && (
        <p role="status" className="mt-1 rounded bg-garnet-50 px-2 py-1 text-sm text-garnet-900 dark:bg-garnet-900/50 dark:text-garnet-100" data-testid="announcement">
          <span className="font-semibold">Host:</span> {announcement}
        </p>
      )}
    </div>
  );
}
