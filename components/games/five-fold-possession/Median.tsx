"use client";
// MG2 The Median: your hand as cards; a click plays one (changeable until the round ends).
import type { PublicRound } from "@/lib/games/five-fold-possession";
import { ErrorNote, cx } from "@/components/ui/primitives";
import type { PlayerCtx } from "./context";
import { MedianResults } from "./results";
import { Entered, H3, Hint } from "./ui";
import { useAction } from "@/components/ui/useAction";

const ALL_CARDS = Array.from({ length: 12 }, (_, i) => i + 1);

export function Hand({ ctx }: { ctx: PlayerCtx }) {
  const { me, act } = ctx;
  const play = useAction(act);
  const open = me.mg2 !== null;
  const chosen = me.mg2?.card ?? null;
  const playedIn = new Map(me.rounds.map((r) => [r.card, r.round]));
  const lowest = me.hand.length ? Math.min(...me.hand) : null;

  return (
    <section className="space-y-3" data-testid="my-hand">
      <H3>Your hand</H3>
      {open &&
        (chosen !== null ? (
          <Entered testId="card-entry">
            Entered: card <strong>{chosen}</strong>. Click another card to change it until the round ends.
          </Entered>
        ) : (
          <Hint>
            Click a card to play it this round. If you play none, your lowest card{lowest !== null ? ` (${lowest})` : ""} is played for you and you lose a garnet.
          </Hint>
        ))}
      <ul className="grid grid-cols-6 gap-2 sm:grid-cols-12" aria-label="Cards 1 to 12">
        {ALL_CARDS.map((c) => {
          const inHand = me.hand.includes(c);
          const on = chosen === c;
          const reason = !inHand ? `Played in round ${playedIn.get(c) ?? "?"}` : !open ? "Cards are played during submissions." : null;
          return (
            <li key={c}>
              <button
                type="button"
                aria-pressed={on}
                aria-label={inHand ? `Card ${c}${on ? " (entered)" : ""}` : `Card ${c}, already played`}
                title={reason ?? (on ? "Your card this round" : `Play card ${c}`)}
                disabled={!!reason || play.busy}
                onClick={() => !on && void play.run({ type: "playCard", card: c })}
                data-testid={`card-${c}`}
                className={cx(
                  "flex aspect-[3/4] w-full flex-col items-center justify-center rounded-lg border-2 font-mono text-lg font-bold shadow-sm transition",
                  on && "-translate-y-1 border-garnet-700 bg-garnet-700 text-white shadow-md",
                  !on && inHand && open && "border-stone-300 bg-white text-stone-900 hover:-translate-y-0.5 hover:border-garnet-500 dark:border-stone-600 dark:bg-stone-800 dark:text-stone-50",
                  !on && inHand && !open && "border-stone-300 bg-white text-stone-900 dark:border-stone-600 dark:bg-stone-800 dark:text-stone-50",
                  !inHand && "border-dashed border-stone-200 bg-transparent text-stone-300 shadow-none dark:border-stone-800 dark:text-stone-700",
                )}
              >
                {c}
                {!inHand && <span className="text-[9px] font-normal">R{playedIn.get(c) ?? "?"}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      <ErrorNote>{play.error}</ErrorNote>
    </section>
  );
}

export function MedianPanel({ ctx, history }: { ctx: PlayerCtx | null; history: PublicRound[] }) {
  return (
    <div className="space-y-6">
      {ctx && <Hand ctx={ctx} />}
      <Hint>
        Cards played by two or more players are ignored; the player whose card equals the median of the rest gains 1 point and 1 garnet. With an even number of cards left the median falls between two cards and nobody wins.
      </Hint>
      {ctx && <MyLastCard ctx={ctx} />}
      <MedianResults history={history} />
    </div>
  );
}

function MyLastCard({ ctx }: { ctx: PlayerCtx }) {
  const last = ctx.me.rounds[ctx.me.rounds.length - 1];
  if (!last) return null;
  return (
    <p className="text-sm" data-testid="median-private">
      Round {last.round}: you played <strong>{last.card}</strong>
      {last.cardDefaulted && " (your lowest, played for you — it cost a garnet)"}
      {last.wonMedian ? " and won the median." : "."}
    </p>
  );
}
