"use client";
// MG1 Betting RPS: name an opponent, a bet and a throw; your private game; the public results.
import { useState } from "react";
import type { Throw } from "@/lib/games/five-fold-possession/state";
import { Button, ErrorNote } from "@/components/ui/primitives";
import type { PlayerCtx } from "./context";
import { RESULT_LABEL, THROWS, THROW_LABEL, plural, signed } from "./labels";
import { ThrowIcon } from "./ThrowIcon";
import { RpsResults } from "./results";
import { Chip, Entered, H3, Hint } from "./ui";
import { useAction } from "@/components/ui/useAction";

export function RpsForm({ ctx }: { ctx: PlayerCtx }) {
  const { me, view, act, who } = ctx;
  const mg1 = me.mg1!;
  const entry = mg1.entry;
  const [opponent, setOpponent] = useState<string | null>(entry?.opponent ?? null);
  const [bet, setBet] = useState<number | null>(entry?.bet ?? null);
  const [throwing, setThrow] = useState<Throw | null>(entry?.throw ?? null);
  const send = useAction(act);
  const cancel = useAction(act);
  const cooldown = mg1.blocked.length ? lastFaced(ctx) : {};
  const bets = Array.from({ length: view.reference.rpsBets[1] - view.reference.rpsBets[0] + 1 }, (_, i) => view.reference.rpsBets[0] + i);
  const others = view.seats.filter((s) => s !== me.seat);
  const canBet = mg1.maxBet >= mg1.minBet;
  const ready = opponent !== null && bet !== null && throwing !== null && bet <= mg1.maxBet;
  const changed = !entry || entry.opponent !== opponent || entry.bet !== bet || entry.throw !== throwing;

  return (
    <div className="space-y-4" data-testid="rps-form">
      {entry ? (
        <Entered testId="rps-entry">
          Entered: you face <strong>{who(entry.opponent)}</strong>, betting <strong>{plural(entry.bet, "garnet")}</strong>, throwing <strong>{THROW_LABEL[entry.throw]}</strong>. The game happens only if {who(entry.opponent)} names you too.
        </Entered>
      ) : (
        <Hint>No RPS entry yet. RPS is optional, but see the warning below about missing it.</Hint>
      )}
      {mg1.penaltyIfNoGame && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100" data-testid="rps-penalty-warning">
          You have gone {plural(mg1.missStreak, "round")} in a row without an RPS game: if no game goes through this round, you lose a garnet.
        </p>
      )}

      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Opponent</legend>
        <div className="flex flex-wrap gap-2">
          {others.map((s) => {
            const reason = mg1.blocked.includes(s) ? `You played ${who(s)} in round ${cooldown[s] ?? "?"}: too recent to face them again.` : null;
            return (
              <div key={s} className="flex flex-col">
                <Chip on={opponent === s} reason={reason} onClick={() => setOpponent(s)} data-testid={`rps-opponent-${s}`}>
                  {who(s)}
                </Chip>
                {reason && <span className="mt-0.5 max-w-40 text-xs text-stone-500 dark:text-stone-400">faced in round {cooldown[s] ?? "?"}</span>}
              </div>
            );
          })}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold">
          Bet <span className="font-normal text-stone-500">({mg1.minBet}–{view.reference.rpsBets[1]} garnets; you can bet up to {mg1.maxBet})</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {bets.map((b) => (
            <Chip key={b} on={bet === b} reason={b > mg1.maxBet ? `Only ${mg1.maxBet} garnets are free for a bet.` : null} onClick={() => setBet(b)} className="w-12" data-testid={`rps-bet-${b}`}>
              {b}
            </Chip>
          ))}
        </div>
        {!canBet && <p className="mt-1 text-xs text-red-700 dark:text-red-300">You have no free garnet to bet: withdraw another entry first.</p>}
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Throw</legend>
        <div className="flex flex-wrap gap-2">
          {THROWS.map((t) => (
            <Chip key={t} on={throwing === t} onClick={() => setThrow(t)} data-testid={`rps-throw-${t}`}>
              <ThrowIcon t={t} /> {THROW_LABEL[t]}
            </Chip>
          ))}
        </div>
      </fieldset>

      {ready && (
        <Hint testId="rps-consequence">
          If {who(opponent)} names you too, the stake is the lower of the two bets (at most {plural(bet, "garnet")}): win and you gain it, lose and you pay it, a draw changes nothing. Until the round ends {plural(bet, "garnet")} {bet === 1 ? "is" : "are"} held back.
        </Hint>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => ready && void send.run({ type: "rps", opponent, bet, throw: throwing })} disabled={!ready || !changed || send.busy} data-testid="rps-submit" title={!ready ? "Choose an opponent, a bet and a throw." : !changed ? "This is already your entry." : undefined}>
          {entry ? "Change RPS entry" : "Enter RPS"}
        </Button>
        {entry && (
          <Button variant="secondary" onClick={() => void cancel.run({ type: "rpsCancel" })} disabled={cancel.busy} data-testid="rps-cancel">
            Withdraw
          </Button>
        )}
      </div>
      {!ready && <Hint className="text-xs">Choose an opponent, a bet and a throw to enter.</Hint>}
      <ErrorNote>{send.error ?? cancel.error}</ErrorNote>
    </div>
  );
}

/** For each blocked opponent, the last round you played them. */
function lastFaced(ctx: PlayerCtx): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of ctx.me.rounds) if (r.rps.result !== "none" && r.rps.named) out[r.rps.named] = r.round;
  return out;
}

/** Your private RPS result of the last finished round. */
export function MyLastRps({ ctx }: { ctx: PlayerCtx }) {
  const last = ctx.me.rounds[ctx.me.rounds.length - 1];
  if (!last) return null;
  const r = last.rps;
  return (
    <section data-testid="rps-private">
      <H3>Your game in round {last.round} (private)</H3>
      <p className="text-sm">
        {r.named === null && "You made no RPS entry."}
        {r.named !== null && r.result === "none" && `You named ${ctx.who(r.named)}, who did not name you: no game.`}
        {r.named !== null && r.result !== "none" && (
          <>
            Against {ctx.who(r.named)}: you bet {r.bet} and threw {r.throw ? THROW_LABEL[r.throw] : "?"}; they bet {r.opponentBet} and threw {r.opponentThrow ? THROW_LABEL[r.opponentThrow] : "?"}. Stake {r.stake}: you <strong>{RESULT_LABEL[r.result]}</strong>
            {r.result === "won" ? ` (${signed(r.stake)})` : r.result === "lost" ? ` (${signed(-r.stake)})` : ""}.
          </>
        )}
        {r.penalized && " You went too long without RPS and lost a garnet (if you had one)."}
      </p>
    </section>
  );
}

export function RpsPanel({ ctx, history }: { ctx: PlayerCtx | null; history: PlayerCtx["view"]["history"] }) {
  return (
    <div className="space-y-6">
      {ctx?.me.mg1 && <RpsForm key={ctx.view.round} ctx={ctx} />}
      {ctx && <MyLastRps ctx={ctx} />}
      <RpsResults history={history} />
    </div>
  );
}
