import { notFound, redirect } from "next/navigation";
import { ROOM_CODE_RE } from "@/lib/protocol";
import { auth } from "@/lib/auth/config";
import { RoomClient } from "@/components/room/RoomClient";

export const metadata = { title: "Host console" };

export default async function HostPage({ params }: { params: Promise<{ code: string }> }) {
  const code = (await params).code.toUpperCase();
  if (!ROOM_CODE_RE.test(code)) notFound();
  const session = await auth();
  if (!session?.user) redirect(`/signin?next=/r/${code}/host`);
  return <RoomClient code={code} mode="host" user={session.user.id ?? null} />;
}
