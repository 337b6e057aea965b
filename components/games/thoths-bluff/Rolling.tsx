"use client";
// Rolling phase: roll a die, or bluff it to a chosen face (after which only bluffs remain).
import { useState } from "react";
import { Button, Card, cx } from "@/components/ui/primitives";
import type { LegalMoves, SeatPanel } from "@/lib/games/thoths-bluff";
import type { DieKind } from "@/lib/games/thoths-bluff/dice";
import { DoneBar } from "./DoneBar";
import { Block, Choice, DieShape, Reason, Refusal, RollList } from "./parts";
import type { Sender } from "./parts";

type Legal = Extract<LegalMoves, { phase: "rolling" }>;

function BluffPicker({ die, sides, bluffing, sender, onClose }: { die: DieKind; sides: number; bluffing: boolean; sender: Sender; onClose(): void }) {
  const [value, setValue] = useState<number | null>(null);
  const key = `bluff-${die}`;
  return (
    <div role="group" aria-labelledby={`bluff-title-${die}`} className="mt-2 space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40" data-testid={`bluff-picker-${die}`}>
      <h4 id={`bluff-title-${die}`} className="text-sm font-semibold">
        Bluff your {die}: pick the face you want
      </h4>
      {!bluffing && (
        <p className="text-sm text-amber-900 dark:text-amber-200" data-testid="bluff-warning">
          After a bluff you can only bluff for the rest of this rolling phase — no more normal rolls.
        </p>
      )}
      <div className={cx("grid gap-1.5", sides > 8 ? "grid-cols-5 sm:grid-cols-10" : "grid-cols-4 sm:grid-cols-8")}>
        {Array.from({ length: sides }, (_, i) => i + 1).map((v) => (
          <Choice key={v} pressed={value === v} onClick={() => setValue(v)} testid={`bluff-value-${v}`} className="px-0 font-mono">
            {v}
          </Choice>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={value === null || sender.pending !== null}
          title={value === null ? "Pick a face first" : undefined}
          data-testid="bluff-confirm"
          onClick={async () => {
            if (value !== null && (await sender.run(key, { type: "bluff", die, value }))) onClose();
          }}
        >
          {value === null ? "Pick a face" : `Bluff ${die} → ${value}`}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
      <Refusal message={sender.errorOf(key)} />
    </div>
  );
}

export function RollingPanel({ me, legal, sender }: { me: SeatPanel; legal: Legal | null; sender: Sender }) {
  const [picking, setPicking] = useState<DieKind | null>(null);
  const rolledNow = new Set(me.rolls.map((r) => r.die));
  const log = <RollList rolls={me.rolls} empty="Nothing rolled this round." testid="my-rolls" />;
  if (me.done || !legal)
    return (
      <Card title="Rolling" data-testid="tb-rolling">
        <div className="space-y-3">
          <p className="text-sm text-stone-600 dark:text-stone-400">You finished rolling. Both players&apos; rolls are revealed in order when the phase ends — bluffs look like rolls to everyone but you.</p>
          <Block title="Your rolls this round" aside="only you see your bluffs">
            {log}
          </Block>
        </div>
      </Card>
    );
  return (
    <Card title="Rolling" data-testid="tb-rolling">
      {me.bluffing && (
        <p className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200" data-testid="bluffing-note">
          You bluffed: every further die this phase must be bluffed too.
        </p>
      )}
      <ul className="divide-y divide-stone-200 dark:divide-stone-800" aria-label="Your dice">
        {me.dice.map((d) => {
          const roll = legal.roll[d.die];
          const bluff = legal.bluff[d.die];
          const reason = !roll.ok ? roll.reason : !bluff.ok ? bluff.reason : null;
          const state = d.status !== "rolled" ? d.status : rolledNow.has(d.die) ? "rolled this phase" : "kept from an earlier round";
          return (
            <li key={d.die} className="py-2.5" data-testid={`rolling-row-${d.die}`}>
              <div className="flex items-center gap-3">
                <DieShape die={d.die} value={d.value} status={d.status} />
                <div className="min-w-0 flex-1">
                  <div className="font-semibold">
                    {d.die} <span className="text-xs font-normal text-stone-500">{d.name}</span>
                  </div>
                  <div className="text-sm text-stone-600 dark:text-stone-400">{state}</div>
                </div>
                <div className="flex shrink-0 gap-1.5">
                  <Button
                    size="sm"
                    className="min-h-10"
                    disabled={!roll.ok || sender.pending !== null}
                    title={roll.ok ? (d.status === "rolled" ? `Roll again (replaces the ${d.value})` : `Roll your ${d.die}`) : roll.reason}
                    data-testid={`roll-${d.die}`}
                    onClick={() => void sender.run(`roll-${d.die}`, { type: "roll", die: d.die })}
                  >
                    {d.status === "rolled" && !rolledNow.has(d.die) ? "Re-roll" : "Roll"}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    className="min-h-10"
                    disabled={!bluff.ok}
                    title={bluff.ok ? `Choose the face your ${d.die} shows` : bluff.reason}
                    aria-expanded={picking === d.die}
                    data-testid={`bluff-${d.die}`}
                    onClick={() => setPicking(picking === d.die ? null : d.die)}
                  >
                    Bluff…
                  </Button>
                </div>
              </div>
              {reason && d.status !== "removed" && <Reason>{reason}</Reason>}
              <Refusal message={sender.errorOf(`roll-${d.die}`)} />
              {picking === d.die && bluff.ok && <BluffPicker die={d.die} sides={d.sides} bluffing={me.bluffing} sender={sender} onClose={() => setPicking(null)} />}
            </li>
          );
        })}
      </ul>
      <Block title="Your rolls this round" className="mt-3" aside="in order · only you see your bluffs">
        {log}
      </Block>
      <div className="mt-4">
        <DoneBar sender={sender} consequence={`You roll no more this phase. ${me.rolls.length ? `Your ${me.rolls.length} roll${me.rolls.length === 1 ? "" : "s"} will be shown to your opponent, in order.` : "You rolled nothing this round."}`} />
      </div>
    </Card>
  );
}
