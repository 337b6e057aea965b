"use client";
import { useEffect, useMemo, useState } from "react";
import type { AuditEntry } from "@/lib/protocol";
import { Card, inputClass } from "@/components/ui/primitives";
import { request } from "./socket";

/** Every command of the room, searchable. Refreshes when the room's version moves. */
export function HostAudit({ code, version }: { code: string; version: number }) {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [q, setQ] = useState("");
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    void request("room:audit", { code }).then((r) => r.ok && setEntries(r.entries));
  }, [code, version, open]);
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    const list = needle ? entries.filter((e) => `${e.line} ${JSON.stringify(e.payload)}`.toLowerCase().includes(needle)) : entries;
    return [...list].reverse();
  }, [entries, q]);
  return (
    <Card title="Audit log" actions={<button type="button" className="text-xs underline" onClick={() => setOpen((o) => !o)} data-testid="audit-toggle">{open ? "Hide" : "Show"}</button>}>
      {open && (
        <>
          <input value={q} onChange={(e) => setQ(e.target.value)} placeholder="Search commands" aria-label="Search the audit log" className={inputClass} data-testid="audit-search" />
          <ol className="mt-2 max-h-72 space-y-1 overflow-auto font-mono text-xs" data-testid="audit-log">
            {shown.map((e) => (
              <li key={e.seq}>
                <span className="text-stone-500">#{e.seq} {new Date(e.at).toLocaleTimeString()}</span> {e.line}
              </li>
            ))}
            {shown.length === 0 && <li className="text-stone-500">Nothing matches.</li>}
          </ol>
        </>
      )}
    </Card>
  );
}
