import Link from "next/link";
import { withSeatNames } from "@/lib/names";
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
  // a long summary reads better one sentence a line on a phone (split before names go in: seat ids hold no period)
  const sentences = o.summary.length > 120 ? o.summary.split(/(?<=\.)\s+/) : [o.summary];
  // consecutive entries of one group (Secret Sinner's realms) go under one heading
  const groups: { name: string | undefined; rows: typeof o.ranking }[] = [];
  for (const r of o.ranking) {
    const last = groups[groups.length - 1];
    if (last && last.name === r.group) last.rows.push(r);
    else groups.push({ name: r.group, rows: [r] });
  }
  return (
    <Card title="Result" data-testid="end-screen" className="border-garnet-300 dark:border-garnet-800">
      <div className="space-y-0.5 text-base font-semibold break-words sm:text-lg" data-testid="outcome-summary">
        {sentences.map((line, i) => (
          <p key={i}>{withSeatNames(line, payload.seats)}</p>
        ))}
      </div>
      {groups.map((g, gi) => (
        <section key={gi} aria-label={g.name}>
          {g.name && <h3 className="mt-3 text-sm font-semibold uppercase tracking-wide text-stone-600 dark:text-stone-400">{g.name}</h3>}
          <ol className="mt-1 space-y-1">
            {g.rows.map((r) => (
              <li key={r.seat} className="flex flex-wrap items-center gap-x-2 gap-y-1">
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
                {r.note && <span className="w-full pl-8 text-xs text-stone-500">{withSeatNames(r.note, payload.seats)}</span>}
              </li>
            ))}
          </ol>
        </section>
      ))}
      <p className="mt-3 text-sm">
        <Link href={`/r/${payload.code}/replay`} className="font-medium text-garnet-700 underline dark:text-garnet-300" data-testid="replay-link">
          Replay this game step by step
        </Link>
      </p>
    </Card>
  );
}
