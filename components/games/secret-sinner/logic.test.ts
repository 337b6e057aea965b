import { describe, expect, it } from "vitest";
import { act, newGame, toRound } from "@/lib/games/secret-sinner/fixtures";
import { game } from "@/lib/games/secret-sinner";
import { queryLetters } from "@/lib/games/secret-sinner/choices";
import { queryLettersProblem } from "@/lib/games/secret-sinner/rules";
import type { Letter } from "@/lib/games/secret-sinner/rules";
import { groupReasons, letterChoices, oweSentence, queryMissing } from "./logic";

// s1–s4 in Heaven (three letters each), s5–s13 in Hell (one letter each).
const state = newGame();
const viewOf = (s = state, seat = "s5") => game.view(s, seat);
const letterOf = (seat: string, i = 0) => viewOf().board.filter((e) => e.owner === seat)[i]!.letter;

describe("query letter choices", () => {
  const options = queryLetters(viewOf().board, viewOf().me!.query);

  it("offers every letter before anything is picked", () => {
    expect(letterChoices(options, []).every((c) => c.enabled && !c.picked)).toBe(true);
  });

  it("blocks the other letters of a player already picked", () => {
    const a = letterOf("s1", 0);
    const choices = letterChoices(options, [a]);
    for (const l of [letterOf("s1", 1), letterOf("s1", 2)]) {
      const c = choices.find((x) => x.letter === l)!;
      expect(c.enabled).toBe(false);
      expect(c.reason).toContain("one letter per player");
    }
    expect(choices.find((x) => x.letter === a)!.picked).toBe(true);
  });

  it("after two letters of one realm only the other realm is left", () => {
    const picked = [letterOf("s1"), letterOf("s2")];
    const choices = letterChoices(options, picked);
    expect(choices.filter((c) => c.realm === "heaven" && c.owner !== "s1" && c.owner !== "s2").every((c) => !c.enabled && c.reason!.includes("Hell"))).toBe(true);
    expect(choices.filter((c) => c.realm === "hell").every((c) => c.enabled)).toBe(true);
    expect(choices.filter((c) => !c.picked && c.realm === "heaven").every((c) => !c.enabled)).toBe(true);
  });

  it("never enables a letter that would make an illegal query (every pair of picks)", () => {
    const all = options.map((o) => o.letter);
    for (const a of all)
      for (const b of all) {
        if (a >= b) continue;
        const pair: Letter[] = [a, b];
        const first = letterChoices(options, [a]).find((c) => c.letter === b)!;
        if (!first.enabled) continue;
        for (const c of letterChoices(options, pair)) {
          if (c.picked) continue;
          const legal = queryLettersProblem([a, b, c.letter], viewOf().board, "s5", true) === null;
          expect(c.enabled, `${a}${b}${c.letter}`).toBe(legal);
        }
      }
  });

  it("blocks a fourth letter", () => {
    const picked = [letterOf("s1"), letterOf("s5"), letterOf("s6")];
    expect(letterChoices(options, picked).filter((c) => !c.picked).every((c) => !c.enabled)).toBe(true);
  });

  it("keeps the view's own reason for letters that may never be queried", () => {
    const strict = newGame({ queryOwnLetters: false });
    const v = game.view(strict, "s5");
    const own = queryLetters(v.board, v.me!.query);
    const mine = letterChoices(own, []).find((c) => c.owner === "s5")!;
    expect(mine.enabled).toBe(false);
    expect(mine.reason).toContain("own letters");
  });

  it("groups disabled options by reason", () => {
    const groups = groupReasons(letterChoices(options, [letterOf("s1")]), (c) => c.letter);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.keys).toHaveLength(2);
  });
});

describe("what is missing before sending", () => {
  it("names every missing part, then the recipient's problem, then nothing", () => {
    const v = viewOf();
    expect(queryMissing(v, "s5", [], null, null)).toBe("Pick 3 more letters, a sin or virtue and a recipient.");
    const letters = [letterOf("s1"), letterOf("s5"), letterOf("s6")];
    expect(queryMissing(v, "s5", letters, "pride", null)).toBe("Pick a recipient.");
    expect(queryMissing(v, "s5", letters, "pride", "s6")).toContain("other realm");
    expect(queryMissing(v, "s5", letters, "pride", "s1")).toBeNull();
  });

  it("refuses a recipient whose limit is used up", () => {
    const letters: [Letter, Letter, Letter] = [letterOf("s1"), letterOf("s5"), letterOf("s6")];
    let s = act(state, "s5", { type: "query", letters, attribute: "pride", recipient: "s1" });
    s = toRound(s, 2);
    s = act(s, "s5", { type: "query", letters, attribute: "hope", recipient: "s1" });
    s = toRound(s, 3);
    expect(queryMissing(game.view(s, "s5"), "s5", letters, "pride", "s1")).toContain("twice");
  });
});

describe("what the player owes", () => {
  it("lists the query and the lock-ins, then done, then the last round", () => {
    expect(oweSentence(viewOf(), (s) => s)).toMatch(/^Round 1 of 10: send your query and lock in an ally for [A-U] if you wish, then press Done\.$/);
    const heaven = oweSentence(viewOf(state, "s1"), (s) => s);
    expect(heaven).toMatch(/lock in an ally for [A-U], [A-U] and [A-U]/);
    const done = act(state, "s5", { type: "done" });
    expect(oweSentence(viewOf(done), (s) => s)).toContain("you are done");
    const last = toRound(state, 10);
    expect(oweSentence(viewOf(last), (s) => s)).toContain("(lock-ins only)");
    expect(oweSentence(viewOf(last), (s) => s)).not.toContain("query");
  });

  it("speaks of the briefing before the letters are dealt", () => {
    const b = newGame({ phaseSeconds: { briefing: 60 } });
    expect(oweSentence(viewOf(b), (s) => s)).toContain("Briefing: you are in Hell");
  });
});
