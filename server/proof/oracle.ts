// A refusal must not know a secret. For a viewer who may not know what a
// counterfactual redrew, every answer the room gives — to a game action, to a
// chat message on any channel, to a history request — must be the same (code
// and message, or acceptance) in the real state and in the counterfactual one.
// Probed with the same code paths the live room runs: the game's command
// reducer, and the room's chat rules.
import { botMove, runCommand } from "../../lib/games/core/commands";
import { directChannelId } from "../../lib/games/core/chat";
import type { AnyGame, SeatId } from "../../lib/games/core/types";
import type { Rng } from "../../lib/games/core/rng";
import type { RoomData } from "../../lib/room/types";
import type { GameRules } from "../../lib/room/rules";
import { channelsFor, chatAuthor, chatRules } from "../rooms/chat";
import { CommandError } from "../rooms/errors";

export interface OracleDifference {
  probe: string;
  real: string;
  counterfactual: string;
}

function answer(f: () => unknown): string {
  try {
    const r = f() as { ok?: boolean; code?: string; message?: string } | undefined;
    if (r && r.ok === false) return `${r.code}: ${r.message}`;
    return "accepted";
  } catch (e) {
    if (e instanceof CommandError) return `${e.code}: ${e.message}`;
    throw e;
  }
}

/** Channel ids worth asking about: every channel either state has, every direct pair, every confessional, and one that never exists. */
function channelIds(rules: GameRules, a: RoomData, b: RoomData): string[] {
  const seats = a.seats.map((s) => s.seat);
  const ids = new Set<string>(["public", "nope"]);
  for (const r of [...chatRules(rules, a), ...chatRules(rules, b)]) ids.add(r.id);
  for (const s of seats) ids.add(`confessional:${s}`);
  for (const x of seats) for (const y of seats) if (x < y) ids.add(directChannelId(x, y));
  return [...ids];
}

/**
 * The answers that differ between `real` and `counterfactual` for `viewer` (a
 * seat, or null for a signed-in outsider). `moves` are actions to send as the
 * viewer: its own bot move and the other seats' moves of the moment.
 */
export function refusalDifferences(game: AnyGame, rules: GameRules, real: RoomData, counterfactual: RoomData, viewer: SeatId | null, userOf: (seat: SeatId) => string, moves: unknown[]): { probes: number; differences: OracleDifference[] } {
  const out: OracleDifference[] = [];
  let probes = 0;
  const compare = (probe: string, ask: (d: RoomData) => string) => {
    probes++;
    const a = ask(real);
    const b = ask(counterfactual);
    if (a !== b) out.push({ probe, real: a, counterfactual: b });
  };
  if (viewer !== null) {
    for (const action of moves) {
      compare(`action ${JSON.stringify(action).slice(0, 80)}`, (d) => answer(() => runCommand(game, d.state, { kind: "action", actor: viewer, action })));
    }
  }
  const userId = viewer === null ? "audit-outsider" : userOf(viewer);
  for (const channel of channelIds(rules, real, counterfactual)) {
    compare(`chat to ${channel}`, (d) => answer(() => chatAuthor(rules, d, "audit-host", "Host", userId, channel)));
    compare(`history of ${channel}`, (d) => (channelsFor(rules, d, viewer === null ? "spectator" : "player", viewer).some((c) => c.id === channel) ? "readable" : "chat/not_member"));
  }
  return { probes, differences: out };
}

/** Moves to probe with: each seat's bot move from its own view of the real state (sent by someone else, most are refusals). */
export function probeMoves(game: AnyGame, state: unknown, seats: SeatId[], rng: Rng): unknown[] {
  const moves: unknown[] = [];
  for (const seat of seats) {
    try {
      const m = botMove(game, state, seat, rng);
      if (m !== null) moves.push(m);
    } catch {
      // a bot with nothing sensible to say here offers no probe
    }
  }
  return moves;
}
