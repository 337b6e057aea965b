// The batch statement's parameters: five JSON lists whose records carry every
// field as it was, the event payloads and snapshots (JSON already) included as
// they are, whatever characters the text holds.
import { describe, expect, it } from "vitest";
import { batchParams, type Commit } from "./batch-sql";

const at = new Date("2026-11-25T10:00:00.123Z");
const TEXT = `quote " backslash \\ newline \n tab \t 'single' {braces} [brackets] Ünï 🎲 \u2028`;

function commit(roomId: string, seq: number, extra: Partial<Commit> = {}): Commit {
  return {
    fence: 4,
    event: { roomId, seq, kind: "action", actor: "s1", payload: JSON.stringify({ action: { type: "say", text: TEXT } }), clientId: `c${seq}`, at: at.getTime(), deadlineAt: null, paused: false },
    room: { id: roomId, version: seq, status: "running", deadlineAt: at.getTime(), pausedAt: null, remainingMs: null, durations: { vote: 45_000 }, endReason: null, spectators: { mode: "live", lag: 1, revealAtEnd: true } },
    seats: [{ roomId, seatId: "s1", userId: "guest:u", name: TEXT, isBot: false }],
    ...extra,
  };
}

describe("batchParams", () => {
  it("gives four JSON lists that carry every field as it was, payloads and snapshots as the JSON they are", () => {
    const snapshot = JSON.stringify({ seats: [{ name: TEXT }], version: 2 });
    const [e, n, s, r] = batchParams([commit("room-a", 1), commit("room-b", 2, { snapshot: { roomId: "room-b", seq: 2, state: snapshot } })]).map((p) => JSON.parse(p));
    expect(e).toEqual([
      { r: "room-a", q: 1, k: "action", a: "s1", p: { action: { type: "say", text: TEXT } }, c: "c1", t: at.toISOString(), d: null, z: false },
      { r: "room-b", q: 2, k: "action", a: "s1", p: { action: { type: "say", text: TEXT } }, c: "c2", t: at.toISOString(), d: null, z: false },
    ]);
    expect(n).toEqual([{ r: "room-b", q: 2, s: JSON.parse(snapshot) }]);
    expect(s).toEqual([
      { r: "room-a", sid: "s1", u: "guest:u", n: TEXT, b: false },
      { r: "room-b", sid: "s1", u: "guest:u", n: TEXT, b: false },
    ]);
    expect(r[0]).toEqual({ id: "room-a", token: 4, version: 1, status: "running", deadline: at.toISOString(), paused: null, remaining: null, durations: { vote: 45_000 }, end_reason: null, smode: "live", slag: 1, sreveal: true });
  });

  it("writes an absent field as null, as node-postgres does for a parameter", () => {
    const c = commit("room-c", 3);
    const loose = { ...c, event: { ...c.event, clientId: undefined }, room: { ...c.room, endReason: undefined, remainingMs: undefined } } as unknown as Commit;
    const [e, , , r] = batchParams([loose]).map((p) => JSON.parse(p));
    expect(e[0].c).toBeNull();
    expect(r[0]).toMatchObject({ end_reason: null, remaining: null });
  });
});
