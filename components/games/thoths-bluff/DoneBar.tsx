"use client";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/primitives";
import { Reason, Refusal } from "./parts";
import type { Sender } from "./parts";

/** The "Done with this phase" button, with what pressing it means. */
export function DoneBar({ sender, consequence, disabledReason, before }: { sender: Sender; consequence: ReactNode; disabledReason?: string | null; before?: () => Promise<boolean> }) {
  const busy = sender.pending !== null;
  return (
    <div className="space-y-2 border-t border-stone-200 pt-3 dark:border-stone-800">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          size="lg"
          className="w-full sm:w-auto"
          disabled={busy || Boolean(disabledReason)}
          title={disabledReason ?? undefined}
          aria-describedby="tb-done-hint"
          data-testid="tb-done"
          onClick={async () => {
            if (before && !(await before())) return;
            await sender.run("done", { type: "done" });
          }}
        >
          Done with this phase
        </Button>
        <p id="tb-done-hint" className="text-sm text-stone-600 dark:text-stone-400">
          {consequence}
        </p>
      </div>
      <Reason>{disabledReason}</Reason>
      <Refusal message={sender.errorOf("done")} />
    </div>
  );
}
