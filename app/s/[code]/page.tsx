import { notFound } from "next/navigation";
import { ROOM_CODE_RE } from "@/lib/protocol";
import { auth } from "@/lib/auth/config";
import { SeasonClient } from "@/components/season/SeasonClient";

export const metadata = { title: "Season" };

export default async function SeasonPage({ params, searchParams }: { params: Promise<{ code: string }>; searchParams: Promise<{ invite?: string }> }) {
  const code = (await params).code.toUpperCase();
  if (!ROOM_CODE_RE.test(code)) notFound();
  const { invite } = await searchParams;
  const session = await auth();
  return <SeasonClient code={code} invite={typeof invite === "string" ? invite : null} signedIn={Boolean(session?.user)} />;
}
