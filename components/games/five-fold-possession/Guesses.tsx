"use client";
// Guessing the previous round's possessed and ghost hunter, and (in the final
// guesses) the opal challenge: the round in which nobody was possessed.
import { useState } from "react";
import type { View } from "@/lib/games/five-fold-possession";
import { Button, ErrorNote } from "@/components/ui/primitives";
import type { PlayerCtx } from "./context";
import { ROLE_NAME, pts } from "./labels";
import { Chip, Entered, H3, Hint, Table } from "./ui";
import { useAction } from "@/components/ui/useAction";

export function GuessPointsTable({ view }: { view: View }) {
  const g = view.reference.guessPoints;
  const c = view.reference.challengePoints;
  return (
    <Table
      testId="guess-points"
      caption="Points from role guesses (hidden until the end — nobody is ever told their guess points)."
      head={["Guess", "Points"]}
      rows={[
        ["You name the possessed", `+${pts(g.namePossessed)}`],
        ["You name the ghost hunter", `+${pts(g.nameGhostHunter)}`],
        ["You were the ghost hunter and name the possessed", `+${pts(g.hunterFindsPossessed)} more`],
        ["You were the ghost hunter", `${pts(-g.hunterNamedPenalty)} per player naming you`],
        ["The possessed, per completed challenge", `+${pts(c.each)} (${pts(c.eachWhenNamedByAll)} if all four others name them)`],
      ]}
    />
  );
}

function RolePicker({ ctx, label, value, other, onPick, testId }: { ctx: PlayerCtx; label: string; value: string | null; other: string | null; onPick: (s: string | null) => void; testId: string }) {
  const others = ctx.view.seats.filter((s) => s !== ctx.me.seat);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {others.map((s) => (
          <Chip key={s} on={value === s} reason={other === s ? "You named them for the other role: nobody holds both roles in one round." : null} onClick={() => onPick(s)} data-testid={`${testId}-${s}`}>
            {ctx.who(s)}
          </Chip>
        ))}
        <Chip on={value === null} onClick={() => onPick(null)} data-testid={`${testId}-none`}>
          Leave empty
        </Chip>
      </div>
    </fieldset>
  );
}

export function RoleGuessForm({ ctx }: { ctx: PlayerCtx }) {
  const rg = ctx.me.roleGuess!;
  const [possessed, setPossessed] = useState<string | null>(rg.guess?.possessed ?? null);
  const [hunter, setHunter] = useState<string | null>(rg.guess?.ghostHunter ?? null);
  const save = useAction(ctx.act);
  const changed = possessed !== (rg.guess?.possessed ?? null) || hunter !== (rg.guess?.ghostHunter ?? null);
  const t = rg.targetRound;

  return (
    <section className="space-y-4" data-testid="role-guess-form">
      <H3>Who held the roles in round {t}?</H3>
      <Hint>
        You held <strong>{rg.myRoleThen === "player" ? "no role" : ROLE_NAME[rg.myRoleThen]}</strong> in round {t}
        {rg.myRoleThen === "possessed" && " — so the possessed was you; naming anyone else as possessed cannot score"}
        {rg.myRoleThen === "ghostHunter" && " — naming the possessed earns you extra"}. You cannot name yourself; either name may stay empty.
      </Hint>
      {rg.guess ? (
        <Entered testId="role-guess-entry">
          Entered: possessed {rg.guess.possessed ? ctx.who(rg.guess.possessed) : "left empty"}, ghost hunter {rg.guess.ghostHunter ? ctx.who(rg.guess.ghostHunter) : "left empty"}.
        </Entered>
      ) : (
        <Hint>No role guess saved yet.</Hint>
      )}
      <RolePicker ctx={ctx} label={`Possessed in round ${t}`} value={possessed} other={hunter} onPick={setPossessed} testId="guess-possessed" />
      <RolePicker ctx={ctx} label={`Ghost hunter in round ${t}`} value={hunter} other={possessed} onPick={setHunter} testId="guess-hunter" />
      <Button onClick={() => void save.run({ type: "guessRoles", possessed, ghostHunter: hunter })} disabled={!changed || save.busy} title={!changed ? "This is already your guess." : undefined} data-testid="role-guess-submit">
        {rg.guess ? "Change role guess" : "Save role guess"}
      </Button>
      <ErrorNote>{save.error}</ErrorNote>
    </section>
  );
}

export function RolesPanel({ ctx, view }: { ctx: PlayerCtx | null; view: View }) {
  return (
    <div className="space-y-6">
      {ctx?.me.roleGuess ? (
        <RoleGuessForm key={`${view.phase}:${ctx.me.roleGuess.targetRound}`} ctx={ctx} />
      ) : (
        ctx && <Hint>Role guesses open from round 3, about the round before (round 1 has no roles). Round 12 is guessed in the final guesses.</Hint>
      )}
      <GuessPointsTable view={view} />
    </div>
  );
}

export function OpalForm({ ctx }: { ctx: PlayerCtx }) {
  const opal = ctx.me.opal!;
  const pick = useAction(ctx.act);
  const held = new Map(ctx.me.rounds.filter((r) => r.role !== "player").map((r) => [r.round, r.role]));
  return (
    <section className="space-y-3" data-testid="opal-form">
      <H3>Opal challenge: which round had nobody possessed?</H3>
      <Hint>
        Name one round from 2 to 12. If only you are right you gain an opal; if several are, the one with the largest net garnet gain does. Rounds in which you held a role yourself certainly had a possessed.
      </Hint>
      {opal.guess !== null && <Entered testId="opal-entry">Entered: round {opal.guess}. Click another round to change it.</Entered>}
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-11">
        {opal.rounds.map((r) => (
          <div key={r} className="flex flex-col items-center">
            <Chip on={opal.guess === r} onClick={() => opal.guess !== r && void pick.run({ type: "guessOpal", round: r })} disabled={pick.busy} className="w-full" data-testid={`opal-${r}`}>
              {r}
            </Chip>
            {held.has(r) && <span className="mt-0.5 text-[10px] text-stone-500">you: {held.get(r) === "possessed" ? "possessed" : "hunter"}</span>}
          </div>
        ))}
      </div>
      <ErrorNote>{pick.error}</ErrorNote>
    </section>
  );
}
