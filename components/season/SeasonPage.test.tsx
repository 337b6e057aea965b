// The season page's parts rendered from a simulated season for the host, a
// member and the public: they never throw, and garnets show only where allowed.
// React's own string renderer, not our server: the house pattern "server" matches its path too.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { noEffects } from "@/lib/games/core/season";
import { ledgerRows } from "@/lib/season/ledger";
import { seasonSettings, type SeasonData } from "@/lib/season/types";
import { seasonView, type SeasonViewer } from "@/lib/season/view";
import { Episodes, Timeline } from "./Episodes";
import { SeasonChart } from "./SeasonChart";
import { Standings } from "./Standings";

const members = ["Ada", "Bo", "Cy"].map((name, position) => ({ id: `m${position}`, name, isBot: false, userId: `u${position}`, position }));
const link = { seasonId: "S", episode: 1, stage: "main" as const, members: { s1: "m0", s2: "m1", s3: "m2" }, context: { tokenOfLife: "survive" as const, tokensHeld: {} } };
const main = ledgerRows(link, { ...noEffects(), garnets: { s1: 417, s2: -3, s3: 2 }, tokens: { s1: 2 }, ec: "s3", opponentCandidates: ["s2"], points: { s1: 30, s2: 12, s3: 0 } }, "r1", 20);
const pick = ledgerRows({ ...link, stage: "pick", members: { s1: "m2", s2: "m1" } }, { ...noEffects(), opponent: { ec: "s1", chosen: "s2", by: "ec" } }, "r2", 3);
const dm = ledgerRows({ ...link, stage: "death", members: { s1: "m2", s2: "m1" } }, { ...noEffects(), deathMatch: { winner: "s2", loser: "s1" } }, "r3", 30);
const room = (roomId: string, stage: "main" | "pick" | "death", code: string, createdAt: number) => ({ roomId, code, gameId: "g", gameName: "Game", status: "finished" as const, episode: 1, stage, members: {}, createdAt });
const data: SeasonData = {
  code: "SEASON",
  name: "S",
  status: "active",
  hostName: "Host",
  settings: seasonSettings.parse({ startingGarnets: 10 }),
  members,
  rooms: [room("r1", "main", "AAAAAA", 1), room("r2", "pick", "BBBBBB", 2), room("r3", "death", "CCCCCC", 3)],
  ledger: [...main, ...pick, ...dm].map((r, i) => ({ ...r, id: String(i), at: 0 })),
};

function page(viewer: SeasonViewer): string {
  const view = seasonView(data, viewer);
  const nameOf = (id: string | null) => members.find((m) => m.id === id)?.name ?? "—";
  const names = new Map(members.map((m) => [m.id, m.name]));
  const series = view.chart.garnets.map((g) => ({ key: g.memberId, label: names.get(g.memberId)!, values: g.values }));
  return renderToStaticMarkup(
    <>
      <Standings view={view} />
      <SeasonChart series={series} episodes={view.chart.episodes} label="garnets" testId="g" />
      <Episodes view={view} nameOf={nameOf} />
      <Timeline view={view} nameOf={nameOf} />
    </>,
  );
}

describe("the season page", () => {
  it("shows the episode, the elimination and the standings to everyone", () => {
    for (const v of [{ role: "host" }, { role: "member", memberId: "m1" }, { role: "public" }] as SeasonViewer[]) {
      const html = page(v);
      expect(html).toContain("Bo beat Cy");
      expect(html).toContain("eliminated in ep. 1");
      expect(html).toContain('href="/r/CCCCCC"');
    }
  });

  it("shows Ada's balance (427) to the host and to Ada only", () => {
    expect(page({ role: "host" })).toContain("427");
    expect(page({ role: "member", memberId: "m0" })).toContain("427");
    expect(page({ role: "member", memberId: "m1" })).not.toContain("427");
    expect(page({ role: "public" })).not.toContain("427");
  });

  it("links replays only for the host while the season runs", () => {
    expect(page({ role: "host" })).toContain("/r/AAAAAA/replay");
    expect(page({ role: "member", memberId: "m1" })).not.toContain("/replay");
  });
});
