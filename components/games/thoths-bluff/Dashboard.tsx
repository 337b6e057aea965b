"use client";
// Thoth's Bluff: a player's dice and moves, the host's view of both seats, or the
// public record for a spectator — all from the viewer's own View.
import { Card, cx } from "@/components/ui/primitives";
import type { View } from "@/lib/games/thoths-bluff";
import type { DashboardProps } from "../types";
import { ActionPanel } from "./ActionPhase";
import { History } from "./History";
import { oweText, opponentOf } from "./model";
import { SeatPanelCard, ThisRound, TiebreakCard } from "./Panels";
import { DiceRow, HealthBars } from "./parts";
import { RiggingPanel } from "./Rigging";
import { RollingPanel } from "./Rolling";
import { Schedule } from "./Schedule";
import { useActions } from "@/components/ui/useAction";
import type { Send } from "./parts";

function Owe({ view, oppName, nameOf }: { view: View; oppName: string; nameOf(seat: string): string }) {
  const o = oweText(view, oppName, nameOf);
  return (
    <p
      data-testid="tb-owe"
      data-tone={o.tone}
      aria-live="polite"
      className={cx(
        "rounded-xl border px-4 py-3 text-base font-medium",
        o.tone === "act" && "border-garnet-300 bg-garnet-50 text-garnet-900 dark:border-garnet-800 dark:bg-garnet-900/30 dark:text-garnet-100",
        o.tone === "wait" && "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100",
        o.tone === "info" && "border-stone-200 bg-white text-stone-700 dark:border-stone-800 dark:bg-stone-900 dark:text-stone-200",
      )}
    >
      {o.text}
    </p>
  );
}

function SeatControls({ view, send, oppSeat, oppName }: { view: View; send: Send; oppSeat: string; oppName: string }) {
  const sender = useActions(send);
  const me = view.me;
  if (!me) return null;
  const legal = me.legal;
  switch (view.phase) {
    case "rolling":
      return <RollingPanel me={me} legal={legal?.phase === "rolling" ? legal : null} sender={sender} />;
    case "rigging":
      return <RiggingPanel view={view} me={me} legal={legal?.phase === "rigging" ? legal : null} sender={sender} opp={oppSeat} oppName={oppName} />;
    case "action":
      return <ActionPanel view={view} me={me} legal={legal?.phase === "action" ? legal : null} sender={sender} oppName={oppName} />;
    default:
      return null;
  }
}

export function Dashboard({ view, act, hostAct, nameOf }: DashboardProps<View>) {
  const send: Send = act;
  const sendHost: Send = hostAct;
  const oppSeat = opponentOf(view);
  const oppName = oppSeat ? nameOf(oppSeat) : "your opponent";
  const me = view.me;
  const live = view.phase === "rolling" || view.phase === "rigging" || view.phase === "action";

  return (
    <div className="space-y-4" data-testid="tb-dashboard" data-phase={view.phase} data-round={view.round} data-viewer={view.viewer} data-done={me ? String(me.done) : undefined}>
      <Owe view={view} oppName={oppName} nameOf={nameOf} />
      {view.extra && live && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200" data-testid="extra-rounds">
          Both fell with equal health: extra rounds until round {view.extra.lastRound} (block {view.extra.block}), then more health wins.
        </p>
      )}
      {view.viewer === "host" && view.phase === "tiebreak" && <TiebreakCard view={view} nameOf={nameOf} hostAct={sendHost} />}
      <Card>
        <HealthBars view={view} nameOf={nameOf} />
        {me && !(view.phase === "rolling" && !me.done) && (
          <div className="mt-4">
            <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400">Your dice</h2>
            <DiceRow dice={me.dice} testid="my-dice" label="Your dice" />
          </div>
        )}
      </Card>
      {me && oppSeat && live && <SeatControls key={`${view.round}:${view.phase}`} view={view} send={send} oppSeat={oppSeat} oppName={oppName} />}
      {!me && view.panels && (
        <div className="grid gap-4 xl:grid-cols-2">
          {view.panels.map((p) => (
            <SeatPanelCard key={p.seat} panel={p} view={view} nameOf={nameOf} />
          ))}
        </div>
      )}
      {live && <ThisRound view={view} nameOf={nameOf} showActions={!me || view.phase !== "action"} />}
      {live && <Schedule view={view} />}
      <History view={view} nameOf={nameOf} />
    </div>
  );
}
