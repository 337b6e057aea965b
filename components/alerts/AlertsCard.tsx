"use client";
// Alerts off the page, next to the in-page ones: a player opts in to pushes for
// this room, a host sets the room's Discord channel. Only this small card is in
// the room page's bundle; its panel (and the push code) loads when it is opened.
import dynamic from "next/dynamic";
import { useState } from "react";
import type { RoomPayload } from "@/lib/protocol";
import { Card } from "@/components/ui/primitives";

const PushPanel = dynamic(() => import("./PushPanel").then((m) => m.PushPanel), { ssr: false });
const WebhookPanel = dynamic(() => import("./WebhookPanel").then((m) => m.WebhookPanel), { ssr: false });

/** Rooms whose card was opened in this tab: it stays open when the lobby turns into the game. */
const opened = new Set<string>();

export function AlertsCard({ payload }: { payload: RoomPayload }) {
  const [open, setOpen] = useState(() => opened.has(payload.code));
  const host = payload.role === "host";
  if (payload.role === "spectator" || payload.status === "finished" || payload.status === "aborted") return null;
  return (
    <Card title={host ? "Discord channel" : "Alerts off the page"} data-testid="alerts-card">
      {open ? (
        host ? <WebhookPanel scope="room" code={payload.code} /> : <PushPanel code={payload.code} />
      ) : (
        <button type="button" className="text-sm underline" onClick={() => {
            opened.add(payload.code);
            setOpen(true);
          }}
          data-testid="alerts-open">
          {host ? "Post this room's news to a Discord channel…" : "Get a push on your phone or desktop when it's your move…"}
        </button>
      )}
    </Card>
  );
}

/** The season's Discord channel in the season's host console (its panel loads when opened). */
export function SeasonWebhook({ code }: { code: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="rounded-lg border border-stone-200 p-3 dark:border-stone-800" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)} data-testid="season-discord">
      <summary className="cursor-pointer text-sm font-semibold">Discord channel</summary>
      <div className="mt-3">{open && <WebhookPanel scope="season" code={code} />}</div>
    </details>
  );
}
