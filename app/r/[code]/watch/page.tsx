import { notFound } from "next/navigation";
import { ROOM_CODE_RE } from "@/lib/protocol";
import { auth } from "@/lib/auth/config";
import { RoomClient } from "@/components/room/RoomClient";

export const metadata = { title: "Spectate" };

export default async function WatchPage({ params }: { params: Promise<{ code: string }> }) {
  const code = (await params).code.toUpperCase();
  if (!ROOM_CODE_RE.test(code)) notFound();
  const session = await auth();
  return <RoomClient code={code} mode="spectator" user={session?.user?.id ?? null} />;
}
