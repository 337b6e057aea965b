// What holds in every state of Secret Sinner, for fuzzing: the deal (every pair
// once, eight allies per letter, one letter per Hell player and three with six
// different attributes per Heaven player) never changes; lock-ins and queries
// are final, within their limits, and judged by the real pairs.
import { lettersOf, letterInfo } from "./engine";
import { LETTERS, areAllies, hasAttribute } from "./rules";
import type { State } from "./state";

export function invariants(state: State, before: State | null): string[] {
  const out: string[] = [];
  const cfg = state.config;
  if (state.letters.map((l) => l.letter).join() !== LETTERS.join()) out.push("the letters are not A to U in order");
  if (new Set(state.letters.map((l) => `${l.sin}|${l.virtue}`)).size !== LETTERS.length) out.push("a pair is behind two letters");
  for (const l of state.letters) {
    const allies = state.letters.filter((o) => areAllies(l, o)).length;
    if (allies !== 8) out.push(`${l.letter} has ${allies} allies`);
  }
  for (const s of state.seats) {
    const mine = state.letters.filter((l) => l.owner === s);
    const want = state.realms[s] === "heaven" ? 3 : 1;
    if (mine.length !== want) out.push(`${s} (${state.realms[s]}) holds ${mine.length} letters`);
    if (new Set(mine.flatMap((l) => [l.sin, l.virtue])).size !== 2 * mine.length) out.push(`${s}'s pairs share an attribute`);
  }
  if (before && JSON.stringify(before.letters) !== JSON.stringify(state.letters)) out.push("the deal changed");
  if (before && JSON.stringify(state.locks.slice(0, before.locks.length)) !== JSON.stringify(before.locks)) out.push("a lock-in was undone or changed");
  if (before && JSON.stringify(state.queries.slice(0, before.queries.length)) !== JSON.stringify(before.queries)) out.push("a query was undone or changed");
  for (const letter of LETTERS) {
    const locks = state.locks.filter((l) => l.letter === letter);
    if (locks.length > cfg.maxLocksPerLetter) out.push(`${letter} made ${locks.length} lock-ins`);
    if (new Set(locks.map((l) => l.target)).size !== locks.length) out.push(`${letter} locked a letter twice`);
    if (new Set(locks.map((l) => l.round)).size !== locks.length) out.push(`${letter} locked twice in one round`);
  }
  for (const l of state.locks) {
    if (l.target === l.letter) out.push(`${l.letter} locked itself`);
    if (letterInfo(state, l.letter).owner !== l.seat) out.push(`${l.seat} locked with ${l.letter}, not theirs`);
    if (l.correct !== areAllies(letterInfo(state, l.letter), letterInfo(state, l.target))) out.push(`${l.letter} → ${l.target} judged ${l.correct}`);
    if (!cfg.lockOwnLetters && lettersOf(state, l.seat).includes(l.target)) out.push(`${l.seat} locked in their own letter ${l.target}`);
  }
  for (const q of state.queries) {
    if (state.realms[q.sender] === state.realms[q.recipient]) out.push(`a query from ${q.sender} to ${q.recipient}, of the same realm`);
    if (state.queries.filter((x) => x.sender === q.sender && x.round === q.round).length > 1) out.push(`${q.sender} sent two queries in round ${q.round}`);
    if (q.round > cfg.rounds - 1) out.push(`a query in round ${q.round}`);
    q.letters.forEach((letter, i) => {
      if (q.answers[i] !== hasAttribute(letterInfo(state, letter), q.attribute)) out.push(`round ${q.round}: ${letter} answered ${q.answers[i]} for ${q.attribute}`);
    });
  }
  if (new Set(state.done).size !== state.done.length || state.done.some((s) => !state.seats.includes(s))) out.push(`done: ${state.done.join(",")}`);
  if (before && state.round < before.round) out.push(`the round went back from ${before.round} to ${state.round}`);
  if ((state.stage === "ascension" || state.stage === "finished") !== (state.result !== null)) out.push(`stage ${state.stage} with${state.result ? "" : "out"} a result`);
  return out;
}
