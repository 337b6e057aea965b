"use client";
// A game's room settings as form fields (the same fields the room form uses).
import { useMemo } from "react";
import { describeConfig, getPath, setPath } from "@/lib/config-form";
import type { z } from "zod";
import type { AnyGame } from "@/lib/games/core/types";
import { FieldInput } from "@/components/room/CreateRoomForm";

export function GameSettings({ game, config, onChange }: { game: AnyGame; config: unknown; onChange: (c: unknown) => void }) {
  return <GameSettingsFields schema={game.configSchema} config={config} onChange={onChange} />;
}

/** Form fields for any settings schema (a game's config, the season's settings). */
export function GameSettingsFields({ schema, config, onChange }: { schema: z.ZodType; config: unknown; onChange: (c: unknown) => void }) {
  const fields = useMemo(() => describeConfig(schema) ?? [], [schema]);
  return (
    <div className="grid gap-3">
      {fields.map((f) => (
        <FieldInput key={f.path.join(".")} f={f} value={getPath(config, f.path)} onChange={(path, v) => onChange(setPath(config, path, v))} />
      ))}
    </div>
  );
}
