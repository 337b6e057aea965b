"use client";
// Opting in to Web Push for this room: registers the alerts' service worker,
// subscribes with the server's key, and keeps the room's setting (everything,
// my moves only, off). Loaded only when the alerts card is opened.
import { useEffect, useState } from "react";
import { ALERT_MODES, MODE_LABELS, type AlertMode } from "@/lib/alerts/modes";
import { request } from "@/components/room/socket";
import { Button } from "@/components/ui/primitives";

const WORKER = "/alerts-sw.js";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export function PushPanel({ code }: { code: string }) {
  const [mode, setMode] = useState<AlertMode | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const [on, setOn] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const supported = typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window;

  useEffect(() => {
    void request("alerts:setting", { code }).then((r) => {
      if (!r.ok) return setNote(r.message);
      setMode(r.mode);
      setKey(r.publicKey);
    });
    if (!supported) return;
    // a browser already subscribed is told to the server again: on a browser shared by several accounts, its pushes
    // follow whoever signed in last (the server moves an endpoint to the account that sends it), never the one before
    void navigator.serviceWorker.getRegistration(WORKER).then(async (reg) => {
      const sub = await reg?.pushManager.getSubscription();
      if (!sub) return setOn(false);
      const r = await request("alerts:subscribe", { subscription: sub.toJSON() as never });
      setOn(r.ok);
    });
    // the worker tells open pages of each push it shows
    const onMessage = (e: MessageEvent) => {
      const m = (e.data as { type?: string; message?: { title: string; body: string } }) ?? {};
      if (m.type === "garnet:push" && m.message) setLast(`${m.message.title} — ${m.message.body}`);
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    navigator.serviceWorker.startMessages();
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, [code, supported]);

  async function turnOn() {
    setNote(null);
    try {
      if ((await Notification.requestPermission()) !== "granted") return setNote("Notifications are blocked for this site in your browser's settings.");
      const reg = await navigator.serviceWorker.register(WORKER);
      await navigator.serviceWorker.ready;
      const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key!) }));
      const r = await request("alerts:subscribe", { subscription: sub.toJSON() as never });
      if (!r.ok) return setNote(r.message);
      setOn(true);
    } catch (e) {
      setNote(`This browser could not subscribe: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  async function choose(next: AlertMode) {
    const r = await request("alerts:setting", { code, mode: next });
    if (r.ok) setMode(r.mode);
    else setNote(r.message);
  }

  if (!supported) return <p className="text-sm text-stone-600 dark:text-stone-400">This browser cannot get pushes (on an iPhone, add Garnet to the home screen first).</p>;
  return (
    <div className="space-y-2 text-sm" data-testid="push-panel">
      {key === null && mode !== null && <p>This server sends no pushes.</p>}
      {key !== null &&
        (on ? (
          <p data-testid="push-on">Pushes are on for this browser.</p>
        ) : (
          <Button size="sm" onClick={() => void turnOn()} data-testid="push-turn-on">
            Turn on pushes
          </Button>
        ))}
      {mode !== null && (
        <fieldset className="flex flex-wrap gap-3" aria-label="What to push for this room">
          {ALERT_MODES.map((m) => (
            <label key={m} className="flex items-center gap-1">
              <input type="radio" name={`push-${code}`} value={m} checked={mode === m} onChange={() => void choose(m)} />
              {MODE_LABELS[m]}
            </label>
          ))}
        </fieldset>
      )}
      {note && <p className="text-red-700 dark:text-red-300">{note}</p>}
      {last && (
        <p className="text-stone-600 dark:text-stone-400" data-testid="last-push">
          Last push: {last}
        </p>
      )}
    </div>
  );
}
