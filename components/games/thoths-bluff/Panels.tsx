"use client";
// Read-only pieces: a seat's full panel (host view), the round so far, and the
// host's final-tiebreak pick.
import { Badge, Button, Card } from "@/components/ui/primitives";
import type { RunningAction, SeatPanel, View } from "@/lib/games/thoths-bluff";
import { challengeText } from "./History";
import { SLOTS, SLOT_NAME, planSize, roundsText } from "./model";
import { Block, DiceRow, Refusal, RollList } from "./parts";
import { useActions } from "@/components/ui/useAction";
import type { Send } from "./parts";

type Name = (seat: string) => string;

/** Everything one seat has done this phase, for the host (or for everyone once a room reveals secrets at the end). */
export function SeatPanelCard({ panel, view, nameOf }: { panel: SeatPanel; view: View; nameOf: Name }) {
  const live = view.phase === "rolling" || view.phase === "rigging" || view.phase === "action";
  const toolName = (id: string) => view.rules.tools.find((t) => t.id === id)?.name ?? id;
  const plan = panel.plan;
  return (
    <Card
      title={`${nameOf(panel.seat)} · private`}
      data-testid={`seat-panel-${panel.seat}`}
      actions={live ? panel.done ? <Badge tone="green">done</Badge> : <Badge tone="amber">working</Badge> : undefined}
    >
      <div className="space-y-4">
        <DiceRow dice={panel.dice} label={`${nameOf(panel.seat)}'s dice`} />
        <Block title="Rolls this round">
          <RollList rolls={panel.rolls} empty="Nothing rolled yet." />
          {panel.bluffing && view.phase === "rolling" && <p className="text-xs text-amber-800 dark:text-amber-300">Bluffing: no more normal rolls this phase.</p>}
        </Block>
        {(view.phase === "rigging" || view.phase === "action") && (
          <Block title="Rigging">
            <table className="w-full text-left text-sm">
              <tbody>
                <tr className="border-b border-stone-100 align-top dark:border-stone-800/60">
                  <th scope="row" className="w-28 py-1 pr-2 font-medium text-stone-500">Rigs</th>
                  <td className="py-1">
                    {panel.rigs.length || view.phase === "rigging" ? (
                      panel.rigs.length ? (
                        <ol className="space-y-0.5">
                          {panel.rigs.map((r, i) => (
                            <li key={i}>
                              {toolName(r.tool)}: {r.primary} {r.from} → {r.to}, spent {r.secondary} ({r.secondaryValue})
                            </li>
                          ))}
                        </ol>
                      ) : (
                        "none"
                      )
                    ) : (
                      "see the round record"
                    )}
                  </td>
                </tr>
                {view.phase === "rigging" && (
                  <>
                    <tr className="border-b border-stone-100 align-top dark:border-stone-800/60">
                      <th scope="row" className="py-1 pr-2 font-medium text-stone-500">Challenge</th>
                      <td className="py-1">{panel.challenge ? `wagering the ${panel.challenge}` : "none"}</td>
                    </tr>
                    <tr className="align-top">
                      <th scope="row" className="py-1 pr-2 font-medium text-stone-500">Recovery</th>
                      <td className="py-1">{panel.recovery ? (panel.recovery.length ? panel.recovery.join(" › ") : "recover none") : "default (largest first)"}</td>
                    </tr>
                  </>
                )}
              </tbody>
            </table>
          </Block>
        )}
        {view.phase === "action" && (
          <Block title="Plan">
            {plan && planSize(plan) ? (
              <ul className="text-sm">
                {SLOTS.filter((s) => plan[s].length).map((s) => (
                  <li key={s}>
                    {SLOT_NAME[s]}: {plan[s].map((d) => `${d} (${panel.dice.find((x) => x.die === d)?.value ?? "?"})`).join(", ")}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-stone-500">No dice planned.</p>
            )}
          </Block>
        )}
      </div>
    </Card>
  );
}

/** The round under way as far as it is revealed, with the running actions. */
export function ThisRound({ view, nameOf, showActions }: { view: View; nameOf: Name; showActions: boolean }) {
  const rec = view.history.find((r) => r.round === view.round);
  if (!rec || view.phase === "finished" || view.phase === "tiebreak") return null;
  const earlier = SLOTS.map((slot) => view.running.find((a) => a.slot === slot)).filter((a) => a !== undefined && a.revealed.some((r) => r.values.length > 0)) as RunningAction[];
  const markedRolls = (seat: string) => (view.me?.seat === seat ? view.me.rolls : view.panels?.find((p) => p.seat === seat)?.rolls);
  return (
    <Card title={`Round ${view.round} so far`} data-testid="tb-this-round">
      <div className="space-y-4">
        <Block title="Rolls, in order" testid="public-rolls">
          {rec.rolls ? (
            <ul className="space-y-2">
              {rec.rolls.map((r) => (
                <li key={r.seat} className="flex flex-wrap items-center gap-2" data-testid={`public-rolls-${r.seat}`}>
                  <span className="w-24 shrink-0 truncate text-sm font-medium">{nameOf(r.seat)}</span>
                  <RollList rolls={markedRolls(r.seat) ?? r.rolls} empty="rolled nothing" />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-stone-500">Both players&apos; rolls are revealed when the rolling phase ends — bluffs look exactly like rolls.</p>
          )}
        </Block>
        {rec.challenges && (
          <Block title="Challenges">
            {rec.challenges.length ? (
              <ul className="text-sm">
                {rec.challenges.map((c, i) => (
                  <li key={i}>{challengeText(c, nameOf)}</li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-stone-500">Nobody challenged.</p>
            )}
          </Block>
        )}
        {showActions && earlier.length > 0 && (
          <Block title="Sent in earlier rounds to running actions" testid="running-revealed">
            <ul className="space-y-1 text-sm">
              {earlier.map((a) => (
                <li key={a.id}>
                  <span className="font-medium">{SLOT_NAME[a.slot]}</span>{" "}
                  <span className="text-stone-500">({roundsText(a)})</span>
                  : {a.revealed.map((r) => `${nameOf(r.seat)} ${r.values.length ? r.values.join(", ") : "nothing"}`).join(" · ")}
                </li>
              ))}
            </ul>
          </Block>
        )}
      </div>
    </Card>
  );
}

/** The host names the winner when the game is still tied after every extra round. */
export function TiebreakCard({ view, nameOf, hostAct }: { view: View; nameOf: Name; hostAct: Send }) {
  const sender = useActions(hostAct);
  return (
    <Card title="Final tiebreak" data-testid="tb-tiebreak" className="border-garnet-300 dark:border-garnet-800">
      <p className="mb-3 text-sm">
        Both players are still at equal health after every extra round. Name the winner. (Ending the phase without a pick lets a seeded coin decide.)
      </p>
      <div className="flex flex-wrap gap-2">
        {view.seats.map((s) => (
          <Button key={s} disabled={sender.pending !== null} data-testid={`pick-winner-${s}`} onClick={() => void sender.run("pick", { type: "pickWinner", seat: s })}>
            {nameOf(s)} wins
          </Button>
        ))}
      </div>
      <div className="mt-3">
        <Refusal message={sender.errorOf("pick")} />
      </div>
    </Card>
  );
}
