import { notFound } from "next/navigation";
import { ROOM_CODE_RE } from "@/lib/protocol";
import { ReplayClient } from "@/components/room/ReplayClient";

export const metadata = { title: "Replay" };

export default async function ReplayPage({ params }: { params: Promise<{ code: string }> }) {
  const code = (await params).code.toUpperCase();
  if (!ROOM_CODE_RE.test(code)) notFound();
  return <ReplayClient code={code} />;
}
