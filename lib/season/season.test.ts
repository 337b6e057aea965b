import { describe, expect, it } from "vitest";
import { noEffects } from "../games/core/season";
import { books, inputsFor } from "./book";
import { episodeState } from "./episodes";
import { ledgerRows } from "./ledger";
import { seasonSettings, type LedgerRow, type SeasonData, type SeasonLink, type SeasonRoomInfo } from "./types";
import { seasonView } from "./view";

const settings = seasonSettings.parse({ startingGarnets: 10 });
const members = ["a", "b", "c"].map((id, position) => ({ id, name: id.toUpperCase(), isBot: false, userId: `u-${id}`, position }));
const link = (stage: SeasonLink["stage"], members: Record<string, string>, tokensHeld: Record<string, number> = {}, episode = 1): SeasonLink => ({
  seasonId: "S",
  episode,
  stage,
  members,
  context: { tokenOfLife: "survive", tokensHeld },
});
const room = (roomId: string, stage: SeasonRoomInfo["stage"], status: SeasonRoomInfo["status"], episode = 1): SeasonRoomInfo => ({
  roomId,
  code: roomId.toUpperCase().padEnd(6, "X"),
  gameId: "g",
  gameName: "G",
  status,
  episode,
  stage,
  members: {},
  createdAt: roomId.charCodeAt(0),
});

function mainRows(): LedgerRow[] {
  const e = { ...noEffects(), garnets: { s1: 4, s2: -3, s3: 0 }, tokens: { s1: 2 }, ec: "s3", opponentCandidates: ["s2"], points: { s1: 30, s2: 12, s3: 0 }, marks: ["s2"] };
  return ledgerRows(link("main", { s1: "a", s2: "b", s3: "c" }), e, "main1", 40);
}

describe("the season ledger", () => {
  it("turns a game's effects into rows in members' names, one per kind and seat, keyed by the game-over event", () => {
    const rows = mainRows();
    const keys = rows.map((r) => `${r.roomId}/${r.eventSeq}/${r.kind}/${r.seat}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.filter((r) => r.kind === "garnets").map((r) => [r.memberId, r.amount])).toEqual([["a", 4], ["b", -3]]);
    expect(rows.find((r) => r.kind === "ec")).toMatchObject({ memberId: "c", data: { candidates: ["b"] } });
    expect(rows.find((r) => r.kind === "mark")).toMatchObject({ memberId: "b", data: { forEpisode: 2 } });
    expect(rows.filter((r) => r.kind === "points")).toHaveLength(3);
  });

  it("eliminates the loser of a death match, unless they hold a Token of Life and the season lets it save them", () => {
    const dm = { ...noEffects(), deathMatch: { winner: "s2", loser: "s1" } };
    const plain = ledgerRows(link("death", { s1: "c", s2: "b" }), dm, "dm", 9);
    expect(plain.map((r) => [r.kind, r.memberId, r.amount])).toEqual([["deathMatch", "b", 1], ["deathMatch", "c", -1], ["eliminated", "c", 1]]);
    const saved = ledgerRows(link("death", { s1: "c", s2: "b" }, { s1: 1 }), dm, "dm", 9);
    expect(saved.map((r) => [r.kind, r.memberId, r.amount])).toEqual([["deathMatch", "b", 1], ["deathMatch", "c", -1], ["tokens", "c", -1]]);
    const off = ledgerRows({ ...link("death", { s1: "c", s2: "b" }, { s1: 1 }), context: { tokenOfLife: "none", tokensHeld: { s1: 1 } } }, dm, "dm", 9);
    expect(off.map((r) => r.kind)).toContain("eliminated");
  });

  it("derives balances and the next room's inputs from the rows alone", () => {
    const b = books(members, mainRows(), settings, 1);
    expect([...b.values()].map((x) => [x.garnets, x.tokens])).toEqual([[14, 2], [7, 0], [10, 0]]);
    expect(b.get("a")!.garnetsAfter).toEqual([14]);
    expect(b.get("a")!.pointsIn).toEqual([30]);
    const inputs = inputsFor(b, { s1: "b", s2: "c" }, 2);
    expect(inputs).toEqual({ garnets: { s1: 7, s2: 10 }, marks: ["s1"], realms: null });
  });

  it("follows an episode from the main match through the opponent choice to the death match", () => {
    const rows = mainRows();
    expect(episodeState(1, [room("main1", "main", "running")], []).step).toBe("main");
    expect(episodeState(1, [room("main1", "main", "aborted")], []).step).toBe("mainAgain");
    expect(episodeState(1, [room("main1", "main", "finished")], rows).step).toBe("pickNext");
    const opp = ledgerRows(link("pick", { s1: "c", s2: "b" }), { ...noEffects(), opponent: { ec: "s1", chosen: "s2", by: "timeout" } }, "pick", 3);
    const withPick = [room("main1", "main", "finished"), room("pick", "pick", "finished")];
    expect(episodeState(1, withPick, [...rows, ...opp])).toMatchObject({ step: "deathNext", ec: "c", opponent: "b", opponentBy: "timeout" });
    const dm = ledgerRows(link("death", { s1: "c", s2: "b" }), { ...noEffects(), deathMatch: { winner: "s2", loser: "s1" } }, "dm", 9);
    expect(episodeState(1, [...withPick, room("dm", "death", "finished")], [...rows, ...opp, ...dm])).toMatchObject({ step: "done", eliminated: "c" });
  });
});

describe("the season page", () => {
  const data: SeasonData = {
    code: "SEASON",
    name: "S",
    status: "active",
    hostName: "Host",
    settings,
    members,
    rooms: [room("main1", "main", "finished")],
    ledger: mainRows().map((r, i) => ({ ...r, id: String(i + 1), at: 0 })),
  };

  it("shows each member their own garnets only, the host every balance, the public none", () => {
    const garnets = (v: Parameters<typeof seasonView>[1]) => seasonView(data, v).standings.map((s) => s.garnets);
    expect(garnets({ role: "host" })).toEqual([14, 7, 10]);
    expect(garnets({ role: "member", memberId: "b" })).toEqual([null, 7, null]);
    expect(garnets({ role: "public" })).toEqual([null, null, null]);
    const pub = seasonView(data, { role: "public" });
    expect(pub.ledger.some((r) => r.kind === "garnets")).toBe(false);
    expect(pub.chart.garnets).toEqual([]);
    expect(pub.standings.map((s) => s.tokens)).toEqual([2, 0, 0]);
    expect(pub.next).toBeNull();
    expect(seasonView(data, { role: "host" }).next).toEqual({ kind: "pick", episode: 1, ec: "c" });
  });

  it("gives another member and the public the same page whatever a member's garnets are", () => {
    const other: SeasonData = { ...data, ledger: data.ledger.map((r) => (r.kind === "garnets" && r.memberId === "a" ? { ...r, amount: 99 } : r)) };
    for (const v of [{ role: "member", memberId: "b" }, { role: "public" }] as const) expect(JSON.stringify(seasonView(other, v))).toBe(JSON.stringify(seasonView(data, v)));
    expect(JSON.stringify(seasonView(other, { role: "member", memberId: "a" }))).not.toBe(JSON.stringify(seasonView(data, { role: "member", memberId: "a" })));
  });
});
