"use client";
// The season page's data: fetched for this browser's user, and fetched again
// whenever the server says the season changed (a member joined, a room ended).
import { useCallback, useEffect, useState } from "react";
import type { SeasonPageView } from "@/lib/protocol";
import { getSocket, request } from "@/components/room/socket";

export function useSeason(code: string): { view: SeasonPageView | null; error: string | null; reload: () => Promise<void> } {
  const [view, setView] = useState<SeasonPageView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    const r = await request("season:view", { code });
    if (r.ok) {
      setView(r.view);
      setError(null);
    } else setError(r.message);
  }, [code]);
  useEffect(() => {
    const s = getSocket();
    const changed = (p: { code: string }) => {
      if (p.code === code) void reload();
    };
    const connected = () => void reload();
    s.on("season:changed", changed);
    s.on("connect", connected);
    void reload();
    return () => {
      s.off("season:changed", changed);
      s.off("connect", connected);
    };
  }, [code, reload]);
  return { view, error, reload };
}
