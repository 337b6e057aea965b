"use client";
// Small pieces the Truth Wars dashboard uses in several places.
import type { ReactNode } from "react";
import type { Role, Team, Truth, VoteChoice } from "@/lib/games/truth-wars";
import { Badge, cx } from "@/components/ui/primitives";
import { TRUTH_LABEL, VOTE_LABEL, roleName } from "./labels";

export function TruthBadge({ truth, className }: { truth: Truth; className?: string }) {
  return (
    <Badge tone={truth === "real" ? "green" : "red"} className={cx("uppercase tracking-wide", className)}>
      {TRUTH_LABEL[truth]}
    </Badge>
  );
}

export function RoleBadge({ role, ...rest }: { role: Role } & React.HTMLAttributes<HTMLSpanElement>) {
  return (
    <Badge tone={role === "scammer" ? "red" : role === "fact_checker" ? "blue" : role === "drunk" ? "amber" : "neutral"} {...rest}>
      {roleName(role)}
    </Badge>
  );
}

export function TeamBadge({ team }: { team: Team }) {
  return <Badge tone={team === "scammers" ? "red" : "blue"}>{team === "scammers" ? "Scammers" : "Truth Team"}</Badge>;
}

export function VoteMark({ choice }: { choice: VoteChoice | null | undefined }) {
  if (!choice) return <span className="text-stone-500">—</span>;
  const tone = choice === "trust" ? "text-emerald-700 dark:text-emerald-300" : choice === "flag" ? "text-red-700 dark:text-red-300" : "text-stone-500";
  return <span className={cx("font-medium", tone)}>{VOTE_LABEL[choice]}</span>;
}

const choiceTones = {
  trust: "border-emerald-600 text-emerald-800 dark:text-emerald-200 aria-pressed:bg-emerald-600 aria-pressed:text-white",
  flag: "border-red-600 text-red-800 dark:text-red-200 aria-pressed:bg-red-600 aria-pressed:text-white",
  neutral: "border-stone-400 text-stone-700 dark:border-stone-600 dark:text-stone-200 aria-pressed:bg-stone-700 aria-pressed:text-white dark:aria-pressed:bg-stone-300 dark:aria-pressed:text-stone-900",
  garnet: "border-garnet-600 text-garnet-800 dark:text-garnet-200 aria-pressed:bg-garnet-700 aria-pressed:text-white",
} as const;

/** A large toggle-like choice (Trust, Flag, a player…); `pressed` marks the current pick. */
export function ChoiceButton({
  tone = "neutral",
  pressed,
  className,
  children,
  ...rest
}: { tone?: keyof typeof choiceTones; pressed: boolean; children: ReactNode } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      {...rest}
      className={cx(
        "min-h-11 rounded-lg border-2 bg-white px-3 py-2 text-sm font-semibold transition-colors hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-stone-900 dark:hover:bg-stone-800",
        choiceTones[tone],
        className,
      )}
    >
      {children}
    </button>
  );
}

/** A small heading inside a card. */
export function SubHeading({ children, className }: { children: ReactNode; className?: string }) {
  return <h3 className={cx("text-xs font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400", className)}>{children}</h3>;
}

/** A note that explains a consequence or a reason a control is off. */
export function Note({ children, className, ...rest }: { children: ReactNode; className?: string } & React.HTMLAttributes<HTMLParagraphElement>) {
  return (
    <p {...rest} className={cx("text-sm text-stone-600 dark:text-stone-400", className)}>
      {children}
    </p>
  );
}

export const tableClass = "w-full border-collapse text-left text-sm";
export const thClass = "border-b border-stone-200 px-2 py-1.5 text-xs font-semibold uppercase tracking-wide text-stone-500 dark:border-stone-800 dark:text-stone-400";
export const tdClass = "border-b border-stone-100 px-2 py-1.5 align-top dark:border-stone-800/70";

/** A table's header row from its column names (empty names are left out). */
export function HeadRow({ cols }: { cols: (string | false | null | undefined)[] }) {
  return (
    <thead>
      <tr>
        {cols.filter((c): c is string => typeof c === "string" && c !== "").map((c) => (
          <th key={c} scope="col" className={thClass}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
