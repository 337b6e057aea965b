import { readFile } from "node:fs/promises";
import path from "node:path";
import Link from "next/link";
import { notFound } from "next/navigation";
import { marked } from "marked";
import { games, getGame } from "@/lib/games/registry";

export function generateStaticParams() {
  return games.map((g) => ({ id: g.meta.id }));
}

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return { title: getGame(id)?.meta.name ?? "Rules" };
}

export default async function RulesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const game = getGame(id);
  if (!game) notFound();
  // RULES.md ships with the game module: trusted project content.
  const md = await readFile(path.join(process.cwd(), "lib", "games", game.meta.id, "RULES.md"), "utf8").catch(() => `# ${game.meta.name}\n\nNo rules text yet.`);
  const html = await marked.parse(md, { gfm: true });
  return (
    <article className="mx-auto max-w-3xl">
      <div className="mb-4 flex items-center gap-3">
        <Link href="/#games" className="text-sm text-stone-500 hover:underline">
          ← All games
        </Link>
        <Link href={`/new?game=${game.meta.id}`} className="ml-auto rounded-lg bg-garnet-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-garnet-800">
          Host a room
        </Link>
      </div>
      <div className="prose-rules" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
