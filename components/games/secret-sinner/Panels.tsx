"use client";
// Read-only panels: your letters, answers received, queries sent, your
// communication windows and the public letter board.
import { windowsOf } from "@/lib/games/secret-sinner/choices";
import { attributeLabel } from "@/lib/games/secret-sinner/rules";
import type { Realm } from "@/lib/games/secret-sinner/rules";
import type { SeatPanel, View, WindowEntry } from "@/lib/games/secret-sinner/view";
import { Badge, Button, Card, cx } from "@/components/ui/primitives";
import { REALM_LABEL } from "./logic";
import { AnswerMark, LetterMark, RealmBadge, openChatTab } from "./ui";

type NameOf = (seat: string) => string;

export function MyLetters({ me }: { me: SeatPanel }) {
  return (
    <Card title={me.letters.length === 1 ? "Your letter" : "Your letters"} actions={<RealmBadge realm={me.realm} />} data-testid="ss-my-letters">
      {me.letters.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">Letters are dealt when round 1 starts.</p>
      ) : (
        <>
          <ul className={cx("grid gap-2", me.letters.length > 1 && "grid-cols-3")}>
            {me.letters.map((l) => (
              <li
                key={l.letter}
                className={cx("flex items-center gap-3 rounded-lg border border-stone-200 p-2 dark:border-stone-800", me.letters.length > 1 && "flex-col gap-1 text-center")}
                data-testid={`ss-my-letter-${l.letter}`}
              >
                <LetterMark letter={l.letter} realm={me.realm} className="h-10 min-w-10 text-lg" />
                <span className="text-sm leading-tight">
                  <span className="block font-semibold">{attributeLabel(l.sin)}</span>
                  <span className="block text-stone-600 dark:text-stone-400">{attributeLabel(l.virtue)}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-stone-500">Only you (and the host) know these pairs. Allies of a letter share its sin (2 letters) or its virtue (6 letters).</p>
        </>
      )}
    </Card>
  );
}

export function Received({ me, nameOf }: { me: SeatPanel; nameOf: NameOf }) {
  return (
    <Card title="Answers you received" data-testid="ss-received" id="ss-received" className="scroll-mt-40">
      {me.received.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">None yet. A query sent to you arrives, answered, when its round ends.</p>
      ) : (
        <>
          <ol className="space-y-2">
            {[...me.received].reverse().map((r) => (
              <li key={`${r.round}-${r.sender}`} className="rounded-lg border border-stone-200 p-2 dark:border-stone-800" data-testid={`ss-received-${r.round}-${r.sender}`}>
                <p className="text-xs text-stone-500">
                  Round {r.round} · from <span className="font-medium text-stone-700 dark:text-stone-300">{nameOf(r.sender)}</span>
                </p>
                <ul className="mt-1 flex flex-wrap gap-3">
                  {r.answers.map((a) => (
                    <li key={a.letter} className="flex items-center gap-1">
                      <LetterMark letter={a.letter} />
                      <AnswerMark answer={a.answer} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          <p className="mt-2 text-xs text-stone-500">Yes means the letter has the sin or virtue that was asked — which one, you are not told. Two Yes letters in one answer share it, so they are allies.</p>
        </>
      )}
    </Card>
  );
}

export function Sent({ me, nameOf }: { me: SeatPanel; nameOf: NameOf }) {
  if (me.sent.length === 0) return null;
  return (
    <Card title="Queries you sent" data-testid="ss-sent">
      <ol className="space-y-1 text-sm">
        {[...me.sent].reverse().map((q) => (
          <li key={q.round} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="w-8 text-xs text-stone-500">R{q.round}</span>
            <span className="font-mono font-semibold">{q.letters.join(" ")}</span>
            <Badge>{attributeLabel(q.attribute)}</Badge>
            <span className="text-stone-600 dark:text-stone-400">→ {nameOf(q.recipient)}</span>
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-stone-500">The answers go to the recipients only; you never see them.</p>
    </Card>
  );
}

const WINDOW_TONE = { open: "green", upcoming: "blue", closed: "neutral" } as const;

function windowText(w: WindowEntry): string {
  switch (w.status) {
    case "open":
      return `Open for all of round ${w.round}.`;
    case "upcoming":
      return `Opens for round ${w.round}: its tab appears in the chat panel then.`;
    case "closed":
      return `Was open in round ${w.round}; the messages stay readable.`;
  }
}

export function Windows({ view, me, nameOf }: { view: View; me: SeatPanel; nameOf: NameOf }) {
  const windows = windowsOf(view, me).sort((a, b) => order(a) - order(b) || b.round - a.round);
  const current = windows.filter((w) => w.status !== "closed");
  const closed = windows.filter((w) => w.status === "closed");
  return (
    <Card title="Communication windows" data-testid="ss-windows" id="ss-windows" className="scroll-mt-40">
      {current.length === 0 && (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {view.stage === "round" || view.stage === "briefing"
            ? `None open. A query between you and another player opens a private chat for the round after it${view.stage === "round" && view.round <= view.queryRounds ? ` (a query sent now: round ${view.round + 1})` : ""}.`
            : "The rounds are over: every window is closed."}
        </p>
      )}
      {current.length > 0 && (
        <ul className="space-y-2">
          {current.map((w) => (
            <WindowItem key={`${w.channelId}-${w.round}`} w={w} nameOf={nameOf} />
          ))}
        </ul>
      )}
      {closed.length > 0 && (
        <details className="mt-2 text-sm" open={current.length === 0 && closed.length <= 3}>
          <summary className="cursor-pointer text-xs font-medium text-stone-500">Closed windows ({closed.length})</summary>
          <ul className="mt-2 space-y-2">
            {closed.map((w) => (
              <WindowItem key={`${w.channelId}-${w.round}`} w={w} nameOf={nameOf} />
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}

function WindowItem({ w, nameOf }: { w: WindowEntry; nameOf: NameOf }) {
  return (
    <li className="text-sm" data-testid={`ss-window-${w.channelId}-${w.round}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{nameOf(w.with)}</span>
        <Badge tone={WINDOW_TONE[w.status]}>{w.status === "open" ? "open now" : w.status}</Badge>
        {w.status !== "upcoming" && (
          <Button size="sm" variant={w.status === "open" ? "secondary" : "ghost"} className="ml-auto" onClick={() => openChatTab(w.channelId)} data-testid={`ss-window-open-${w.channelId}-${w.round}`}>
            {w.status === "open" ? "Chat" : "Read"}
            <span className="sr-only"> with {nameOf(w.with)}</span>
          </Button>
        )}
      </div>
      <p className={cx("mt-0.5 text-xs", w.status === "open" ? "text-emerald-700 dark:text-emerald-300" : "text-stone-500")}>
        {windowText(w)}{" "}
        <span className="text-stone-500 dark:text-stone-400">{w.because.map((b) => (b.direction === "sent" ? `You queried them in round ${b.round}.` : `They queried you in round ${b.round}.`)).join(" ")}</span>
      </p>
    </li>
  );
}

function order(w: WindowEntry): number {
  return w.status === "open" ? 0 : w.status === "upcoming" ? 1 : 2;
}

/** The public board: every player by realm with the letters they hold. */
export function LetterBoard({ view, done, nameOf, you }: { view: View; done: ReadonlySet<string>; nameOf: NameOf; you: string | null }) {
  const running = view.stage === "round";
  return (
    <Card title="Letter board" data-testid="ss-board" id="ss-board" className="scroll-mt-40">
      <div className="grid gap-4 sm:grid-cols-2">
        {(["heaven", "hell"] as const).map((realm: Realm) => {
          const players = view.players.filter((p) => p.realm === realm);
          return (
            <section key={realm} aria-label={REALM_LABEL[realm]}>
              <h3 className="mb-1 flex items-center gap-2 text-sm font-semibold">
                <RealmBadge realm={realm} /> <span className="text-xs font-normal text-stone-500">{players.length} players</span>
              </h3>
              <ul className="divide-y divide-stone-100 dark:divide-stone-800">
                {players.map((p) => (
                  <li key={p.seat} className="flex items-center gap-2 py-1 text-sm" data-testid={`ss-board-${p.seat}`}>
                    <span className={cx("min-w-0 flex-1 truncate", p.seat === you && "font-semibold")}>
                      {nameOf(p.seat)}
                      {p.seat === you && <span className="text-xs font-normal text-stone-500"> (you)</span>}
                    </span>
                    {p.marked && (
                      <Badge tone="amber" title="Carries a Mark of Elimination: cannot ascend">
                        marked
                      </Badge>
                    )}
                    {running && (done.has(p.seat) ? <Badge tone="green">done</Badge> : <span className="text-xs text-stone-500">acting</span>)}
                    <span className="flex gap-1">
                      {p.letters.length ? p.letters.map((l) => <LetterMark key={l} letter={l} realm={realm} />) : <span className="text-xs text-stone-500">—</span>}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <p className="mt-2 text-xs text-stone-500">Who holds which letter is public; the sin and virtue behind each letter are known only to its holder.</p>
    </Card>
  );
}
