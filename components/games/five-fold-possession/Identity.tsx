"use client";
// MG5 Guessing Identity: place every player (yourself included) on one alias of
// the previous round. Each alias row carries what was published about it.
import { useId, useState } from "react";
import type { PublicRound } from "@/lib/games/five-fold-possession";
import { Badge, Button, ErrorNote, cx } from "@/components/ui/primitives";
import type { PlayerCtx } from "./context";
import { RESULT_LABEL, RESULT_TONE, plural } from "./labels";
import { IdentityResults } from "./results";
import { Entered, H3, Hint } from "./ui";
import { useAction } from "@/components/ui/useAction";

/** What the published results of `round` say about one alias. */
function Clues({ pub, alias }: { pub: PublicRound | undefined; alias: string }) {
  if (!pub) return null;
  const rps = pub.rps.find((x) => x.alias === alias)?.result ?? "none";
  const card = pub.median.plays.find((x) => x.alias === alias)?.card;
  return (
    <span className="flex flex-wrap items-center gap-1 text-xs">
      <Badge tone={RESULT_TONE[rps]}>RPS {RESULT_LABEL[rps]}</Badge>
      {card !== undefined && <Badge>card {card}</Badge>}
      {pub.median.winner === alias && <Badge tone="green">won median</Badge>}
      {pub.greed.drewRed.includes(alias) && <Badge tone="red">drew Red</Badge>}
      {pub.bidding.winner === alias && <Badge tone="green">won bid ({pub.bidding.winningBid})</Badge>}
    </span>
  );
}

export function IdentityGrid({ ctx }: { ctx: PlayerCtx }) {
  const { me, view, act, who } = ctx;
  const mg5 = me.mg5!;
  const base = useId();
  const [picks, setPicks] = useState<(string | null)[]>(() => mg5.guess?.slice() ?? mg5.aliases.map(() => null));
  const save = useAction(act);
  const pub = view.history.find((r) => r.round === mg5.targetRound);
  const mine = me.rounds.find((r) => r.round === mg5.targetRound);
  const complete = picks.every((p) => p !== null);
  const changed = !mg5.guess || picks.some((p, i) => p !== mg5.guess![i]);

  function assign(i: number, seat: string) {
    setPicks((cur) => {
      const next = cur.slice();
      const j = next.indexOf(seat);
      // Each player holds one alias: taking a player from another row swaps the two rows.
      if (j >= 0 && j !== i) next[j] = next[i] ?? null;
      next[i] = seat;
      return next;
    });
  }

  return (
    <section className="space-y-3" data-testid="identity-form">
      <H3>Who was who in round {mg5.targetRound}?</H3>
      <Hint>
        Place each player — yourself included — on one of round {mg5.targetRound}&apos;s aliases. Everyone fully right gains a garnet (paid at the end); a sole fully right guesser also gains a point. You are never told whether you were right.
        {mine && ` Your own round ${mine.round}: card ${mine.card}, RPS ${RESULT_LABEL[mine.rps.result]}${mine.greed?.drawn.includes("red") ? ", drew a Red" : ""}${mine.wonBid ? ", won the bidding" : ""}.`}
      </Hint>
      {mg5.guess && <Entered testId="identity-entry">Entered: your guess is saved. Change it until the round ends.</Entered>}
      <ol className="space-y-3">
        {mg5.aliases.map((alias, i) => (
          <li key={alias} className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
            <fieldset>
              <legend className="flex w-full flex-wrap items-center gap-2">
                <span className="font-semibold">{alias}</span>
                <Clues pub={pub} alias={alias} />
              </legend>
              <div className="mt-2 flex flex-wrap gap-1.5">
                {view.seats.map((s) => {
                  const on = picks[i] === s;
                  const elsewhere = !on && picks.includes(s) ? mg5.aliases[picks.indexOf(s)] : null;
                  return (
                    <label
                      key={s}
                      data-testid={`id-guess-${i}-${s}`}
                      title={elsewhere ? `Now on ${elsewhere}; choosing here swaps them` : undefined}
                      className={cx(
                        "inline-flex min-h-9 cursor-pointer items-center gap-1 rounded-lg border px-2.5 py-1 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-garnet-500",
                        on ? "border-garnet-700 bg-garnet-700 text-white" : "border-stone-300 bg-white hover:bg-garnet-50 dark:border-stone-700 dark:bg-stone-900 dark:hover:bg-stone-800",
                        elsewhere && "text-stone-500 dark:text-stone-500",
                      )}
                    >
                      <input type="radio" className="sr-only" name={`${base}-${i}`} value={s} checked={on} onChange={() => assign(i, s)} />
                      {who(s)}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => complete && void save.run({ type: "guessIdentities", seats: picks })} disabled={!complete || !changed || save.busy} title={!complete ? "Place every player on one alias." : !changed ? "This is already your guess." : undefined} data-testid="id-guess-submit">
          {mg5.guess ? "Change identity guess" : "Save identity guess"}
        </Button>
        <Button variant="ghost" onClick={() => setPicks(mg5.aliases.map(() => null))} disabled={picks.every((p) => p === null)}>
          Clear
        </Button>
        {!complete && <span className="text-xs text-stone-500">{plural(picks.filter((p) => p === null).length, "alias", "aliases")} still without a player.</span>}
      </div>
      <ErrorNote>{save.error}</ErrorNote>
    </section>
  );
}

export function IdentityPanel({ ctx, history }: { ctx: PlayerCtx | null; history: PublicRound[] }) {
  return (
    <div className="space-y-6">
      {ctx?.me.mg5 ? (
        <IdentityGrid key={`${ctx.view.phase}:${ctx.me.mg5.targetRound}`} ctx={ctx} />
      ) : (
        ctx && <Hint>{ctx.view.round < 2 && ctx.view.phase === "submit" ? "From round 2 you guess the aliases of the round before." : "Identity guesses open in the next submissions."}</Hint>
      )}
      <IdentityResults history={history} />
    </div>
  );
}
