"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { getPath, setPath, type FieldSpec } from "@/lib/config-fields";
import { FieldInput, JsonField } from "./ConfigFields";
import { Button, Card, ErrorNote, Field, inputClass } from "@/components/ui/primitives";
import { connectAs, request } from "./socket";

export function CreateRoomForm({ gameId, gameName, players, fields, defaults, user }: { gameId: string; gameName: string; players: { min: number; max: number; recommended: number }; fields: FieldSpec[] | null; defaults: unknown; user: string }) {
  const router = useRouter();
  const [seats, setSeats] = useState(players.recommended);
  const [spectators, setSpectators] = useState<{ mode: "live" | "delayed"; lag: number; revealAtEnd: boolean }>({ mode: "live", lag: 1, revealAtEnd: false });
  const [config, setConfig] = useState<unknown>(defaults);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    connectAs(user);
    const r = await request("room:create", { gameId, seats, config: config as Record<string, unknown>, spectators });
    setBusy(false);
    if (!r.ok) return setError(r.message);
    router.push(`/r/${r.code}/host`);
  }

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="create-room-form">
      <Card title="Table">
        <Field label="Players" hint={players.min === players.max ? `${gameName} is for exactly ${players.min}.` : `${players.min}–${players.max}; best with ${players.recommended}.`}>
          <input type="number" name="seats" className={inputClass} min={players.min} max={players.max} value={seats} onChange={(e) => setSeats(Number(e.target.value))} disabled={players.min === players.max} />
        </Field>
      </Card>
      <Card title="Settings">
        {fields ? (
          <div className="grid gap-3">
            {fields.map((f) => (
              <FieldInput key={f.path.join(".")} f={f} value={getPath(config, f.path)} seats={seats} onChange={(path, v) => setConfig((c: unknown) => setPath(c, path, v))} />
            ))}
          </div>
        ) : (
          <JsonField f={{ kind: "json", path: [], label: "Config" }} value={config} onChange={(_p, v) => setConfig(v)} />
        )}
      </Card>
      <Card title="Spectators">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Spectators see" hint="A delay keeps streams from leaking the live table.">
            <select className={inputClass} value={spectators.mode === "live" ? "live" : String(spectators.lag)} onChange={(e) => setSpectators((s) => (e.target.value === "live" ? { ...s, mode: "live" } : { ...s, mode: "delayed", lag: Number(e.target.value) }))} data-testid="create-spectator-mode">
              <option value="live">the live public view</option>
              {[1, 2, 3, 5].map((n) => (
                <option key={n} value={n}>
                  the public view {n} phase{n > 1 ? "s" : ""} behind
                </option>
              ))}
            </select>
          </Field>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1 h-4 w-4 accent-garnet-700" checked={spectators.revealAtEnd} onChange={(e) => setSpectators((s) => ({ ...s, revealAtEnd: e.target.checked }))} />
            <span>
              <span className="font-medium">All-seeing after the game</span>
              <span className="block text-xs text-stone-500">Once the game is over spectators see every secret — even those the game&apos;s rules never reveal to players.</span>
            </span>
          </label>
        </div>
      </Card>
      <ErrorNote>{error}</ErrorNote>
      <Button type="submit" size="lg" disabled={busy} data-testid="create-room">
        {busy ? "Creating…" : "Create room"}
      </Button>
    </form>
  );
}
