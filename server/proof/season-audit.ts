// The leak audit of seasons. The season page: each member's garnets (the one
// thing the games tell privately) are drawn again, rows appearing and vanishing
// with them; every other member and the public must get a byte-identical page.
// The episode hand-over: a main match set up from the ledger's balances is
// started again with one seat's balance drawn again; every other seat and a
// spectator must get byte-identical payloads from the room layer.
import { playWithBots } from "../../lib/games/core/commands";
import { Rng } from "../../lib/games/core/rng";
import { seatIds } from "../../lib/games/core/seats";
import type { AnyGame, SeatId } from "../../lib/games/core/types";
import { getGame } from "../../lib/games/registry";
import { books, inputsFor } from "../../lib/season/book";
import { gameOverLedger } from "../../lib/season/ledger";
import { seasonSettings, type LedgerRow, type SeasonData, type SeasonLink, type SeasonRoomInfo, type SeasonStage } from "../../lib/season/types";
import { seasonView, type SeasonViewer } from "../../lib/season/view";
import { AuditRoom, firstDifference } from "./leak-audit";

export interface SeasonAuditFigures {
  seasons: number;
  /** Member-by-member redraws of the season page. */
  counterfactuals: number;
  /** Redraws the host's page tells apart (the redraw changed something visible). */
  effective: number;
  /** Pages compared byte for byte. */
  checked: number;
  /** Main matches set up again with one seat's balance redrawn. */
  handovers: number;
  handoverChecked: number;
  leaks: number;
  examples: string[];
}

export function emptySeasonFigures(): SeasonAuditFigures {
  return { seasons: 0, counterfactuals: 0, effective: 0, checked: 0, handovers: 0, handoverChecked: 0, leaks: 0, examples: [] };
}

/** The same season with `memberId`'s garnet rows drawn again: amounts change, rows appear and vanish (a zero change writes no row). */
function redrawGarnets(data: SeasonData, memberId: string, rng: Rng): SeasonData {
  const ledger = data.ledger.filter((r) => !(r.kind === "garnets" && r.memberId === memberId));
  for (const room of data.rooms.filter((r) => r.stage === "main" && r.status === "finished")) {
    const seat = Object.entries(room.members).find(([, m]) => m === memberId)?.[0];
    const any = data.ledger.find((r) => r.roomId === room.roomId);
    if (!seat || !any || rng.chance(0.3)) continue;
    ledger.push({ ...any, id: "0", memberId, seat, kind: "garnets", amount: rng.pick([-1, 1]) * rng.range(1, 20), data: null });
  }
  return { ...data, ledger };
}

/** Checks the season page of `data` for every member's counterfactual. */
export function auditSeasonPage(data: SeasonData, rng: Rng, fig: SeasonAuditFigures, view: typeof seasonView = seasonView): void {
  const page = (d: SeasonData, v: SeasonViewer) => JSON.stringify(view(d, v));
  for (const m of data.members) {
    const cf = redrawGarnets(data, m.id, rng);
    fig.counterfactuals++;
    if (page(cf, { role: "host" }) !== page(data, { role: "host" })) fig.effective++;
    const viewers: SeasonViewer[] = [{ role: "public" }, ...data.members.filter((o) => o.id !== m.id).map((o): SeasonViewer => ({ role: "member", memberId: o.id }))];
    for (const v of viewers) {
      fig.checked++;
      const real = page(data, v);
      const other = page(cf, v);
      if (real === other) continue;
      fig.leaks++;
      const d = firstDifference(JSON.parse(real), JSON.parse(other));
      if (fig.examples.length < 5) fig.examples.push(`season page: ${m.name}'s garnets show to ${v.role === "member" ? v.memberId : v.role} at ${d?.path}`);
    }
  }
}

/** A main match set up from season balances, and again with each seat's balance drawn again: only that seat and the host may tell. */
export async function auditHandover(game: AnyGame, seats: SeatId[], rng: Rng, fig: SeasonAuditFigures, seed: string): Promise<void> {
  const spec = game.season;
  if (!spec?.takes.garnets) return;
  const inputs = { garnets: Object.fromEntries(seats.map((s) => [s, rng.range(0, 40)])), marks: [], realms: null };
  const spectators = { mode: "live" as const, lag: 1, revealAtEnd: false };
  const start = (garnets: Record<SeatId, number>) => new AuditRoom(game, seed, seats, spec.configure({}, { ...inputs, garnets }, seats), spectators);
  const real = start(inputs.garnets);
  for (const seat of seats) {
    fig.handovers++;
    const other = start({ ...inputs.garnets, [seat]: inputs.garnets[seat]! + rng.range(1, 20) });
    for (const v of [...seats.filter((s) => s !== seat), "spectator" as const]) {
      fig.handoverChecked++;
      const a = real.serialized(v);
      const b = other.serialized(v);
      if (a === b) continue;
      fig.leaks++;
      const d = firstDifference(JSON.parse(a), JSON.parse(b));
      if (fig.examples.length < 5) fig.examples.push(`hand-over ${game.meta.id}: ${seat}'s balance shows to ${v} at ${d?.path}`);
    }
  }
}

/** A season played with the games' own bots, without a server: 9 members, three episodes over three main-match games. */
export function simulateSeason(seed: string): SeasonData {
  const settings = seasonSettings.parse({ startingGarnets: 10 });
  const members = Array.from({ length: 9 }, (_, i) => ({ id: `m${i + 1}`, name: `Bot ${i + 1}`, isBot: true, userId: null, position: i }));
  const rooms: SeasonRoomInfo[] = [];
  const ledger: SeasonData["ledger"] = [];
  const plan: [string, Record<string, unknown>, number | null][] = [
    ["secret-sinner", { rounds: 2, phaseSeconds: { briefing: 0 } }, null],
    ["truth-deflector", { rounds: 3 }, null],
    ["five-fold-possession", {}, 5],
  ];
  const play = (episode: number, stage: SeasonStage, gameId: string, ids: string[], config: Record<string, unknown>): LedgerRow[] => {
    const game = getGame(gameId)!;
    const seats = seatIds(ids.length);
    const book = books(members, ledger, settings, 0);
    const link: SeasonLink = {
      seasonId: "sim",
      episode,
      stage,
      members: Object.fromEntries(seats.map((s, i) => [s, ids[i]!])),
      context: { tokenOfLife: settings.tokenOfLife, tokensHeld: Object.fromEntries(seats.map((s, i) => [s, book.get(ids[i]!)!.tokens])) },
    };
    const full = game.season!.configure(config, inputsFor(book, link.members, episode), seats);
    const { state, log } = playWithBots(game, { seats, config: full, seed: `${seed}/${episode}/${stage}` });
    const roomId = `${seed}/${episode}/${stage}`;
    rooms.push({ roomId, code: `R${rooms.length}`, gameId, gameName: game.meta.name, status: "finished", episode, stage, members: link.members, createdAt: rooms.length });
    const rows = gameOverLedger(link, game, state, roomId, log.length + 1);
    ledger.push(...rows.map((r, i) => ({ ...r, id: String(ledger.length + i + 1), at: 0 })));
    return rows;
  };
  plan.forEach(([gameId, config, size], i) => {
    const episode = i + 1;
    const book = books(members, ledger, settings, 0);
    const alive = members.filter((m) => book.get(m.id)!.eliminatedIn === null).map((m) => m.id);
    const rows = play(episode, "main", gameId, size ? alive.slice(0, size) : alive, config);
    const ec = rows.find((r) => r.kind === "ec");
    if (!ec) return;
    const pick = play(episode, "pick", "opponent-choice", [ec.memberId, ...(ec.data!.candidates as string[])], {});
    const opponent = pick.find((r) => r.kind === "opponent")!.memberId;
    play(episode, "death", "thoths-bluff", [ec.memberId, opponent], { startingHealth: 6 });
  });
  return { code: "SIMSEA", name: seed, status: "active", hostName: "Host", settings, members, rooms, ledger };
}

/** Simulated seasons, each audited page by page, and every garnet-taking main match's hand-over. */
export async function auditSeasons(count: number, seedPrefix = "season-audit"): Promise<SeasonAuditFigures> {
  const fig = emptySeasonFigures();
  for (let i = 0; i < count; i++) {
    const seed = `${seedPrefix}/${i}`;
    const rng = Rng.fromSeed(`${seed}/audit`);
    const data = simulateSeason(seed);
    fig.seasons++;
    auditSeasonPage(data, rng, fig);
    for (const gameId of ["five-fold-possession", "truth-deflector"]) {
      const room = data.rooms.find((r) => r.gameId === gameId);
      if (room) await auditHandover(getGame(gameId)!, Object.keys(room.members), rng, fig, seed);
    }
  }
  return fig;
}
