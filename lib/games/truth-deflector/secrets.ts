// What Truth Deflector keeps secret, for the leak audit. Public: who is in the
// game, who has locked in this round, and each resolved round's claim counts,
// challenges (counted ones with the revealed status), eliminations and
// resurrections; at the end, final points, garnets earned and the awards. A
// seat's own, for the whole game: its locked-in submission, every claim and
// secret trait it made, its Truth Deflector status, running points, garnets,
// lies, Wisdom questions and answers, cleanses and refunds. Nobody's: the
// generator (defaults and the last lot), until the end.
import { perSeat, redrawRng, redrawn, someOf } from "../core/secrets";
import type { Rng } from "../core/rng";
import type { Counterfactual, SecretSpec, SeatId } from "../core/types";
import { participants } from "./rules";
import { TRAITS, type Ledger, type State, type Submission, type WisdomAnswer, type WisdomQuery } from "./types";

function anyQuery(rng: Rng, seats: readonly SeatId[]): WisdomQuery | null {
  if (rng.chance(0.3)) return null;
  if (rng.chance(0.5)) {
    const [claimed, submitted] = rng.shuffle(TRAITS);
    return { kind: "pair", claimed: claimed!, submitted: submitted! };
  }
  return { kind: "player", target: rng.pick(seats) };
}

function anySubmission(rng: Rng, state: State, seat: SeatId, playing: boolean, challenges: SeatId[]): Submission {
  return {
    claim: playing ? rng.pick(TRAITS) : null,
    secret: playing ? rng.pick(TRAITS) : null,
    challenges,
    wisdom: playing ? anyQuery(rng, state.seats.filter((s) => s !== seat)) : null,
    cleanse: playing && rng.chance(0.3),
    resurrect: !playing && rng.chance(0.3),
    defaulted: false,
  };
}

function anyLedger(rng: Rng): Ledger {
  const l = { challenges: 5 * rng.range(-2, 2), counts: rng.range(0, 20), power: rng.pick([0, 3]), courage: rng.pick([0, 8]) };
  return { ...l, total: l.challenges + l.counts + l.power + l.courage };
}

function anyAnswer(rng: Rng, like: WisdomAnswer, seats: readonly SeatId[]): WisdomAnswer {
  switch (like.kind) {
    case "lieCount":
    case "tdCount":
      return { kind: like.kind, count: rng.range(0, seats.length) };
    case "playerCheck":
      return { ...like, lied: rng.chance(0.5) };
    case "pairTrace":
      return { ...like, seats: someOf(rng, seats).sort() };
  }
}

function toggle(list: SeatId[], seat: SeatId, on: boolean): SeatId[] {
  const rest = list.filter((s) => s !== seat);
  return on ? [...rest, seat] : rest;
}

function redrawSeat(rng: Rng, s: State, seat: SeatId): void {
  const p = s.players[seat];
  if (!p) return;
  const inRound = s.stage === "round";
  const mine = s.pending[seat];
  if (inRound && mine) {
    const targets = participants(s).filter((x) => x !== seat);
    s.pending[seat] = anySubmission(rng, s, seat, p.alive, someOf(rng, targets, 2));
  }
  s.players[seat] = { ...p, td: rng.chance(0.5), points: rng.range(-20, 150), garnets: rng.range(0, 30), lies: rng.range(0, s.round) };
  for (const r of s.history) {
    const sub = r.subs[seat];
    // challenges are announced with the round: they stay as they were
    if (sub) r.subs[seat] = { ...anySubmission(rng, s, seat, sub.claim !== null, sub.challenges), resurrect: sub.resurrect, defaulted: rng.chance(0.2) };
    if (r.ledger[seat]) r.ledger[seat] = anyLedger(rng);
    const w = r.wisdom[seat];
    if (w) r.wisdom[seat] = { query: w.query, answer: anyAnswer(rng, w.answer, s.seats) };
    r.cleansed = toggle(r.cleansed, seat, rng.chance(0.5));
    r.refunded = toggle(r.refunded, seat, rng.chance(0.2));
    r.tdAfter[seat] = rng.chance(0.5);
    r.pointsAfter[seat] = rng.range(-20, 150);
    r.garnetsAfter[seat] = rng.range(0, 30);
  }
  if (s.end) s.end.finalGarnets[seat] = rng.range(0, 30);
}

function counterfactuals(state: State, rng: Rng): Counterfactual<State>[] {
  const out: Counterfactual<State>[] = [];
  if (state.stage !== "finished") out.push(redrawn(state, "the generator", [], (s) => void (s.rng = redrawRng(rng))));
  return [...out, ...perSeat(state, state.seats, "submission, traits, status, points, garnets and Wisdom", (s, seat) => redrawSeat(rng, s, seat))];
}

export const secrets: SecretSpec<State> = {
  counterfactuals,
  configs: [{ wisdomOption: "playerCheck", lieWinCondition: true, rounds: 6 }, { wisdomOption: "tdCount", resurrection: false, rounds: 4 }],
};
