// The dashboard rendered to HTML from views the engine builds: each viewer sees what
// it may (bluff markers only for the bluffer and the host, private panels only for
// the host), every phase renders, and the pure plan helpers behave.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { playWithBots, runCommand, type GameCommand } from "@/lib/games/core";
import { game, type View } from "@/lib/games/thoths-bluff";
import type { State } from "@/lib/games/thoths-bluff/state";
import type { RoomPayload } from "@/lib/protocol";
import { Dashboard } from "./Dashboard";
import { emptyPlan, oweText, projection, samePlan, toggleDie, withNames } from "./model";

const SEATS = ["s1", "s2"];
const names: Record<string, string> = { s1: "Ada", s2: "Bo" };

function start(config: Record<string, unknown> = {}, seed = "dash"): State {
  return game.setup({ seats: SEATS, config: game.configSchema.parse(config), seed });
}

function act(state: State, actor: string, action: unknown): State {
  const r = runCommand(game, state, { kind: "action", actor, action });
  if (!r.ok) throw new Error(`${JSON.stringify(action)} by ${actor} refused: ${r.message}`);
  return r.state as State;
}

function render(state: State, viewer: string): string {
  const view = game.view(state, viewer) as View;
  const role = viewer === "host" ? "host" : viewer === "spectator" ? "spectator" : "player";
  const payload = { role, you: role === "player" ? viewer : null, view } as unknown as RoomPayload & { view: View };
  const refuse = async () => ({ ok: false as const, code: "replay/read_only" as const, message: "not in a test" });
  return renderToStaticMarkup(<Dashboard payload={payload} view={view} offsetMs={0} act={refuse} hostAct={refuse} nameOf={(s) => names[s] ?? s} />);
}

const count = (html: string, needle: string) => html.split(needle).length - 1;

/** Ada rolls her d4 and bluffs her d6 to 5; Bo rolls his d20 and d8. */
function bluffedRound(): State {
  let s = start();
  s = act(s, "s1", { type: "roll", die: "d4" });
  s = act(s, "s1", { type: "bluff", die: "d6", value: 5 });
  s = act(s, "s2", { type: "roll", die: "d20" });
  s = act(s, "s2", { type: "roll", die: "d8" });
  return s;
}

describe("who sees what", () => {
  it("during rolling: Ada sees her bluff marked; Bo, the spectator and the host's seat-less eyes follow the rules", () => {
    const s = bluffedRound();
    const ada = render(s, "s1");
    expect(count(ada, 'data-testid="bluff-marker"')).toBe(1);
    expect(ada).toContain('data-testid="bluffing-note"');
    expect(ada).toContain('data-testid="roll-d8"');
    const bo = render(s, "s2");
    expect(bo).not.toContain("bluff-marker");
    const spectator = render(s, "spectator");
    expect(spectator).not.toContain("bluff-marker");
    expect(spectator).not.toContain("seat-panel-");
    expect(spectator).toContain("revealed when the rolling phase ends");
    const host = render(s, "host");
    expect(count(host, 'data-testid="bluff-marker"')).toBe(1);
    expect(host).toContain('data-testid="seat-panel-s1"');
    expect(host).toContain('data-testid="seat-panel-s2"');
  });

  it("after rolling: both players' rolls are public, the bluff looks like a roll for Bo and the spectator", () => {
    let s = bluffedRound();
    s = act(act(s, "s1", { type: "done" }), "s2", { type: "done" });
    expect(s.phase).toBe("rigging");
    const spectator = render(s, "spectator");
    expect(spectator).toContain('data-testid="public-rolls-s1"');
    expect(count(spectator, 'data-testid="roll-entry"')).toBe(4);
    expect(spectator).not.toContain("bluff-marker");
    const bo = render(s, "s2");
    expect(bo).not.toContain("bluff-marker");
    expect(bo).toContain('data-testid="opponent-rolls"');
    // Ada sees her marker in the challenge-free round summary
    expect(render(s, "s1")).toContain("bluff-marker");
  });

  it("in the record of past rounds the bluff stays unmarked for everyone but Ada and the host", () => {
    let s = bluffedRound();
    for (let i = 0; i < 3; i++) s = game.timeout(s);
    expect(s.round).toBe(2);
    for (const v of ["s2", "spectator"]) {
      const html = render(s, v);
      expect(html).toContain('data-testid="history-round-1"');
      expect(html).not.toContain("bluff-marker");
      expect(html).not.toContain("private-notes");
    }
    expect(render(s, "s1")).toContain("bluff-marker");
    expect(render(s, "host")).toContain("bluff-marker");
  });
});

describe("every phase renders its controls", () => {
  it("rigging lists this round's tools, wagers and the done button", () => {
    let s = bluffedRound();
    s = act(act(s, "s1", { type: "done" }), "s2", { type: "done" });
    const ada = render(s, "s1");
    for (const id of s.toolSchedule[0]!.tools) expect(ada).toContain(`data-testid="tool-${id}"`);
    expect(ada).toContain('data-testid="wager-d4"');
    expect(ada).toContain('data-testid="tb-done"');
    expect(ada).toContain('data-testid="rig-preview"');
  });

  it("the action phase shows every running action with its dice", () => {
    let s = bluffedRound();
    s = game.timeout(game.timeout(s));
    expect(s.phase).toBe("action");
    const ada = render(s, "s1");
    for (const slot of ["short", "medium", "long"]) expect(ada).toContain(`data-testid="action-${slot}"`);
    expect(ada).toContain('data-testid="assign-short-d4"');
    expect(ada).toContain('data-testid="plan-status"');
  });

  it("a saved plan is what the player sees", () => {
    let s = bluffedRound();
    s = game.timeout(game.timeout(s));
    // the seeded round has an action without a restriction: any die may go there
    const free = s.actions.find((a) => a.restriction === null);
    expect(free, "an unrestricted action this round").toBeDefined();
    s = act(s, "s1", { type: "assign", [free!.slot]: ["d4"] });
    expect(render(s, "s1")).toContain(`Saved: ${free!.slot}: d4`);
  });
});

describe("whole games", () => {
  it("render for both seats, the spectator and the host at every step of bot games, never marking a bluff for the spectator", () => {
    for (const seed of ["g1", "g2"]) {
      const config = { startingHealth: 5 };
      const r = playWithBots(game, { seats: SEATS, config, seed });
      let s = game.setup({ seats: SEATS, config: game.configSchema.parse(config), seed });
      const step = (cmd: GameCommand) => {
        const x = runCommand(game, s, cmd);
        if (!x.ok) throw new Error(x.message);
        s = x.state as State;
      };
      for (const cmd of r.log) {
        step(cmd);
        const spectator = render(s, "spectator");
        expect(spectator).not.toContain("bluff-marker");
        expect(spectator).not.toContain("seat-panel-");
        expect(spectator).not.toContain('data-testid="tb-done"');
        const opp = render(s, "s2");
        expect(opp).not.toContain("seat-panel-");
        render(s, "s1");
        render(s, "host");
      }
      expect(s.phase).toBe("finished");
      expect(render(s, "s1")).toContain("The game is over");
      expect(render(s, "spectator")).toMatch(/The game is over\. (Ada|Bo) wins/);
    }
  }, 120_000);
});

describe("the final tiebreak", () => {
  it("gives the host a button per seat and tells the players the host decides", () => {
    // one health each and no extra rounds: the first short action, left empty by both, is a tie that kills both
    let s = start({ startingHealth: 1, maxExtraBlocks: 0 });
    for (let i = 0; i < 3; i++) s = game.timeout(s);
    expect(s.phase).toBe("tiebreak");
    const host = render(s, "host");
    expect(host).toContain('data-testid="pick-winner-s1"');
    expect(host).toContain('data-testid="pick-winner-s2"');
    expect(render(s, "s1")).toContain("the host names the winner");
    expect(render(s, "spectator")).not.toContain("pick-winner");
  });
});

describe("model", () => {
  it("puts names in the engine's summaries, one pass, whole ids only", () => {
    const names2: Record<string, string> = { s1: "s2", s2: "Bo" };
    expect(withNames("s1 wins (health s1 1, s2 -1; s10 stays)", ["s1", "s2"], (x) => names2[x] ?? x)).toBe("s2 wins (health s2 1, Bo -1; s10 stays)");
  });


  it("toggling a die moves it between actions and takes it back", () => {
    let p = toggleDie(emptyPlan(), "short", "d6");
    expect(p.short).toEqual(["d6"]);
    p = toggleDie(p, "long", "d6");
    expect(p).toEqual({ short: [], medium: [], long: ["d6"] });
    p = toggleDie(p, "long", "d6");
    expect(samePlan(p, null)).toBe(true);
    expect(samePlan({ short: [], medium: ["d4", "d6"], long: [] }, { short: [], medium: ["d6", "d4"], long: [] })).toBe(true);
  });

  it("says what each seat owes", () => {
    let s = start();
    const v = (st: State, seat: string) => game.view(st, seat) as View;
    expect(oweText(v(s, "s1"), "Bo").text).toMatch(/Roll/);
    s = act(s, "s1", { type: "bluff", die: "d4", value: 2 });
    expect(oweText(v(s, "s1"), "Bo").text).toMatch(/only be bluffed/);
    s = act(s, "s1", { type: "done" });
    expect(oweText(v(s, "s1"), "Bo")).toEqual({ tone: "wait", text: "Done with this phase — waiting for Bo." });
    s = act(s, "s2", { type: "done" });
    expect(oweText(v(s, "s2"), "Ada").text).toMatch(/challenge if you think Ada bluffed/);
  });

  it("projects an action's total and completeness", () => {
    let s = start();
    s = act(s, "s1", { type: "bluff", die: "d20", value: 17 });
    s = game.timeout(game.timeout(s));
    const view = game.view(s, "s1") as View;
    const short = view.running.find((a) => a.slot === "short")!;
    expect(projection(short, view.me!, { short: ["d20"], medium: [], long: [] })).toEqual({ total: 17, sent: 1, complete: true });
    expect(projection(short, view.me!, emptyPlan())).toEqual({ total: 0, sent: 0, complete: false });
  });
});
