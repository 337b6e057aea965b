"use client";
// The lock-in board: for each of your letters, its lock-ins so far, how many
// are left and this round's lock-in, with the consequences shown first.
import { useState } from "react";
import { provenAllies } from "@/lib/games/secret-sinner/bot";
import { lockTargets } from "@/lib/games/secret-sinner/choices";
import type { Letter } from "@/lib/games/secret-sinner/rules";
import { attributeLabel } from "@/lib/games/secret-sinner/rules";
import type { LockBoardEntry, SeatPanel, View } from "@/lib/games/secret-sinner/view";
import { Badge, Button, Card, ErrorNote, inputClass } from "@/components/ui/primitives";
import type { DashboardProps } from "../types";
import { groupReasons } from "./logic";
import { LetterMark, ReasonList } from "./ui";
import { useAction } from "@/components/ui/useAction";

export function LockBoard({ view, me, act, nameOf }: { view: View; me: SeatPanel; act: DashboardProps["act"]; nameOf: (seat: string) => string }) {
  if (me.lockBoard.length === 0) return null;
  const s = view.settings.scoring;
  return (
    <Card title="Lock-ins" data-testid="ss-locks" id="ss-locks" className="scroll-mt-40">
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Each round, each of your letters may lock in one letter it believes is its ally (shares its sin or its virtue; every letter has 8 allies). Lock-ins are final and secret: +{s.correctLock} for an ally, −{s.incorrectLock} for
        a wrong guess; each time an ally locks your letter in, it loses {s.lockedByAlly}.
      </p>
      <ul className={me.lockBoard.length > 1 ? "mt-3 grid gap-3 lg:grid-cols-3" : "mt-3 grid max-w-md gap-3"}>
        {me.lockBoard.map((e) => (
          <LockRow key={e.letter} entry={e} view={view} act={act} nameOf={nameOf} />
        ))}
      </ul>
    </Card>
  );
}

function LockRow({ entry, view, act, nameOf }: { entry: LockBoardEntry; view: View; act: DashboardProps["act"]; nameOf: (seat: string) => string }) {
  const [target, setTarget] = useState<Letter | "">("");
  const { run, error, busy } = useAction(act);
  const proven = provenAllies(view, entry.letter);
  const targets = lockTargets(view.board, entry);
  const chosen = targets.find((t) => t.letter === target && t.available) ?? null;
  const realmOf = (l: Letter) => view.board.find((b) => b.letter === l)?.realm;
  const sorted = [...targets].sort((a, b) => Number(proven.includes(b.letter)) - Number(proven.includes(a.letter)) || (a.letter < b.letter ? -1 : 1));

  async function lock() {
    if (!chosen) return;
    if (await run({ type: "lock", letter: entry.letter, target: chosen.letter })) setTarget("");
  }

  return (
    <li className="rounded-lg border border-stone-200 p-3 dark:border-stone-800" data-testid={`ss-lock-${entry.letter}`}>
      <div className="flex flex-wrap items-center gap-2">
        <LetterMark letter={entry.letter} realm={realmOf(entry.letter)} />
        <span className="text-sm font-medium">
          {attributeLabel(entry.sin)} · {attributeLabel(entry.virtue)}
        </span>
        <Badge className="ml-auto" tone={entry.remaining > 0 ? "neutral" : "amber"}>
          {entry.remaining} of {entry.used + entry.remaining} left
        </Badge>
      </div>
      <p className="mt-2 text-xs text-stone-500">
        {entry.history.length === 0 ? (
          "No lock-ins yet."
        ) : (
          <>
            Locked so far:{" "}
            {entry.history.map((h) => (
              <span key={h.round} className="mr-1.5 inline-flex items-center gap-1">
                <span className="text-stone-500">R{h.round}</span>
                <LetterMark letter={h.target} realm={realmOf(h.target)} className="h-5 min-w-5 text-xs" />
              </span>
            ))}
          </>
        )}
      </p>
      {proven.length > 0 && (
        <p className="mt-1 text-xs text-emerald-700 dark:text-emerald-300">
          Proven allies (a Yes next to {entry.letter}&apos;s Yes in an answer you received): {proven.join(", ")}
        </p>
      )}
      {entry.canLock ? (
        <div className="mt-2">
          <div className="flex flex-wrap gap-2">
            <label className="min-w-40 flex-1">
              <span className="sr-only">Letter for {entry.letter} to lock in</span>
              <select className={inputClass} value={target} onChange={(ev) => setTarget(ev.target.value as Letter | "")} data-testid={`ss-lock-select-${entry.letter}`}>
                <option value="">Choose a letter…</option>
                {sorted.map((t) => (
                  <option key={t.letter} value={t.letter} disabled={!t.available}>
                    {t.letter} · {nameOf(t.owner)}
                    {proven.includes(t.letter) ? " — proven ally" : ""}
                    {t.reason ? ` — ${t.reason}` : ""}
                  </option>
                ))}
              </select>
            </label>
            <Button onClick={() => void lock()} disabled={!chosen || busy} data-testid={`ss-lock-confirm-${entry.letter}`} title={chosen ? undefined : "Choose a letter first"}>
              Lock in
            </Button>
          </div>
          {chosen && (
            <p className="mt-1 text-xs text-stone-600 dark:text-stone-300">
              Final: {entry.letter} locks in {chosen.letter} ({nameOf(chosen.owner)}) —{" "}
              {proven.includes(chosen.letter) ? `proven ally, +${view.settings.scoring.correctLock}` : `+${view.settings.scoring.correctLock} if it is an ally, −${view.settings.scoring.incorrectLock} if not`}. {entry.remaining - 1} lock-in
              {entry.remaining - 1 === 1 ? "" : "s"} left after this.
            </p>
          )}
          <ReasonList label="Not available:" groups={groupReasons(targets.filter((t) => !t.available), (t) => t.letter)} />
        </div>
      ) : (
        <p className="mt-2 text-sm text-stone-600 dark:text-stone-400" data-testid={`ss-lock-reason-${entry.letter}`}>
          {entry.lockedThisRound ? `Locked in ${entry.lockedThisRound} this round.` : entry.reason}
        </p>
      )}
      <div className="mt-2">
        <ErrorNote>{error}</ErrorNote>
      </div>
    </li>
  );
}
