"use client";
// Small pieces this dashboard needs that the shared kit does not have: accessible
// tabs, plain tables, stone chips and toggle chips.
import { useId, useRef, useState, type ButtonHTMLAttributes, type KeyboardEvent, type ReactNode } from "react";
import type { Ack } from "@/lib/protocol";
import type { Stone } from "@/lib/games/five-fold-possession/config";
import { cx } from "@/components/ui/primitives";
import { STONE_CLASS, STONE_LABEL } from "./labels";

export type Send = (action: unknown) => Promise<Ack<{ version: number }>>;

export interface TabSpec {
  id: string;
  label: ReactNode;
  /** Short status after the label ("✓", "owed"). */
  mark?: { text: string; tone: "done" | "owed" | "info" };
  content: ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs. */
export function Tabs({ tabs, label, initial, resetKey, testId }: { tabs: TabSpec[]; label: string; initial?: string; resetKey?: string; testId?: string }) {
  const base = useId();
  const pick = () => (initial && tabs.some((t) => t.id === initial) ? initial : tabs[0]?.id);
  const [selected, setSelected] = useState(pick);
  // Panels mount when first opened and then stay (hidden when not selected), so a
  // half-filled form survives a tab switch without rendering every panel up front.
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([selected ?? ""]));
  // A new stage of the game (resetKey) brings the tab that matters then to the front.
  const [seenKey, setSeenKey] = useState(resetKey);
  if (seenKey !== resetKey) {
    setSeenKey(resetKey);
    setSelected(pick());
  }
  if (selected && !visited.has(selected)) setVisited(new Set([...visited, selected]));
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = tabs.find((t) => t.id === selected) ?? tabs[0];

  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    const i = tabs.findIndex((t) => t.id === current?.id);
    let j = -1;
    if (e.key === "ArrowRight") j = (i + 1) % tabs.length;
    else if (e.key === "ArrowLeft") j = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === "Home") j = 0;
    else if (e.key === "End") j = tabs.length - 1;
    if (j < 0) return;
    e.preventDefault();
    const t = tabs[j]!;
    setSelected(t.id);
    refs.current[t.id]?.focus();
  }

  return (
    <div data-testid={testId}>
      <div role="tablist" aria-label={label} onKeyDown={onKey} className="flex flex-wrap gap-1 border-b border-stone-200 pb-2 dark:border-stone-800">
        {tabs.map((t) => {
          const on = t.id === current?.id;
          return (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              aria-selected={on}
              aria-controls={`${base}-panel-${t.id}`}
              tabIndex={on ? 0 : -1}
              onClick={() => setSelected(t.id)}
              data-testid={`tab-${t.id}`}
              className={cx(
                "inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium transition-colors",
                on ? "bg-garnet-700 text-white" : "bg-stone-100 text-stone-700 hover:bg-stone-200 dark:bg-stone-800 dark:text-stone-200 dark:hover:bg-stone-700",
              )}
            >
              {t.label}
              {t.mark && (
                <span
                  className={cx(
                    "rounded-full px-1.5 text-[11px] leading-4",
                    t.mark.tone === "done" && (on ? "bg-white/20" : "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200"),
                    t.mark.tone === "owed" && (on ? "bg-white/20" : "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-200"),
                    t.mark.tone === "info" && (on ? "bg-white/20" : "bg-stone-200 text-stone-700 dark:bg-stone-700 dark:text-stone-200"),
                  )}
                >
                  {t.mark.text}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {tabs.map((t) =>
        !visited.has(t.id) && t.id !== current?.id ? null : (
          <div
            key={t.id}
            role="tabpanel"
            id={`${base}-panel-${t.id}`}
            aria-labelledby={`${base}-tab-${t.id}`}
            hidden={t.id !== current?.id}
            tabIndex={0}
            className="pt-4 focus-visible:outline-offset-4"
            data-testid={`panel-${t.id}`}
          >
            {t.content}
          </div>
        ),
      )}
    </div>
  );
}

/** A pressable choice (aria-pressed) with an optional reason it is disabled. */
export function Chip({ on, reason, className, children, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { on?: boolean; reason?: string | null }) {
  const disabled = rest.disabled || !!reason;
  return (
    <button
      type="button"
      aria-pressed={on}
      title={reason ?? rest.title}
      {...rest}
      disabled={disabled}
      className={cx(
        "inline-flex min-h-10 items-center justify-center gap-1 rounded-lg border px-3 py-1.5 text-sm font-medium transition-colors",
        on
          ? "border-garnet-700 bg-garnet-700 text-white"
          : "border-stone-300 bg-white text-stone-800 hover:border-garnet-400 hover:bg-garnet-50 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800",
        disabled && !on && "cursor-not-allowed border-dashed bg-stone-50 text-stone-500 hover:border-stone-300 hover:bg-stone-50 dark:bg-stone-950 dark:text-stone-600 dark:hover:bg-stone-950",
        className,
      )}
    >
      {children}
    </button>
  );
}

export function StoneChip({ stone, ignored, size = "md" }: { stone: Stone; ignored?: boolean; size?: "sm" | "md" }) {
  return (
    <span
      className={cx(
        "inline-flex items-center justify-center rounded-full border-2 font-semibold",
        size === "md" ? "h-9 min-w-9 px-2 text-xs" : "h-6 min-w-6 px-1.5 text-[10px]",
        STONE_CLASS[stone],
        ignored && "line-through opacity-50",
      )}
      title={`${STONE_LABEL[stone]}${ignored ? " (ignored)" : ""}`}
    >
      {STONE_LABEL[stone]}
      {ignored && <span className="sr-only"> (ignored)</span>}
    </span>
  );
}

/** A readable table that scrolls sideways on a phone instead of squeezing. */
export function Table({ head, rows, caption, testId, dense }: { head: ReactNode[]; rows: ReactNode[][]; caption?: ReactNode; testId?: string; dense?: boolean }) {
  const id = useId();
  // The caption stays outside the scroller so it wraps to the screen, not to the table.
  return (
    <div>
      {caption && (
        <p id={id} className="mb-2 text-xs text-stone-500 dark:text-stone-400">
          {caption}
        </p>
      )}
      <div className="-mx-1 overflow-x-auto px-1">
        <table className="w-full border-collapse text-left text-sm" data-testid={testId} aria-describedby={caption ? id : undefined}>
          <thead>
            <tr className="border-b border-stone-200 text-xs uppercase tracking-wide text-stone-500 dark:border-stone-700 dark:text-stone-400">
              {head.map((h, i) => (
                <th key={i} scope="col" className={cx("whitespace-nowrap font-semibold", dense ? "px-1.5 py-1" : "px-2 py-1.5")}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} className="border-b border-stone-100 align-top last:border-0 dark:border-stone-800">
                {r.map((c, j) =>
                  j === 0 ? (
                    <th key={j} scope="row" className={cx("font-medium", dense ? "px-1.5 py-1" : "px-2 py-1.5")}>
                      {c}
                    </th>
                  ) : (
                    <td key={j} className={dense ? "px-1.5 py-1" : "px-2 py-1.5"}>
                      {c}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A subsection heading inside a tab. */
export function H3({ children, className }: { children: ReactNode; className?: string }) {
  return <h3 className={cx("mb-2 text-base font-semibold", className)}>{children}</h3>;
}

/** Muted helper text. */
export function Hint({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <p className={cx("text-sm text-stone-600 dark:text-stone-400", className)} data-testid={testId}>
      {children}
    </p>
  );
}

/** A short statement of what is currently entered. */
export function Entered({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100" data-testid={testId}>
      {children}
    </p>
  );
}
