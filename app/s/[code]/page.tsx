import { notFound } from "next/navigation";
import { ROOM_CODE_RE } from "@/lib/protocol";
import { auth } from "@/lib/auth/config";
import { SeasonClient } from "@/components/season/SeasonClient";
import { gameForm } from "@/lib/game-forms";
import { catalogue } from "@/lib/games/registry";

export const metadata = { title: "Season" };

export default async function SeasonPage({ params, searchParams }: { params: Promise<{ code: string }>; searchParams: Promise<{ invite?: string }> }) {
  const code = (await params).code.toUpperCase();
  if (!ROOM_CODE_RE.test(code)) notFound();
  const { invite } = await searchParams;
  const session = await auth();
  // the games' settings forms are described here, where the schemas are, and reach the page as plain data
  const death = catalogue.find((g) => g.season?.role === "death");
  const games = { main: catalogue.filter((g) => g.season?.role === "main").map(gameForm), death: death ? gameForm(death) : null };
  return <SeasonClient code={code} invite={typeof invite === "string" ? invite : null} signedIn={Boolean(session?.user)} games={games} />;
}
