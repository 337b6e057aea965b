// The dashboard rendered to markup for each kind of viewer at key moments of a
// scripted game: the controls each role gets, and no role or truth shown to a
// viewer who may not know it.
// React's own string renderer; the lint pattern that keeps components away from our server/ folder matches its name too.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Viewer } from "@/lib/games/core";
import { game } from "@/lib/games/truth-wars";
import type { State, View } from "@/lib/games/truth-wars";
import { act, advance, advanceTo, bans, fixture, votes } from "@/lib/games/truth-wars/test-helpers";
import type { RoomPayload } from "@/lib/protocol";
import { Dashboard } from "./Dashboard";
import { oweLine, roundPlan } from "./labels";

// s1 Fact Checker, s2 Scammer, s3 Drunk, s4 and s5 Misinformed Users.
const NAMES: Record<string, string> = { s1: "Ada", s2: "Bo", s3: "Cy", s4: "Di", s5: "Ed" };
const nameOf = (s: string) => NAMES[s] ?? s;

function render(state: State, viewer: Viewer): string {
  const view = game.view(state, viewer);
  const role = viewer === "host" ? "host" : viewer === "spectator" ? "spectator" : "player";
  const payload = { role, you: role === "player" ? viewer : null, view, phase: game.phase(state) } as unknown as RoomPayload & { view: View };
  const ack = async () => ({ ok: true as const, version: 1 });
  return renderToStaticMarkup(<Dashboard payload={payload} view={view} offsetMs={0} act={ack} hostAct={ack} nameOf={nameOf} />);
}

/** The data-testids in the markup that start with `prefix`. */
function ids(html: string, prefix: string): string[] {
  return [...html.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1] as string).filter((id) => id.startsWith(prefix));
}

/** Whether the button with this test id is rendered disabled. */
function disabled(html: string, id: string): boolean | null {
  const m = new RegExp(`<button[^>]*data-testid="${id}"[^>]*>`).exec(html);
  if (!m) return null;
  return /\sdisabled=""/.test(m[0]);
}

/** The text of the card with this test id (tags and comments dropped). */
function card(html: string, id: string): string {
  const start = html.indexOf(`data-testid="${id}"`);
  if (start < 0) return "";
  const end = html.indexOf("</section>", start);
  return html
    .slice(start, end)
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

const ROLE_WORDS = ["Fact Checker", "Scammer", "Drunk", "Misinformed User"];

describe("Truth Wars dashboard", () => {
  it("shows each seat its own role only, and spectators none", () => {
    const s = advance(fixture({ truths: ["fake", "real"] }));
    for (const seat of s.seats) {
      const html = render(s, seat);
      expect(ids(html, "tw-player-role-")).toEqual([`tw-player-role-${seat}`]);
      expect(html).toContain('data-testid="tw-role-card"');
      expect(html).not.toContain("tw-host-secrets");
    }
    const watch = render(s, "spectator");
    expect(ids(watch, "tw-player-role-")).toEqual([]);
    expect(watch).not.toContain("tw-role-card");
    expect(watch).not.toContain("tw-headline-truth");
    expect(watch).not.toContain("tw-moves");
    for (const w of ROLE_WORDS) expect(card(watch, "tw-players")).not.toContain(w);
  });

  it("gives the headline's truth to the Scammer, the hint to the Drunk, and nothing to a Misinformed User", () => {
    const s = advance(fixture({ truths: ["fake"] }));
    expect(render(s, "s2")).toMatch(/data-testid="tw-headline-truth".*Fake.*Scammers always know/);
    const drunk = render(s, "s3");
    expect(drunk).toMatch(/data-testid="tw-hint"[^>]*>Your private hint: this headline is <strong[^>]*>fake<\/strong>/);
    expect(drunk).not.toContain("tw-headline-truth");
    const plain = render(s, "s4");
    expect(plain).not.toContain("tw-headline-truth");
    expect(plain).not.toContain("tw-hint");
    expect(plain).not.toContain("tw-peek");
  });

  it("offers the Fact Checker a peek, then blocks it next round with the reason", () => {
    let s = advance(fixture({ truths: ["fake", "real"] }));
    let html = render(s, "s1");
    expect(disabled(html, "tw-peek")).toBe(false);
    expect(html).toMatch(/data-testid="tw-peek-left"[^>]*>3 of 3 left/);
    expect(html).toContain("You cannot peek in round 2.");
    s = act(s, "s1", { type: "peek" });
    html = render(s, "s1");
    expect(html).toContain('data-testid="tw-peek-result"');
    expect(html).toMatch(/data-testid="tw-headline-truth".*Fake.*your peek/);
    s = advanceTo(s, "discussion", 2);
    html = render(s, "s1");
    expect(disabled(html, "tw-peek")).toBe(true);
    expect(html).toContain("You peeked last round: you cannot peek in two rounds in a row.");
    expect(html).not.toContain("tw-headline-truth");
  });

  it("shows lean and ready controls in the discussion and the vote buttons in the vote", () => {
    let s = advance(fixture());
    let html = render(s, "s4");
    for (const id of ["tw-lean-trust", "tw-lean-flag", "tw-ready"]) expect(disabled(html, id)).toBe(false);
    expect(disabled(html, "tw-lean-clear")).toBe(true);
    s = act(s, "s4", { type: "lean", lean: "flag" });
    s = act(s, "s4", { type: "ready" });
    html = render(s, "s4");
    expect(html).toMatch(/aria-pressed="true"[^>]*data-testid="tw-lean-flag"/);
    expect(disabled(html, "tw-ready")).toBe(true);
    expect(card(render(s, "spectator"), "tw-players")).toContain("leans Flag");
    s = advance(s);
    html = render(s, "s4");
    for (const c of ["trust", "flag", "abstain"]) expect(disabled(html, `tw-vote-${c}`)).toBe(false);
    expect(oweLine(game.view(s, "s4"), nameOf)).toMatchObject({ todo: true });
    s = act(s, "s4", { type: "vote", choice: "trust" });
    html = render(s, "s4");
    expect(html).toContain("tw-vote-done");
    expect(card(html, "tw-moves")).toMatch(/1 of 5 have voted/);
    const table = render(s, "spectator");
    const row = (seat: string) => new RegExp(`data-testid="tw-player-${seat}".*?</li>`, "s").exec(table)?.[0] ?? "";
    expect(row("s4")).toContain(">voted<");
    expect(row("s1")).toContain("voting…");
    expect(oweLine(game.view(s, "s4"), nameOf)).toEqual({ todo: false, text: "You voted Trust. Ballots show when everyone has voted or the timer ends." });
  });

  it("lets only the Fact Checker snipe, with every unbanned other player as a target", () => {
    const s = advanceTo(fixture(), "snipe");
    const html = render(s, "s1");
    expect(ids(html, "tw-snipe-target-")).toEqual(["tw-snipe-target-s2", "tw-snipe-target-s3", "tw-snipe-target-s4", "tw-snipe-target-s5"]);
    expect(disabled(html, "tw-snipe-confirm")).toBe(true);
    expect(disabled(html, "tw-snipe-hold")).toBe(false);
    for (const seat of ["s2", "s3", "s4", "s5"]) expect(render(s, seat)).not.toContain("tw-snipe-target-");
  });

  it("shows a hit snipe to everyone, and the revote between the tied players only", () => {
    let s = fixture({ roles: "FSSDMMM" });
    s = advanceTo(s, "snipe");
    s = act(s, "s1", { type: "snipe", target: "s2" });
    const watch = render(s, "spectator");
    expect(ids(watch, "tw-player-role-")).toEqual(["tw-player-role-s2"]);
    expect(watch).toContain('data-testid="tw-banned-s2"');
    s = advanceTo(s, "ban_vote", 2);
    s = bans(s, { s1: "s4", s3: "s5", s4: "s5", s5: "s4", s6: null, s7: null });
    expect(s.phase).toBe("ban_revote");
    const html = render(s, "s6");
    expect(ids(html, "tw-ban-target-")).toEqual(["tw-ban-target-s4", "tw-ban-target-s5"]);
    expect(html).toContain("First ballot: ");
    const t = advanceTo(bans(s, { s1: "s4", s3: "s4", s4: "s5", s5: "s4", s6: "s4", s7: null }), "round_end", 2);
    expect(card(render(t, "spectator"), "tw-round-result")).toMatch(/Di was shadow-banned by the table's vote/);
    expect(roundPlan(game.view(s, "s6")).map((x) => `${x.key}:${x.status}`)).toEqual([
      "reveal:done",
      "discussion:done",
      "vote:done",
      "snipe:done",
      "ban_vote:done",
      "ban_revote:now",
      "round_end:next",
    ]);
    expect(disabled(render(s, "s4"), "tw-ban-target-s4")).toBe(true);
  });

  it("marks the steps a round skips: no ban vote in round 1, no snipe in the last round", () => {
    const s = advance(fixture({ config: { rounds: 2 } }));
    const one = roundPlan(game.view(s, "s4"));
    expect(one.filter((x) => x.status === "skipped").map((x) => x.key)).toEqual(["ban_vote", "ban_revote"]);
    const t = advanceTo(s, "discussion", 2);
    expect(roundPlan(game.view(t, "s4")).filter((x) => x.status === "skipped").map((x) => x.key)).toEqual(["snipe"]);
  });

  it("gives the host every role, the deck and the live ballots", () => {
    let s = advanceTo(fixture({ truths: ["fake"] }), "vote");
    s = votes(s, { s2: "trust" });
    const html = render(s, "host");
    expect(html).toContain('data-testid="tw-host-roles"');
    expect(html).toContain('data-testid="tw-host-deck"');
    for (const w of ROLE_WORDS) expect(html).toContain(w);
    expect(html).toContain("Vote (live)");
    expect(ids(html, "tw-player-role-")).toHaveLength(5);
    expect(html).not.toContain("tw-moves");
  });

  it("reveals every role to everyone at the end", () => {
    let s = advance(fixture({ truths: ["real", "real", "real"] }));
    while (s.phase !== "game_over") {
      if (s.phase === "vote") for (const seat of s.seats) if (s.phase === "vote") s = act(s, seat, { type: "vote", choice: "flag" });
      s = s.phase === "game_over" ? s : advance(s);
    }
    for (const v of ["spectator", "s4", "host"] as const) {
      const html = render(s, v);
      expect(ids(html, "tw-result-role-")).toHaveLength(5);
      expect(html).toMatch(/data-testid="tw-winner"[^>]*>Scammers win/);
      expect(html).not.toContain("tw-moves");
    }
  });
});
