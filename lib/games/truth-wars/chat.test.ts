import { describe, expect, it } from "vitest";
import { game } from "./index";
import { act, advance, advanceTo, bans, fixture } from "./test-helpers";

const table = (s: Parameters<NonNullable<typeof game.chat>>[0]) => game.chat!(s, s.seats).find((c) => c.id === "public")!;

describe("chat", () => {
  it("opens the public table to every seat and a confessional per seat", () => {
    const s = fixture();
    const rules = game.chat!(s, s.seats);
    expect(rules.map((c) => c.id)).toEqual(["public", "confessional:s1", "confessional:s2", "confessional:s3", "confessional:s4", "confessional:s5"]);
    expect(table(s)).toMatchObject({ kind: "public", members: s.seats, writers: s.seats, public: true });
    for (const c of rules.slice(1)) expect(c).toMatchObject({ kind: "confessional", public: false });
  });

  it("lets a shadow-banned player read the table but never write to it again, saying why", () => {
    let s = advanceTo(fixture(), "ban_vote", 2);
    s = bans(s, { s1: "s4", s2: "s4", s3: "s4", s4: "s1", s5: "s4" });
    for (let i = 0; i < 6; i++) {
      const t = table(s);
      expect(t.members).toContain("s4");
      expect(t.writers).toEqual(["s1", "s2", "s3", "s5"]);
      expect(t.mutedReasons?.s4).toMatch(/Shadow-banned by the table's vote in round 2/);
      // the confessional stays open: it is not table talk
      expect(game.chat!(s, s.seats).find((c) => c.id === "confessional:s4")?.writers).toEqual(["s4"]);
      s = advance(s);
    }
  });

  it("names the snipe as the reason for a sniped Scammer", () => {
    let s = advanceTo(fixture({ roles: "FSSDMMM" }), "snipe");
    s = act(s, "s1", { type: "snipe", target: "s2" });
    expect(table(s).writers).not.toContain("s2");
    expect(table(s).mutedReasons?.s2).toMatch(/snipe/);
  });

  it("opens the table to everyone again once the game is over", () => {
    let s = advanceTo(fixture(), "snipe");
    s = act(s, "s1", { type: "snipe", target: "s2" });
    expect(s.phase).toBe("game_over");
    expect(table(s).writers).toEqual(s.seats);
    expect(table(s).mutedReasons).toBeUndefined();
  });
});
