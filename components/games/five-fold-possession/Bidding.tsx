"use client";
// MG4 Bidding War: pick a bid within your free garnets and place it.
import { useState } from "react";
import type { PublicRound, View } from "@/lib/games/five-fold-possession";
import { Button, ErrorNote } from "@/components/ui/primitives";
import type { PlayerCtx } from "./context";
import { plural } from "./labels";
import { BiddingResults } from "./results";
import { Chip, Entered, H3, Hint } from "./ui";
import { useAction } from "@/components/ui/useAction";

export function BidForm({ ctx }: { ctx: PlayerCtx }) {
  const { me, view, act } = ctx;
  const mg4 = me.mg4!;
  const [amount, setAmount] = useState<number | null>(mg4.bid);
  const place = useAction(act);
  const amounts = Array.from({ length: view.reference.maxBid + 1 }, (_, i) => i);
  const changed = amount !== null && amount !== mg4.bid;

  return (
    <section className="space-y-3" data-testid="bid-form">
      {mg4.bid !== null ? (
        <Entered testId="bid-entry">
          Entered: a bid of <strong>{plural(mg4.bid, "garnet")}</strong>
          {mg4.bid === 0 ? " (the same as not bidding, but a unique 0 can still win)" : ", held back until the round ends"}.
        </Entered>
      ) : (
        <Hint>No bid yet: without one you bid 0.</Hint>
      )}
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">
          Your bid <span className="font-normal text-stone-500">(0–{view.reference.maxBid}; you can bid up to {mg4.maxBid})</span>
        </legend>
        <div className="grid grid-cols-6 gap-2 sm:flex sm:flex-wrap">
          {amounts.map((a) => (
            <Chip key={a} on={amount === a} reason={a > mg4.maxBid ? `Only ${mg4.maxBid} garnets are free for a bid.` : null} onClick={() => setAmount(a)} className="sm:w-12" data-testid={`bid-${a}`}>
              {a}
            </Chip>
          ))}
        </div>
      </fieldset>
      {amount !== null && (
        <Hint testId="bid-consequence">
          If {amount} is the highest bid nobody else matches, you gain 1 point and pay {plural(amount, "garnet")}. If another player bids {amount} too, both bids are ignored and the next highest unique bid wins.
        </Hint>
      )}
      <Button onClick={() => amount !== null && void place.run({ type: "bid", amount })} disabled={!changed || place.busy} title={amount === null ? "Choose an amount." : !changed ? "This is already your bid." : undefined} data-testid="bid-submit">
        {mg4.bid === null ? "Place bid" : "Change bid"}
      </Button>
      <ErrorNote>{place.error}</ErrorNote>
    </section>
  );
}

function MyLastBid({ ctx }: { ctx: PlayerCtx }) {
  const last = ctx.me.rounds[ctx.me.rounds.length - 1];
  if (!last) return null;
  return (
    <p className="text-sm" data-testid="bid-private">
      Round {last.round}: you bid <strong>{last.bid}</strong>
      {last.wonBid ? " and won the point." : "."}
    </p>
  );
}

export function BiddingPanel({ ctx, view, history }: { ctx: PlayerCtx | null; view: View; history: PublicRound[] }) {
  return (
    <div className="space-y-6">
      {ctx?.me.mg4 && <BidForm key={ctx.view.round} ctx={ctx} />}
      {ctx && <MyLastBid ctx={ctx} />}
      {!ctx?.me.mg4 && (
        <section>
          <H3>How it works</H3>
          <Hint>Bid 0 to {view.reference.maxBid} garnets. Bids made by two or more players are ignored; the highest remaining bid wins a point and pays. All bids are published without owners, and the winner&apos;s alias.</Hint>
        </section>
      )}
      <BiddingResults history={history} />
    </div>
  );
}
