"use client";
// The query builder: three letters, one sin or virtue, one recipient of the
// other realm. Only legal picks are enabled; every greyed-out option says why,
// and the consequences are spelled out before the query is sent.
import { useLayoutEffect, useRef, useState } from "react";
import type { Attribute, Letter, Realm } from "@/lib/games/secret-sinner/rules";
import { attributeLabel } from "@/lib/games/secret-sinner/rules";
import { queryLetters } from "@/lib/games/secret-sinner/choices";
import type { SeatPanel, View } from "@/lib/games/secret-sinner/view";
import { Button, Card, ErrorNote, cx } from "@/components/ui/primitives";
import type { DashboardProps } from "../types";
import { REALM_LABEL, groupReasons, letterChoices, queryMissing } from "./logic";
import type { LetterChoice } from "./logic";
import { LetterMark, ReasonList } from "./ui";
import { useAction } from "@/components/ui/useAction";

const chip =
  "flex cursor-pointer items-center rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm dark:border-stone-700 peer-checked:border-garnet-700 peer-checked:bg-garnet-700 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-garnet-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-50";

export function QueryBuilder({ view, me, act, nameOf }: { view: View; me: SeatPanel; act: DashboardProps["act"]; nameOf: (seat: string) => string }) {
  const panel = me.query;
  const [picked, setPicked] = useState<Letter[]>([]);
  const [attribute, setAttribute] = useState<Attribute | null>(null);
  const [recipient, setRecipient] = useState<string | null>(null);
  const { run, error, busy } = useAction(act);
  // Sending folds the builder into a one-line note: keep the card where the reader's eyes are.
  const anchor = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = document.getElementById("ss-query");
    if (anchor.current === null || !el) return;
    window.scrollBy(0, el.getBoundingClientRect().top - anchor.current);
    anchor.current = null;
  }, [panel.canSend]);

  const queryRound = view.stage === "round" && view.round <= view.queryRounds;
  const title = queryRound ? `Your query · round ${view.round}` : "Queries";

  if (!panel.canSend) {
    return (
      <Card title={title} data-testid="ss-query" id="ss-query" className="scroll-mt-40">
        {panel.sentThisRound ? (
          <p className="text-sm" data-testid="ss-query-sent">
            Sent to <strong>{nameOf(panel.sentThisRound.recipient)}</strong>: {panel.sentThisRound.letters.join(", ")} · {attributeLabel(panel.sentThisRound.attribute)}. {nameOf(panel.sentThisRound.recipient)} gets the Yes/No answers when the round ends; you
            never do.
          </p>
        ) : null}
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400" data-testid="ss-query-reason">
          {panel.reason}
        </p>
      </Card>
    );
  }

  const choices = letterChoices(queryLetters(view.board, panel), picked, nameOf);
  const missing = queryMissing(view, me.seat, picked, attribute, recipient);
  const recipients = panel.recipients.filter((r) => r.realm !== me.realm);
  const target = recipients.find((r) => r.seat === recipient) ?? null;
  const toggle = (l: Letter) => setPicked((p) => (p.includes(l) ? p.filter((x) => x !== l) : p.length < 3 ? [...p, l] : p));

  async function send() {
    if (missing || !attribute || !recipient) return;
    anchor.current = document.getElementById("ss-query")?.getBoundingClientRect().top ?? null;
    const ok = await run({ type: "query", letters: [picked[0], picked[1], picked[2]], attribute, recipient });
    if (!ok) anchor.current = null;
    if (ok) {
      setPicked([]);
      setAttribute(null);
      setRecipient(null);
    }
  }

  return (
    <Card title={title} data-testid="ss-query" id="ss-query" className="scroll-mt-40">
      <p className="text-sm text-stone-600 dark:text-stone-400">{panel.rule}</p>

      <fieldset className="mt-3">
        <legend className="text-sm font-semibold">
          1 · Three letters{" "}
          <span className="font-normal text-stone-500" data-testid="ss-query-picked">
            ({picked.length ? [...picked].sort().join(", ") : "none yet"})
          </span>
        </legend>
        {(["heaven", "hell"] as const).map((realm) => (
          <LetterGroup key={realm} realm={realm} choices={choices.filter((c) => c.realm === realm)} me={me.seat} nameOf={nameOf} onToggle={toggle} />
        ))}
        <ReasonList label="Greyed out:" groups={groupReasons(choices, (c) => c.letter)} />
      </fieldset>

      <fieldset className="mt-4">
        <legend className="text-sm font-semibold">
          2 · One sin or virtue <span className="font-normal text-stone-500">(the recipient never learns which)</span>
        </legend>
        {[
          { label: "Sins", items: view.attributes.sins },
          { label: "Virtues", items: view.attributes.virtues },
        ].map((group) => (
          <div key={group.label} className="mt-2">
            <p className="mb-1 text-xs text-stone-500">{group.label}</p>
            <div className="flex flex-wrap gap-1.5">
              {group.items.map((a) => (
                <label key={a.id} data-testid={`ss-query-attr-${a.id}`}>
                  <input type="radio" name="ss-attribute" value={a.id} checked={attribute === a.id} onChange={() => setAttribute(a.id)} className="peer sr-only" />
                  <span className={chip}>{a.label}</span>
                </label>
              ))}
            </div>
          </div>
        ))}
      </fieldset>

      <fieldset className="mt-4">
        <legend className="text-sm font-semibold">
          3 · Recipient <span className="font-normal text-stone-500">(a player of {REALM_LABEL[me.realm === "heaven" ? "hell" : "heaven"]})</span>
        </legend>
        <ul className="mt-2 grid gap-1.5 sm:grid-cols-2 lg:grid-cols-3">
          {recipients.map((r) => (
            <li key={r.seat}>
              <label data-testid={`ss-query-recipient-${r.seat}`} title={r.reason ?? undefined}>
                <input type="radio" name="ss-recipient" value={r.seat} checked={recipient === r.seat} disabled={!r.available} onChange={() => setRecipient(r.seat)} className="peer sr-only" />
                <span className={cx(chip, "w-full flex-wrap justify-between gap-x-2")}>
                  <span className="font-medium">{nameOf(r.seat)}</span>
                  <span className="text-xs opacity-80">
                    {r.used} of {r.limit} used
                  </span>
                  {r.reason && <span className="w-full text-xs">{r.reason}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
        <p className="mt-1 text-xs text-stone-500">Players of your own realm never receive your queries.</p>
      </fieldset>

      <div className="mt-4 rounded-lg bg-stone-100 p-3 text-sm dark:bg-stone-800" data-testid="ss-query-preview" aria-live="polite">
        {missing ? (
          <p className="text-stone-600 dark:text-stone-300">{missing}</p>
        ) : (
          <>
            <p>
              You ask <strong>{nameOf(recipient!)}</strong> about <strong>{[...picked].sort().join(", ")}</strong> and <strong>{attributeLabel(attribute!)}</strong>.
            </p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-stone-600 dark:text-stone-300">
              <li>
                When round {view.round} ends, {nameOf(recipient!)} learns that you sent it and, for each letter, Yes or No — never the attribute.
              </li>
              <li>You never see the answer. A query is final once sent.</li>
              <li>
                You and {nameOf(recipient!)} can chat privately during round {view.round + 1} only.
              </li>
              {target && (
                <li>
                  After this you may send {nameOf(target.seat)} {target.limit - target.used - 1 === 0 ? "no more queries" : `${target.limit - target.used - 1} more`}.
                </li>
              )}
            </ul>
          </>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button onClick={() => void send()} disabled={!!missing || busy} title={missing ?? undefined} data-testid="ss-query-send">
          {busy ? "Sending…" : "Send query"}
        </Button>
        {(picked.length > 0 || attribute || recipient) && (
          <Button
            variant="ghost"
            onClick={() => {
              setPicked([]);
              setAttribute(null);
              setRecipient(null);
            }}
          >
            Clear
          </Button>
        )}
      </div>
      <div className="mt-2">
        <ErrorNote>{error}</ErrorNote>
      </div>
    </Card>
  );
}

function LetterGroup({ realm, choices, me, nameOf, onToggle }: { realm: Realm; choices: LetterChoice[]; me: string; nameOf: (seat: string) => string; onToggle: (l: Letter) => void }) {
  return (
    <div className="mt-2">
      <p className="mb-1 text-xs text-stone-500">Held in {REALM_LABEL[realm]}</p>
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(4.25rem,1fr))] gap-1.5">
        {choices.map((c) => (
          <li key={c.letter}>
            <button
              type="button"
              aria-pressed={c.picked}
              disabled={!c.enabled}
              title={c.reason ?? `${c.letter}, held by ${nameOf(c.owner)}`}
              onClick={() => onToggle(c.letter)}
              data-testid={`ss-query-letter-${c.letter}`}
              data-owner={c.owner}
              className={cx(
                "flex w-full flex-col items-center rounded-lg border px-1 py-1 transition-colors disabled:cursor-not-allowed disabled:opacity-40",
                c.picked
                  ? "border-garnet-700 bg-garnet-700 text-white"
                  : "border-stone-300 bg-white hover:bg-stone-100 dark:border-stone-700 dark:bg-stone-900 dark:hover:bg-stone-800",
              )}
            >
              <LetterMark letter={c.letter} realm={c.picked ? undefined : realm} className={c.picked ? "bg-white/20 text-white dark:bg-white/20" : undefined} />
              <span className="mt-0.5 w-full truncate text-center text-[11px] leading-tight">{c.owner === me ? "you" : nameOf(c.owner)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
