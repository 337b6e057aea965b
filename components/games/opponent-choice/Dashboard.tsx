"use client";
// The death match opponent choice: the EC picks one candidate (the host may pick
// for them); everyone else watches the clock. The first candidate is named when
// time runs out.
import type { View } from "@/lib/games/opponent-choice";
import { Badge, Button, Card, ErrorNote } from "@/components/ui/primitives";
import { useAction } from "@/components/ui/useAction";
import type { DashboardProps } from "../types";

export function Dashboard({ payload, view, act, hostAct, nameOf }: DashboardProps<View>) {
  const host = payload.role === "host";
  const choose = useAction<{ type: "choose"; seat: string }>(host ? hostAct : act);
  const canChoose = !view.chosen && (view.canChoose || host);
  return (
    <Card title="Death match opponent" data-testid="opponent-choice">
      {view.chosen ? (
        <p className="text-lg" data-testid="opponent-chosen">
          <strong>{nameOf(view.ec)}</strong> plays the death match against <strong>{nameOf(view.chosen)}</strong>
          {view.by === "timeout" ? " (time ran out: the first candidate)." : view.by === "host" ? " (named by the host)." : "."}
        </p>
      ) : (
        <p className="text-sm">
          {view.canChoose ? "You are the Elimination Candidate: name your death match opponent." : `${nameOf(view.ec)}, the Elimination Candidate, names the death match opponent.`}{" "}
          If the time runs out, {nameOf(view.candidates[0] ?? "")} is named (placed lowest in the main match).
        </p>
      )}
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {view.candidates.map((c, i) => (
          <li key={c} className="flex items-center gap-2 rounded-lg border border-stone-200 p-2 dark:border-stone-800">
            <span className="font-medium">{nameOf(c)}</span>
            {i === 0 && !view.chosen && <Badge tone="amber">default</Badge>}
            {view.chosen === c && <Badge tone="red">opponent</Badge>}
            {canChoose && (
              <Button size="sm" className="ml-auto" disabled={choose.busy} onClick={() => void choose.run({ type: "choose", seat: c })} data-testid={`choose-${c}`}>
                {host ? "Name for the EC" : "Name"}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ErrorNote>{choose.error}</ErrorNote>
    </Card>
  );
}
