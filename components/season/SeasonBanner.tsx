"use client";
// On a room's page: the season the room belongs to, a link back to it, and the
// member's next room of the season once it opens (say, the opponent choice after
// the main match), without leaving the room's end screen first.
import Link from "next/link";
import { useEffect, useState } from "react";
import { request } from "@/components/room/socket";
import { useSeason } from "./useSeason";
import { YourTurn } from "./YourTurn";

function Banner({ season, roomCode }: { season: { code: string; name: string }; roomCode: string }) {
  const { view } = useSeason(season.code);
  return (
    <div className="mb-3 space-y-2" data-testid="season-banner">
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Part of the season{" "}
        <Link className="font-medium underline" href={`/s/${season.code}`}>
          {season.name}
        </Link>
      </p>
      {view && <YourTurn view={view} except={roomCode} />}
    </div>
  );
}

export function SeasonBanner({ roomCode }: { roomCode: string }) {
  const [season, setSeason] = useState<{ code: string; name: string } | null>(null);
  useEffect(() => {
    let live = true;
    void request("season:ofRoom", { code: roomCode }).then((r) => {
      if (live && r.ok) setSeason(r.season);
    });
    return () => {
      live = false;
    };
  }, [roomCode]);
  return season ? <Banner season={season} roomCode={roomCode} /> : null;
}
