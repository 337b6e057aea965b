"use client";
// Everything only the host sees, as tables: the secret pair table with allies,
// live standings with the tiebreak between neighbours, every query with its
// answers, every lock-in with its correctness, and every window.
import { useState } from "react";
import { TIEBREAK_LABELS, attributeLabel } from "@/lib/games/secret-sinner/rules";
import type { HostView, View } from "@/lib/games/secret-sinner/view";
import { Badge, Card, inputClass } from "@/components/ui/primitives";
import { REALM_LABEL } from "./logic";
import { AnswerMark, DataTable, LetterMark, RealmBadge, td } from "./ui";

type NameOf = (seat: string) => string;

export function HostTables({ view, host, done, nameOf }: { view: View; host: HostView; done: ReadonlySet<string>; nameOf: NameOf }) {
  const [round, setRound] = useState<number | "all">("all");
  const rounds = Array.from({ length: Math.max(view.round, 0) }, (_, i) => i + 1);
  const realmOf = (seat: string) => view.players.find((p) => p.seat === seat)?.realm;
  const holderOf = (letter: string) => host.pairs.find((p) => p.letter === letter)?.owner ?? "";
  const queries = host.queries.filter((q) => round === "all" || q.round === round).reverse();
  const locks = host.locks.filter((l) => round === "all" || l.round === round).reverse();
  const windows = host.windows.filter((w) => round === "all" || w.round === round).reverse();
  const correct = locks.filter((l) => l.correct).length;

  return (
    <div className="space-y-4" data-testid="ss-host">
      {view.stage === "round" && <RoundGlance view={view} host={host} done={done} nameOf={nameOf} />}

      <Card title="Standings (host only)" data-testid="ss-host-standings">
        <p className="mb-2 text-xs text-stone-500">{view.results ? "Final" : "Live"} ranking per realm. Players only ever see the final order, never scores.</p>
        <DataTable caption="Standings per realm" head={["#", "Player", "Score", "Correct locks (rounds)", "Wrong", "Locked by allies (rounds)", "Above the next by"]}>
          {(["heaven", "hell"] as const).map((realm) => [
            <tr key={realm} className="bg-stone-50 dark:bg-stone-950">
              <th scope="rowgroup" colSpan={7} className="px-2 py-1 text-left">
                <RealmBadge realm={realm} />
              </th>
            </tr>,
            ...host.standings
              .filter((s) => s.realm === realm)
              .map((s) => (
                <tr key={s.seat}>
                  <td className={td}>{s.place}</td>
                  <td className={`${td} font-medium`}>{nameOf(s.seat)}</td>
                  <td className={`${td} font-mono font-semibold`}>{s.score}</td>
                  <td className={`${td} font-mono`}>
                    {s.correct} <span className="text-xs text-stone-500">{s.correctRounds.length ? `(${s.correctRounds.join(", ")})` : ""}</span>
                  </td>
                  <td className={`${td} font-mono`}>{s.incorrect}</td>
                  <td className={`${td} font-mono`}>
                    {s.lockedCorrectly} <span className="text-xs text-stone-500">{s.lockedRounds.length ? `(${s.lockedRounds.join(", ")})` : ""}</span>
                  </td>
                  <td className={`${td} text-xs`}>{s.aboveNextBy ? TIEBREAK_LABELS[s.aboveNextBy] : "—"}</td>
                </tr>
              )),
          ])}
        </DataTable>
      </Card>

      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm">
          <span className="whitespace-nowrap font-medium">Show rounds</span>
          <select className={`${inputClass} w-auto`} value={String(round)} onChange={(e) => setRound(e.target.value === "all" ? "all" : Number(e.target.value))} data-testid="ss-host-round">
            <option value="all">All rounds</option>
            {rounds.map((r) => (
              <option key={r} value={r}>
                Round {r}
              </option>
            ))}
          </select>
        </label>
        <span className="text-xs text-stone-500">for the query, lock-in and window tables below (newest first)</span>
      </div>

      <Card title={`Queries · ${queries.length}`} data-testid="ss-host-queries">
        {queries.length === 0 ? (
          <p className="text-sm text-stone-500">No queries{round === "all" ? " yet" : ` in round ${round}`}.</p>
        ) : (
          <DataTable caption="Every query with its answers" head={["Round", "From", "To", "Attribute", "Answers", "Delivered"]}>
            {queries.map((q, i) => (
              <tr key={`${q.round}-${q.sender}-${i}`}>
                <td className={td}>{q.round}</td>
                <td className={td}>
                  {nameOf(q.sender)} <span className="text-xs text-stone-500">({REALM_LABEL[realmOf(q.sender) ?? "hell"]})</span>
                </td>
                <td className={td}>{nameOf(q.recipient)}</td>
                <td className={td}>{attributeLabel(q.attribute)}</td>
                <td className={td}>
                  <span className="flex flex-wrap gap-2">
                    {q.answers.map((a) => (
                      <span key={a.letter} className="inline-flex items-center gap-1">
                        <span className="font-mono font-semibold">{a.letter}</span>
                        <AnswerMark answer={a.answer} />
                      </span>
                    ))}
                  </span>
                </td>
                <td className={td}>{q.delivered ? <Badge tone="green">yes</Badge> : <Badge>at round end</Badge>}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>

      <Card title={`Lock-ins · ${locks.length}${locks.length ? ` (${correct} correct)` : ""}`} data-testid="ss-host-locks">
        {locks.length === 0 ? (
          <p className="text-sm text-stone-500">No lock-ins{round === "all" ? " yet" : ` in round ${round}`}.</p>
        ) : (
          <DataTable caption="Every lock-in with its correctness" head={["Round", "Player", "Letter", "Locked in", "Correct"]}>
            {locks.map((l, i) => (
              <tr key={`${l.round}-${l.letter}-${i}`}>
                <td className={td}>{l.round}</td>
                <td className={td}>{nameOf(l.seat)}</td>
                <td className={`${td} font-mono font-semibold`}>{l.letter}</td>
                <td className={td}>
                  <span className="font-mono font-semibold">{l.target}</span> <span className="text-xs text-stone-500">{nameOf(holderOf(l.target))}</span>
                </td>
                <td className={td}>{l.correct ? <Badge tone="green">✓ ally</Badge> : <Badge tone="red">✗ not an ally</Badge>}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>

      <Card title="Pairs and allies (host only)" data-testid="ss-host-pairs">
        <DataTable caption="Every letter's pair and allies" head={["Letter", "Holder", "Realm", "Sin", "Virtue", "Allies"]}>
          {host.pairs.map((p) => (
            <tr key={p.letter}>
              <td className={td}>
                <LetterMark letter={p.letter} realm={p.realm} />
              </td>
              <td className={td}>{nameOf(p.owner)}</td>
              <td className={td}>
                <RealmBadge realm={p.realm} />
              </td>
              <td className={td}>{attributeLabel(p.sin)}</td>
              <td className={td}>{attributeLabel(p.virtue)}</td>
              <td className={`${td} font-mono text-xs`}>{p.allies.join(" ")}</td>
            </tr>
          ))}
        </DataTable>
      </Card>

      <Card title={`Communication windows · ${windows.length}`} data-testid="ss-host-windows">
        {windows.length === 0 ? (
          <p className="text-sm text-stone-500">No windows.</p>
        ) : (
          <DataTable caption="Every communication window" head={["Open in round", "Between", "Now"]}>
            {windows.map((w) => (
              <tr key={`${w.channelId}-${w.round}`}>
                <td className={td}>{w.round}</td>
                <td className={td}>
                  {nameOf(w.a)} &amp; {nameOf(w.b)}
                </td>
                <td className={td}>{view.stage === "round" && view.round === w.round ? <Badge tone="green">open</Badge> : view.stage === "round" && w.round > view.round ? <Badge tone="blue">upcoming</Badge> : <Badge>closed</Badge>}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
    </div>
  );
}

/** The current round per player: done or not, the query sent and the lock-ins made. */
function RoundGlance({ view, host, done, nameOf }: { view: View; host: HostView; done: ReadonlySet<string>; nameOf: NameOf }) {
  return (
    <Card title={`Round ${view.round} at a glance · ${done.size} of ${view.players.length} done`} data-testid="ss-host-round-glance">
      <DataTable caption="This round per player" head={["Player", "Realm", "Letters", "Query", "Lock-ins", "Done"]}>
        {view.players.map((p) => {
          const q = host.queries.find((x) => x.round === view.round && x.sender === p.seat);
          const locks = host.locks.filter((x) => x.round === view.round && x.seat === p.seat);
          return (
            <tr key={p.seat}>
              <td className={`${td} font-medium`}>{nameOf(p.seat)}</td>
              <td className={td}>
                <RealmBadge realm={p.realm} />
              </td>
              <td className={`${td} font-mono`}>{p.letters.join(" ")}</td>
              <td className={td}>{q ? `→ ${nameOf(q.recipient)}` : view.round > view.queryRounds ? "—" : <span className="text-stone-500">{done.has(p.seat) ? "none" : "none yet"}</span>}</td>
              <td className={td}>
                {locks.length ? (
                  <span className="flex flex-wrap gap-2 font-mono text-xs">
                    {locks.map((l) => (
                      <span key={l.letter} className={l.correct ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}>
                        {l.letter}→{l.target} {l.correct ? "✓" : "✗"}
                      </span>
                    ))}
                  </span>
                ) : (
                  <span className="text-stone-500">none</span>
                )}
              </td>
              <td className={td}>{done.has(p.seat) ? <Badge tone="green">done</Badge> : <Badge tone="amber">acting</Badge>}</td>
            </tr>
          );
        })}
      </DataTable>
    </Card>
  );
}
