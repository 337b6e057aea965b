import { describe, expect, it } from "vitest";
import { seatIds } from "../core/seats";
import type { ChatChannelRule } from "../core/types";
import { configSchema } from "./config";
import { setup } from "./engine";
import { act, endRound, firstLetter, newGame, pastRounds, toRound } from "./fixtures";
import { game } from "./index";
import type { State } from "./state";

const seats = seatIds(13);
const chat = (s: State) => game.chat!(s, seats);
const channel = (s: State, id: string): ChatChannelRule | undefined => chat(s).find((c) => c.id === id);

function query(s: State, sender: string, recipient: string): State {
  const heavenSender = s.realms[sender] === "heaven";
  const letters = heavenSender
    ? ([firstLetter(s, sender === "s2" ? "s3" : "s2"), firstLetter(s, "s11"), firstLetter(s, "s12")] as const)
    : ([firstLetter(s, "s2"), firstLetter(s, "s3"), firstLetter(s, sender === "s11" ? "s12" : "s11")] as const);
  return act(s, sender, { type: "query", letters: [letters[0], letters[1], letters[2]], attribute: "envy", recipient });
}

describe("communication windows", () => {
  it("opens a private channel between sender and recipient for the whole next round only", () => {
    let s = query(newGame(), "s5", "s1");
    expect(channel(s, "dm:s1:s5")).toBeUndefined(); // not before the query is delivered
    s = endRound(s);
    expect(channel(s, "dm:s1:s5")).toMatchObject({ kind: "direct", members: ["s1", "s5"], writers: ["s1", "s5"], public: false });
    expect(channel(s, "dm:s1:s5")!.closedReason).toBeUndefined();
    s = endRound(s);
    const closed = channel(s, "dm:s1:s5")!;
    expect(closed.members).toEqual(["s1", "s5"]); // old messages stay readable
    expect(closed.writers).toEqual([]);
    expect(closed.closedReason).toMatch(/round 2 only/);
  });

  it("keeps the rules one list while queries are sent in a round, and lists the window once the round ends", () => {
    const start = newGame();
    const before = chat(start);
    const sent = query(query(start, "s5", "s1"), "s2", "s9");
    expect(sent.queries).toHaveLength(2);
    // nothing delivered yet: the very list of before
    expect(chat(sent)).toBe(before);
    const next = endRound(sent);
    expect(chat(next)).not.toBe(before);
    expect(chat(next).filter((c) => c.kind === "direct")).toHaveLength(2);
    // a query of the new round leaves that round's rules as they are
    expect(chat(query(next, "s1", "s5"))).toBe(chat(next));
  });

  it("opens again for the round after a new query between the two, in either direction", () => {
    let s = endRound(query(newGame(), "s5", "s1"));
    s = endRound(query(s, "s1", "s5"));
    expect(channel(s, "dm:s1:s5")!.writers).toEqual(["s1", "s5"]);
    expect(s.round).toBe(3);
    s = endRound(endRound(s));
    expect(channel(s, "dm:s1:s5")!.writers).toEqual([]);
    expect(channel(s, "dm:s1:s5")!.closedReason).toMatch(/round 3 only/);
  });

  it("keeps every other pair apart: only pairs with a query get a channel", () => {
    const s = endRound(query(query(newGame(), "s5", "s1"), "s2", "s9"));
    const direct = chat(s).filter((c) => c.kind === "direct").map((c) => c.id);
    expect(direct.sort()).toEqual(["dm:s1:s5", "dm:s2:s9"]);
  });

  it("opens round 10 windows for round 9 queries and closes them all once the rounds are over", () => {
    let s = endRound(query(toRound(newGame(), 9), "s6", "s4"));
    expect(s.round).toBe(10);
    expect(channel(s, "dm:s4:s6")!.writers).toEqual(["s4", "s6"]);
    s = pastRounds(s);
    expect(channel(s, "dm:s4:s6")!.writers).toEqual([]);
    expect(channel(s, "dm:s4:s6")!.closedReason).toMatch(/over/);
  });
});

describe("table talk and confessionals", () => {
  it("by default: open in the briefing and after the results, closed in the rounds and the pick", () => {
    let s = setup({ seats, config: configSchema.parse({}), seed: "talk" });
    expect(channel(s, "public")!.writers).toEqual(seats);
    s = game.timeout(s);
    expect(channel(s, "public")).toMatchObject({ writers: [], members: seats, closedReason: expect.stringMatching(/closed during the rounds/) });
    s = pastRounds(s);
    if (s.stage === "ascension") {
      expect(channel(s, "public")!.writers).toEqual([]);
      s = game.timeout(s);
    }
    expect(channel(s, "public")!.writers).toEqual(seats);
  });

  it("follows the switch: off never opens, always never closes", () => {
    const off = newGame({ publicChat: "off" });
    expect(channel(off, "public")).toMatchObject({ writers: [], closedReason: expect.stringMatching(/no table talk/) });
    expect(channel(pastRounds(off), "public")!.writers).toEqual([]);
    expect(channel(newGame({ publicChat: "always" }), "public")!.writers).toEqual(seats);
  });

  it("keeps every confessional open", () => {
    for (const s of [newGame(), pastRounds(newGame())]) {
      for (const seat of seats) expect(channel(s, `confessional:${seat}`)).toMatchObject({ members: [seat], writers: [seat] });
    }
  });
});
