"use client";
// The top of a player's dashboard: what you still owe with the Done button, your
// role this round, your garnets, and the possessed's challenge checklist.
import type { ChallengeCheck } from "@/lib/games/five-fold-possession/challenges";
import { Badge, Button, Card, ErrorNote, cx } from "@/components/ui/primitives";
import type { PlayerCtx } from "./context";
import { ROLE_AIM, ROLE_NAME, STATUS_LABEL, plural, pts, signed } from "./labels";
import { useAction } from "@/components/ui/useAction";

interface Owed {
  key: string;
  text: string;
  done: boolean;
  required?: boolean;
  note?: string;
}

function owedItems(ctx: PlayerCtx): Owed[] {
  const { me } = ctx;
  const items: Owed[] = [];
  if (me.mg2) items.push({ key: "card", text: "The Median: play a card", done: me.mg2.card !== null, required: true });
  if (me.mg1) items.push({ key: "rps", text: "Betting RPS", done: me.mg1.entry !== null, note: me.mg1.penaltyIfNoGame ? "no game this round costs a garnet" : "optional" });
  if (me.mg3) {
    const s = me.mg3.session;
    items.push({ key: "greed", text: s?.status === "drawing" ? "Does Greed Succeed: stop drawing" : "Does Greed Succeed", done: !!s && s.status !== "drawing", required: s?.status === "drawing", note: s ? undefined : "optional" });
  }
  if (me.mg4) items.push({ key: "bid", text: "Bidding War", done: me.mg4.bid !== null, note: "optional; no bid is 0" });
  if (me.mg5) items.push({ key: "mg5", text: `Identity guess about round ${me.mg5.targetRound}`, done: me.mg5.guess !== null });
  if (me.roleGuess) items.push({ key: "roles", text: `Role guess about round ${me.roleGuess.targetRound}`, done: me.roleGuess.guess !== null });
  if (me.opal) items.push({ key: "opal", text: "Opal: the round with nobody possessed", done: me.opal.guess !== null });
  return items;
}

function headline(ctx: PlayerCtx): string {
  const { me, view } = ctx;
  if (view.phase === "end") return "The match is over: every role, alias and score is revealed below.";
  if (ctx.closed) return "The host ended the game: nothing more can be entered.";
  if (view.phase === "results") {
    const next = view.round >= view.totalRounds ? "the final guesses" : `round ${view.round + 1}`;
    return me.done ? `Ready for ${next} — waiting for the others or the timer.` : `Round ${view.round} results are in. Read them, then press “Ready” to move on to ${next}.`;
  }
  if (me.done) return "Done — you can still change your entries until the timer ends (a change clears Done).";
  if (me.doneBlockers.length) return `${me.doneBlockers.map((b, i) => (i ? b.charAt(0).toLowerCase() + b.slice(1) : b).replace(/\.$/, "")).join("; ")} — then press Done.`;
  if (view.phase === "final") return "Final guesses: who was who in round 12, its possessed and ghost hunter, and the round with nobody possessed. Press Done when finished.";
  return "Everything required is in. Add any optional entries, then press “Done for this round”.";
}

export function OweBanner({ ctx }: { ctx: PlayerCtx }) {
  const { me, view, act } = ctx;
  const done = useAction(act);
  const items = owedItems(ctx);
  const label = view.phase === "results" ? (view.round >= view.totalRounds ? "Ready for the final guesses" : `Ready for round ${view.round + 1}`) : view.phase === "final" ? "Done with the final guesses" : "Done for this round";
  const blocked = me.doneBlockers.length > 0;

  return (
    <section
      aria-labelledby="ffp-owe-title"
      data-testid="ffp-owe"
      className={cx(
        "rounded-xl border-2 p-4",
        me.done || view.phase === "end" ? "border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/40" : "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40",
      )}
    >
      <h2 id="ffp-owe-title" className="text-base font-semibold" data-testid="ffp-headline">
        {headline(ctx)}
      </h2>
      {items.length > 0 && (
        <ul className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2" data-testid="ffp-owed">
          {items.map((i) => (
            <li key={i.key} className="flex items-start gap-2">
              <span aria-hidden className={cx("mt-0.5 inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-full text-[10px] font-bold", i.done ? "bg-emerald-600 text-white" : i.required ? "bg-amber-500 text-white" : "border border-stone-400")}>
                {i.done ? "✓" : i.required ? "!" : ""}
              </span>
              <span>
                <span className="sr-only">{i.done ? "Entered: " : i.required ? "Required: " : "Not entered: "}</span>
                {i.text}
                {!i.done && i.note && <span className="text-stone-500 dark:text-stone-400"> ({i.note})</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      {view.phase !== "end" && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {me.done ? (
            <Badge tone="green" data-testid="done-badge">
              ✓ {view.phase === "results" ? "Ready" : "Done"}
            </Badge>
          ) : (
            <Button onClick={() => void done.run({ type: "done" })} disabled={blocked || done.busy} title={blocked ? me.doneBlockers.join(" ") : undefined} data-testid="done-button">
              {label}
            </Button>
          )}
          {!me.done && blocked && (
            <span className="text-sm text-amber-900 dark:text-amber-200" data-testid="done-blockers">
              Still needed: {me.doneBlockers.join(" ")}
            </span>
          )}
        </div>
      )}
      <div className="mt-2">
        <ErrorNote>{done.error}</ErrorNote>
      </div>
    </section>
  );
}

const ROLE_STYLE = {
  possessed: "border-garnet-400 bg-garnet-700 text-white dark:border-garnet-600 dark:bg-garnet-900",
  ghostHunter: "border-sky-400 bg-sky-700 text-white dark:border-sky-700 dark:bg-sky-900",
  player: "border-stone-300 bg-white text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100",
} as const;

export function RoleCard({ ctx }: { ctx: PlayerCtx }) {
  const { me, view } = ctx;
  if (!me.role) return null;
  return (
    <section className={cx("rounded-xl border-2 p-3 shadow-sm sm:p-4", ROLE_STYLE[me.role])} data-testid="my-role" data-role={me.role} aria-label="Your role this round">
      <p className="text-xs font-semibold uppercase tracking-wide opacity-80">Round {view.round} · your role · only you see this</p>
      <p className="mt-0.5 text-2xl font-bold">You are {ROLE_NAME[me.role]}</p>
      <p className="mt-1 text-sm opacity-90">
        {view.round === 1 ? "Round 1 has no roles: nobody is possessed. " : ""}
        {ROLE_AIM[me.role]}
      </p>
    </section>
  );
}

/** One big number with its label, inside a <dl>. */
export function Stat({ label, value, accent, testId }: { label: string; value: number; accent?: boolean; testId: string }) {
  return (
    <div className={cx("rounded-lg p-2 text-center", accent ? "bg-garnet-50 dark:bg-garnet-900/40" : "bg-stone-50 dark:bg-stone-800/50")}>
      <dt className="text-xs text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className="font-mono text-2xl font-bold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function GarnetCard({ ctx }: { ctx: PlayerCtx }) {
  const { me } = ctx;
  const last = me.rounds[me.rounds.length - 1];
  const parts: string[] = [];
  if (me.mg1?.entry) parts.push(`RPS bet ${me.mg1.entry.bet}`);
  if (me.mg3?.session) parts.push(`Greed fee ${me.mg3.fee}`);
  if (me.mg4?.bid) parts.push(`bid ${me.mg4.bid}`);
  return (
    <Card title="Your garnets (private)" data-testid="my-garnets">
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Stat label="Balance" value={me.garnets} accent testId="garnet-balance" />
        <Stat label="Committed" value={me.committed} testId="garnet-committed" />
        <Stat label="Available" value={me.available} testId="garnet-available" />
      </dl>
      <p className="mt-2 text-xs text-stone-600 dark:text-stone-400">
        {parts.length ? `Held back: ${parts.join(", ")}. ` : ""}
        {last && `Round ${last.round}: ${signed(last.garnetChange)}. `}
        Your known points: <strong data-testid="known-points">{pts(me.knownPoints)}</strong>
        <span title="Points from Median and Bidding War wins. Points from identity and role guesses and from challenges are revealed only at the end."> (Median and Bidding War only)</span>.
      </p>
    </Card>
  );
}

const STATUS_ICON = { open: "○", completed: "✓", missed: "✗", hidden: "?" } as const;
const STATUS_TONE = {
  open: "text-stone-500",
  completed: "text-emerald-700 dark:text-emerald-300",
  missed: "text-stone-500 line-through",
  hidden: "text-sky-700 dark:text-sky-300",
} as const;

export function ChallengeList({ list, title, testId, note }: { list: ChallengeCheck[]; title: string; testId: string; note?: string }) {
  const done = list.filter((c) => c.status === "completed").length;
  return (
    <Card title={title} data-testid={testId} actions={<Badge tone="garnet">{done} / {list.length} done</Badge>}>
      <ul className="space-y-1 text-sm">
        {list.map((c) => (
          <li key={c.id} className="flex items-start gap-2" data-status={c.status}>
            <span aria-hidden className={cx("w-4 shrink-0 text-center font-bold", STATUS_TONE[c.status])}>
              {STATUS_ICON[c.status]}
            </span>
            <span className={c.status === "missed" ? "text-stone-500" : undefined}>
              <span className="mr-1 font-mono text-xs text-stone-500">{c.minigame}</span>
              {c.text}
              <span className="sr-only"> ({STATUS_LABEL[c.status]})</span>
              {c.status === "hidden" && <span className="ml-1 text-xs text-sky-700 dark:text-sky-300">(revealed at the end)</span>}
            </span>
          </li>
        ))}
      </ul>
      {note && <p className="mt-2 text-xs text-stone-600 dark:text-stone-400">{note}</p>}
    </Card>
  );
}

export function Checklist({ ctx }: { ctx: PlayerCtx }) {
  const { me, view } = ctx;
  const c = view.reference.challengePoints;
  const note = `Each completed challenge scores +${pts(c.each)}, or ${pts(c.eachWhenNamedByAll)} if all four others name you as the possessed next round. Open challenges settle when the round ends.`;
  if (me.challenges) return <ChallengeList list={me.challenges} title="Your challenges this round" testId="challenge-checklist" note={note} />;
  const last = me.rounds[me.rounds.length - 1];
  if (view.phase === "results" && last?.challenges)
    return <ChallengeList list={last.challenges} title={`Your challenges in round ${last.round}`} testId="challenge-checklist" note={`${plural(last.challenges.filter((x) => x.status === "completed").length, "challenge")} completed as far as you can know.`} />;
  return null;
}
