// The dashboard rendered for every viewer through a whole bot game: it never
// throws, and a seat's private panels appear only on that seat's own screen.
// React's own string renderer, not our server: the house pattern "server" matches its path too.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { playWithBots, runCommand } from "@/lib/games/core/commands";
import { seatIds } from "@/lib/games/core/seats";
import { game, type State, type View } from "@/lib/games/five-fold-possession";
import type { RoomPayload } from "@/lib/protocol";
import { Dashboard } from "./Dashboard";
import { GreedPanel } from "./Greed";

const SEATS = seatIds(5);
const NAMES: Record<string, string> = { s1: "Ada", s2: "Bo", s3: "Cy", s4: "Di", s5: "Ed" };

const rendered = new Map<State, Map<string, string>>();

/** The dashboard's markup for one viewer (each state and viewer rendered once). */
function render(state: State, viewer: string): string {
  const seen = rendered.get(state) ?? new Map<string, string>();
  rendered.set(state, seen);
  const hit = seen.get(viewer);
  if (hit !== undefined) return hit;
  const html = renderFresh(state, viewer);
  seen.set(viewer, html);
  return html;
}

function renderFresh(state: State, viewer: string): string {
  const view = game.view(state, viewer) as View;
  const role = viewer === "host" ? "host" : viewer === "spectator" ? "spectator" : "player";
  const payload = { role, you: role === "player" ? viewer : null, view } as unknown as RoomPayload & { view: View };
  const noop = async () => ({ ok: true as const, version: 1 });
  return renderToStaticMarkup(<Dashboard payload={payload} view={view} offsetMs={0} act={noop} hostAct={noop} nameOf={(s) => NAMES[s] ?? s} />);
}

/** The Greed tab of one seat. */
function renderGreed(state: State, seat: string): string {
  const view = game.view(state, seat) as View;
  const noop = async () => ({ ok: true as const, version: 1 });
  const ctx = { view, me: view.me!, act: noop, who: (s: string) => NAMES[s] ?? s, closed: false };
  return renderToStaticMarkup(<GreedPanel ctx={ctx} view={view} history={view.history} />);
}

/** The last state of every phase (all its entries in), plus a few mid-phase states, of one seeded bot game. */
function states(seed: string): State[] {
  const { log } = playWithBots(game, { seats: SEATS, seed });
  let s: unknown = game.setup({ seats: SEATS, config: game.configSchema.parse({}), seed });
  const out: State[] = [s as State];
  let sinceLast = 0;
  for (const cmd of log) {
    const before = s as State;
    const r = runCommand(game, s, cmd);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    const now = s as State;
    // the last state of each phase (its entries all in), and one mid-phase state now and then
    if (now.phase !== before.phase || now.round !== before.round) out.push(before);
    else if (++sinceLast % 60 === 0) out.push(now);
  }
  out.push(s as State);
  return out;
}

describe("Five Fold Possession dashboard", { timeout: 60_000 }, () => {
  const all = states("dashboard-render");

  it("renders for every seat, the host and a spectator through a whole game", () => {
    for (const st of all) for (const v of [...SEATS, "host", "spectator"]) expect(render(st, v).length).toBeGreaterThan(100);
    expect(all[all.length - 1]!.phase).toBe("end");
    expect(render(all[all.length - 1]!, "spectator")).toContain('data-testid="ffp-end"');
  });

  it("shows a seat's role, hand and garnets only to that seat", () => {
    let ignoreShown = 0;
    for (const st of all) {
      if (st.phase !== "submit") continue;
      const spectator = render(st, "spectator");
      for (const id of ["my-role", "my-hand", "my-garnets", "challenge-checklist", "my-history"]) expect(spectator).not.toContain(`data-testid="${id}"`);
      const roles = st.schedule.roles[st.round - 1];
      for (const s of SEATS) {
        const html = render(st, s);
        expect(html.match(/data-testid="my-role"/g)?.length).toBe(1);
        const mine = roles?.possessed === s ? "possessed" : roles?.ghostHunter === s ? "ghostHunter" : "player";
        expect(html).toContain(`data-role="${mine}"`);
        expect(html.includes('data-testid="challenge-checklist"')).toBe(mine === "possessed");
        // the stone-ignore control lives in the Greed tab, which mounts when opened
        const ignore = renderGreed(st, s).includes('data-testid="greed-ignore"');
        expect(ignore).toBe(mine === "possessed" && !!st.subs[s]?.greed);
        if (ignore) ignoreShown++;
      }
    }
    expect(ignoreShown).toBeGreaterThan(0);
  });

  it("gives the host the secret tables and a spectator none", () => {
    const mid = all.find((st) => st.round === 4 && st.phase === "submit")!;
    const host = render(mid, "host");
    for (const id of ["host-board", "host-submissions"]) expect(host).toContain(`data-testid="${id}"`);
    expect(render(mid, "spectator")).not.toContain("host-board");
    expect(render(mid, "s1")).not.toContain("host-board");
  });
});
