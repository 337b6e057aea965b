// The dashboard rendered to markup for each viewer: what each one may read
// shows, and nothing else does.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { game } from "@/lib/games/secret-sinner";
import { act, endRound, newGame, pastRounds } from "@/lib/games/secret-sinner/fixtures";
import { attributeLabel } from "@/lib/games/secret-sinner/rules";
import type { Letter, Sin, Virtue } from "@/lib/games/secret-sinner/rules";
import type { View } from "@/lib/games/secret-sinner/view";
import type { RoomPayload } from "@/lib/protocol";
import { Dashboard } from "./Dashboard";

const ATTRIBUTE_WORDS = /Lust|Gluttony|Greed|Sloth|Wrath|Envy|Pride|Faith|Hope|Charity/;
const noop = async () => ({ ok: true as const, version: 1 });

function render(view: View, role: RoomPayload["role"], you: string | null, phase: RoomPayload["phase"] = null): string {
  const payload = { role, you, view, phase } as unknown as RoomPayload & { view: View };
  return renderToStaticMarkup(<Dashboard payload={payload} view={view} offsetMs={0} act={noop} hostAct={noop} nameOf={(s) => `Name-${s}`} />);
}

/** Text only, without tags and attributes. */
const text = (html: string) => html.replace(/<[^>]*>/g, " ");
/** The text of one card (a card holds no nested section). */
const card = (html: string, testId: string) => text(new RegExp(`data-testid="${testId}".*?</section>`, "s").exec(html)?.[0] ?? "");
const pairLabel = (l: { sin: Sin; virtue: Virtue }) => `${attributeLabel(l.sin)} · ${attributeLabel(l.virtue)}`;

// s1–s4 Heaven, s5–s13 Hell. s5 queries s1 about Pride in round 1.
const start = newGame();
const letters = (seat: string) => start.letters.filter((l) => l.owner === seat);
const q: [Letter, Letter, Letter] = [letters("s1")[0]!.letter, letters("s5")[0]!.letter, letters("s6")[0]!.letter];
const sent = act(start, "s5", { type: "query", letters: q, attribute: "pride", recipient: "s1" });
const round2 = endRound(sent);

describe("Secret Sinner dashboard markup", () => {
  it("shows who is done from the phase, which every viewer already has", () => {
    const done = act(act(start, "s1", { type: "done" }), "s3", { type: "done" });
    const phase = game.phase(done);
    const host = render(game.view(done, "host"), "host", null, phase);
    expect(card(host, "ss-host-round-glance")).toContain("2 of 13 done");
    const board = render(game.view(done, "s2"), "player", "s2", phase);
    const row = (seat: string) => text(new RegExp(`data-testid="ss-board-${seat}".*?</li>`, "s").exec(board)?.[0] ?? "");
    expect(row("s1")).toContain("done");
    expect(row("s3")).toContain("done");
    expect(row("s2")).toContain("acting");
    expect(text(render(game.view(done, "spectator"), "spectator", null, phase))).toContain("2 of 13 players done");
  });

  it("a player sees their own pairs and no one else's", () => {
    for (const seat of ["s1", "s5"]) {
      const html = text(render(game.view(round2, seat), "player", seat));
      for (const l of start.letters) {
        if (l.owner === seat) expect(html).toContain(pairLabel(l));
        else expect(html).not.toContain(pairLabel(l));
      }
    }
  });

  it("the sender sees their query but never its answer", () => {
    const html = render(game.view(round2, "s5"), "player", "s5");
    const block = card(html, "ss-sent");
    expect(block).toContain("Pride");
    expect(block).toContain("Name-s1");
    expect(block).not.toMatch(/\bYes\b|\bNo\b/);
    expect(html).not.toContain('data-testid="ss-received-1-s5"');
  });

  it("the recipient sees the letters and Yes/No, never the attribute", () => {
    const html = render(game.view(round2, "s1"), "player", "s1");
    const block = card(html, "ss-received");
    for (const l of q) expect(block).toContain(l);
    expect(block).toMatch(/Yes|No/);
    expect(block).not.toContain("Pride");
    expect(text(html)).toContain("Private chat open this round with");
  });

  it("a spectator sees the board but no pair, query or lock-in", () => {
    const html = text(render(game.view(round2, "spectator"), "spectator", null));
    expect(html).toContain("Letter board");
    expect(html).not.toMatch(ATTRIBUTE_WORDS);
    expect(html).not.toContain("Name-s1 →");
  });

  it("the host sees the pair table, every query with answers and the standings", () => {
    const html = render(game.view(round2, "host"), "host", null);
    expect(html).toContain('data-testid="ss-host-pairs"');
    expect((html.match(/<tr>/g) ?? []).length).toBeGreaterThan(21);
    expect(text(html)).toContain("Pride");
    expect(text(html)).toContain("Standings");
  });

  it("in the briefing a player sees their realm and no builder, lock-ins or letters", () => {
    const briefing = newGame({ phaseSeconds: { briefing: 60 } });
    const html = render(game.view(briefing, "s5"), "player", "s5");
    expect(text(html)).toContain("Briefing: you are in Hell");
    expect(text(html)).toContain("Letters are dealt when round 1 starts.");
    expect(html).not.toContain('data-testid="ss-query"');
    expect(html).not.toContain('data-testid="ss-locks"');
    expect(html).not.toContain('data-testid="ss-done"');
  });

  it("after the rounds everyone sees the ordering; the winner of Heaven and the host get the pick", () => {
    const end = pastRounds(round2);
    expect(end.stage).toBe("ascension");
    const winner = end.result!.heavenWinner;
    expect(render(game.view(end, winner), "player", winner)).toContain('data-testid="ss-pick"');
    expect(render(game.view(end, "host"), "host", null)).toContain('data-testid="ss-pick"');
    const other = render(game.view(end, "s5"), "player", "s5");
    expect(other).toContain('data-testid="ss-pick-waiting"');
    expect(other).toContain("Elimination Candidate");
    expect(text(render(game.view(end, "spectator"), "spectator", null))).not.toMatch(ATTRIBUTE_WORDS);
  });
});
