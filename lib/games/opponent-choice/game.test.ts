import { describe, expect, it } from "vitest";
import { runCommand } from "../core/commands";
import { seatIds } from "../core/seats";
import { game, type State } from "./game";

const seats = seatIds(4);
const start = () => game.setup({ seats, config: game.configSchema.parse({ candidates: ["s4", "s2"], seconds: 30 }), seed: "x" });

describe("the death match opponent choice", () => {
  it("lets only the EC (or the host) name one of the candidates, once", () => {
    let s: State = start();
    expect(game.phase(s)).toMatchObject({ key: "choose", durationMs: 30_000, waitingOn: ["s1"] });
    expect(runCommand(game, s, { kind: "action", actor: "s2", action: { type: "choose", seat: "s4" } })).toMatchObject({ ok: false, code: "action/not_the_ec" });
    expect(runCommand(game, s, { kind: "action", actor: "s1", action: { type: "choose", seat: "s3" } })).toMatchObject({ ok: false, code: "action/not_a_candidate" });
    const r = runCommand(game, s, { kind: "action", actor: "s1", action: { type: "choose", seat: "s2" } });
    if (!r.ok) throw new Error(r.message);
    s = r.state as State;
    expect(game.phase(s).finished).toBe(true);
    expect(game.season!.effects(s)).toMatchObject({ opponent: { ec: "s1", chosen: "s2", by: "ec" } });
    expect(runCommand(game, s, { kind: "action", actor: "host", action: { type: "choose", seat: "s4" } })).toMatchObject({ ok: false });
    const byHost = runCommand(game, start(), { kind: "action", actor: "host", action: { type: "choose", seat: "s4" } });
    expect(byHost.ok && game.season!.effects(byHost.state as State)?.opponent).toEqual({ ec: "s1", chosen: "s4", by: "host" });
  });

  it("names the first candidate when the time runs out", () => {
    const s = game.timeout(start());
    expect(game.season!.effects(s)?.opponent).toEqual({ ec: "s1", chosen: "s4", by: "timeout" });
    expect(game.outcome(s)?.summary).toContain("time ran out");
    expect(game.invariants!(s, start())).toEqual([]);
  });

  it("shows the same facts to everyone; only the EC may choose", () => {
    const s = start();
    expect(game.view(s, "s1").canChoose).toBe(true);
    for (const v of ["s2", "spectator", "host"] as const) expect(game.view(s, v)).toEqual({ ...game.view(s, "s1"), canChoose: false });
  });

  it("refuses candidates that are the EC or not seated", () => {
    expect(() => game.setup({ seats, config: game.configSchema.parse({ candidates: ["s1"] }), seed: "x" })).toThrow();
    expect(() => game.setup({ seats, config: game.configSchema.parse({ candidates: ["s9"] }), seed: "x" })).toThrow();
    expect(game.setup({ seats, config: game.configSchema.parse({}), seed: "x" }).candidates).toEqual(["s2", "s3", "s4"]);
  });
});
