import { describe, expect, it } from "vitest";
import type { GameCommand } from "../core";
import { Rng, botMove, playWithBots, replay, runCommand, seatIds } from "../core";
import { configSchema } from "./config";
import { game } from "./index";
import type { State } from "./types";

const VARIANTS: Record<string, Record<string, unknown>> = {
  default: {},
  "two peeks": { peeksPerGame: 2 },
  "drunk 70%": { drunkHintAccuracy: 70 },
  "ban vote from round 1": { banVoteInRoundOne: true },
  "refusal penalty": { refusalPenalty: true },
  "seven rounds": { rounds: 7 },
};

describe("bots", () => {
  it.each(Object.entries(VARIANTS))("finish hundreds of games (%s) with an outcome and no rejected move", (_name, config) => {
    const winners = new Set<string>();
    for (let i = 0; i < 120; i++) {
      const n = 5 + (i % 3);
      const r = playWithBots(game, { seats: seatIds(n), config, seed: `bots-${_name}-${i}` });
      const s = r.state as State;
      const out = game.outcome(s);
      expect(out).not.toBeNull();
      expect(game.phase(s).finished).toBe(true);
      winners.add(s.result!.winner);
    }
    expect(winners.has("truth")).toBe(true);
  });

  it("cope with idle players (some seats skip their turns)", () => {
    for (let i = 0; i < 60; i++) {
      const r = playWithBots(game, { seats: seatIds(5 + (i % 3)), seed: `idle-${i}`, skipChance: 0.4, config: { refusalPenalty: true } });
      expect(game.outcome(r.state as State)).not.toBeNull();
    }
  });

  it("only send moves their own view lists as possible, and do something in every role", () => {
    const config = configSchema.parse({});
    const kinds = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const seats = seatIds(5 + (i % 3));
      let s = game.setup({ seats, config, seed: `legal-${i}` });
      const rng = Rng.fromSeed(`legal-bots-${i}`);
      for (let step = 0; step < 5000 && !game.phase(s).finished; step++) {
        let acted = false;
        for (const seat of seats) {
          const v = game.view(s, seat);
          const a = game.bot(v, { seat, rng, phase: game.phase(s) });
          if (!a) continue;
          expect(v.me?.can).toContain(a.type);
          kinds.add(`${v.me?.role}:${a.type}`);
          const r = runCommand(game, s, { kind: "action", actor: seat, action: a });
          if (!r.ok) throw new Error(`${seat} ${JSON.stringify(a)}: ${r.message}`);
          s = r.state as State;
          acted = true;
          break;
        }
        if (!acted) s = game.timeout(s);
      }
      expect(game.phase(s).finished).toBe(true);
    }
    for (const k of ["fact_checker:peek", "fact_checker:snipe", "scammer:lean", "scammer:vote", "scammer:ban", "drunk:lean", "misinformed:vote", "misinformed:ban"]) expect(kinds).toContain(k);
  });

  it("do nothing for spectators, the host, banned seats or a finished game", () => {
    const r = playWithBots(game, { seats: seatIds(6), seed: "quiet" });
    const s = r.state as State;
    const rng = Rng.fromSeed("q");
    for (const seat of s.seats) expect(botMove(game, s, seat, rng)).toBeNull();
    const start = game.setup({ seats: seatIds(6), config: configSchema.parse({}), seed: "quiet-2" });
    expect(game.bot(game.view(start, "spectator"), { seat: "s1", rng, phase: game.phase(start) })).toBeNull();
    expect(game.bot(game.view(start, "host"), { seat: "s1", rng, phase: game.phase(start) })).toBeNull();
  });
});

describe("replay", () => {
  it("rebuilds the exact state from the seed and the log", () => {
    for (let i = 0; i < 30; i++) {
      const setup = { seats: seatIds(5 + (i % 3)), seed: `replay-${i}`, config: i % 2 ? { drunkHintAccuracy: 70, banVoteInRoundOne: true } : {} };
      const r = playWithBots(game, { ...setup, skipChance: 0.2 });
      expect(replay(game, setup, r.log)).toEqual(r.state);
      expect(JSON.parse(JSON.stringify(r.state))).toEqual(r.state);
    }
  });

  it("refuses a stale timeout", () => {
    const s = game.setup({ seats: seatIds(5), config: configSchema.parse({}), seed: "stale" });
    const cmd: GameCommand = { kind: "timeout", phase: "1:vote" };
    expect(runCommand(game, s, cmd)).toMatchObject({ ok: false, code: "timeout/stale" });
  });
});
