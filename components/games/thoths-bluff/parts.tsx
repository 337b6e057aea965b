"use client";
// Small display pieces of the Thoth's Bluff dashboard: dice, health, roll logs.
import type { ReactNode } from "react";
import { Badge, ErrorNote, cx } from "@/components/ui/primitives";
import type { DieKind } from "@/lib/games/thoths-bluff/dice";
import type { Action, View } from "@/lib/games/thoths-bluff";
import type { KeyedActions, SendAction } from "@/components/ui/useAction";

/** How Thoth's Bluff's controls send their moves (the shared keyed action hook). */
export type Send = SendAction<Action>;
export type Sender = KeyedActions<Action>;

/** A die's outline: the d4 a triangle, the d6 a square, the d8 a diamond, the d12 a pentagon, the d20 a hexagon. */
const OUTLINE: Record<DieKind, string> = {
  d4: "12,2.5 22,20.5 2,20.5",
  d6: "3.5,3.5 20.5,3.5 20.5,20.5 3.5,20.5",
  d8: "12,1.5 22.5,12 12,22.5 1.5,12",
  d12: "12,1.5 22.5,9 18.5,21.5 5.5,21.5 1.5,9",
  d20: "12,1.5 21.5,6.75 21.5,17.25 12,22.5 2.5,17.25 2.5,6.75",
};

export function DieShape({ die, value, status, size = "md" }: { die: DieKind; value: number | null; status: string; size?: "sm" | "md" }) {
  const box = size === "md" ? "h-11 w-11" : "h-7 w-7";
  const text = size === "md" ? (die === "d4" ? "pt-2 text-base" : "text-lg") : die === "d4" ? "pt-1 text-[10px]" : "text-xs";
  return (
    <span className={cx("relative inline-grid shrink-0 place-items-center", box)} aria-hidden>
      <svg viewBox="0 0 24 24" className="absolute inset-0 h-full w-full">
        <polygon
          points={OUTLINE[die]}
          strokeWidth={1.5}
          strokeLinejoin="round"
          strokeDasharray={status === "unrolled" ? "2.5 2" : undefined}
          className={cx(
            status === "rolled" && "fill-garnet-50 stroke-garnet-600 dark:fill-garnet-900/40 dark:stroke-garnet-400",
            status === "unrolled" && "fill-transparent stroke-stone-400 dark:stroke-stone-500",
            status === "removed" && "fill-stone-200 stroke-stone-400 dark:fill-stone-800 dark:stroke-stone-600",
          )}
        />
      </svg>
      <span className={cx("relative font-mono font-bold tabular-nums", text, status === "rolled" ? "text-garnet-800 dark:text-garnet-100" : "text-stone-500")}>
        {status === "rolled" ? value : status === "removed" ? "✕" : "–"}
      </span>
    </span>
  );
}

export interface DieLike {
  die: DieKind;
  name: string;
  sides: number;
  status: "unrolled" | "rolled" | "removed";
  value: number | null;
}


/** The five dice of one seat with their states. */
export function DiceRow({ dice, testid, label }: { dice: DieLike[]; testid?: string; label: string }) {
  return (
    <ul className="grid grid-cols-5 gap-1.5 sm:gap-2" data-testid={testid} aria-label={label}>
      {dice.map((d) => (
        <li
          key={d.die}
          data-testid={`die-${d.die}`}
          data-status={d.status}
          data-value={d.value ?? ""}
          className={cx(
            "flex flex-col items-center gap-0.5 rounded-xl border px-1 py-2 text-center",
            d.status === "rolled" && "border-garnet-200 bg-white dark:border-garnet-900 dark:bg-stone-900",
            d.status === "unrolled" && "border-dashed border-stone-300 bg-stone-50 dark:border-stone-700 dark:bg-stone-950",
            d.status === "removed" && "border-stone-200 bg-stone-100 opacity-70 dark:border-stone-800 dark:bg-stone-900",
          )}
        >
          <span className="text-xs font-semibold text-stone-700 dark:text-stone-200">{d.die}</span>
          <DieShape die={d.die} value={d.value} status={d.status} />
          <span className="sr-only">{d.name}: {d.status === "rolled" ? `rolled, shows ${d.value}` : d.status}</span>
          <span aria-hidden className={cx("text-[11px] leading-tight", d.status === "rolled" ? "text-stone-600 dark:text-stone-300" : "text-stone-500", d.status === "removed" && "line-through")}>
            {d.status}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Marks one of the viewer's own bluffs (or, for the host, anyone's). Never rendered for the opponent or a spectator. */
export function BluffMarker() {
  return (
    <Badge tone="amber" data-testid="bluff-marker" title="Bluffed: you chose this value">
      bluff
    </Badge>
  );
}

/** One seat's rolls in the order they were made. `bluffed` is present only where this viewer may know it. */
export function RollList({ rolls, empty, testid }: { rolls: { die: DieKind; value: number; bluffed?: boolean }[]; empty: string; testid?: string }) {
  if (rolls.length === 0) return <p className="text-sm text-stone-500" data-testid={testid}>{empty}</p>;
  return (
    <ol className="flex flex-wrap gap-1.5" data-testid={testid}>
      {rolls.map((r, i) => (
        <li key={i} className="inline-flex items-center gap-1 rounded-lg border border-stone-200 bg-stone-50 py-0.5 pl-1 pr-2 text-sm dark:border-stone-700 dark:bg-stone-800/60" data-testid="roll-entry">
          <span className="text-[10px] text-stone-500" aria-label={`roll ${i + 1}`}>
            {i + 1}.
          </span>
          <DieShape die={r.die} value={r.value} status="rolled" size="sm" />
          <span className="font-medium">{r.die}</span>
          <span aria-hidden>→</span>
          <span className="font-mono font-semibold tabular-nums">{r.value}</span>
          {r.bluffed && <BluffMarker />}
        </li>
      ))}
    </ol>
  );
}

/** Both players' health, the viewer first. */
export function HealthBars({ view, nameOf }: { view: View; nameOf(seat: string): string }) {
  const start = view.rules.startingHealth;
  const players = view.seat ? [...view.players].sort((a, b) => Number(b.seat === view.seat) - Number(a.seat === view.seat)) : view.players;
  const live = view.phase !== "finished" && view.phase !== "tiebreak";
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="tb-health" aria-label="Health">
      {players.map((p) => {
        const frac = Math.max(0, Math.min(1, p.health / start));
        const tone = p.health <= 0 ? "bg-stone-400" : frac > 0.5 ? "bg-emerald-500" : frac > 0.25 ? "bg-amber-500" : "bg-red-600";
        return (
          <li key={p.seat} data-testid={`health-${p.seat}`} data-health={p.health}>
            <div className="mb-1 flex items-baseline gap-2">
              <span className="truncate font-semibold">{nameOf(p.seat)}</span>
              {p.seat === view.seat && <Badge tone="garnet">you</Badge>}
              {live && view.viewer !== "seat" && (p.done ? <Badge tone="green">done</Badge> : <Badge>working</Badge>)}
              {live && view.viewer === "seat" && p.seat !== view.seat && p.done && <Badge tone="green">done</Badge>}
              <span className="ml-auto font-mono text-lg font-bold tabular-nums">
                {p.health}
                <span className="text-sm font-normal text-stone-500">/{start}</span>
              </span>
            </div>
            <div
              className="h-3 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
              role="meter"
              aria-label={`${nameOf(p.seat)} health`}
              aria-valuemin={0}
              aria-valuemax={start}
              aria-valuenow={Math.max(0, p.health)}
            >
              <div className={cx("h-full rounded-full transition-[width]", tone)} style={{ width: `${frac * 100}%` }} />
            </div>
            {p.health <= 0 && <p className="mt-1 text-xs font-semibold text-red-700 dark:text-red-300">fallen</p>}
          </li>
        );
      })}
    </ul>
  );
}

/** A titled block inside a card. */
export function Block({ title, children, className, testid, aside }: { title: ReactNode; children: ReactNode; className?: string; testid?: string; aside?: ReactNode }) {
  return (
    <section className={cx("space-y-2", className)} data-testid={testid}>
      <div className="flex flex-wrap items-baseline gap-2">
        <h3 className="text-sm font-semibold text-stone-800 dark:text-stone-100">{title}</h3>
        {aside && <div className="ml-auto text-xs text-stone-500">{aside}</div>}
      </div>
      {children}
    </section>
  );
}

/** The reason a control is disabled, in visible text under it. */
export function Reason({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="text-xs text-stone-500 dark:text-stone-400">
      {children}
    </p>
  );
}

export function Refusal({ message }: { message: string | null }) {
  if (!message) return null;
  return <ErrorNote>{message}</ErrorNote>;
}

/** The inside of a die button in a picker: the die, its value, and an optional note (a preview, where it is planned). */
export function DieChoiceLabel({ die, value, note }: { die: DieKind; value: number | null; note?: ReactNode }) {
  return (
    <span className="flex flex-col items-center leading-tight">
      <span className="text-xs font-semibold">{die}</span>
      <span className="font-mono text-base font-bold tabular-nums">{value ?? "–"}</span>
      {note && <span className="text-[10px] font-normal opacity-80">{note}</span>}
    </span>
  );
}

/** Five dice buttons in one row, phone or desktop. */
export function DiceChoices({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div role="group" aria-label={label} className="grid grid-cols-5 gap-1.5">
      {children}
    </div>
  );
}

/** Why some choices of a picker are disabled, in visible text (each is also the button's title). */
export function DisabledReasons({ items }: { items: { key: string; reason: string | null | undefined }[] }) {
  const shown = items.filter((i): i is { key: string; reason: string } => Boolean(i.reason));
  if (shown.length === 0) return null;
  return (
    <ul className="space-y-0.5 text-xs text-stone-500 dark:text-stone-400">
      {shown.map((i) => (
        <li key={i.key}>{i.reason}</li>
      ))}
    </ul>
  );
}

/** A toggle button (aria-pressed) used by every picker of the dashboard. */
export function Choice({
  pressed,
  disabled,
  reason,
  onClick,
  children,
  testid,
  className,
}: {
  pressed: boolean;
  disabled?: boolean;
  reason?: string | null;
  onClick(): void;
  children: ReactNode;
  testid?: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={disabled}
      title={disabled ? (reason ?? undefined) : undefined}
      onClick={onClick}
      data-testid={testid}
      className={cx(
        "inline-flex min-h-10 min-w-0 items-center justify-center gap-1.5 rounded-lg border px-2.5 py-1.5 text-sm font-medium transition-colors disabled:cursor-not-allowed",
        pressed
          ? "border-garnet-600 bg-garnet-700 text-white hover:bg-garnet-800 dark:border-garnet-400"
          : "border-stone-300 bg-white text-stone-800 hover:bg-stone-100 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800",
        disabled && "border-dashed opacity-50 hover:bg-transparent",
        className,
      )}
    >
      {children}
    </button>
  );
}
