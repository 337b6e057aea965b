// Words, colours and small formatters shared by the Five Fold Possession dashboard.
import type { Stone, StoneEffect } from "@/lib/games/five-fold-possession/config";
import type { ChallengeId, ChallengeStatus } from "@/lib/games/five-fold-possession/challenges";
import type { Role, RpsResult, Throw } from "@/lib/games/five-fold-possession/state";

export const ROLE_NAME: Record<Role, string> = {
  possessed: "the Possessed",
  ghostHunter: "the Ghost Hunter",
  player: "a Player",
};

export const ROLE_SHORT: Record<Role, string> = {
  possessed: "Possessed",
  ghostHunter: "Ghost hunter",
  player: "Player",
};

export const ROLE_AIM: Record<Role, string> = {
  possessed: "Complete as many challenges as you can without being noticed. If all four others name you next round, each challenge scores −½ instead of +½.",
  ghostHunter: "Work out who is possessed and stay hidden yourself: naming the possessed next round earns extra, and every player who names you costs you ½.",
  player: "Play the minigames and watch the results: next round you guess who was possessed and who was the ghost hunter.",
};

export const THROWS: Throw[] = ["rock", "paper", "scissors"];
export const THROW_LABEL: Record<Throw, string> = { rock: "Rock", paper: "Paper", scissors: "Scissors" };

export const RESULT_LABEL: Record<RpsResult, string> = { won: "won", lost: "lost", drew: "drew", none: "did not play" };
export const RESULT_TONE: Record<RpsResult, "green" | "red" | "amber" | "neutral"> = { won: "green", lost: "red", drew: "amber", none: "neutral" };

export const STONE_LABEL: Record<Stone, string> = { grey: "Grey", white: "White", black: "Black", green: "Green", red: "Red" };

/** Chip colours of a stone, readable in light and dark. */
export const STONE_CLASS: Record<Stone, string> = {
  grey: "bg-stone-400 text-stone-950 border-stone-500",
  white: "bg-white text-stone-900 border-stone-400 dark:bg-stone-100",
  black: "bg-stone-900 text-white border-stone-950 dark:border-stone-500",
  green: "bg-emerald-500 text-emerald-950 border-emerald-700",
  red: "bg-red-600 text-white border-red-800",
};

export const EFFECT_LABEL: Record<StoneEffect, string> = {
  none: "nothing",
  plus1: "pot +1",
  plus2: "pot +2",
  minus1: "pot −1 (not below 0)",
  minus2: "pot −2 (not below 0)",
  double: "pot doubles",
  halve: "pot halves (rounded down)",
  bust: "bust: the pot is lost and the draw ends",
};

/** A stone's effect in a narrow table cell. */
export const EFFECT_SHORT: Record<StoneEffect, string> = {
  none: "—",
  plus1: "+1",
  plus2: "+2",
  minus1: "−1",
  minus2: "−2",
  double: "×2",
  halve: "½",
  bust: "bust",
};

/** Two or three words per challenge, for tables and badges. */
export const CHALLENGE_SHORT: Record<ChallengeId, string> = {
  "rps-draw": "RPS draw",
  "rps-three-idle": "3 skip RPS",
  "median-prime": "prime card",
  "median-win-or-none": "median won or none",
  "greed-all-grey": "all greys",
  "greed-net-gain": "Greed gain",
  "bid-block-top": "top bid blocked",
  "bid-win-low": "bid won with 0–1",
  "identity-all-right": "all identities right",
  "identity-someone-wrong": "someone guessed wrong",
};

export const STATUS_LABEL: Record<ChallengeStatus, string> = {
  open: "open",
  completed: "done",
  missed: "missed",
  hidden: "revealed at the end",
};

/** 1.5 → "1½", -0.5 → "−½". */
export function pts(n: number): string {
  const sign = n < 0 ? "−" : "";
  const a = Math.abs(n);
  const whole = Math.floor(a);
  const half = a - whole >= 0.5 ? "½" : "";
  return `${sign}${whole === 0 && half ? "" : whole}${half}`;
}

/** +2, −1, 0 */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Replaces seat ids ("s3") in engine notes with display names. */
export function withNames(text: string, nameOf: (seat: string) => string): string {
  return text.replace(/\bs([1-9][0-9]?)\b/g, (m) => nameOf(m));
}
