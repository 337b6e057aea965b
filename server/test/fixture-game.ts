// A tiny game for server tests: each round every seat secretly picks 1–9; the
// picks are revealed at round end; after `rounds` rounds the highest total wins.
import { z } from "zod";
import { confessionalChannel, directChannelId, publicChannel } from "../../lib/games/core/chat";
import { ok, reject } from "../../lib/games/core/result";
import type { AnyGame, GameDefinition, SeatId } from "../../lib/games/core/types";
import { getGame } from "../../lib/games/registry";

const config = z.object({ rounds: z.number().int().min(1).max(10).default(3), pickSeconds: z.number().int().min(1).default(60) });
type Config = z.infer<typeof config>;
const action = z.discriminatedUnion("type", [z.object({ type: z.literal("pick"), value: z.number().int().min(1).max(9) }), z.object({ type: z.literal("bonus"), seat: z.string() })]);
type Action = z.infer<typeof action>;
interface State {
  seats: SeatId[];
  config: Config;
  round: number;
  picks: Record<SeatId, number | null>;
  totals: Record<SeatId, number>;
  history: Record<SeatId, number>[];
  done: boolean;
}

export const fixtureGame: GameDefinition<State, Config, Action, unknown> = {
  meta: { id: "fixture", name: "Fixture", tagline: "test", kind: "Test", players: { min: 2, max: 4, recommended: 2 }, length: "short", tags: [] },
  configSchema: config,
  actionSchema: action,
  phaseTrack: [{ key: "pick", name: "Pick" }],
  setup: ({ seats, config }) => ({ seats, config, round: 1, picks: Object.fromEntries(seats.map((s) => [s, null])), totals: Object.fromEntries(seats.map((s) => [s, 0])), history: [], done: false }),
  apply(state, actor, a) {
    if (state.done) return reject("action/game_finished", "over");
    if (a.type === "bonus") {
      if (actor !== "host") return reject("action/host_only", "host only");
      if (!state.seats.includes(a.seat)) return reject("action/illegal", "no such seat");
      return ok({ ...state, totals: { ...state.totals, [a.seat]: (state.totals[a.seat] ?? 0) + 1 } });
    }
    if (actor === "host" || !state.seats.includes(actor)) return reject("action/not_a_player", "not a player");
    if (state.picks[actor] !== null) return reject("action/already_submitted", "already picked");
    const next = { ...state, picks: { ...state.picks, [actor]: a.value } };
    return ok(Object.values(next.picks).every((v) => v !== null) ? endRound(next) : next);
  },
  phase: (s) => ({ key: s.done ? "over" : "pick", name: s.done ? "Over" : "Pick", round: s.round, durationMs: s.done ? null : s.config.pickSeconds * 1000, waitingOn: s.done ? [] : s.seats.filter((x) => s.picks[x] === null), finished: s.done }),
  timeout: (s) => endRound({ ...s, picks: Object.fromEntries(s.seats.map((x) => [x, s.picks[x] ?? 1])) }),
  view(s, viewer) {
    return {
      round: s.round,
      totals: { ...s.totals },
      history: s.history.map((h) => ({ ...h })),
      mine: viewer !== "host" && viewer !== "spectator" ? s.picks[viewer] ?? null : null,
      picked: s.seats.filter((x) => s.picks[x] !== null),
      ...(viewer === "host" ? { picks: { ...s.picks } } : {}),
    };
  },
  outcome(s) {
    if (!s.done) return null;
    const ranked = [...s.seats].sort((a, b) => (s.totals[b] ?? 0) - (s.totals[a] ?? 0));
    const best = s.totals[ranked[0]!] ?? 0;
    return { summary: "done", winners: ranked.filter((x) => s.totals[x] === best), losers: [], ranking: ranked.map((seat, i) => ({ seat, place: i + 1, score: s.totals[seat] })), awards: [] };
  },
  // Chat rule for tests: whoever picked 9 last round is muted at the table; s1 and s2 share a
  // direct channel that is open in odd rounds only.
  chat(s, seats) {
    const last = s.history[s.history.length - 1] ?? {};
    const muted = seats.filter((x) => last[x] === 9);
    const open = s.round % 2 === 1 && !s.done;
    return [
      publicChannel(seats, seats.filter((x) => !muted.includes(x)), Object.fromEntries(muted.map((x) => [x, "You picked 9, so you are muted this round."]))),
      ...seats.map(confessionalChannel),
      { id: directChannelId("s1", "s2"), kind: "direct" as const, title: "s1 & s2", members: ["s1", "s2"], writers: open ? ["s1", "s2"] : [], closedReason: "Open in odd rounds only.", public: false },
    ];
  },
  bot(view, { seat, rng }) {
    const v = view as { picked: string[] };
    return v.picked.includes(seat) ? null : { type: "pick", value: rng.range(1, 9) };
  },
};

function endRound(s: State): State {
  const totals = { ...s.totals };
  for (const x of s.seats) totals[x] = (totals[x] ?? 0) + (s.picks[x] ?? 0);
  const history = [...s.history, { ...(s.picks as Record<SeatId, number>) }];
  const done = s.round >= s.config.rounds;
  return { ...s, totals, history, round: done ? s.round : s.round + 1, picks: Object.fromEntries(s.seats.map((x) => [x, null])), done };
}

/** A registered game, or the fixture: what servers started by tests can run. */
export function gameOrFixture(id: string): AnyGame | undefined {
  return getGame(id) ?? (id === fixtureGame.meta.id ? (fixtureGame as AnyGame) : undefined);
}
