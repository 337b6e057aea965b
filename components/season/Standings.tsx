// The roster as it stands: who is still in, Tokens of Life, opals, marks, realm,
// and garnets where this viewer may see them (their own; the host every one).
import type { SeasonPageView } from "@/lib/protocol";
import { Badge, Card } from "@/components/ui/primitives";

export function Standings({ view }: { view: SeasonPageView }) {
  const me = view.viewer.role === "member" ? view.viewer.memberId : null;
  const showGarnets = view.standings.some((s) => s.garnets !== null);
  return (
    <Card title="Standings">
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="season-standings">
          <thead className="text-left text-xs uppercase tracking-wide text-stone-500">
            <tr>
              <th className="py-1 pr-2">Player</th>
              <th className="py-1 pr-2">Status</th>
              <th className="py-1 pr-2 text-right">Tokens of Life</th>
              <th className="py-1 pr-2 text-right">Opals</th>
              <th className="py-1 pr-2">Marks</th>
              <th className="py-1 pr-2">Realm</th>
              {showGarnets && <th className="py-1 text-right">Garnets</th>}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100 dark:divide-stone-800">
            {view.standings.map((s) => (
              <tr key={s.memberId} data-testid={`standing-${s.name}`} className={s.alive ? undefined : "text-stone-400 line-through decoration-stone-400/60"}>
                <td className={`py-1.5 pr-2 ${s.memberId === me ? "font-bold" : ""}`}>
                  {s.name}
                  {s.isBot && <span className="ml-1 text-xs text-stone-500">(bot)</span>}
                  {s.memberId === me && <span className="ml-1 text-xs text-garnet-700 dark:text-garnet-300">you</span>}
                </td>
                <td className="py-1.5 pr-2 no-underline">{s.alive ? <Badge tone="green">in</Badge> : <Badge tone="red">eliminated in ep. {s.eliminatedIn}</Badge>}</td>
                <td className="py-1.5 pr-2 text-right">{s.tokens}</td>
                <td className="py-1.5 pr-2 text-right">{s.opals}</td>
                <td className="py-1.5 pr-2">{s.marks.length ? s.marks.map((e) => `for ep. ${e}`).join(", ") : "—"}</td>
                <td className="py-1.5 pr-2">{s.realm ?? "—"}</td>
                {showGarnets && <td className="py-1.5 text-right">{s.garnets ?? <span className="text-stone-400" title="Told privately to the player">—</span>}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-stone-500">
        Garnets are told privately: {view.viewer.role === "host" ? "as host you see every balance." : view.viewer.role === "member" ? "you see only your own balance." : "only each player and the host see them."}
      </p>
    </Card>
  );
}
