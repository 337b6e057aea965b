"use client";
// One control per config field, as lib/config-form.ts describes it: numbers with
// their unit, checkboxes, selects or radio buttons with the rules' names,
// checkbox lists, one entry per seat, and "tag: text" lines.
import { useState } from "react";
import { getPath, type FieldSpec, type Option } from "@/lib/config-fields";
import { Field, inputClass } from "@/components/ui/primitives";

export type OnChange = (path: string[], v: unknown) => void;

const hintClass = "mt-1 block text-xs text-stone-600 dark:text-stone-400";
const seatId = (i: number) => `s${i + 1}`;

function range(f: { min?: number; max?: number }): string | null {
  if (f.min === undefined && f.max === undefined) return null;
  return `${f.min ?? "…"}–${f.max ?? "…"}`;
}

function Fieldset({ f, children, className }: { f: FieldSpec; children: React.ReactNode; className?: string }) {
  return (
    <fieldset className={className ?? "rounded-lg border border-stone-200 p-3 dark:border-stone-800"}>
      <legend className="px-1 text-sm font-semibold">{f.label}</legend>
      {f.help && <p className="mb-2 text-xs text-stone-600 dark:text-stone-400">{f.help}</p>}
      {children}
    </fieldset>
  );
}

function Choice({ f, options, value, onChange }: { f: FieldSpec; options: Option[]; value: unknown; onChange: OnChange }) {
  const id = f.path.join(".");
  // a few long choices read better as radio buttons than as a cut-off select
  if (options.length <= 4 && options.some((o) => o.label.length > 28))
    return (
      <Fieldset f={f}>
        <div className="space-y-1.5">
          {options.map((o) => (
            <label key={o.value} className="flex items-start gap-2 text-sm">
              <input type="radio" name={id} value={o.value} className="mt-1 accent-garnet-700" checked={value === o.value} onChange={() => onChange(f.path, o.value)} />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
      </Fieldset>
    );
  return (
    <Field label={f.label} hint={f.help}>
      <select id={id} name={id} className={inputClass} value={typeof value === "string" ? value : ""} onChange={(e) => onChange(f.path, e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

function PerSeat({ f, value, seats, onChange }: { f: Extract<FieldSpec, { kind: "perSeat" }>; value: unknown; seats: number; onChange: OnChange }) {
  const at = (i: number): unknown => (f.shape === "list" ? (Array.isArray(value) ? value[i] : undefined) : value && typeof value === "object" ? (value as Record<string, unknown>)[seatId(i)] : undefined);
  const set = (i: number, v: number | string | null) => {
    if (f.shape === "record") {
      const next = { ...((value as Record<string, unknown>) ?? {}) };
      if (v === null) delete next[seatId(i)];
      else next[seatId(i)] = v;
      return onChange(f.path, next);
    }
    const list = Array.from({ length: seats }, (_, k) => (k === i ? v : (at(k) ?? null)));
    while (list.length && list[list.length - 1] === null) list.pop();
    onChange(f.path, list);
  };
  return (
    <Fieldset f={f}>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {Array.from({ length: seats }, (_, i) => (
          <label key={i} className="flex items-center gap-2 text-sm">
            <span className="w-14 shrink-0">Seat {i + 1}</span>
            {f.options ? (
              <select name={`${f.path.join(".")}.${i}`} className={inputClass} value={typeof at(i) === "string" ? (at(i) as string) : ""} onChange={(e) => set(i, e.target.value || null)}>
                <option value="">drawn</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input type="number" name={`${f.path.join(".")}.${i}`} className={inputClass} min={f.min} max={f.max} placeholder="default" value={typeof at(i) === "number" ? (at(i) as number) : ""} onChange={(e) => set(i, e.target.value === "" ? null : Number(e.target.value))} />
            )}
          </label>
        ))}
      </div>
      {f.options && <p className={hintClass}>Set every seat, or leave them all on “drawn”.</p>}
    </Fieldset>
  );
}

function TaggedLines({ f, value, onChange }: { f: Extract<FieldSpec, { kind: "taggedLines" }>; value: unknown; onChange: OnChange }) {
  const items = Array.isArray(value) ? (value as Record<string, string>[]) : [];
  const [text, setText] = useState(() => items.map((it) => `${it[f.tagKey]}: ${it[f.textKey]}`).join("\n"));
  const [bad, setBad] = useState<string[]>([]);
  const tags = f.tags.map((t) => t.value);
  return (
    <Field label={f.label} hint={f.help} error={bad.length ? bad.slice(0, 3).join(" ") : null}>
      <textarea
        className={`${inputClass} h-32 font-mono text-xs`}
        value={text}
        placeholder={f.tags.map((t) => `${t.value}: …`).join("\n")}
        onChange={(e) => {
          setText(e.target.value);
          const next: Record<string, string>[] = [];
          const errors: string[] = [];
          e.target.value.split("\n").forEach((raw, i) => {
            const line = raw.trim();
            if (!line) return;
            const m = /^(\w+)\s*:\s*(.+)$/.exec(line);
            const tag = m?.[1]?.toLowerCase();
            if (!m || !tag || !tags.includes(tag)) errors.push(`Line ${i + 1}: start with ${tags.map((t) => `“${t}:”`).join(" or ")}.`);
            else next.push({ [f.tagKey]: tag, [f.textKey]: m[2]!.trim() });
          });
          setBad(errors);
          onChange(f.path, next);
        }}
      />
    </Field>
  );
}

export function FieldInput({ f, value, seats, onChange }: { f: FieldSpec; value: unknown; seats: number; onChange: OnChange }) {
  const id = f.path.join(".");
  switch (f.kind) {
    case "group":
      return (
        <Fieldset f={f}>
          <div className="grid gap-3 sm:grid-cols-2">
            {f.fields.map((c) => (
              <FieldInput key={c.path.join(".")} f={c} value={getPath(value, c.path.slice(f.path.length))} seats={seats} onChange={onChange} />
            ))}
          </div>
        </Fieldset>
      );
    case "number":
      return (
        <Field label={f.label} hint={[f.help, range(f)].filter(Boolean).join(" · ") || undefined}>
          <span className="flex items-center gap-2">
            <input id={id} name={id} type="number" className={`${inputClass} max-w-32`} value={typeof value === "number" ? value : ""} min={f.min} max={f.max} step={f.step ?? (f.integer ? 1 : "any")} onChange={(e) => onChange(f.path, e.target.value === "" ? undefined : Number(e.target.value))} />
            {f.unit && <span className="text-sm text-stone-600 dark:text-stone-400">{f.unit}</span>}
          </span>
        </Field>
      );
    case "boolean":
      return (
        <label className="flex items-start gap-2 text-sm">
          <input id={id} name={id} type="checkbox" className="mt-1 h-4 w-4 accent-garnet-700" checked={value === true} onChange={(e) => onChange(f.path, e.target.checked)} />
          <span>
            <span className="font-medium">{f.label}</span>
            {f.help && <span className={hintClass}>{f.help}</span>}
          </span>
        </label>
      );
    case "enum":
      return <Choice f={f} options={f.options} value={value} onChange={onChange} />;
    case "multi": {
      const chosen = new Set(Array.isArray(value) ? (value as string[]) : []);
      return (
        <Fieldset f={f}>
          <div className="space-y-1.5">
            {f.options.map((o) => (
              <label key={o.value} className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-1 h-4 w-4 accent-garnet-700" checked={chosen.has(o.value)} onChange={(e) => onChange(f.path, f.options.map((x) => x.value).filter((v) => (v === o.value ? e.target.checked : chosen.has(v))))} />
                <span>{o.label}</span>
              </label>
            ))}
          </div>
        </Fieldset>
      );
    }
    case "seats": {
      const chosen = new Set(Array.isArray(value) ? (value as string[]) : []);
      return (
        <Fieldset f={f}>
          <div className="flex flex-wrap gap-3">
            {Array.from({ length: seats }, (_, i) => (
              <label key={i} className="flex items-center gap-1.5 text-sm">
                <input type="checkbox" className="h-4 w-4 accent-garnet-700" checked={chosen.has(seatId(i))} onChange={(e) => onChange(f.path, Array.from({ length: seats }, (_, k) => seatId(k)).filter((s) => (s === seatId(i) ? e.target.checked : chosen.has(s))))} />
                Seat {i + 1}
              </label>
            ))}
          </div>
        </Fieldset>
      );
    }
    case "perSeat":
      return <PerSeat f={f} value={value} seats={seats} onChange={onChange} />;
    case "taggedLines":
      return <TaggedLines f={f} value={value} onChange={onChange} />;
    case "text":
      return (
        <Field label={f.label} hint={f.help}>
          <input id={id} name={id} className={inputClass} value={typeof value === "string" ? value : ""} maxLength={f.maxLength} onChange={(e) => onChange(f.path, e.target.value)} />
        </Field>
      );
    case "json":
      return <JsonField f={f} value={value} onChange={onChange} />;
  }
}

/** The last resort for a field no control fits (a game whose schema carries no form metadata). */
export function JsonField({ f, value, onChange }: { f: FieldSpec; value: unknown; onChange: OnChange }) {
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
