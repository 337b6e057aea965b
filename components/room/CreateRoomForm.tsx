"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { getPath, setPath, type FieldSpec } from "@/lib/config-fields";
import { Button, Card, ErrorNote, Field, inputClass } from "@/components/ui/primitives";
import { connectAs, request } from "./socket";

function FieldInput({ f, value, onChange }: { f: FieldSpec; value: unknown; onChange: (path: string[], v: unknown) => void }) {
  const id = f.path.join(".");
  switch (f.kind) {
    case "group":
      return (
        <fieldset className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
          <legend className="px-1 text-sm font-semibold">{f.label}</legend>
          {f.help && <p className="mb-2 text-xs text-stone-500">{f.help}</p>}
          <div className="grid gap-3 sm:grid-cols-2">
            {f.fields.map((c) => (
              <FieldInput key={c.path.join(".")} f={c} value={getPath(value, c.path.slice(f.path.length))} onChange={onChange} />
            ))}
          </div>
        </fieldset>
      );
    case "number":
      return (
        <Field label={f.label} hint={[f.help, f.min !== undefined || f.max !== undefined ? `${f.min ?? "…"}–${f.max ?? "…"}` : null].filter(Boolean).join(" · ") || undefined}>
          <input id={id} name={id} type="number" className={inputClass} value={typeof value === "number" ? value : ""} min={f.min} max={f.max} step={f.integer ? 1 : "any"} onChange={(e) => onChange(f.path, e.target.value === "" ? undefined : Number(e.target.value))} />
        </Field>
      );
    case "boolean":
      return (
        <label className="flex items-start gap-2 text-sm">
          <input id={id} name={id} type="checkbox" className="mt-1 h-4 w-4 accent-garnet-700" checked={value === true} onChange={(e) => onChange(f.path, e.target.checked)} />
          <span>
            <span className="font-medium">{f.label}</span>
            {f.help && <span className="block text-xs text-stone-500">{f.help}</span>}
          </span>
        </label>
      );
    case "enum":
      return (
        <Field label={f.label} hint={f.help}>
          <select id={id} name={id} className={inputClass} value={typeof value === "string" ? value : ""} onChange={(e) => onChange(f.path, e.target.value)}>
            {f.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </Field>
      );
    case "text":
      return (
        <Field label={f.label} hint={f.help}>
          <input id={id} name={id} className={inputClass} value={typeof value === "string" ? value : ""} maxLength={f.maxLength} onChange={(e) => onChange(f.path, e.target.value)} />
        </Field>
      );
    case "list":
      return (
        <Field label={f.label} hint={f.help ?? "Comma-separated; leave empty for the default."}>
          <input
            id={id}
            name={id}
            className={inputClass}
            defaultValue={Array.isArray(value) ? value.join(", ") : ""}
            onChange={(e) => {
              const parts = e.target.value.split(",").map((x) => x.trim()).filter(Boolean);
              onChange(f.path, f.item === "number" ? parts.map(Number) : parts);
            }}
          />
        </Field>
      );
    case "json":
      return <JsonField f={f} value={value} onChange={onChange} />;
  }
}

function JsonField({ f, value, onChange }: { f: FieldSpec; value: unknown; onChange: (path: string[], v: unknown) => void }) {
  const [text, setText] = useState(() => JSON.stringify(value ?? null, null, 2));
  const [bad, setBad] = useState<string | null>(null);
  return (
    <Field label={f.label} hint={f.help ?? "JSON"} error={bad}>
      <textarea
        className={`${inputClass} h-28 font-mono text-xs`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          try {
            onChange(f.path, JSON.parse(e.target.value));
            setBad(null);
          } catch {
            setBad("Not valid JSON yet.");
          }
        }}
      />
    </Field>
  );
}

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
    const r = await request<"room:create", { code: string }>("room:create", { gameId, seats, config, spectators });
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
              <FieldInput key={f.path.join(".")} f={f} value={getPath(config, f.path)} onChange={(path, v) => setConfig((c: unknown) => setPath(c, path, v))} />
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
