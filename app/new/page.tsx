import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { auth } from "@/lib/auth/config";
import { describeConfig } from "@/lib/config-form";
import { getGame } from "@/lib/games/registry";
import { CreateRoomForm } from "@/components/room/CreateRoomForm";

export const metadata = { title: "New room" };

export default async function NewRoomPage({ searchParams }: { searchParams: Promise<{ game?: string }> }) {
  const { game: id } = await searchParams;
  const game = id ? getGame(id) : undefined;
  if (!game || game.meta.seasonOnly) notFound();
  const session = await auth();
  if (!session?.user) redirect(`/signin?next=${encodeURIComponent(`/new?game=${game.meta.id}`)}`);
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <div>
        <Link href="/#games" className="text-sm text-stone-500 hover:underline">
          ← All games
        </Link>
        <h1 className="mt-1 text-2xl font-bold">Host {game.meta.name}</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          You run the room: players join from the link you get next. <Link className="underline" href={`/games/${game.meta.id}`}>Read the rules</Link>.
        </p>
      </div>
      <CreateRoomForm gameId={game.meta.id} gameName={game.meta.name} players={game.meta.players} fields={describeConfig(game.configSchema)} defaults={game.configSchema.parse({})} user={session.user.id ?? ""} />
    </div>
  );
}
