"use client";
// MG3 Does Greed Succeed: join for the fee, draw one stone at a time, stop; the
// possessed may ignore the stone just drawn. The pot and the bag stay in view.
import type { PublicRound, View } from "@/lib/games/five-fold-possession";
import type { Stone } from "@/lib/games/five-fold-possession/config";
import { applyEffect } from "@/lib/games/five-fold-possession/greed";
import { Button, ErrorNote } from "@/components/ui/primitives";
import type { PlayerCtx } from "./context";
import { EFFECT_LABEL, EFFECT_SHORT, STONE_LABEL, plural, signed } from "./labels";
import { GreedResults } from "./results";
import { Stat } from "./Player";
import { H3, Hint, StoneChip, Table } from "./ui";
import { useAction } from "@/components/ui/useAction";

/** The bag as a table: how many of each stone are left, what it does, and the pot it would leave. */
function BagTable({ view, left, pot }: { view: View; left: Record<Stone, number> | null; pot: number | null }) {
  const total = left ? Object.values(left).reduce((a, b) => a + b, 0) : null;
  return (
    <Table
      testId="stone-table"
      dense
      caption={
        <>
          {left ? `${plural(total ?? 0, "stone")} left in your bag; chances are for the next draw. ` : "Every player draws from a full bag of their own each round. "}
          Effects on the pot: {view.reference.stones.map((s) => `${STONE_LABEL[s.stone]} ${EFFECT_LABEL[s.effect]}`).join(" · ")}.
        </>
      }
      head={["Stone", left ? "Left" : "In bag", "Effect", ...(left && pot !== null ? ["Chance", "Pot then"] : [])]}
      rows={view.reference.stones.map((s) => {
        const n = left ? left[s.stone] : s.count;
        const next = pot !== null ? applyEffect(s.effect, pot) : null;
        return [
          <StoneChip key="s" stone={s.stone} size="sm" />,
          <span key="n" className="whitespace-nowrap font-mono">
            {n}
            {left ? <span className="text-stone-500"> / {s.count}</span> : null}
          </span>,
          <span key="e" className="font-mono" title={EFFECT_LABEL[s.effect]}>
            {EFFECT_SHORT[s.effect]}
          </span>,
          ...(left && pot !== null ? [<span key="p" className="font-mono">{total ? `${Math.round((100 * n) / total)} %` : "—"}</span>, <span key="a" className="font-mono">{n === 0 ? "—" : next === null ? "bust" : next}</span>] : []),
        ];
      })}
    />
  );
}

export function GreedPlay({ ctx }: { ctx: PlayerCtx }) {
  const { me, view, act } = ctx;
  const mg3 = me.mg3!;
  const s = mg3.session;
  const join = useAction(act);
  const draw = useAction(act);
  const stop = useAction(act);
  const ignore = useAction(act);
  const fee = mg3.fee;
  const joinReason = !s && !mg3.canJoin ? `Taking part costs ${plural(fee, "garnet")}; you have ${me.available} free.` : null;
  const last = s && s.drawn.length ? s.drawn[s.drawn.length - 1]! : null;
  const possessed = me.role === "possessed";

  if (!s)
    return (
      <section className="space-y-3" data-testid="greed-form">
        <Hint>
          Pay {plural(fee, "garnet")} to take part (once a round). Your pot starts at {view.reference.greedStartPot}; draw stones one at a time and stop whenever you like — the pot is paid to you when the round ends.
          {possessed && " As the possessed you may ignore one stone you draw this round (a Red you ignore still shows in the public list)."}
        </Hint>
        <Button onClick={() => void join.run({ type: "greedJoin" })} disabled={!!joinReason || join.busy} title={joinReason ?? undefined} data-testid="greed-join">
          Take part for {plural(fee, "garnet")}
        </Button>
        {joinReason && <p className="text-xs text-red-700 dark:text-red-300">{joinReason}</p>}
        <ErrorNote>{join.error}</ErrorNote>
        <BagTable view={view} left={null} pot={null} />
      </section>
    );

  const net = (s.status === "busted" ? 0 : s.pot) - fee;
  return (
    <section className="space-y-4" data-testid="greed-form">
      <div className="flex flex-wrap items-end gap-4">
        <dl className="w-24">
          <Stat label="Pot" value={s.status === "busted" ? 0 : s.pot} accent testId="greed-pot" />
        </dl>
        <div className="text-sm" data-testid="greed-status">
          {s.status === "drawing" && (
            <>
              Drawing. Stop now and you get <strong>{s.pot}</strong> back (net <strong>{signed(s.pot - fee)}</strong>).
            </>
          )}
          {s.status === "stopped" && (
            <>
              Stopped: <strong>{s.pot}</strong> is paid when the round ends (net <strong>{signed(net)}</strong>).
            </>
          )}
          {s.status === "busted" && (
            <>
              <strong className="text-red-700 dark:text-red-300">Bust.</strong> The pot is lost (net <strong>{signed(-fee)}</strong>).
              {s.canIgnore && " You may still ignore this stone."}
            </>
          )}
        </div>
      </div>

      <div>
        <p className="mb-1 text-sm font-semibold">Drawn, in order</p>
        {s.drawn.length === 0 ? (
          <Hint>No stone drawn yet.</Hint>
        ) : (
          <ol className="flex flex-wrap gap-1.5" data-testid="greed-drawn">
            {s.drawn.map((st, i) => (
              <li key={i}>
                <StoneChip stone={st} ignored={s.ignoredIndex === i} />
              </li>
            ))}
          </ol>
        )}
      </div>

      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void draw.run({ type: "greedDraw" })} disabled={!s.canDraw || draw.busy} title={s.canDraw ? undefined : s.status === "drawing" ? "The bag is empty." : "Your draw is over for this round."} data-testid="greed-draw">
          Draw a stone
        </Button>
        <Button variant="secondary" onClick={() => void stop.run({ type: "greedStop" })} disabled={!s.canStop || stop.busy} title={s.canStop ? undefined : "You are not drawing."} data-testid="greed-stop">
          Stop and keep {s.status === "drawing" ? s.pot : "the pot"}
        </Button>
        {possessed && (
          <Button
            variant="danger"
            onClick={() => void ignore.run({ type: "greedIgnore" })}
            disabled={!s.canIgnore || ignore.busy}
            title={s.canIgnore ? "Undo the effect of the stone just drawn (once a round)" : s.ignoredIndex !== null ? "You have already ignored a stone this round." : "Only the stone you have just drawn may be ignored."}
            data-testid="greed-ignore"
          >
            Ignore this {last ? STONE_LABEL[last] : "stone"}
          </Button>
        )}
      </div>
      {possessed && (
        <Hint className="text-xs">
          {s.ignoredIndex !== null
            ? "You have used your one ignore this round."
            : s.canIgnore
              ? `Possessed: you may ignore the ${last ? STONE_LABEL[last] : "stone"} you just drew (its effect is undone${last === "red" ? ", the bust lifted — but a Red still shows publicly" : ""}). Only right now, once a round.`
              : "Possessed: right after a draw you may ignore that stone, once a round."}
        </Hint>
      )}
      <ErrorNote>{draw.error ?? stop.error ?? ignore.error}</ErrorNote>
      <BagTable view={view} left={s.bagLeft} pot={s.status === "drawing" ? s.pot : null} />
    </section>
  );
}

function MyLastGreed({ ctx }: { ctx: PlayerCtx }) {
  const last = ctx.me.rounds[ctx.me.rounds.length - 1];
  if (!last) return null;
  const g = last.greed;
  return (
    <section data-testid="greed-private">
      <H3>Your draw in round {last.round} (private)</H3>
      {!g ? (
        <Hint>You did not take part.</Hint>
      ) : (
        <div className="space-y-1 text-sm">
          <ol className="flex flex-wrap gap-1">
            {g.drawn.map((st, i) => (
              <li key={i}>
                <StoneChip stone={st} ignored={g.ignoredIndex === i} size="sm" />
              </li>
            ))}
            {g.drawn.length === 0 && <li className="text-stone-500">no stones</li>}
          </ol>
          <p>
            {g.status === "busted" ? "Bust" : `Stopped with a pot of ${g.pot}`}: net <strong>{signed(g.net)}</strong>.
          </p>
        </div>
      )}
    </section>
  );
}

export function GreedPanel({ ctx, view, history }: { ctx: PlayerCtx | null; view: View; history: PublicRound[] }) {
  return (
    <div className="space-y-6">
      {ctx?.me.mg3 && <GreedPlay ctx={ctx} />}
      {ctx && <MyLastGreed ctx={ctx} />}
      {!ctx?.me.mg3 && (
        <section>
          <H3>The bag</H3>
          <BagTable view={view} left={null} pot={null} />
        </section>
      )}
      <GreedResults history={history} />
    </div>
  );
}
