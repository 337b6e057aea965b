import Link from "next/link";
import type { RoomPayload } from "@/lib/protocol";
import { Badge, Card } from "@/components/ui/primitives";

export function EndScreen({ payload }: { payload: RoomPayload }) {
  const name = (seat: string) => payload.seats.find((s) => s.seat === seat)?.name ?? seat;
  if (payload.status === "aborted")
    return (
      <Card title="Game ended early" data-testid="end-screen">
        <p>The host ended this game: {payload.endReason}</p>
        <Link href={`/r/${payload.code}/replay`} className="mt-2 inline-block text-sm font-medium text-garnet-700 underline dark:text-garnet-300" data-testid="replay-link">
          Replay this game step by step
        </Link>
      </Card>
    );
  const o = payload.outcome;
  if (!o) return null;
  return (
    <Card title="Result" data-testid="end-screen" className="border-garnet-300 dark:border-garnet-800">
      <p className="text-lg font-semibold" data-testid="outcome-summary">
        {o.summary}
      </p>
      <ol className="mt-3 space-y-1">
        {o.ranking.map((r) => (
          <li key={r.seat} className="flex items-center gap-2">
            <span className="w-6 text-right font-mono text-sm text-stone-500">{r.place}.</span>
            <span className={r.seat === payload.you ? "font-semibold" : undefined}>{name(r.seat)}</span>
            {r.score !== undefined && <span className="font-mono text-sm text-stone-500">{r.score}</span>}
            {o.winners.includes(r.seat) && <Badge tone="green">winner</Badge>}
            {o.losers.includes(r.seat) && <Badge tone="red">loser</Badge>}
            {o.awards.filter((a) => a.seat === r.seat).map((a, i) => (
              <Badge key={i} tone="garnet">
                {a.label}
              </Badge>
            ))}
            {r.note && <span className="text-xs text-stone-500">{r.note}</span>}
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm">
        <Link href={`/r/${payload.code}/replay`} className="font-medium text-garnet-700 underline dark:text-garnet-300" data-testid="replay-link">
          Replay this game step by step
        </Link>
      </p>
    </Card>
  );
}
