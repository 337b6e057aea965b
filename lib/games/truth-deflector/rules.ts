// Rule helpers shared by apply, resolve, view and bot: who takes part, which
// effects a choice gives, and whether a submission is legal.
import { Codes, reject } from "../core/result";
import type { Rejection, SeatId } from "../core/types";
import type { SubmitAction } from "./actions";
import type { WisdomOption } from "./config";
import { RULE, TRAITS, type State, type Submission, type Trait, type WisdomQuery } from "./types";

/** Players alive at the start of the current round: they claim, submit, score and can be challenged. */
export function participants(state: State): SeatId[] {
  return state.seats.filter((s) => state.players[s]?.alive === true);
}

/** The traits whose effects a choice gives: the claimed one and, if different, the submitted one. */
export function effectsOf(claim: Trait, secret: Trait): Trait[] {
  return claim === secret ? [claim] : [claim, secret];
}

export function usesWisdom(claim: Trait | null, secret: Trait | null): boolean {
  return claim === "Wisdom" || secret === "Wisdom";
}

/** The kind of question a Wisdom option takes, or null when it takes none. */
export function queryKindFor(option: WisdomOption): WisdomQuery["kind"] | null {
  if (option === "pairTrace") return "pair";
  if (option === "playerCheck") return "player";
  return null;
}

/** Whether `seat` must ask a question with this choice right now. */
export function needsQuery(state: State, seat: SeatId, claim: Trait | null, secret: Trait | null): boolean {
  const kind = queryKindFor(state.config.wisdomOption);
  if (kind === null || !usesWisdom(claim, secret)) return false;
  if (kind === "player") return participants(state).some((s) => s !== seat);
  return true;
}

/** All ordered pairs of different traits (the Wisdom pair question). */
export function traitPairs(): [Trait, Trait][] {
  const out: [Trait, Trait][] = [];
  for (const a of TRAITS) for (const b of TRAITS) if (a !== b) out.push([a, b]);
  return out;
}

/** Why a seat may not cleanse now, or null if it may. */
export function cleanseBlock(state: State, seat: SeatId): string | null {
  const p = state.players[seat];
  if (!state.config.cleansing) return "Cleansing is not in play in this game.";
  if (!p || !p.alive) return "Only players still in the game can cleanse.";
  if (!p.td) return "You are not a Truth Deflector, so there is nothing to cleanse.";
  if (p.garnets < RULE.cleansingCost) return `Cleansing costs ${RULE.cleansingCost} garnets; you have ${p.garnets}.`;
  return null;
}

/** Why a seat may not resurrect now, or null if it may. */
export function resurrectBlock(state: State, seat: SeatId): string | null {
  const p = state.players[seat];
  if (!state.config.resurrection) return "Resurrection is not in play in this game.";
  if (!p || p.alive) return "Only eliminated players can resurrect.";
  if (state.round >= state.config.rounds) return "This is the last round: there is no next round to return to.";
  if (p.garnets < RULE.resurrectionCost) return `Resurrection costs ${RULE.resurrectionCost} garnets; you have ${p.garnets}.`;
  return null;
}

/** Checks a submit action and turns it into a stored submission. */
export function checkSubmit(state: State, seat: SeatId, a: SubmitAction): Submission | Rejection {
  const p = state.players[seat];
  if (!p) return reject(Codes.notAPlayer, "Only seated players submit.");
  const alive = participants(state);

  let claim: Trait | null = null;
  let secret: Trait | null = null;
  if (p.alive) {
    if (!a.claim || !a.secret) return reject("action/missing_choice", "Choose both the trait you claim and the trait you secretly submit.");
    claim = a.claim;
    secret = a.secret;
    if (a.resurrect) return reject("action/not_eliminated", "You are still in the game: there is nothing to resurrect from.");
  } else {
    if (a.claim || a.secret) return reject("action/eliminated", "You are eliminated: you may only challenge (and resurrect if it is in play).");
    if (a.cleanse) return reject("action/eliminated", "You are eliminated: cleansing is for players still in the game.");
    if (a.wisdom) return reject("action/eliminated", "You are eliminated: you make no claim, so Wisdom gives you nothing this round.");
  }

  if (a.cleanse) {
    const why = cleanseBlock(state, seat);
    if (why) return reject("action/cannot_cleanse", why);
  }
  if (a.resurrect) {
    const why = resurrectBlock(state, seat);
    if (why) return reject("action/cannot_resurrect", why);
  }

  if (a.challenges.length > RULE.maxChallenges) {
    return reject("action/too_many_challenges", `You may challenge at most ${RULE.maxChallenges} players in a round.`);
  }
  if (new Set(a.challenges).size !== a.challenges.length) return reject("action/duplicate_challenge", "Challenge each player at most once.");
  for (const t of a.challenges) {
    if (t === seat) return reject("action/self_challenge", "You cannot challenge yourself.");
    if (!alive.includes(t)) return reject("action/bad_target", `${t} is not a player in this round: only players still in the game can be challenged.`);
  }

  let wisdom: WisdomQuery | null = null;
  if (a.wisdom) {
    const kind = queryKindFor(state.config.wisdomOption);
    if (!usesWisdom(claim, secret)) return reject("action/no_wisdom", "You ask Wisdom's question only when you claim or submit Wisdom.");
    if (kind === null) return reject("action/wisdom_no_question", "In this game Wisdom takes no question: its answer comes by itself.");
    if (a.wisdom.kind !== kind) {
      return reject("action/wisdom_wrong_kind", kind === "pair" ? "Wisdom here asks for a claimed trait and a submitted trait." : "Wisdom here asks for one player.");
    }
    if (a.wisdom.kind === "pair" && a.wisdom.claimed === a.wisdom.submitted) {
      return reject("action/wisdom_same_trait", "Choose two different traits for Wisdom.");
    }
    if (a.wisdom.kind === "player" && (a.wisdom.target === seat || !alive.includes(a.wisdom.target))) {
      return reject("action/wisdom_bad_target", "Ask Wisdom about another player who is in this round.");
    }
    wisdom = a.wisdom;
  } else if (needsQuery(state, seat, claim, secret)) {
    return reject("action/wisdom_missing", "You chose Wisdom: say what Wisdom should tell you.");
  }

  return { claim, secret, challenges: a.challenges.slice(), wisdom, cleanse: a.cleanse, resurrect: a.resurrect, defaulted: false };
}
