// Plays Truth Wars with bots in every seat and prints win rates per team, per
// player count and per variant: the play-test behind the rule text's
// "balancing knobs". Usage: npx tsx scripts/simulate-truth-wars.ts [games]
// (games per player count and variant, default 1000).
import { playWithBots, seatIds } from "../lib/games/core";
import { game } from "../lib/games/truth-wars";
import type { State } from "../lib/games/truth-wars";

const variants: { name: string; config: Record<string, unknown>; skipChance?: number }[] = [
  { name: "rules as written", config: {} },
  { name: "2 peeks", config: { peeksPerGame: 2 } },
  { name: "Drunk 70%", config: { drunkHintAccuracy: 70 } },
  { name: "ban vote from round 1", config: { banVoteInRoundOne: true } },
  { name: "idle players (15%), no penalty", config: {}, skipChance: 0.15 },
  { name: "idle players (15%), refusal penalty", config: { refusalPenalty: true }, skipChance: 0.15 },
  { name: "secret ballots", config: { secretBallots: true } },
  { name: "2 peeks + Drunk 70%", config: { peeksPerGame: 2, drunkHintAccuracy: 70 } },
];

const games = Number.parseInt(process.argv[2] ?? "1000", 10);
if (!Number.isInteger(games) || games < 1) {
  console.error("usage: npx tsx scripts/simulate-truth-wars.ts [games per player count and variant]");
  process.exit(1);
}

const pct = (n: number) => `${((100 * n) / games).toFixed(1)}%`;

console.log(`Truth Wars: ${games} bot games per player count and variant\n`);
console.log("| Players | Variant | Truth | Scammers | Tie | Truth by bans | Avg rounds |");
console.log("|---|---|---|---|---|---|---|");
const started = performance.now();
for (const players of [5, 6, 7]) {
  for (const v of variants) {
    let truth = 0;
    let scammers = 0;
    let tie = 0;
    let byBans = 0;
    let rounds = 0;
    for (let i = 0; i < games; i++) {
      const r = playWithBots(game, { seats: seatIds(players), config: v.config, seed: `sim-${players}-${v.name}-${i}`, skipChance: v.skipChance });
      const s = r.state as State;
      const result = s.result;
      if (!result) throw new Error("a game ended without a result");
      rounds += result.round;
      if (result.winner === "truth") truth++;
      else if (result.winner === "scammers") scammers++;
      else tie++;
      if (result.reason === "scammers_banned") byBans++;
    }
    console.log(`| ${players} | ${v.name} | ${pct(truth)} | ${pct(scammers)} | ${pct(tie)} | ${pct(byBans)} | ${(rounds / games).toFixed(2)} |`);
  }
}
console.log(`\n${3 * variants.length * games} games in ${((performance.now() - started) / 1000).toFixed(1)} s`);
