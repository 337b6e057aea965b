"use client";
// A seat's whole round: claim, secret submission, Wisdom's question,
// challenges and garnet actions, sent at once and replaceable until the round ends.
import { useState } from "react";
import { useRemainingMs } from "@/components/ui/Countdown";
import { useAction } from "@/components/ui/useAction";
import type { ClockInfo } from "@/lib/protocol";
import type { SeatId } from "@/lib/games/core/types";
import type { ChoicePreview, MyView, Trait, View } from "@/lib/games/truth-deflector";
import { Badge, Button, Card, ErrorNote, cx, inputClass } from "@/components/ui/primitives";
import type { DashboardProps } from "../types";
import { OptionCard, TraitChip, TraitDot } from "./bits";
import { challengeBlock, draftFrom, draftProblem, payoutLines, sameAsLocked, toAction, TRAITS, type Draft } from "./format";

type Props = { view: View; me: MyView; clock: ClockInfo } & Pick<DashboardProps<View>, "act" | "nameOf" | "offsetMs">;

function traitBlurb(t: Trait, view: View): string {
  const r = view.rules;
  if (t === "Power") return `+${r.powerBonus} points`;
  if (t === "Courage") return `+${r.courageBonus} if ≤ ${r.courageLimit} claim it`;
  return r.wisdomQuery ? "ask a question" : "learn something";
}

function tdAfter(choice: ChoicePreview, cleanse: boolean): boolean {
  return cleanse && choice.truthDeflectorAfterIfCleansed !== null ? choice.truthDeflectorAfterIfCleansed : choice.truthDeflectorAfter;
}

function secretTag(choice: ChoicePreview | undefined, me: MyView, cleanse: boolean) {
  if (!choice) return null;
  const after = tdAfter(choice, cleanse);
  if (choice.lie) return <Badge tone="red">{me.truthDeflector ? "Lie · you stay a Truth Deflector" : "Lie · makes you a Truth Deflector"}</Badge>;
  return after ? <Badge tone="amber">Honest · still a Truth Deflector</Badge> : <Badge tone="green">Honest</Badge>;
}

/** In the last 30 s of the round: what happens to choices that are not locked in. */
function LastCall({ clock, offsetMs, pending }: { clock: ClockInfo; offsetMs: number; pending: "nothing" | "changes" }) {
  const left = useRemainingMs(clock, offsetMs, 1000);
  if (left === null || clock.paused || left > 30_000 || left <= 0) return null;
  return (
    <p role="alert" className="rounded-lg bg-amber-100 px-3 py-2 text-sm font-medium text-amber-950 dark:bg-amber-900/50 dark:text-amber-50" data-testid="td-last-call">
      {Math.ceil(left / 1000)} s left.{" "}
      {pending === "nothing"
        ? "If you do not lock in, the game picks a random trait as both your claim and your secret, with no challenges and no garnet actions."
        : "Your changes are not locked in: when the time runs out, your last locked-in choice counts."}
    </p>
  );
}

export function RoundForm({ view, me, act, nameOf, clock, offsetMs }: Props) {
  const [draft, setDraft] = useState<Draft>(() => draftFrom(me.submission));
  const { run, busy, error, clear } = useAction(act);
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    clear();
  };

  const choose = me.can.choose;
  const problem = draftProblem(draft, me);
  const locked = me.submission !== null;
  const unchanged = sameAsLocked(draft, me);
  const choice = draft.claim && draft.secret ? me.choices.find((c) => c.claim === draft.claim && c.secret === draft.secret) : undefined;
  const cleanseOn = draft.cleanse && me.can.cleanse.allowed;
  const passing = !choose && draft.challenges.length === 0 && !draft.resurrect;
  const lastRound = view.history[view.history.length - 1];

  async function send() {
    if (problem) return;
    await run(toAction(draft, me));
  }

  return (
    <Card title={`Round ${view.round} — your move`} data-testid="td-round-form">
      <form
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {choose ? (
          <>
            <fieldset>
              <legend className="mb-1 text-sm font-semibold">1. Your claim <span className="font-normal text-stone-500">(counted publicly)</span></legend>
              <div className="grid grid-cols-3 gap-2">
                {TRAITS.map((t) => (
                  <OptionCard key={t} type="radio" name="td-claim" checked={draft.claim === t} onChange={() => set({ claim: t })} testId={`td-claim-${t}`} className="flex-col px-2">
                    <span className="flex items-center gap-1.5 font-semibold">
                      <TraitDot trait={t} />
                      {t}
                    </span>
                    <span className="block text-xs text-stone-500 dark:text-stone-400">{traitBlurb(t, view)}</span>
                  </OptionCard>
                ))}
              </div>
            </fieldset>

            <fieldset>
              <legend className="mb-1 text-sm font-semibold">2. Your secret submission <span className="font-normal text-stone-500">(only you and the host see it)</span></legend>
              <div className="grid gap-2">
                {TRAITS.map((t) => {
                  const c = draft.claim ? me.choices.find((x) => x.claim === draft.claim && x.secret === t) : undefined;
                  return (
                    <OptionCard key={t} type="radio" name="td-secret" checked={draft.secret === t} onChange={() => set({ secret: t })} testId={`td-secret-${t}`} title={c?.note}>
                      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                        <span className="flex items-center gap-1.5 font-semibold">
                          <TraitDot trait={t} />
                          {t}
                        </span>
                        {secretTag(c, me, cleanseOn)}
                      </span>
                    </OptionCard>
                  );
                })}
              </div>
              {!draft.claim && <p className="mt-1 text-xs text-stone-500">Pick your claim first to see whether a submission is a lie.</p>}
            </fieldset>

            <div
              data-testid="td-consequence"
              aria-live="polite"
              className={cx(
                "rounded-lg border p-3 text-sm",
                !choice && "border-dashed border-stone-300 text-stone-500 dark:border-stone-700",
                choice && tdAfter(choice, cleanseOn) && "border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/40",
                choice && !tdAfter(choice, cleanseOn) && "border-emerald-300 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/40",
              )}
            >
              {choice && draft.claim && draft.secret ? (
                <>
                  <p className="font-semibold">
                    {choice.lie && !me.truthDeflector
                      ? "This makes you a Truth Deflector."
                      : tdAfter(choice, cleanseOn)
                        ? "You will be a Truth Deflector after this round."
                        : "You will not be a Truth Deflector after this round."}
                  </p>
                  <p className="mt-1">{cleanseOn ? (choice.lie ? "This is a lie: lying is processed after cleansing, so you pay for the cleanse and stay a Truth Deflector." : "Honest, and you cleanse: you lose Truth Deflector status at the end of this round.") : choice.note}</p>
                  {choice.lie && !me.truthDeflector && <p className="mt-1 text-xs">A challenge this round still tests your status from the start of the round, so it cannot eliminate you yet.</p>}
                  <p className="mt-2 text-xs font-semibold uppercase tracking-wide text-stone-500">At the end of the round you earn</p>
                  <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
                    {payoutLines(draft.claim, draft.secret, view.rules).map((l) => (
                      <li key={l}>{l}</li>
                    ))}
                  </ul>
                </>
              ) : (
                <p>Choose a claim and a secret submission: what it does to you shows here before you lock in.</p>
              )}
            </div>

            {(draft.claim === "Wisdom" || draft.secret === "Wisdom") && <WisdomQuestion view={view} me={me} draft={draft} set={set} nameOf={nameOf} />}
          </>
        ) : (
          <p className="text-sm text-stone-700 dark:text-stone-300" data-testid="td-eliminated-note">
            You were eliminated{me.eliminatedRound ? ` in round ${me.eliminatedRound}` : ""}: you make no claim and score no round points. You can still challenge
            {view.rules.resurrection.enabled ? " and buy your way back" : ""}. Lock in — or pass — so the round is not held up.
          </p>
        )}

        <fieldset>
          <legend className="mb-1 text-sm font-semibold">
            {choose ? "3. " : ""}Challenges <span className="font-normal text-stone-500">(optional, at most {me.can.maxChallenges})</span>
          </legend>
          <p className="mb-2 text-xs text-stone-500 dark:text-stone-400">
            A challenge counts only when {view.rules.challengeThreshold} or more players challenge the same player this round. Then, if they are a Truth Deflector, they are eliminated and every challenger gets +{view.rules.challengePoints}; if not, every challenger loses {view.rules.challengePoints} and they gain {view.rules.challengePoints}.
          </p>
          {me.can.challengeTargets.length === 0 ? (
            <p className="text-sm text-stone-500">Nobody can be challenged now.</p>
          ) : (
            <ul className="grid grid-cols-2 gap-1.5" aria-label="Players you can challenge">
              {me.can.challengeTargets.map((s) => {
                const block = challengeBlock(s, draft.challenges, me.can.maxChallenges);
                const lastHits = lastRound?.challenges.filter((c) => c.to === s).length ?? 0;
                return (
                  <li key={s}>
                    <OptionCard
                      type="checkbox"
                      name="td-challenge"
                      checked={draft.challenges.includes(s)}
                      disabled={block !== null}
                      title={block ?? undefined}
                      onChange={(on) => set({ challenges: on ? [...draft.challenges, s] : draft.challenges.filter((x) => x !== s) })}
                      testId={`td-challenge-${s}`}
                    >
                      <span className="block truncate font-medium">{nameOf(s)}</span>
                      {lastRound && <span className="block text-xs text-stone-500">{lastHits ? `challenged ${lastHits}× last round` : "not challenged last round"}</span>}
                    </OptionCard>
                  </li>
                );
              })}
            </ul>
          )}
          {draft.challenges.length >= me.can.maxChallenges && <p className="mt-1 text-xs text-amber-700 dark:text-amber-300">You challenge {me.can.maxChallenges} players, the most allowed: uncheck one to pick another.</p>}
        </fieldset>

        <GarnetActions view={view} me={me} draft={draft} set={set} />

        <div className="space-y-2 border-t border-stone-200 pt-4 dark:border-stone-800">
          {choose && !(locked && unchanged) && <LastCall clock={clock} offsetMs={offsetMs} pending={locked ? "changes" : "nothing"} />}
          {problem && <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="td-problem">{problem}</p>}
          {locked && !unchanged && !problem && <p className="text-sm text-amber-800 dark:text-amber-300">You changed something: update to lock in the new choice.</p>}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="lg" disabled={busy || problem !== null || unchanged} data-testid="td-submit" title={problem ?? (unchanged ? "This is already what you locked in." : undefined)}>
              {busy ? "Sending…" : locked ? (unchanged ? "Locked in" : "Update my submission") : passing ? "Pass this round" : "Lock in"}
            </Button>
            {locked && unchanged && (
              <span className="text-sm text-emerald-700 dark:text-emerald-300" data-testid="td-locked">
                ✓ Locked in — you can still change it until the timer ends.
              </span>
            )}
          </div>
          <ErrorNote>{error}</ErrorNote>
        </div>
      </form>
    </Card>
  );
}

/** One trait of Wisdom's pair; the trait chosen on the other side is disabled (the pair needs two different traits). */
function TraitSelect({ label, value, other, onChange, testId }: { label: string; value: Trait | null; other: Trait | null; onChange: (t: Trait | null) => void; testId: string }) {
  return (
    <label className="text-sm">
      <span className="mb-1 block font-medium">{label}</span>
      <select className={inputClass} value={value ?? ""} onChange={(e) => onChange((e.target.value || null) as Trait | null)} data-testid={testId}>
        <option value="">Choose…</option>
        {TRAITS.map((t) => (
          <option key={t} value={t} disabled={t === other}>
            {t}
          </option>
        ))}
      </select>
    </label>
  );
}

function WisdomQuestion({ view, me, draft, set, nameOf }: { view: View; me: MyView; draft: Draft; set: (p: Partial<Draft>) => void; nameOf: (s: SeatId) => string }) {
  const kind = me.can.wisdom.query;
  return (
    <fieldset className="rounded-lg border border-sky-200 bg-sky-50/60 p-3 dark:border-sky-900 dark:bg-sky-950/30" data-testid="td-wisdom-form">
      <legend className="px-1 text-sm font-semibold">Wisdom&apos;s question</legend>
      <p className="mb-2 text-xs text-stone-600 dark:text-stone-400">{view.rules.wisdomText}</p>
      {kind === "pair" && (
        <div className="grid grid-cols-2 gap-2">
          <TraitSelect label="Claimed" value={draft.pair.claimed} other={draft.pair.submitted} onChange={(t) => set({ pair: { ...draft.pair, claimed: t } })} testId="td-wisdom-claimed" />
          <TraitSelect label="Secretly submitted" value={draft.pair.submitted} other={draft.pair.claimed} onChange={(t) => set({ pair: { ...draft.pair, submitted: t } })} testId="td-wisdom-submitted" />
          {draft.pair.claimed && draft.pair.submitted && draft.pair.claimed !== draft.pair.submitted && (
            <p className="col-span-2 text-xs">
              You will learn every player who claimed <TraitChip trait={draft.pair.claimed} /> and secretly submitted <TraitChip trait={draft.pair.submitted} /> this round.
            </p>
          )}
        </div>
      )}
      {kind === "player" &&
        (me.can.wisdom.players.length > 0 ? (
          <label className="text-sm">
            <span className="mb-1 block font-medium">Player to check</span>
            <select className={inputClass} value={draft.player ?? ""} onChange={(e) => set({ player: e.target.value || null })} data-testid="td-wisdom-player">
              <option value="">Choose…</option>
              {me.can.wisdom.players.map((s) => (
                <option key={s} value={s}>
                  {nameOf(s)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <p className="text-sm">Nobody else is in this round, so Wisdom has no one to check.</p>
        ))}
      {kind === null && <p className="text-sm">Wisdom takes no question in this game: its answer arrives by itself when the round ends.</p>}
    </fieldset>
  );
}

function GarnetActions({ view, me, draft, set }: { view: View; me: MyView; draft: Draft; set: (p: Partial<Draft>) => void }) {
  const r = view.rules;
  const showCleanse = r.cleansing.enabled && me.can.choose;
  const showResurrect = r.resurrection.enabled && !me.can.choose;
  if (!showCleanse && !showResurrect) return null;
  const g = me.garnets;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold">
        {me.can.choose ? "4. " : ""}Garnets <span className="font-normal text-stone-500">(you have {g})</span>
      </legend>
      {showCleanse && (
        <OptionCard type="checkbox" name="td-cleanse" checked={draft.cleanse && me.can.cleanse.allowed} disabled={!me.can.cleanse.allowed} onChange={(on) => set({ cleanse: on })} testId="td-cleanse" title={me.can.cleanse.reason ?? undefined}>
          <span className="font-medium">Cleanse — {me.can.cleanse.cost} garnets</span>
          <span className="block text-xs text-stone-600 dark:text-stone-400">{me.can.cleanse.allowed ? me.can.cleanse.effect : me.can.cleanse.reason}</span>
        </OptionCard>
      )}
      {showResurrect && (
        <OptionCard type="checkbox" name="td-resurrect" checked={draft.resurrect && me.can.resurrect.allowed} disabled={!me.can.resurrect.allowed} onChange={(on) => set({ resurrect: on })} testId="td-resurrect" title={me.can.resurrect.reason ?? undefined}>
          <span className="font-medium">Resurrect — {me.can.resurrect.cost} garnets</span>
          <span className="block text-xs text-stone-600 dark:text-stone-400">{me.can.resurrect.allowed ? me.can.resurrect.effect : me.can.resurrect.reason}</span>
        </OptionCard>
      )}
    </fieldset>
  );
}
