"use client";
// Small pieces shared by the Secret Sinner panels.
import type { ReactNode } from "react";
import type { Realm } from "@/lib/games/secret-sinner/rules";
import type { Answer } from "@/lib/games/secret-sinner/view";
import { Badge, cx } from "@/components/ui/primitives";
import { REALM_LABEL } from "./logic";

export function RealmBadge({ realm, className }: { realm: Realm; className?: string }) {
  return (
    <Badge tone={realm === "heaven" ? "blue" : "red"} className={className}>
      {REALM_LABEL[realm]}
    </Badge>
  );
}

export function LetterMark({ letter, realm, className }: { letter: string; realm?: Realm; className?: string }) {
  return (
    <span
      className={cx(
        "inline-flex h-7 min-w-7 items-center justify-center rounded-md px-1 font-mono text-sm font-bold",
        realm === "heaven" ? "bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100" : realm === "hell" ? "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100" : "bg-stone-200 text-stone-800 dark:bg-stone-700 dark:text-stone-100",
        className,
      )}
    >
      {letter}
    </span>
  );
}

export function AnswerMark({ answer }: { answer: Answer }) {
  return (
    <span className={cx("rounded px-1.5 py-0.5 text-xs font-semibold", answer === "Yes" ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200" : "bg-stone-200 text-stone-700 dark:bg-stone-700 dark:text-stone-200")}>{answer}</span>
  );
}

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function DataTable({ caption, head, children, testId }: { caption: ReactNode; head: ReactNode[]; children: ReactNode; testId?: string }) {
  return (
    <div className="-mx-4 overflow-x-auto px-4" data-testid={testId}>
      <table className="w-full min-w-max border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-200 text-xs uppercase tracking-wide text-stone-500 dark:border-stone-700 dark:text-stone-400">
            {head.map((h, i) => (
              <th key={i} scope="col" className="px-2 py-1.5 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 dark:divide-stone-800">{children}</tbody>
      </table>
    </div>
  );
}

export const td = "px-2 py-1.5 align-top";

/** Opens a chat tab of the room's chat panel and scrolls to it (the panel sits below the dashboard on a phone). */
export function openChatTab(channelId: string): void {
  const tab = document.querySelector<HTMLButtonElement>(`[data-testid="chat-tab-${CSS.escape(channelId)}"]`);
  if (!tab) return;
  tab.click();
  tab.scrollIntoView({ behavior: "smooth", block: "center" });
  tab.focus({ preventScroll: true });
}

/** Options greyed out, one visible line per reason. */
export function ReasonList({ groups, label }: { groups: { reason: string; keys: string[] }[]; label: string }) {
  if (groups.length === 0) return null;
  return (
    <div className="mt-2 text-xs text-stone-500 dark:text-stone-400">
      <p className="font-medium">{label}</p>
      <ul className="mt-0.5 space-y-0.5">
        {groups.map((g) => (
          <li key={g.reason}>
            <span className="font-semibold text-stone-600 dark:text-stone-300">{g.keys.join(", ")}</span> — {g.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
