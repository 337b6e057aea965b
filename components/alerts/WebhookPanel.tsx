"use client";
// The host pastes a Discord webhook URL for the room or the season; the server
// checks it, posts a first line there, and shows it back without its token.
import { useEffect, useState } from "react";
import { request } from "@/components/room/socket";
import { Button } from "@/components/ui/primitives";

export function WebhookPanel({ scope, code }: { scope: "room" | "season"; code: string }) {
  const [shown, setShown] = useState<string | null>(null);
  const [url, setUrl] = useState("");
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    void request("alerts:webhook", { scope, code }).then((r) => (r.ok ? setShown(r.webhook) : setNote(r.message)));
  }, [scope, code]);

  async function save(next: string | null) {
    setNote(null);
    const r = await request("alerts:webhook", { scope, code, url: next });
    if (!r.ok) return setNote(r.message);
    setShown(r.webhook);
    setUrl("");
  }

  return (
    <div className="space-y-2 text-sm" data-testid="webhook-panel">
      <p className="text-stone-600 dark:text-stone-400">Phase starts, announcements and the result are posted there — what spectators see, nothing more.</p>
      {shown && (
        <p data-testid="webhook-shown">
          Posting to <span className="font-mono">{shown}</span>{" "}
          <button type="button" className="underline" onClick={() => void save(null)}>
            stop
          </button>
        </p>
      )}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void save(url);
        }}
      >
        <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://discord.com/api/webhooks/…" aria-label="Discord webhook URL" className="min-w-0 flex-1 rounded-md border border-stone-300 px-2 py-1 dark:border-stone-700 dark:bg-stone-900" />
        <Button size="sm" type="submit">
          Save
        </Button>
      </form>
      {note && <p className="text-red-700 dark:text-red-300">{note}</p>}
    </div>
  );
}
