"use client";
// The end ordering of each realm with what follows from it, and the winner of
// Heaven's pick of one more Hell player (made by the winner, or by the host).
import { useState } from "react";
import type { ResultsView, View } from "@/lib/games/secret-sinner/view";
import { Badge, Button, Card, ErrorNote, cx } from "@/components/ui/primitives";
import type { DashboardProps } from "../types";
import { RealmBadge } from "./ui";
import { useAction } from "@/components/ui/useAction";

type NameOf = (seat: string) => string;

function outcomeBadges(r: ResultsView, seat: string, marked: boolean) {
  const out: { label: string; tone: "green" | "red" | "amber" | "blue" | "garnet" }[] = [];
  if (seat === r.heavenWinner) out.push({ label: "Winner of Heaven", tone: "green" });
  if (seat === r.heavenLoser) out.push({ label: "Falls — Mark of Elimination", tone: "red" });
  if (seat === r.eliminationCandidate) out.push({ label: "Elimination Candidate", tone: "red" });
  if (r.ascending.includes(seat)) out.push({ label: "Ascends to Heaven", tone: "blue" });
  if (seat === r.chosen) out.push({ label: `Chosen to ascend${r.chosenBy === "host" ? " (by the host)" : r.chosenBy === "timeout" ? " (next in line)" : ""}`, tone: "blue" });
  if (marked) out.push({ label: "Marked: cannot ascend", tone: "amber" });
  return out;
}

export function Results({ view, role, act, hostAct, nameOf, you }: { view: View; role: "player" | "host" | "spectator"; act: DashboardProps["act"]; hostAct: DashboardProps["hostAct"]; nameOf: NameOf; you: string | null }) {
  const r = view.results;
  if (!r) return null;
  const markedOf = (s: string) => view.players.find((p) => p.seat === s)?.marked ?? false;
  const picking = r.pickCandidates.length > 0;
  return (
    <Card title="Final ordering" data-testid="ss-results" className="border-garnet-300 dark:border-garnet-800">
      <p className="text-sm text-stone-600 dark:text-stone-400">Only the order within each realm is revealed — never scores, pairs or lock-ins.</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {(
          [
            ["heaven", r.heavenOrder],
            ["hell", r.hellOrder],
          ] as const
        ).map(([realm, order]) => (
          <section key={realm} aria-label={`${realm} ordering`}>
            <h3 className="mb-1">
              <RealmBadge realm={realm} />
            </h3>
            <ol className="space-y-1" data-testid={`ss-order-${realm}`}>
              {order.map((seat, i) => (
                <li key={seat} className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
                  <span className="w-5 text-right font-mono text-xs text-stone-500">{i + 1}.</span>
                  <span className={cx(seat === you && "font-semibold")}>
                    {nameOf(seat)}
                    {seat === you ? " (you)" : ""}
                  </span>
                  {outcomeBadges(r, seat, markedOf(seat)).map((b) => (
                    <Badge key={b.label} tone={b.tone}>
                      {b.label}
                    </Badge>
                  ))}
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
      {picking && (r.youPick || role === "host") ? (
        <Pick r={r} send={r.youPick ? act : hostAct} forHost={!r.youPick} nameOf={nameOf} />
      ) : picking ? (
        <p className="mt-4 text-sm" data-testid="ss-pick-waiting">
          {nameOf(r.heavenWinner)}, the winner of Heaven, is choosing one more Hell player to ascend from: {r.pickCandidates.map(nameOf).join(", ")}.
        </p>
      ) : null}
    </Card>
  );
}

function Pick({ r, send, forHost, nameOf }: { r: ResultsView; send: DashboardProps["act"]; forHost: boolean; nameOf: NameOf }) {
  const [choice, setChoice] = useState<string | null>(null);
  const { run, error, busy } = useAction(send);
  return (
    <div className="mt-4 rounded-lg border border-garnet-200 bg-garnet-50 p-3 dark:border-garnet-900 dark:bg-garnet-900/30" data-testid="ss-pick">
      <h3 className="text-sm font-semibold">{forHost ? `Choose for ${nameOf(r.heavenWinner)}, the winner of Heaven` : "You won Heaven: choose one more Hell player to ascend"}</h3>
      <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">Candidates: Hell players not already ascending, not the Elimination Candidate and without a Mark of Elimination — best ranked first.</p>
      <ul className="mt-2 flex flex-wrap gap-1.5">
        {r.pickCandidates.map((s) => (
          <li key={s}>
            <Button variant={choice === s ? "primary" : "secondary"} size="sm" aria-pressed={choice === s} onClick={() => setChoice(s)} data-testid={`ss-pick-${s}`}>
              {nameOf(s)}
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button onClick={() => choice && void run({ type: "pickAscender", seat: choice })} disabled={!choice || busy} data-testid="ss-pick-confirm">
          {choice ? `${nameOf(choice)} ascends — confirm` : "Choose a player first"}
        </Button>
        {forHost && <span className="text-xs text-stone-500">Ending the phase instead lets the best-ranked candidate ascend.</span>}
      </div>
      <div className="mt-2">
        <ErrorNote>{error}</ErrorNote>
      </div>
    </div>
  );
}
