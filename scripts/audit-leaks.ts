// npm run audit:leaks [-- --games 1000] [--game <id>] [--jobs <n>] [--per-state <n|all>] [--viewers <n|all>] [--sample <phaseStart>,<other>] [--seasons 20]
//
// Plays seeded bot games of every registered game through the room layer and
// checks, at sampled states, that no seat and no spectator can tell the real
// state from the game's declared counterfactuals (see server/proof/leak-audit.ts).
// Prints, per game: games × payloads checked × refusals compared × leaks (a
// payload that differs, or an answer to an action, a chat message or a history
// request that differs, for a viewer who may not know the secret). Then simulated
// seasons: the season page and the hand-over of balances into main matches
// (server/proof/season-audit.ts). Exits 1 on any leak.
import { fork } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { games, getGame } from "../lib/games/registry";
import { addFigures, auditGame, emptyFigures, type AuditFigures, type AuditOptions } from "../server/proof/leak-audit";
import { auditSeasons } from "../server/proof/season-audit";

interface Shard {
  gameId: string;
  from: number;
  games: number;
}

interface Settings {
  perState: AuditOptions["perState"];
  viewers: AuditOptions["viewers"];
  sample: NonNullable<AuditOptions["sample"]>;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function runShard(shard: Shard, settings: Settings): Promise<AuditFigures> {
  const game = getGame(shard.gameId);
  if (!game) throw new Error(`no game ${shard.gameId}`);
  return auditGame(game, { games: shard.games, from: shard.from, perState: settings.perState, viewers: settings.viewers, sample: settings.sample });
}

/** A worker process: audits the shards it is sent, one at a time. */
function worker(): void {
  process.on("message", (m: { shard: Shard; settings: Settings } | "exit") => {
    if (m === "exit") process.exit(0);
    runShard(m.shard, m.settings).then(
      (figures) => process.send!({ figures }),
      (e: unknown) => process.send!({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
    );
  });
}

function pad(s: string | number, n: number): string {
  return String(s).padStart(n);
}

async function main(): Promise<void> {
  const perGame = Number(arg("games") ?? 1000);
  const only = arg("game");
  const jobs = Math.max(1, Number(arg("jobs") ?? availableParallelism()));
  const per = arg("per-state") ?? "2";
  const viewers = arg("viewers") ?? "4";
  const [phaseStart, other] = (arg("sample") ?? "0.25,0.05").split(",").map(Number);
  const settings: Settings = { perState: per === "all" ? "all" : Number(per), viewers: viewers === "all" ? "all" : Number(viewers), sample: { phaseStart: phaseStart ?? 0.25, other: other ?? 0.05 } };
  const chosen = games.filter((g) => !only || g.meta.id === only);
  if (!chosen.length) throw new Error(`no game ${only}`);
  const undeclared = chosen.filter((g) => !g.secrets).map((g) => g.meta.id);

  const shardSize = 10;
  const queue: Shard[] = [];
  for (const g of chosen) for (let from = 0; from < perGame; from += shardSize) queue.push({ gameId: g.meta.id, from, games: Math.min(shardSize, perGame - from) });
  const totals = new Map(chosen.map((g) => [g.meta.id, emptyFigures(g.meta.id)]));
  const remaining = new Map(chosen.map((g) => [g.meta.id, queue.filter((s) => s.gameId === g.meta.id).length]));
  const started = Date.now();

  console.log(`Leak audit: ${perGame} seeded bot games per game through the room layer, ${jobs} process(es); ${settings.perState} counterfactual(s) per audited state, each compared for ${settings.viewers} seat(s) outside its knowers and a spectator; states sampled at ${settings.sample.phaseStart} (phase starts) and ${settings.sample.other} (others), plus every game's first and last state.`);
  const header = `${"game".padEnd(22)} ${pad("games", 6)} ${pad("states", 9)} ${pad("audited", 8)} ${pad("counterfact.", 12)} ${pad("visible", 8)} ${pad("payloads", 10)} ${pad("checked", 9)} ${pad("refusals", 9)} ${pad("leaks", 6)} ${pad("s", 6)}`;
  const line = (f: AuditFigures) =>
    `${f.gameId.padEnd(22)} ${pad(f.games, 6)} ${pad(f.states, 9)} ${pad(f.audited, 8)} ${pad(f.counterfactuals, 12)} ${pad(f.effective, 8)} ${pad(f.payloads, 10)} ${pad(f.checked, 9)} ${pad(f.refusalProbes, 9)} ${pad(f.leaks, 6)} ${pad(Math.round((Date.now() - started) / 1000), 6)}`;
  console.log(header);

  await new Promise<void>((resolve, reject) => {
    let running = 0;
    const self = fileURLToPath(import.meta.url);
    for (let j = 0; j < Math.min(jobs, queue.length); j++) {
      const child = fork(self, ["--worker"], { execArgv: process.execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
      running++;
      const next = () => {
        const shard = queue.shift();
        if (shard) child.send({ shard, settings });
        else child.send("exit");
        return shard;
      };
      let current = next();
      child.on("message", (m: { figures?: AuditFigures; error?: string }) => {
        if (m.error || !m.figures || !current) return reject(new Error(m.error ?? "a worker sent nothing"));
        const id = current.gameId;
        addFigures(totals.get(id)!, m.figures);
        const left = remaining.get(id)! - 1;
        remaining.set(id, left);
        if (left === 0) console.log(line(totals.get(id)!));
        current = next();
      });
      child.on("exit", (code) => {
        running--;
        if (code !== 0) reject(new Error(`a worker exited with ${code}`));
        else if (running === 0) resolve();
      });
    }
  });

  const all = [...totals.values()];
  const sum = all.reduce((acc, f) => addFigures(acc, f, 20), emptyFigures("all"));
  console.log(line(sum));
  console.log(`\n"visible": counterfactuals the host's own payload tells apart from the real state (the rest redraw what no payload shows, such as generator states).`);
  for (const f of all) {
    if (f.refusedBotMoves) console.log(`${f.gameId}: ${f.refusedBotMoves} bot move(s) refused by the game.`);
    if (f.unfinished) console.log(`${f.gameId}: ${f.unfinished} game(s) stopped at the step limit.`);
    if (f.mutations) console.log(`${f.gameId}: ${f.mutations} counterfactual call(s) changed the state they were given.`);
  }
  if (undeclared.length) console.log(`No secrets declared (nothing audited): ${undeclared.join(", ")}.`);
  for (const e of sum.examples) console.log(`LEAK ${e.gameId} seed=${e.seed} seats=${e.seats} v${e.version} phase ${e.phase}: "${e.secret}" shows to ${e.viewer} at ${e.path}: ${JSON.stringify(e.real)} vs ${JSON.stringify(e.counterfactual)}`);

  // a run of one game audits no seasons unless asked to
  const seasonCount = Number(arg("seasons") ?? (only ? 0 : 20));
  const seasons = await auditSeasons(seasonCount);
  if (seasonCount) {
    console.log(`\nSeasons: ${seasons.seasons} simulated (9 bots, 3 episodes). Season page: ${seasons.counterfactuals} member balances redrawn (${seasons.effective} visible to the host), ${seasons.checked} pages of other members and the public compared.`);
    console.log(`Hand-over: ${seasons.handovers} main matches set up again with one balance redrawn, ${seasons.handoverChecked} payloads of other seats and a spectator compared. Leaks: ${seasons.leaks}.`);
    for (const e of seasons.examples) console.log(`LEAK ${e}`);
  }
  if (sum.leaks > 0 || sum.mutations > 0 || undeclared.length || seasons.leaks > 0) process.exitCode = 1;
}

if (process.argv.includes("--worker")) worker();
else
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
