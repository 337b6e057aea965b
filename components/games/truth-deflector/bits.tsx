// Small pieces used across the Truth Deflector dashboard.
import type { ReactNode } from "react";
import type { Trait } from "@/lib/games/truth-deflector";
import { cx } from "@/components/ui/primitives";

const traitTone: Record<Trait, string> = {
  Power: "bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-900/40 dark:text-amber-100 dark:ring-amber-700",
  Wisdom: "bg-sky-100 text-sky-900 ring-sky-300 dark:bg-sky-900/40 dark:text-sky-100 dark:ring-sky-700",
  Courage: "bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-900/40 dark:text-emerald-100 dark:ring-emerald-700",
};

const dotTone: Record<Trait, string> = { Power: "bg-amber-500", Wisdom: "bg-sky-500", Courage: "bg-emerald-500" };

/** The trait's colour as a small dot (decorative: the trait's name is always written next to it). */
export function TraitDot({ trait }: { trait: Trait }) {
  return <span aria-hidden className={cx("inline-block h-2.5 w-2.5 shrink-0 rounded-full", dotTone[trait])} />;
}

export function TraitChip({ trait, className }: { trait: Trait | null; className?: string }) {
  if (!trait) return <span className="text-stone-500">—</span>;
  return (
    <span className={cx("inline-flex items-center gap-1 whitespace-nowrap rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset", traitTone[trait], className)}>
      <TraitDot trait={trait} />
      {trait}
    </span>
  );
}

/** A selectable card backed by a real radio or checkbox input (keyboard and screen readers get the native control). */
export function OptionCard({
  type,
  name,
  checked,
  disabled,
  onChange,
  title,
  children,
  testId,
  className,
}: {
  type: "radio" | "checkbox";
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  title?: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <label
      title={title}
      className={cx(
        "relative flex cursor-pointer items-start gap-2 rounded-lg border px-3 py-2 text-sm transition-colors",
        "border-stone-300 bg-white hover:border-garnet-400 dark:border-stone-700 dark:bg-stone-900 dark:hover:border-garnet-600",
        "has-[:checked]:border-garnet-600 has-[:checked]:bg-garnet-50 has-[:checked]:ring-1 has-[:checked]:ring-garnet-600 dark:has-[:checked]:border-garnet-400 dark:has-[:checked]:bg-garnet-900/30 dark:has-[:checked]:ring-garnet-400",
        "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-garnet-500",
        "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:disabled]:hover:border-stone-300",
        className,
      )}
    >
      <input
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0 accent-garnet-700 focus-visible:outline-none"
        data-testid={testId}
      />
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  );
}

/** A heading inside a card section. */
export function SubHeading({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h3 id={id} className="mb-2 text-sm font-semibold text-stone-800 dark:text-stone-200">
      {children}
    </h3>
  );
}

export const tableClass = "w-full border-collapse text-left text-sm tabular-nums";
const cellX = "px-1.5 sm:px-2";
export const thClass = `border-b border-stone-200 ${cellX} py-1.5 text-xs font-semibold text-stone-500 dark:border-stone-800 dark:text-stone-400`;
const rowLine = "border-b border-stone-100 dark:border-stone-800/70";
export const tdClass = `${rowLine} ${cellX} py-1.5 align-top`;
/** Cells of a record shown as two table rows: the numbers on top, words below. */
export const tdTopClass = `${cellX} pt-1.5 align-top`;
export const tdBottomClass = `${rowLine} ${cellX} pb-1.5 pt-0.5 align-top`;

/** Wraps a wide table so it scrolls sideways on a phone instead of breaking the page. */
export function TableScroll({ children, label, bleed = true }: { children: ReactNode; label: string; bleed?: boolean }) {
  return (
    <div className={cx("overflow-x-auto", bleed && "-mx-4 px-4")} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
