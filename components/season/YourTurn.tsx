// What this member is asked to do now in the season: a link to the room.
import Link from "next/link";
import type { SeasonPageView } from "@/lib/protocol";
import { Card } from "@/components/ui/primitives";

/** What this member is asked to do now: play their room, or name their opponent. */
export function YourTurn({ view, except }: { view: SeasonPageView; except?: string }) {
  if (view.viewer.role !== "member") return null;
  const me = view.viewer.memberId;
  const last = view.episodes[view.episodes.length - 1];
  if (!last) return null;
  const open = last.rooms.filter((r) => r.status === "lobby" || r.status === "running");
  const room = open[open.length - 1];
  if (!room || room.code === except) return null;
  const inIt = room.stage === "main" ? view.standings.find((s) => s.memberId === me)?.alive : room.stage === "pick" ? last.ec === me || last.candidates.includes(me) : last.ec === me || last.opponent === me;
  if (!inIt) return null;
  const text = room.stage === "pick" ? (last.ec === me ? "Name your death match opponent" : "The Elimination Candidate is choosing an opponent") : room.stage === "death" ? "Your death match" : "Your main match";
  return (
    <Card className="border-garnet-300 dark:border-garnet-800" data-testid="season-your-turn">
      <Link href={`/r/${room.code}`} className="text-lg font-semibold text-garnet-700 underline dark:text-garnet-300" data-testid="season-your-room">
        {text} →
      </Link>
    </Card>
  );
}
