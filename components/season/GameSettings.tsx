"use client";
// Settings as form fields (the same fields the room form uses), from a description the server page made.
import { getPath, setPath, type FieldSpec } from "@/lib/config-fields";
import { FieldInput } from "@/components/room/ConfigFields";

/** `seats` sizes the per-seat fields. */
export function SettingsFields({ fields, config, onChange, seats = 0 }: { fields: FieldSpec[]; config: unknown; onChange: (c: unknown) => void; seats?: number }) {
  return (
    <div className="grid gap-3">
      {fields.map((f) => (
        <FieldInput key={f.path.join(".")} f={f} value={getPath(config, f.path)} seats={seats} onChange={(path, v) => onChange(setPath(config, path, v))} />
      ))}
    </div>
  );
}
