// The dashboard rendered to HTML for real engine states: what each viewer is
// asked to do, and which controls they get.
// The boundary rule's bare "server" pattern also matches React's own HTML renderer; this is not our server/.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Viewer } from "@/lib/games/core/types";
import { game, type State, type View } from "@/lib/games/truth-deflector";
import { act, gang, honest, pick, playRound, start } from "@/lib/games/truth-deflector/test-helpers";
import type { DashboardProps } from "../types";
import { Dashboard } from "./Dashboard";

const P = "Power" as const;
const C = "Courage" as const;
const W = "Wisdom" as const;

/** The round's clock with `leftMs` to go (a minute when not given). */
function clockWith(leftMs = 60_000) {
  return { deadlineAt: Date.now() + leftMs, paused: false, remainingMs: null, serverNow: Date.now(), durationMs: 180_000 };
}

function render(state: State, viewer: Viewer, clock = clockWith()): string {
  const view = game.view(state, viewer);
  const role = viewer === "host" ? "host" : viewer === "spectator" ? "spectator" : "player";
  const props = {
    payload: { role, status: "running", you: role === "player" ? viewer : null, view, clock, phase: game.phase(state) } as unknown as DashboardProps<View>["payload"],
    view,
    offsetMs: 0,
    act: async () => ({ ok: true as const, version: 1 }),
    hostAct: async () => ({ ok: true as const, version: 1 }),
    nameOf: (s: string) => `Player ${s.slice(1)}`,
  };
  return renderToStaticMarkup(<Dashboard {...props} />);
}

describe("the round", () => {
  it("shows who has locked in from the phase, which every viewer already has", () => {
    let s = start(5);
    s = playRound(s, honest(s, {}));
    for (const seat of ["s2", "s4"]) s = act(s, seat, { type: "submit", ...pick(P) });
    const html = render(s, "spectator");
    expect(html).toContain("2 of 5 locked in");
    const row = (seat: string) => new RegExp(`data-testid="td-player-${seat}".*?</li>`, "s").exec(html)?.[0] ?? "";
    expect(row("s2")).toContain("ready");
    expect(row("s4")).toContain("ready");
    expect(row("s1")).toContain("choosing");
    expect(render(s, "host")).toContain("2 of 5 players have locked in");
  });

  it("warns in the last 30 seconds what happens to a player who has not locked in", () => {
    const s = start(5);
    expect(render(s, "s1")).not.toContain('data-testid="td-last-call"');
    const late = render(s, "s1", clockWith(20_000));
    expect(late).toContain('data-testid="td-last-call"');
    expect(late).toContain("If you do not lock in, the game picks a random trait");
  });

  it("tells a player what they owe and offers the nine choices, challenges and Wisdom", () => {
    const s = start(5);
    const html = render(s, "s1");
    expect(html).toContain("Choose your claim and secret trait, then lock in.");
    for (const t of [P, W, C]) {
      expect(html).toContain(`data-testid="td-claim-${t}"`);
      expect(html).toContain(`data-testid="td-secret-${t}"`);
    }
    expect(html.match(/data-testid="td-challenge-s\d"/g)).toHaveLength(4);
    expect(html).not.toContain('data-testid="td-challenge-s1"');
    expect(html).toContain("Choose the trait you claim and the trait you secretly submit.");
  });

  it("lets an eliminated player challenge, resurrect or pass", () => {
    let s = start(5, { rounds: 4 });
    s = playRound(s, honest(s, { s1: pick(P, C) }));
    s = playRound(s, honest(s, { ...gang("s1", ["s2", "s3", "s4"]) }));
    expect(s.players.s1?.alive).toBe(false);
    const html = render(s, "s1");
    expect(html).toContain("You are eliminated: you can still challenge or resurrect");
    expect(html).toContain('data-testid="td-eliminated-note"');
    expect(html).toContain('data-testid="td-resurrect"');
    expect(html).not.toContain('data-testid="td-claim-Power"');
    expect(html).toContain("Pass this round");
  });

  it("shows the host every submission and status, and the spectator neither", () => {
    let s = start(5);
    s = playRound(s, honest(s, { s2: pick(W, P, { wisdom: { kind: "pair", claimed: C, submitted: W } }) }));
    const host = render(s, "host");
    expect(host).toContain('data-testid="td-host-submissions"');
    expect(host).toMatch(/data-testid="td-host-td-s2"[^>]*>.*?TD</);
    expect(host).toContain("Past rounds in full");
    const spec = render(s, "spectator");
    expect(spec).not.toMatch(/td-host|td-round-form|td-score|td-my-/);
    expect(spec).not.toContain(">TD<");
    expect(spec).toContain("You see public information only.");
  });
});

describe("the end", () => {
  it("lets the winner, and the host for them, name the EC among the tied; others wait", () => {
    let s = start(4, { rounds: 1 });
    s = playRound(s, honest(s, { s4: pick(C) }));
    expect(s.stage).toBe("ecChoice");
    const winner = render(s, "s4");
    expect(winner).toContain("You won! Choose the Elimination Candidate");
    expect(winner).toContain('data-testid="td-ec-confirm"');
    expect(winner.match(/data-testid="td-ec-s\d"/g)).toEqual(['data-testid="td-ec-s1"', 'data-testid="td-ec-s2"', 'data-testid="td-ec-s3"']);
    expect(render(s, "host")).toContain('data-testid="td-ec-confirm"');
    const other = render(s, "s1");
    expect(other).not.toContain('data-testid="td-ec-confirm"');
    expect(other).toContain("The winners (Player 4) choose");
    expect(render(s, "spectator")).not.toContain('data-testid="td-ec-confirm"');
  });

  it("marks the winner in the final standings", () => {
    let s = start(4, { rounds: 1 });
    s = playRound(s, honest(s, { s4: pick(C) }));
    const html = render(s, "s1");
    const row = (seat: string) => html.slice(html.indexOf(`data-testid="td-standing-${seat}"`)).split("</tr>")[0]!;
    expect(row("s4")).toContain('data-testid="td-winner"');
    for (const loser of ["s1", "s2", "s3"]) expect(row(loser)).not.toContain('data-testid="td-winner"');
  });
});
