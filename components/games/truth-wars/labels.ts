// Words for the Truth Wars dashboard: what each phase is for, what this viewer
// still owes, how a round runs, and the consequences of a move before it is made.
// Pure functions of the view, so they are easy to test.
import type { PhaseKey, Role, Team, Truth, VoteChoice, View } from "@/lib/games/truth-wars";
import { ROLE_NAMES, TEAM_NAMES } from "@/lib/games/truth-wars/state";

export const roleName = (r: Role): string => ROLE_NAMES[r];
export const teamName = (t: Team): string => TEAM_NAMES[t];

export const VOTE_LABEL: Record<VoteChoice, string> = { trust: "Trust", flag: "Flag", abstain: "Abstain" };
export const TRUTH_LABEL: Record<Truth, string> = { real: "Real", fake: "Fake" };

/** One sentence per phase: what the table does in it. */
export const PHASE_PURPOSE: Record<PhaseKey, string> = {
  reveal: "A new headline is on the table. Read it; the Drunk gets a private hint.",
  discussion: "Argue whether the headline is real or fake. Show a lean if you like; the Fact Checker may peek. It ends when everyone is ready or the timer runs out.",
  vote: "Everyone still in the game votes Trust (real) or Flag (fake). The majority decides who scores the round.",
  snipe: "The Fact Checker may secretly snipe one player, once per game. A Scammer hit is shadow-banned at once.",
  ban_vote: "Everyone still in the game names one player to shadow-ban. Most votes is silenced for the rest of the game.",
  ban_revote: "The ban vote tied: one more vote between the tied players only. Another tie bans nobody.",
  round_end: "The round's point, the truth when the point gives it away, and any bans are shown. Then the next headline.",
  game_over: "The game is over: every role, hint and peek is revealed.",
};

export interface Owe {
  /** True when this viewer still has something to do in this phase. */
  todo: boolean;
  text: string;
}

/** What the viewer still owes right now, in words. */
export function oweLine(view: View, nameOf: (seat: string) => string): Owe {
  if (view.result || view.phase === "game_over") return { todo: false, text: "The game is over: every role, hint and peek is revealed below." };
  const me = view.me;
  if (!me) {
    if (view.host) return { todo: false, text: "You are hosting: you see every secret. “End phase now” moves on with the timer's defaults." };
    return { todo: false, text: "You are watching: public information only. Roles stay hidden until the end." };
  }
  if (me.banned) return { todo: false, text: "You are shadow-banned: you can watch, but not talk, vote or use a power. You still win or lose with your team." };
  const can = (t: string) => me.can.includes(t as never);
  switch (view.phase) {
    case "reveal":
      return can("ready")
        ? { todo: true, text: "Read the headline, then press Ready to start the discussion." }
        : { todo: false, text: "Ready. The discussion starts when everyone is ready or the timer ends." };
    case "discussion": {
      const peek = can("peek") && me.peek ? ` You may peek at the truth (${me.peek.left} left).` : "";
      if (!can("ready")) return { todo: false, text: `Ready. You can still change your lean until the discussion ends.${peek}` };
      if (me.lean === null) return { todo: true, text: `Discuss: show your lean (Trust or Flag), then press Ready.${peek}` };
      return { todo: true, text: `You lean ${VOTE_LABEL[me.lean]}; you can still change it. Press Ready when you're done.${peek}` };
    }
    case "vote":
      return can("vote")
        ? { todo: true, text: "Vote Trust or Flag (or abstain). One vote, final." }
        : { todo: false, text: `You voted ${me.vote ? VOTE_LABEL[me.vote] : "—"}. Ballots show when everyone has voted or the timer ends.` };
    case "snipe":
      if (me.snipe?.deciding) {
        return me.snipe.used
          ? { todo: true, text: "Your one snipe is spent: press Hold to move on." }
          : { todo: true, text: "Snipe a player you believe is a Scammer, or hold your snipe." };
      }
      return { todo: false, text: "Nothing to do: the Fact Checker decides in secret. The step ends at its timer." };
    case "ban_vote":
    case "ban_revote": {
      const revote = view.phase === "ban_revote";
      if (can("ban")) {
        const names = revote && view.banVote ? view.banVote.candidates.filter((s) => s !== me.seat).map(nameOf).join(" or ") : "";
        return { todo: true, text: revote ? `Revote: name ${names || "one of the tied players"}, or abstain.` : "Name one player to shadow-ban, or abstain." };
      }
      if (me.ban.voted) return { todo: false, text: `Ballot cast (${me.ban.target ? nameOf(me.ban.target) : "abstained"}). The result shows when everyone has voted or the timer ends.` };
      return { todo: false, text: "You are not part of this ban vote." };
    }
    case "round_end":
      return can("ready")
        ? { todo: true, text: "Read the round's result, then press Ready for the next headline." }
        : { todo: false, text: "Ready. The next round starts when everyone is ready or the timer ends." };
  }
}

export type StepStatus = "done" | "now" | "next" | "skipped";

export interface Step {
  key: PhaseKey;
  name: string;
  status: StepStatus;
  /** Why a step is skipped or conditional in this round. */
  note: string | null;
}

const ORDER: PhaseKey[] = ["reveal", "discussion", "vote", "snipe", "ban_vote", "ban_revote", "round_end"];
const SHORT: Record<PhaseKey, string> = {
  reveal: "Reveal",
  discussion: "Discussion",
  vote: "Vote",
  snipe: "Snipe",
  ban_vote: "Ban vote",
  ban_revote: "Revote",
  round_end: "Scoring",
  game_over: "Game over",
};

/** This round's steps, with those that do not happen in this round marked. */
export function roundPlan(view: View): Step[] {
  const r = view.round;
  const cur = view.history[view.history.length - 1];
  const here = ORDER.indexOf(view.phase);
  const over = view.phase === "game_over";
  const snipes = view.rules.snipeRounds.includes(r);
  const bans = r >= view.rules.banVoteFromRound;
  const tied = cur?.banVote?.tied != null;
  return ORDER.map((key, i) => {
    let note: string | null = null;
    let skipped = false;
    if (key === "snipe" && !snipes) {
      skipped = true;
      note = view.rules.snipeRounds.length ? `rounds ${view.rules.snipeRounds.join(", ")} only` : "not in this game";
    }
    if ((key === "ban_vote" || key === "ban_revote") && !bans) {
      skipped = true;
      note = `from round ${view.rules.banVoteFromRound}`;
    }
    if (key === "ban_revote" && bans && !tied) {
      note = "only on a tie";
      if (here > i || over || (cur?.banVote?.result ?? null) !== null) skipped = true;
    }
    const status: StepStatus = skipped ? "skipped" : over || i < here ? "done" : i === here ? "now" : "next";
    return { key, name: SHORT[key], status, note };
  });
}

/** What a vote choice would mean, given what this viewer knows of the headline. */
export function voteConsequence(view: View, choice: VoteChoice): string {
  const me = view.me;
  if (choice === "abstain") {
    const team = me ? `your team (${teamName(me.team)})` : "the refuser's team";
    return view.rules.refusalPenalty
      ? `Abstaining counts as refusing to vote: ${team} loses 1 point at the scoring update (never below 0), and it shows.`
      : "Abstaining counts as refusing to vote. It does not count toward the majority; no penalty in this game.";
  }
  const says = choice === "trust" ? "real" : "fake";
  const base = `${VOTE_LABEL[choice]} says the headline is ${says}.`;
  const truth = view.headline?.truth ?? null;
  if (truth) {
    const right = says === truth;
    return `${base} It is ${truth}: a ${VOTE_LABEL[choice]} majority scores for the ${right ? "Truth Team" : "Scammers"}.`;
  }
  const hint = me?.hints.find((h) => h.round === view.round);
  if (hint) return `${base} Your hint says ${hint.says} (right ${me?.hintAccuracy === 100 ? "every time" : `about ${me?.hintAccuracy}% of the time`}).`;
  return `${base} The majority of Trust against Flag decides the point; a tie scores nothing.`;
}

/** What a ban ballot would do. */
export function banConsequence(view: View, target: string | null, nameOf: (seat: string) => string): string {
  const revote = view.phase === "ban_revote";
  if (target === null) return "Abstaining names nobody. It is never penalised.";
  const who = nameOf(target);
  const fellow = view.me?.fellowScammers.includes(target) ? ` Careful: ${who} is your fellow Scammer.` : "";
  return revote
    ? `If ${who} has the most votes, they are silenced for the rest of the game (their role stays secret). Another tie bans nobody.${fellow}`
    : `If ${who} has strictly the most votes, they are silenced for the rest of the game (their role stays secret). A tie goes to one revote between the tied players.${fellow}`;
}

export function snipeConsequence(target: string | null, nameOf: (seat: string) => string): string {
  if (target === null) return "Holding keeps your snipe for a later round (if one is left). Nobody is told what you did.";
  const who = nameOf(target);
  return `If ${who} is a Scammer, they are shadow-banned at once and shown to all as a Scammer. If not, nothing happens and nobody is told. Either way your one snipe is spent.`;
}

export function peekConsequence(view: View): string {
  const left = view.me?.peek?.left ?? 0;
  const next = view.round + 1;
  const cooldown = next <= view.rounds ? ` You cannot peek in round ${next}.` : "";
  return `Uses 1 of your ${left} peek${left === 1 ? "" : "s"}; only you see the result.${cooldown}`;
}

/** Where this viewer's knowledge of the current headline's truth comes from. */
export function truthSource(view: View): string | null {
  if (!view.headline?.truth) return null;
  const cur = view.history[view.history.length - 1];
  if (view.result) return "revealed at the end";
  if (cur?.scoring?.pointTo) return "given away by the round's point";
  if (view.host) return "host view";
  if (view.me?.role === "scammer") return "Scammers always know";
  if (view.me?.peek?.results.some((p) => p.round === view.round)) return "your peek";
  return null;
}

/** Counts of a ban ballot: who was named by whom, most first; abstainers apart. */
export function countBallot(ballot: Record<string, string | null>): { counts: { seat: string; by: string[] }[]; abstained: string[] } {
  const by: Record<string, string[]> = {};
  const abstained: string[] = [];
  for (const [voter, target] of Object.entries(ballot)) {
    if (target === null) abstained.push(voter);
    else (by[target] ??= []).push(voter);
  }
  const counts = Object.entries(by)
    .map(([seat, voters]) => ({ seat, by: voters }))
    .sort((a, b) => b.by.length - a.by.length || a.seat.localeCompare(b.seat, undefined, { numeric: true }));
  return { counts, abstained };
}

/** A ballot in words: "Bo: 2 votes, Cy: 1 vote; 1 abstained". */
export function ballotLine(ballot: Record<string, string | null>, nameOf: (seat: string) => string): string {
  const { counts, abstained } = countBallot(ballot);
  const named = counts.map((c) => `${nameOf(c.seat)}: ${c.by.length} vote${c.by.length === 1 ? "" : "s"}`).join(", ");
  return `${named || "nobody named"}${abstained.length ? `; ${abstained.length} abstained` : ""}`;
}
