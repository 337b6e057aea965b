import { notFound } from "next/navigation";
import { ROOM_CODE_RE } from "@/lib/protocol";
import { RoomClient } from "@/components/room/RoomClient";

export const metadata = { title: "Spectate" };

export default async function WatchPage({ params }: { params: Promise<{ code: string }> }) {
  const code = (await params).code.toUpperCase();
  if (!ROOM_CODE_RE.test(code)) notFound();
  return <RoomClient code={code} mode="spectator" signedIn={false} />;
}
