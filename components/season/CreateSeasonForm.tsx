"use client";
// The host's form for a new season: its name and the season's own rules.
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { FieldSpec } from "@/lib/config-fields";
import type { SeasonSettings } from "@/lib/season/types";
import { Button, Card, ErrorNote, Field, inputClass } from "@/components/ui/primitives";
import { request } from "@/components/room/socket";
import { SettingsFields } from "./GameSettings";

/** `fields` and `defaults` describe the season's settings (worked out by the server page, where the schema is). */
export function CreateSeasonForm({ fields, defaults }: { fields: FieldSpec[]; defaults: SeasonSettings }) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [settings, setSettings] = useState<SeasonSettings>(defaults);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="space-y-4"
      data-testid="season-create-form"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const r = await request("season:create", { name, settings });
        setBusy(false);
        if (!r.ok) return setError(r.message);
        router.push(`/s/${r.code}`);
      }}
    >
      <Card title="Season">
        <div className="grid gap-3">
          <Field label="Name">
            <input className={inputClass} name="season-name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} required />
          </Field>
          <SettingsFields fields={fields} config={settings} onChange={(c) => setSettings(c as SeasonSettings)} />
        </div>
      </Card>
      <ErrorNote>{error}</ErrorNote>
      <Button type="submit" size="lg" disabled={busy || !name.trim()} data-testid="season-create">
        Create the season
      </Button>
    </form>
  );
}
