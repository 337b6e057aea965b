// The leak audit in small: a bot game of every registered game through the room
// layer, and planted leaks it must catch. The 1,000-game run is
// `npm run audit:leaks`.
import { describe, expect, it } from "vitest";
import { games } from "../lib/games/registry";
import type { AnyGame, SeatId, Viewer } from "../lib/games/core/types";
import { auditGame, firstDifference } from "./proof/leak-audit";
import { Rng } from "../lib/games/core/rng";
import { seasonView } from "../lib/season/view";
import { getGame } from "../lib/games/registry";
import { auditHandover, auditSeasonPage, auditSeasons, emptySeasonFigures, simulateSeason } from "./proof/season-audit";

const small = { games: 1, perState: "all", viewers: 3, sample: { phaseStart: 0.2, other: 0.03 } } as const;

/** `game` with its view, phase or chat changed by `change`. */
function planted(game: AnyGame, change: Partial<AnyGame>): AnyGame {
  return { ...game, ...change };
}

/** The seat after `seat`, round the table (every game keeps its seat list as `state.seats`). */
function neighbour(state: unknown, seat: SeatId): SeatId {
  const seats = (state as { seats: SeatId[] }).seats;
  return seats[(seats.indexOf(seat) + 1) % seats.length] ?? seat;
}

describe("leak audit", () => {
  it("every registered game declares its secrets", () => {
    expect(games.filter((g) => !g.secrets).map((g) => g.meta.id)).toEqual([]);
  });

  for (const game of games) {
    it(`${game.meta.id}: no seat or spectator can tell its declared counterfactuals apart`, async () => {
      const f = await auditGame(game, { ...small, seedPrefix: "leak-audit-test" });
      expect(f.examples).toEqual([]);
      if (f.counterfactuals === 0) {
        // the opponent choice of a season has nothing secret; its own tests check that every viewer sees the same
        expect(game.meta.seasonOnly).toBe(true);
        return;
      }
      expect(f.leaks).toBe(0);
      expect(f.mutations).toBe(0);
      expect(f.unfinished).toBe(0);
      expect(f.refusedBotMoves).toBe(0);
      expect(f.checked).toBeGreaterThan(0);
      // the declaration redraws things the host does see: it is not empty
      expect(f.effective).toBeGreaterThan(0);
    });
  }

  it("catches a view that shows a seat its neighbour's own view", async () => {
    // (a game with nothing secret has no neighbour's view to leak)
    for (const game of games.filter((g) => !g.meta.seasonOnly)) {
      const leaky = planted(game, {
        view: (state: unknown, viewer: Viewer) => {
          const mine = game.view(state, viewer) as object;
          if (viewer === "host" || viewer === "spectator") return mine;
          return { ...mine, neighbour: game.view(state, neighbour(state, viewer)) };
        },
      });
      const f = await auditGame(leaky, { ...small, maxSteps: 40 });
      expect(f.leaks, game.meta.id).toBeGreaterThan(0);
      expect(f.examples[0]?.path, game.meta.id).toMatch(/^view\.neighbour/);
    }
  });

  it("catches a secret in the phase tracker, which every viewer is sent", async () => {
    const game = games.find((g) => g.meta.id === "truth-wars")!;
    const leaky = planted(game, {
      phase: (state: unknown) => {
        const p = game.phase(state);
        const roles = (state as { roles: Record<SeatId, string> }).roles;
        return { ...p, name: `${p.name} (${Object.keys(roles).filter((s) => roles[s] === "scammer").join(" ")})` };
      },
    });
    const f = await auditGame(leaky, { ...small, maxSteps: 40 });
    expect(f.leaks).toBeGreaterThan(0);
    expect(f.examples.map((e) => e.path)).toContain("phase.name");
    // the phase's name also goes out in pushes and Discord posts: the alerts are held to the same rule
    expect(f.examples.map((e) => e.path)).toContain("alerts");
  });

  it("catches a refusal whose message depends on a secret (an oracle), though every payload is clean", async () => {
    const game = games.find((g) => g.meta.id === "truth-wars")!;
    const leaky = planted(game, {
      apply: (state: unknown, actor: string, action: never) => {
        const r = game.apply(state, actor, action);
        if (r.ok) return r;
        const roles = (state as { roles: Record<SeatId, string> }).roles;
        return { ...r, message: `${r.message} (${Object.keys(roles).filter((s) => roles[s] === "scammer").length > 0 && roles.s1 === "scammer" ? "ask s1" : "ask anyone"})` };
      },
    });
    const f = await auditGame(leaky, { ...small, maxSteps: 40 });
    expect(f.leaks).toBeGreaterThan(0);
    expect(f.refusalProbes).toBeGreaterThan(0);
    expect(f.examples.every((e) => e.path.startsWith("answer to action"))).toBe(true);
  });

  it("catches a chat channel that tells a third seat about a private window", async () => {
    const game = games.find((g) => g.meta.id === "secret-sinner")!;
    const leaky = planted(game, {
      chat: (state: unknown, seats: SeatId[]) =>
        game.chat!(state, seats).map((c) => (c.kind === "direct" ? { ...c, members: seats } : c)),
    });
    const f = await auditGame(leaky, { ...small, maxSteps: 100, sample: { phaseStart: 1, other: 0.2 } });
    expect(f.leaks).toBeGreaterThan(0);
    expect(f.examples.some((e) => e.path.startsWith("channels"))).toBe(true);
  });

  it("catches a Scammer shown every role, not only the other Scammers'", async () => {
    const game = games.find((g) => g.meta.id === "truth-wars")!;
    const leaky = planted(game, {
      view: (state: unknown, viewer: Viewer) => {
        const v = game.view(state, viewer) as { players: { seat: SeatId; role: string | null }[] };
        const roles = (state as { roles: Record<SeatId, string> }).roles;
        if (roles[viewer] !== "scammer") return v;
        return { ...v, players: v.players.map((p) => ({ ...p, role: roles[p.seat] ?? null })) };
      },
    });
    const f = await auditGame(leaky, { ...small, maxSteps: 60 });
    expect(f.leaks).toBeGreaterThan(0);
    expect(f.examples.some((e) => /^view\.players\[\d+\]\.role$/.test(e.path) && e.secret.startsWith("the roles of"))).toBe(true);
  });

  it("catches this round's aliases listed in seat order instead of alphabetically", async () => {
    const game = games.find((g) => g.meta.id === "five-fold-possession")!;
    const leaky = planted(game, {
      view: (state: unknown, viewer: Viewer) => {
        const s = state as { seats: SeatId[]; round: number; aliases: Record<SeatId, string>[] };
        const v = game.view(state, viewer) as { aliases: string[] };
        return v.aliases.length ? { ...v, aliases: s.seats.map((x) => s.aliases[s.round - 1]![x]!) } : v;
      },
    });
    const f = await auditGame(leaky, { ...small, maxSteps: 60 });
    expect(f.leaks).toBeGreaterThan(0);
    expect(f.examples.some((e) => e.path.startsWith("view.aliases") && e.secret.startsWith("whose alias is whose"))).toBe(true);
  });

  it("names where two payloads differ", () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toEqual({ path: "a[1].b", a: 2, b: 3 });
    expect(firstDifference({ a: 1, b: 2 }, { b: 2, a: 1 })?.path).toBe("(root) (key order)");
    expect(firstDifference([1, 2], [1, 2])).toBeNull();
  });

  it("seasons: no member or visitor can tell another member's garnets on the season page or in a main match set up from them", async () => {
    const f = await auditSeasons(2, "leak-audit-season-test");
    expect(f.examples).toEqual([]);
    expect(f.leaks).toBe(0);
    expect(f.checked).toBeGreaterThan(0);
    expect(f.effective).toBeGreaterThan(0);
    expect(f.handoverChecked).toBeGreaterThan(0);
  });

  it("seasons: catches a season page that shows every balance, and a main match whose view shows the starting balances", async () => {
    const data = simulateSeason("planted");
    const page = emptySeasonFigures();
    auditSeasonPage(data, Rng.fromSeed("p"), page, (d, v) => seasonView(d, v.role === "public" ? { role: "host" } : v));
    expect(page.leaks).toBeGreaterThan(0);
    const ffp = getGame("five-fold-possession")!;
    const leaky = planted(ffp, { view: (state, viewer) => ({ ...ffp.view(state, viewer), start: (state as { startGarnets: unknown }).startGarnets }) });
    const hand = emptySeasonFigures();
    await auditHandover(leaky, ["s1", "s2", "s3", "s4", "s5"], Rng.fromSeed("p"), hand, "planted");
    expect(hand.leaks).toBeGreaterThan(0);
  });
});
