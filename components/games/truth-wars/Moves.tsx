"use client";
// The seat's controls for the phase in play: ready, lean, peek, vote, snipe and
// the shadow-ban ballot. Irreversible moves are picked first and confirmed with
// their consequence spelled out; every ack error shows next to its control.
import { useState } from "react";
import type { Action, MeView, VoteChoice, View } from "@/lib/games/truth-wars";
import type { Ack } from "@/lib/protocol";
import { Button, Card, ErrorNote } from "@/components/ui/primitives";
import { VOTE_LABEL, ballotLine, banConsequence, peekConsequence, snipeConsequence, voteConsequence } from "./labels";
import { ChoiceButton, Note, SubHeading } from "./ui";
import { useAction } from "@/components/ui/useAction";

type Send = (action: Action) => Promise<Ack<{ version: number }>>;
type NameOf = (seat: string) => string;

export function MovePanel({ view, voted, me, send, nameOf }: { view: View; voted: ReadonlySet<string>; me: MeView; send: Send; nameOf: NameOf }) {
  if (me.banned || view.result) return null;
  const body = (() => {
    switch (view.phase) {
      case "reveal":
        return <ReadyControl me={me} send={send} label="Ready for the discussion" />;
      case "discussion":
        return (
          <div className="space-y-4">
            <LeanControl me={me} send={send} />
            {me.peek && <PeekControl view={view} me={me} send={send} />}
            <ReadyControl me={me} send={send} label="Ready to vote" hint="The discussion ends once everyone still in the game is ready." />
          </div>
        );
      case "vote":
        return <VoteControl view={view} voted={voted} me={me} send={send} />;
      case "snipe":
        return me.snipe?.deciding ? (
          <SnipeControl me={me} send={send} nameOf={nameOf} />
        ) : (
          <Note>The Fact Checker (whoever that is) decides in secret. Nothing is announced unless a Scammer is hit.</Note>
        );
      case "ban_vote":
      case "ban_revote":
        return <BanControl view={view} voted={voted} me={me} send={send} nameOf={nameOf} />;
      case "round_end":
        return <ReadyControl me={me} send={send} label="Ready for the next round" />;
      case "game_over":
        return null;
    }
  })();
  if (!body) return null;
  return (
    <Card title="Your move" data-testid="tw-moves" className="border-garnet-200 dark:border-garnet-900">
      {body}
    </Card>
  );
}

function ReadyControl({ me, send, label, hint }: { me: MeView; send: Send; label: string; hint?: string }) {
  const m = useAction(send);
  const can = me.can.includes("ready");
  return (
    <div className="space-y-2">
      <Button size="lg" className="w-full sm:w-auto" disabled={!can || m.busy} onClick={() => void m.run({ type: "ready" })} data-testid="tw-ready" title={can ? undefined : "You are already ready"}>
        {can ? label : "Ready ✓"}
      </Button>
      {hint && <Note>{hint}</Note>}
      <ErrorNote>{m.error}</ErrorNote>
    </div>
  );
}

function LeanControl({ me, send }: { me: MeView; send: Send }) {
  const m = useAction(send);
  const can = me.can.includes("lean");
  const set = (lean: "trust" | "flag" | null) => void m.run({ type: "lean", lean });
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium">Your public lean</legend>
      <div className="grid grid-cols-3 gap-2">
        <ChoiceButton tone="trust" pressed={me.lean === "trust"} disabled={!can || m.busy} onClick={() => set(me.lean === "trust" ? null : "trust")} data-testid="tw-lean-trust">
          Trust
        </ChoiceButton>
        <ChoiceButton tone="flag" pressed={me.lean === "flag"} disabled={!can || m.busy} onClick={() => set(me.lean === "flag" ? null : "flag")} data-testid="tw-lean-flag">
          Flag
        </ChoiceButton>
        <ChoiceButton pressed={me.lean === null} disabled={!can || m.busy || me.lean === null} onClick={() => set(null)} data-testid="tw-lean-clear" title={me.lean === null ? "You are not leaning either way" : undefined}>
          No lean
        </ChoiceButton>
      </div>
      <Note>Everyone sees your lean; change it as often as you like. It is not your vote.</Note>
      <ErrorNote>{m.error}</ErrorNote>
    </fieldset>
  );
}

function PeekControl({ view, me, send }: { view: View; me: MeView; send: Send }) {
  const m = useAction(send);
  const peek = me.peek;
  if (!peek) return null;
  const seen = peek.results.find((p) => p.round === view.round);
  return (
    <div className="space-y-2 rounded-lg border border-sky-200 bg-sky-50 p-3 dark:border-sky-900 dark:bg-sky-950/40">
      <SubHeading>Fact Checker peek</SubHeading>
      {seen ? (
        <p className="text-sm" data-testid="tw-peek-result">
          You peeked: this headline is <strong className="uppercase">{seen.truth}</strong>.
        </p>
      ) : (
        <>
          <Button variant="secondary" disabled={!peek.canNow || m.busy} onClick={() => void m.run({ type: "peek" })} data-testid="tw-peek" title={peek.blockedReason ?? undefined}>
            Peek at the truth
          </Button>
          <span className="ml-2 text-sm text-stone-600 dark:text-stone-400" data-testid="tw-peek-left">
            {peek.left} of {peek.perGame} left
          </span>
          <Note data-testid="tw-peek-note">{peek.canNow ? peekConsequence(view) : (peek.blockedReason ?? "You cannot peek now.")}</Note>
        </>
      )}
      <ErrorNote>{m.error}</ErrorNote>
    </div>
  );
}

function VoteControl({ view, voted, me, send }: { view: View; voted: ReadonlySet<string>; me: MeView; send: Send }) {
  const m = useAction(send);
  const [pick, setPick] = useState<VoteChoice | null>(null);
  const can = me.can.includes("vote");
  if (!can) {
    return (
      <div className="space-y-2" data-testid="tw-vote-done">
        <p className="text-lg">
          You voted <strong>{me.vote ? VOTE_LABEL[me.vote] : "—"}</strong>.
        </p>
        <Note>
          {view.vote ? `${voted.size} of ${view.vote.eligible.length} have voted. ` : ""}
          {view.rules.secretBallots ? "Only the tally is shown when the vote closes." : "Every ballot is shown when the vote closes."}
        </Note>
      </div>
    );
  }
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium">Is the headline real? Your vote</legend>
      <div className="grid grid-cols-3 gap-2">
        {(["trust", "flag", "abstain"] as const).map((c) => (
          <ChoiceButton key={c} tone={c === "trust" ? "trust" : c === "flag" ? "flag" : "neutral"} pressed={pick === c} disabled={m.busy} onClick={() => setPick(c)} data-testid={`tw-vote-${c}`}>
            {VOTE_LABEL[c]}
            <span className="block text-xs font-normal opacity-80">{c === "trust" ? "it's real" : c === "flag" ? "it's fake" : "refuse"}</span>
          </ChoiceButton>
        ))}
      </div>
      {pick ? (
        <div className="space-y-2">
          <Note data-testid="tw-vote-consequence">{voteConsequence(view, pick)}</Note>
          <Button size="lg" className="w-full sm:w-auto" disabled={m.busy} onClick={() => void m.run({ type: "vote", choice: pick })} data-testid="tw-vote-confirm">
            Cast vote: {VOTE_LABEL[pick]}
          </Button>
        </div>
      ) : (
        <Note>Pick a choice to see what it means, then confirm. Your vote cannot be changed.</Note>
      )}
      <ErrorNote>{m.error}</ErrorNote>
    </fieldset>
  );
}

function SnipeControl({ me, send, nameOf }: { me: MeView; send: Send; nameOf: NameOf }) {
  const m = useAction(send);
  const [pick, setPick] = useState<string | null>(null);
  const snipe = me.snipe;
  if (!snipe) return null;
  return (
    <fieldset className="space-y-3" data-testid="tw-snipe">
      <legend className="mb-1 text-sm font-medium">Fact Checker snipe (once per game)</legend>
      {snipe.used ? (
        <Note>
          You sniped {nameOf(snipe.used.target)} in round {snipe.used.round}: {snipe.used.hit ? "a Scammer, shadow-banned." : "not a Scammer."} Your snipe is spent.
        </Note>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Players you may snipe">
          {snipe.targets.map((s) => (
            <li key={s}>
              <ChoiceButton tone="garnet" className="w-full" pressed={pick === s} disabled={m.busy} onClick={() => setPick(pick === s ? null : s)} data-testid={`tw-snipe-target-${s}`}>
                {nameOf(s)}
              </ChoiceButton>
            </li>
          ))}
        </ul>
      )}
      <Note data-testid="tw-snipe-consequence">{snipeConsequence(pick, nameOf)}</Note>
      <div className="flex flex-wrap gap-2">
        {!snipe.used && (
          <Button variant="danger" disabled={pick === null || m.busy} onClick={() => pick && void m.run({ type: "snipe", target: pick })} data-testid="tw-snipe-confirm" title={pick === null ? "Pick a player first" : undefined}>
            {pick ? `Snipe ${nameOf(pick)}` : "Snipe…"}
          </Button>
        )}
        <Button variant="secondary" disabled={m.busy} onClick={() => void m.run({ type: "snipe", target: null })} data-testid="tw-snipe-hold">
          Hold
        </Button>
      </div>
      <ErrorNote>{m.error}</ErrorNote>
    </fieldset>
  );
}

function BanControl({ view, voted, me, send, nameOf }: { view: View; voted: ReadonlySet<string>; me: MeView; send: Send; nameOf: NameOf }) {
  const m = useAction(send);
  const [pick, setPick] = useState<string | null | undefined>(undefined);
  const bv = view.banVote;
  if (!bv) return null;
  const revote = bv.revote;
  const progress = `${voted.size} of ${bv.voters.length} have voted.`;
  if (!me.can.includes("ban")) {
    return (
      <div className="space-y-2" data-testid="tw-ban-done">
        <p className="text-lg">
          {me.ban.voted ? (
            <>
              You {revote ? "revoted" : "voted"}: <strong>{me.ban.target ? nameOf(me.ban.target) : "abstain"}</strong>.
            </>
          ) : (
            "You are not part of this ban vote."
          )}
        </p>
        <Note>{progress} Ballots are shown when the vote closes.</Note>
      </div>
    );
  }
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium">{revote ? "Shadow-ban revote: the tied players only" : "Shadow-ban vote: who should be silenced?"}</legend>
      {bv.firstBallot && <Note>First ballot: {ballotLine(bv.firstBallot, nameOf)}.</Note>}
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Players you may name">
        {bv.candidates.map((s) => {
          const self = s === me.seat;
          return (
            <li key={s}>
              <ChoiceButton tone="garnet" className="w-full" pressed={pick === s} disabled={self || m.busy} title={self ? "You cannot vote to ban yourself" : undefined} onClick={() => setPick(s)} data-testid={`tw-ban-target-${s}`}>
                {nameOf(s)}
                {self && <span className="block text-xs font-normal">you</span>}
              </ChoiceButton>
            </li>
          );
        })}
        <li>
          <ChoiceButton className="w-full" pressed={pick === null} disabled={m.busy} onClick={() => setPick(null)} data-testid="tw-ban-abstain">
            Abstain
          </ChoiceButton>
        </li>
      </ul>
      {pick !== undefined ? (
        <div className="space-y-2">
          <Note data-testid="tw-ban-consequence">{banConsequence(view, pick, nameOf)}</Note>
          <Button size="lg" variant={pick === null ? "secondary" : "primary"} className="w-full sm:w-auto" disabled={m.busy} onClick={() => void m.run({ type: "ban", target: pick })} data-testid="tw-ban-confirm">
            {pick === null ? "Cast ballot: abstain" : `Cast ballot: ban ${nameOf(pick)}`}
          </Button>
        </div>
      ) : (
        <Note>Pick a player (or abstain), then confirm. One ballot, final. {progress}</Note>
      )}
      <ErrorNote>{m.error}</ErrorNote>
    </fieldset>
  );
}
