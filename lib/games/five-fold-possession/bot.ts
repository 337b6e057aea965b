// A plausible player working only from its own view. It is stateless between
// calls, so every "skip this minigame" choice is a fixed hash of seat and round
// (the same on every call), while amounts and throws come from the bot's rng.
import type { BotContext, SeatId } from "../core/types";
import type { Action } from "./actions";
import type { View } from "./view";

const PRIMES = [2, 3, 5, 7, 11];

/** A stable percentage 0..99 for a decision label. */
function roll(label: string): number {
  let x = 2166136261;
  for (let i = 0; i < label.length; i++) x = Math.imul(x ^ label.charCodeAt(i), 16777619) >>> 0;
  return x % 100;
}

/** Round-robin partner for round `round` (circle method over the seats plus a bye): consecutive rounds never repeat a pair. */
export function rrPartner(seats: SeatId[], seat: SeatId, round: number): SeatId | null {
  const ring: (SeatId | null)[] = seats.length % 2 === 0 ? seats.slice() : [...seats, null];
  const n = ring.length;
  const k = (round - 1) % (n - 1);
  const rest = ring.slice(1);
  const rotated = [ring[0] ?? null, ...rest.slice(rest.length - k), ...rest.slice(0, rest.length - k)];
  for (let i = 0; i < n / 2; i++) {
    const a = rotated[i] ?? null;
    const b = rotated[n - 1 - i] ?? null;
    if (a === seat) return b;
    if (b === seat) return a;
  }
  return null;
}

export function bot(view: View, ctx: BotContext): Action | null {
  const me = view.me;
  if (!me || view.phase === "end" || me.done) return null;
  const { rng, seat } = ctx;
  const key = `${seat}:${view.round}:${view.phase}`;
  const possessed = me.role === "possessed";

  if (view.phase === "results") return { type: "done" };

  if (view.phase === "submit") {
    // MG2: always play a card (the possessed likes primes).
    if (me.mg2 && me.mg2.card === null && me.hand.length) {
      const primes = me.hand.filter((c) => PRIMES.includes(c));
      const card = possessed && primes.length ? rng.pick(primes) : rng.pick(me.hand);
      return { type: "playCard", card };
    }
    // MG1: the round-robin partner, most rounds.
    if (me.mg1 && !me.mg1.entry && roll(`${key}:rps`) < 80) {
      const partner = rrPartner(view.seats, seat, view.round);
      if (partner && me.mg1.opponents.includes(partner) && me.mg1.maxBet >= me.mg1.minBet) {
        return { type: "rps", opponent: partner, bet: rng.range(me.mg1.minBet, me.mg1.maxBet), throw: rng.pick(["rock", "paper", "scissors"] as const) };
      }
    }
    // MG3: join some rounds (the possessed more often); stop at a pot of 2, the possessed hunts greys.
    if (me.mg3) {
      const s = me.mg3.session;
      if (!s && me.mg3.canJoin && roll(`${key}:greed`) < (possessed ? 85 : 55)) return { type: "greedJoin" };
      if (s) {
        const last = s.drawn[s.drawn.length - 1];
        if (s.canIgnore && (last === "red" || last === "black")) return { type: "greedIgnore" };
        if (s.status === "drawing") {
          const greys = s.drawn.filter((x) => x === "grey").length;
          const wantMore = possessed ? s.pot < 2 || (greys < 3 && s.drawn.length < 8) : s.pot < 2 && s.drawn.length < 6;
          return wantMore && s.canDraw ? { type: "greedDraw" } : { type: "greedStop" };
        }
      }
    }
    // MG4: a modest bid most rounds; the possessed tries 0 or 1 now and then.
    if (me.mg4 && me.mg4.bid === null && roll(`${key}:bid`) < 85) {
      const cap = Math.min(me.mg4.maxBid, 6);
      const amount = possessed && rng.chance(0.4) ? Math.min(cap, rng.range(0, 1)) : rng.range(0, Math.max(0, cap));
      return { type: "bid", amount };
    }
  }

  // MG5: place yourself by your own card when it was unique, the rest at random.
  if (me.mg5 && me.mg5.guess === null) {
    const target = me.mg5.targetRound;
    const pub = view.history.find((r) => r.round === target);
    const mine = me.rounds.find((r) => r.round === target);
    const guess: (SeatId | null)[] = me.mg5.aliases.map(() => null);
    if (pub && mine) {
      const same = pub.median.plays.filter((p) => p.card === mine.card);
      const idx = same.length === 1 ? me.mg5.aliases.indexOf(same[0]!.alias) : -1;
      if (idx >= 0) guess[idx] = seat;
    }
    const left = rng.shuffle(view.seats.filter((s) => !guess.includes(s)));
    return { type: "guessIdentities", seats: guess.map((g) => g ?? (left.shift() as SeatId)) };
  }

  // Role guess: two other players, leaving out the role you held yourself.
  if (me.roleGuess && me.roleGuess.guess === null) {
    const others = rng.shuffle(view.seats.filter((s) => s !== seat));
    const then = me.roleGuess.myRoleThen;
    return {
      type: "guessRoles",
      possessed: then === "possessed" ? null : (others[0] as SeatId),
      ghostHunter: then === "ghostHunter" ? null : (others[1] as SeatId),
    };
  }

  // Opal: a round in which you held no role yourself.
  if (me.opal && me.opal.guess === null) {
    const mine = new Set(me.rounds.filter((r) => r.role !== "player").map((r) => r.round));
    const choices = me.opal.rounds.filter((r) => !mine.has(r));
    return { type: "guessOpal", round: rng.pick(choices.length ? choices : me.opal.rounds) };
  }

  return me.doneBlockers.length ? null : { type: "done" };
}
