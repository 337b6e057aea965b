"use client";
// Rigging phase: rig with this round's tools (result previewed), challenge by
// wagering a die, withdraw, and order the recovery of removed dice.
import { useState } from "react";
import { Badge, Button, Card, cx } from "@/components/ui/primitives";
import type { LegalMoves, SeatPanel, View } from "@/lib/games/thoths-bluff";
import { DICE, countDoubles, type DieKind } from "@/lib/games/thoths-bluff/dice";
import { rigOption } from "@/lib/games/thoths-bluff/rig-options";
import type { ToolId, ToolInfo } from "@/lib/games/thoths-bluff/tools";
import { DoneBar } from "./DoneBar";
import { Block, Choice, DiceChoices, DieChoiceLabel, DieShape, DisabledReasons, Reason, Refusal, RollList } from "./parts";
import type { Sender } from "./parts";

type Legal = Extract<LegalMoves, { phase: "rigging" }>;

export function ToolCard({ tool }: { tool: ToolInfo }) {
  return (
    <span className="block text-left">
      <span className="flex flex-wrap items-center gap-1.5">
        <span className="font-semibold">{tool.name}</span>
        {tool.wrapping ? <Badge tone="blue">wrapping</Badge> : <Badge>stops at the ends</Badge>}
      </span>
      <span className="mt-0.5 block text-xs font-normal opacity-80">{tool.text}</span>
    </span>
  );
}

function RigForm({ view, me, legal, sender }: { view: View; me: SeatPanel; legal: Legal; sender: Sender }) {
  const toolIds = view.toolSchedule.find((t) => t.round === view.round)?.tools ?? [];
  const tools = toolIds.map((id) => view.rules.tools.find((t) => t.id === id)).filter((t): t is ToolInfo => Boolean(t));
  const [tool, setTool] = useState<ToolId | null>(toolIds[0] ?? null);
  const [picked, setPrimary] = useState<DieKind | null>(null);
  const [secondary, setSecondary] = useState<DieKind | null>(null);
  const dieOf = (k: DieKind) => me.dice.find((d) => d.die === k);
  // a primary spent since as a secondary is no longer a choice
  const primary = picked && dieOf(picked)?.status === "rolled" ? picked : null;
  const option = (p: DieKind, s: DieKind) => (tool ? rigOption(legal.rigs, tool, p, s) : undefined);
  const chosen = primary && secondary ? option(primary, secondary) : undefined;
  const rolled = me.dice.filter((d) => d.status === "rolled");
  const info = tools.find((t) => t.id === tool);
  const primaryReason = (k: DieKind) => {
    const d = dieOf(k);
    return d && d.status !== "rolled" ? `${k}: ${d.status}, so it cannot be rigged.` : null;
  };
  const secondaryReason = (k: DieKind): string | null => {
    if (!primary) return "Pick the primary die first.";
    if (k === primary) return "The secondary must be another die than the primary.";
    const o = option(primary, k);
    return o && !o.check.ok ? o.check.reason : null;
  };

  let doublesAfter: number | null = null;
  if (chosen?.check.ok && chosen.result !== null && primary && secondary) {
    const values = me.dice.filter((d) => d.status === "rolled" && d.die !== secondary).map((d) => (d.die === primary ? (chosen.result as number) : (d.value as number)));
    doublesAfter = countDoubles(values, view.rules.doubles);
  }

  return (
    <Block title="Rig a die" testid="rig-form" aside="secret: never revealed">
      {rolled.length < 2 && <Reason>Rigging needs two rolled dice: one to change (primary) and one to spend (secondary). You have {rolled.length}.</Reason>}
      <fieldset className="space-y-1.5">
        <legend className="text-xs font-semibold uppercase tracking-wide text-stone-500">1 · Tool (this round)</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {tools.map((t) => (
            <Choice
              key={t.id}
              pressed={tool === t.id}
              onClick={() => {
                setTool(t.id);
              }}
              testid={`tool-${t.id}`}
              className="justify-start text-left"
            >
              <ToolCard tool={t} />
            </Choice>
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-1.5">
        <legend className="text-xs font-semibold uppercase tracking-wide text-stone-500">2 · Primary: the die that changes</legend>
        <DiceChoices label="Primary die">
          {me.dice.map((d) => (
            <Choice
              key={d.die}
              pressed={primary === d.die}
              disabled={d.status !== "rolled"}
              reason={primaryReason(d.die)}
              onClick={() => {
                setPrimary(d.die);
                if (secondary === d.die) setSecondary(null);
              }}
              testid={`primary-${d.die}`}
              className="px-1"
            >
              <DieChoiceLabel die={d.die} value={d.status === "rolled" ? d.value : null} />
            </Choice>
          ))}
        </DiceChoices>
        <DisabledReasons items={me.dice.map((d) => ({ key: d.die, reason: primaryReason(d.die) }))} />
      </fieldset>
      <fieldset className="space-y-1.5">
        <legend className="text-xs font-semibold uppercase tracking-wide text-stone-500">3 · Secondary: the die spent{info?.readsSecondary ? " (its value counts)" : " (its value does not count)"}</legend>
        <DiceChoices label="Secondary die">
          {DICE.map((k) => {
            const d = dieOf(k);
            const o = primary ? option(primary, k) : undefined;
            const ok = Boolean(o?.check.ok);
            return (
              <Choice key={k} pressed={secondary === k} disabled={!ok} reason={secondaryReason(k) ?? undefined} onClick={() => setSecondary(k)} testid={`secondary-${k}`} className="px-1">
                <DieChoiceLabel die={k} value={d?.status === "rolled" ? d.value : null} note={ok && o?.result != null ? `⇒ ${o.result}` : undefined} />
              </Choice>
            );
          })}
        </DiceChoices>
        {primary && <DisabledReasons items={DICE.filter((k) => k !== primary).map((k) => ({ key: k, reason: secondaryReason(k) }))} />}
      </fieldset>
      <div className="rounded-lg bg-stone-50 px-3 py-2 text-sm dark:bg-stone-800/60" data-testid="rig-preview" aria-live="polite">
        {!tool ? (
          "No tool this round."
        ) : !primary ? (
          "Pick the die to change."
        ) : !secondary || !chosen ? (
          "Pick the die to spend: each choice shows what the primary would become."
        ) : chosen.check.ok ? (
          <>
            <span className="inline-flex items-center gap-1 font-semibold">
              {primary} <DieShape die={primary} value={dieOf(primary)?.value ?? null} status="rolled" size="sm" /> → <DieShape die={primary} value={chosen.result} status="rolled" size="sm" />
            </span>{" "}
            with {info?.name}; your {secondary} (showing {dieOf(secondary)?.value}) becomes unrolled.
            {doublesAfter !== null && legal.recoverable.length > 0 && ` Doubles afterwards: ${doublesAfter}.`}
          </>
        ) : (
          chosen.check.reason
        )}
      </div>
      <Button
        disabled={!chosen?.check.ok || sender.pending !== null}
        title={!chosen ? "Pick a tool, a primary and a secondary" : chosen.check.ok ? undefined : chosen.check.reason}
        data-testid="rig-apply"
        onClick={async () => {
          if (!tool || !primary || !secondary) return;
          if (await sender.run("rig", { type: "rig", tool, primary, secondary })) setSecondary(null);
        }}
      >
        {chosen?.check.ok ? `Rig: ${primary} → ${chosen.result}, spend ${secondary}` : "Rig"}
      </Button>
      <Refusal message={sender.errorOf("rig")} />
    </Block>
  );
}

function RecoveryEditor({ me, legal, sender }: { me: SeatPanel; legal: Legal; sender: Sender }) {
  const saved = me.recovery;
  const initial = (saved ?? legal.recoverable.slice().reverse()).filter((k) => legal.recoverable.includes(k));
  const [order, setOrder] = useState<DieKind[]>(initial);
  const [skipped, setSkipped] = useState<DieKind[]>(saved ? legal.recoverable.filter((k) => !saved.includes(k)) : []);
  const all = [...order, ...legal.recoverable.filter((k) => !order.includes(k))];
  const listed = all.filter((k) => !skipped.includes(k));
  const move = (k: DieKind, by: -1 | 1) => {
    const list = all.slice();
    const i = list.indexOf(k);
    const j = i + by;
    if (j < 0 || j >= list.length) return;
    [list[i], list[j]] = [list[j] as DieKind, list[i] as DieKind];
    setOrder(list);
  };
  if (legal.recoverable.length === 0)
    return (
      <Block title="Recovery" testid="recovery">
        <p className="text-sm text-stone-600 dark:text-stone-400">None of your dice is removed: nothing to recover.</p>
      </Block>
    );
  return (
    <Block title="Recovery" testid="recovery" aside="secret: never revealed">
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Each double among your rolled dice when the phase ends (after rigs and challenges) brings one removed die back, unrolled. You have{" "}
        <strong data-testid="doubles-now">
          {legal.doublesNow} double{legal.doublesNow === 1 ? "" : "s"}
        </strong>{" "}
        now{legal.wouldRecover.length ? `: ${legal.wouldRecover.join(", ")} would come back.` : ": nothing would come back."} {saved ? "Your list is saved." : "No list saved: largest die first."}
      </p>
      <ol className="space-y-1.5" aria-label="Recovery priority">
        {all.map((k, i) => (
          <li key={k} className="flex items-center gap-2 rounded-lg border border-stone-200 px-2 py-1 dark:border-stone-800">
            <span className="w-5 text-xs text-stone-500">{skipped.includes(k) ? "–" : listed.indexOf(k) + 1}</span>
            <span className={cx("font-semibold", skipped.includes(k) && "text-stone-500 line-through")}>{k}</span>
            <span className="ml-auto flex gap-1">
              <Button size="sm" variant="ghost" disabled={i === 0} onClick={() => move(k, -1)} aria-label={`Move ${k} up`}>
                ↑
              </Button>
              <Button size="sm" variant="ghost" disabled={i === all.length - 1} onClick={() => move(k, 1)} aria-label={`Move ${k} down`}>
                ↓
              </Button>
              <Button size="sm" variant="secondary" aria-pressed={!skipped.includes(k)} onClick={() => setSkipped(skipped.includes(k) ? skipped.filter((x) => x !== k) : [...skipped, k])}>
                {skipped.includes(k) ? "Skipped" : "Listed"}
              </Button>
            </span>
          </li>
        ))}
      </ol>
      <Button variant="secondary" disabled={sender.pending !== null} data-testid="recovery-save" onClick={() => void sender.run("recovery", { type: "setRecovery", priority: listed })}>
        Save priority ({listed.length ? listed.join(" › ") : "recover none"})
      </Button>
      <Refusal message={sender.errorOf("recovery")} />
    </Block>
  );
}

function ChallengeForm({ view, me, legal, sender, opp, oppName }: { view: View; me: SeatPanel; legal: Legal; sender: Sender; opp: string; oppName: string }) {
  const theirRolls = view.history.find((r) => r.round === view.round)?.rolls?.find((r) => r.seat === opp)?.rolls ?? [];
  const wager = me.challenge;
  const wagerValue = wager ? me.dice.find((d) => d.die === wager)?.value : null;
  return (
    <Block title={`Challenge ${oppName}`} testid="challenge">
      <div className="space-y-1">
        <p className="text-sm text-stone-600 dark:text-stone-400">{oppName}&apos;s rolls this round, in order:</p>
        <RollList rolls={theirRolls} empty={`${oppName} rolled nothing this round.`} testid="opponent-rolls" />
      </div>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Claim that {oppName} bluffed at least one die this round by wagering one of your rolled dice. <strong>Right:</strong> their die of the same kind is removed and every die they bluffed goes unrolled. <strong>Wrong:</strong> your wagered die goes unrolled. Judged when the phase ends, after all rigs; while it stands, the wagered die cannot be spent as a secondary.
      </p>
      {theirRolls.length === 0 && <p className="text-sm font-medium text-amber-800 dark:text-amber-300">{oppName} rolled nothing, so cannot have bluffed: a challenge now would be wrong.</p>}
      <p className="text-sm font-medium" data-testid="challenge-status">
        {wager ? `You challenge ${oppName}, wagering your ${wager} (showing ${wagerValue}).` : "No challenge."}
      </p>
      <fieldset>
        <legend className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-stone-500">{wager ? "Move the wager to" : "Wager"}</legend>
        <DiceChoices label="Wagered die">
          {me.dice.map((d) => {
            const c = legal.challenge[d.die];
            return (
              <Choice
                key={d.die}
                pressed={wager === d.die}
                disabled={!c.ok || sender.pending !== null}
                reason={c.ok ? undefined : c.reason}
                onClick={() => {
                  if (wager !== d.die) void sender.run("challenge", { type: "challenge", die: d.die });
                }}
                testid={`wager-${d.die}`}
                className="px-1"
              >
                <DieChoiceLabel die={d.die} value={d.status === "rolled" ? d.value : null} note={wager === d.die ? "wagered" : undefined} />
              </Choice>
            );
          })}
        </DiceChoices>
        <DisabledReasons items={me.dice.map((d) => { const c = legal.challenge[d.die]; return { key: d.die, reason: c.ok ? null : c.reason }; })} />
      </fieldset>
      <div>
        <Button
          variant="secondary"
          size="sm"
          disabled={!legal.withdrawChallenge.ok || sender.pending !== null}
          title={legal.withdrawChallenge.ok ? undefined : legal.withdrawChallenge.reason}
          data-testid="withdraw-challenge"
          onClick={() => void sender.run("challenge", { type: "withdrawChallenge" })}
        >
          Withdraw challenge
        </Button>
      </div>
      <Refusal message={sender.errorOf("challenge")} />
    </Block>
  );
}

export function RiggingPanel({ view, me, legal, sender, opp, oppName }: { view: View; me: SeatPanel; legal: Legal | null; sender: Sender; opp: string; oppName: string }) {
  const rigsList = (
    <Block title="Your rigs this phase" testid="my-rigs">
      {me.rigs.length === 0 ? (
        <p className="text-sm text-stone-500">None yet.</p>
      ) : (
        <ol className="space-y-1 text-sm">
          {me.rigs.map((r, i) => (
            <li key={i}>
              {i + 1}. {view.rules.tools.find((t) => t.id === r.tool)?.name ?? r.tool}: {r.primary} {r.from} → {r.to}, spent {r.secondary} ({r.secondaryValue})
            </li>
          ))}
        </ol>
      )}
    </Block>
  );
  if (me.done || !legal)
    return (
      <Card title="Rigging" data-testid="tb-rigging">
        <div className="space-y-3">
          <p className="text-sm text-stone-600 dark:text-stone-400">
            You finished rigging. {me.challenge ? `Your challenge (wagering your ${me.challenge}) is judged when the phase ends.` : "You did not challenge."}
          </p>
          {rigsList}
        </div>
      </Card>
    );
  const recovery = legal.recoverable.length ? (legal.wouldRecover.length ? `recovery would bring back ${legal.wouldRecover.join(", ")}` : "no double, so nothing comes back") : null;
  return (
    <Card title="Rigging" data-testid="tb-rigging">
      <div className="grid gap-5 md:grid-cols-2">
        <div className="space-y-5">
          <RigForm view={view} me={me} legal={legal} sender={sender} />
          {rigsList}
        </div>
        <div className="space-y-5">
          <ChallengeForm view={view} me={me} legal={legal} sender={sender} opp={opp} oppName={oppName} />
          <RecoveryEditor key={legal.recoverable.join(",")} me={me} legal={legal} sender={sender} />
        </div>
      </div>
      <div className="mt-4">
        <DoneBar
          sender={sender}
          consequence={[
            me.rigs.length ? `Your ${me.rigs.length} rig${me.rigs.length === 1 ? "" : "s"} stand.` : "No rigs.",
            me.challenge ? `Your challenge (wager: your ${me.challenge}) is judged when the phase ends.` : "No challenge.",
            recovery ? `As things stand, ${recovery}.` : null,
          ]
            .filter(Boolean)
            .join(" ")}
        />
      </div>
    </Card>
  );
}
