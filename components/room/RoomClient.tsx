"use client";
import Link from "next/link";
import { useCallback } from "react";
import { dashboardFor } from "@/components/games/registry";
import { AlertsCard } from "@/components/alerts/AlertsCard";
import { SeasonBanner } from "@/components/season/SeasonBanner";
import { Card, ErrorNote } from "@/components/ui/primitives";
import { seatName } from "@/lib/names";
import { AskForSeat, BotPlaysForYou } from "./AskForSeat";
import { ChatPanel } from "./ChatPanel";
import { EndScreen } from "./EndScreen";
import { HostAudit } from "./HostAudit";
import { HostPanel } from "./HostPanel";
import { Lobby } from "./Lobby";
import { Notices } from "./Notices";
import { Announcement, StatusBar } from "./StatusBar";
import { usePhaseAlerts } from "./usePhaseAlerts";
import { useRoom } from "./useRoom";

/** A room as this browser sees it: lobby, then the game's dashboard, with the host's console for the host. */
export function RoomClient({ code, mode, user }: { code: string; mode: "auto" | "host" | "spectator"; /** the session's user id, null when signed out */ user: string | null }) {
  const conn = useRoom(code, { spectate: mode === "spectator", user });
  const { payload, error } = conn;
  // an open seat is named by its number, as the lobby lists it
  const nameOf = useCallback((seat: string) => seatName(payload?.seats ?? [], seat), [payload]);
  const hostAct = useCallback((action: unknown) => conn.host({ type: "game", action }), [conn]);
  const { alertsOn, toggleAlerts } = usePhaseAlerts(payload, conn.offsetMs);

  if (error && !payload)
    return (
      <div className="mx-auto max-w-md space-y-3">
        <ErrorNote>{error.message}</ErrorNote>
        <Link href="/" className="text-sm underline">
          Back home
        </Link>
      </div>
    );
  if (!payload) return <p className="text-stone-500">Connecting…</p>;
  if (mode === "host" && payload.role !== "host")
    return (
      <div className="mx-auto max-w-md space-y-3">
        <ErrorNote>Only the host of room {code} can open its console.</ErrorNote>
        <Link href={`/r/${code}`} className="text-sm underline" data-testid="back-to-room">
          Go to room {code}
        </Link>
      </div>
    );

  const Dashboard = dashboardFor(payload.gameId);
  return (
    <div data-testid={`room-${payload.role}`}>
      <StatusBar payload={payload} offsetMs={conn.offsetMs} connected={conn.connected} alertsOn={alertsOn} onToggleAlerts={toggleAlerts} nudge={conn.nudge} />
      <SeasonBanner roomCode={payload.code} />
      <Announcement payload={payload} />
      {payload.status === "lobby" ? (
        <div className="space-y-4">
          <Lobby payload={payload} conn={conn} signedIn={user !== null} />
          <AlertsCard payload={payload} />
          <ChatPanel code={payload.code} channels={payload.channels} nameOf={nameOf} you={payload.you} />
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]">
          <div className="min-w-0 space-y-4">
            <BotPlaysForYou payload={payload} />
            {(payload.status === "finished" || payload.status === "aborted") && <EndScreen payload={payload} />}
            {payload.view !== null && <Dashboard payload={payload} view={payload.view} offsetMs={conn.offsetMs} act={conn.act} hostAct={hostAct} nameOf={nameOf} />}
          </div>
          <aside className="space-y-4">
            {payload.role === "host" && <HostPanel payload={payload} conn={conn} />}
            {payload.role === "host" && <HostAudit code={payload.code} version={payload.version} />}
            {user !== null && <AskForSeat payload={payload} conn={conn} />}
            <AlertsCard payload={payload} />
            {payload.role === "spectator" && (
              <Card title="Spectating">
                <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="spectator-mode-note">
                  {payload.status !== "running" && payload.spectators.revealAtEnd
                    ? "The game is over: you see everything."
                    : payload.spectators.behindBy
                      ? `You watch ${payload.spectators.behindBy} phase${payload.spectators.behindBy > 1 ? "s" : ""} behind the table, public information only.`
                      : "You see public information only."}
                </p>
              </Card>
            )}
            <ChatPanel code={payload.code} channels={payload.channels} nameOf={nameOf} you={payload.you} />
            <Notices notices={payload.notices} />
          </aside>
        </div>
      )}
    </div>
  );
}
