import { describe, expect, it } from "vitest";
import type { AnyGame } from "../../lib/games/core/types";
import { catalogue, getGame } from "../../lib/games/registry";
import type { RoomPatch, RoomPayload } from "../../lib/protocol";
import { applyRoomPatch } from "../../lib/room-feed";
import { PayloadMemo } from "../rooms/payload-parts";
import { buildPayload, configuredPhaseSeconds, joinPayload, payloadParts, splitPayload, type PayloadContext } from "../rooms/payloads";
import { groupParts, recipientGroups, roomChanges } from "../test/room-changes";
import { advanceGroup, frameText, RoomFrames } from "./frames";
import { eventPacket } from "./writes";

/** What a client holds: the payload its chain of packets rebuilds. */
function receive(held: { payload: RoomPayload; frame: number } | null, packet: string): { payload: RoomPayload; frame: number } {
  expect(packet.startsWith("2")).toBe(true);
  const [event, body, frame] = JSON.parse(packet.slice(1)) as [string, unknown, number?];
  if (event === "room:state") return { payload: body as RoomPayload, frame: frame! };
  expect(event).toBe("room:patch");
  const patch = body as RoomPatch;
  expect(held).not.toBeNull();
  expect(patch.base).toBe(held!.frame);
  // the packet put together from its parts is the one Socket.IO's own encoding of the patch gives
  expect(packet).toBe(eventPacket("room:patch", patch));
  // the header, not an operation, says the version and the clock reading
  expect(patch.ops.some((op) => op.p[0] === "version" || (op.p[0] === "clock" && op.p[1] === "serverNow"))).toBe(false);
  return { payload: applyRoomPatch(held!.payload, patch), frame: patch.frame };
}

/** A payload without what a change a group is not sent may leave behind: the room version and the clock reading. */
const unversioned = (p: RoomPayload) => ({ ...p, version: 0, clock: { ...p.clock, serverNow: 0 } });

/**
 * Plays a game through as the room's frames send it, groups joining on later
 * changes, and checks after every change that what each group's packets
 * rebuild is its payload. Returns how often a group was not sent a change.
 */
function rebuildAll(game: AnyGame): number {
  const seats = Math.max(game.meta.players.min, Math.min(5, game.meta.players.max));
  const { rules, changes } = roomChanges(game, seats, {}, 1)[0]!;
  const facts = { code: "FRAMES", hostName: "Host Hana", phaseSeconds: configuredPhaseSeconds(rules, changes[0]!.config) };
  const memo = new PayloadMemo();
  const frames = new RoomFrames();
  const groups = recipientGroups(seats);
  const held = new Map<string, { payload: RoomPayload; frame: number } | null>();
  let now = 1_800_000_000_000;
  let skipped = 0;
  changes.forEach((data, i) => {
    const ctx: PayloadContext = { rules, facts, connected: (seat) => seat !== "s2", now: (now += 1000), memo };
    // a group joins on some change after the first, and its first packet is a whole payload
    for (const g of groups) {
      if (!held.has(g) && groups.indexOf(g) > i) continue;
      const packet = advanceGroup(frames, facts.code, g, groupParts(ctx, data, g), g === "host" ? "all" : "seen");
      if (packet) held.set(g, receive(held.get(g) ?? null, packet));
      const expected = JSON.parse(JSON.stringify(joinPayload(groupParts({ rules, facts, connected: ctx.connected, now: ctx.now }, data, g)))) as RoomPayload;
      // the host follows every change; another group is not sent a change that shows it nothing but the version and the clock
      if (packet || g === "host") expect(held.get(g)!.payload).toEqual(expected);
      else {
        skipped++;
        expect(unversioned(held.get(g)!.payload)).toEqual(unversioned(expected));
      }
    }
  });
  expect(held.size).toBe(groups.length);
  return skipped;
}

describe("frames", () => {
  for (const game of catalogue) {
    it(`rebuild every recipient's payload of ${game.meta.id}, for groups that were there all along and for ones that joined later`, () => {
      rebuildAll(game);
    });
  }

  it("leaves a group a change that shows it nothing (a Secret Sinner query shows the other seats nothing)", () => {
    expect(rebuildAll(getGame("secret-sinner")!)).toBeGreaterThan(0);
  });

  it("diffs a group whose last frame had another shared part on its own, and says nothing when nothing changed", () => {
    const game = catalogue[0]!;
    const { rules, changes } = roomChanges(game, game.meta.players.min, {}, 1)[0]!;
    const facts = { code: "FRAMES", hostName: "Host Hana" };
    const data = changes[changes.length - 1]!;
    const ctx = (now: number): PayloadContext => ({ rules, facts, connected: () => true, now, memo: new PayloadMemo() });
    const frames = new RoomFrames();
    const first = payloadParts(ctx(1), data, "player", "s1", "s1");
    // the other group's frame is of an earlier change, as a payload built apart (a delayed spectator's is)
    const late = splitPayload(buildPayload(ctx(2), changes[changes.length - 2]!, "player", "s2", "s2"));
    const s1 = receive(null, advanceGroup(frames, facts.code, "s1", first)!);
    const s2 = receive(null, advanceGroup(frames, facts.code, "s2", late)!);
    expect(advanceGroup(frames, facts.code, "s1", first, "now")).toBeNull();
    const next = ctx(3);
    // only the clock reading moved: s1 is not sent that, unless it is asked for now (a socket starts watching) or the group follows every change
    expect(advanceGroup(frames, facts.code, "s1", payloadParts(next, data, "player", "s1", "s1"))).toBeNull();
    const clockOnly = advanceGroup(frames, facts.code, "s1", payloadParts(next, data, "player", "s1", "s1"), "now")!;
    // the header says the new clock reading; there is no operation left to send
    expect((JSON.parse(clockOnly.slice(1)) as [string, RoomPatch])[1]).toMatchObject({ now: 3, ops: [] });
    const s1After = receive(s1, clockOnly);
    expect(receive(s1After, advanceGroup(frames, facts.code, "s1", payloadParts(ctx(4), data, "player", "s1", "s1"), "all")!).payload.clock.serverNow).toBe(4);
    const after = receive(s2, advanceGroup(frames, facts.code, "s2", payloadParts(next, data, "player", "s2", "s2"))!);
    expect(s1After.payload.clock.serverNow).toBe(3);
    expect(after.payload).toEqual(JSON.parse(JSON.stringify(buildPayload(next, data, "player", "s2", "s2"))));
    expect(after.payload.clock.serverNow).toBe(3);
  });

  it("keeps an own part rebuilt equal to the frame's in its place when nothing is sent, under the same frame number", () => {
    const game = catalogue[0]!;
    const { rules, changes } = roomChanges(game, game.meta.players.min, {}, 1)[0]!;
    const facts = { code: "FRAMES", hostName: "Host Hana" };
    const data = changes[changes.length - 1]!;
    const frames = new RoomFrames();
    // two memos: the second builds the same payload from scratch, every object new
    const parts = (now: number) => payloadParts({ rules, facts, connected: () => true, now, memo: new PayloadMemo() }, data, "player", "s1", "s1");
    const first = parts(1);
    const held = receive(null, advanceGroup(frames, facts.code, "s1", first)!);
    const rebuilt = parts(1);
    expect(rebuilt.own).not.toBe(first.own);
    expect(advanceGroup(frames, facts.code, "s1", rebuilt)).toBeNull();
    expect(frames.groups.get("s1")).toEqual({ frame: held.frame, text: String(held.frame), shared: first.shared, own: rebuilt.own });
    expect(frames.groups.get("s1")!.own).toBe(rebuilt.own);
    // the next patch still starts from the frame the group holds
    const after = receive(held, advanceGroup(frames, facts.code, "s1", parts(2), "now")!);
    expect(after.payload).toEqual(JSON.parse(JSON.stringify(joinPayload(parts(2)))));
  });

  it("writes a frame number's text as String does, across the millions its high digits change at and back", () => {
    const now = Date.now() * 1000;
    const around = (n: number) => [n - 2, n - 1, n, n + 1, n + 2];
    const numbers = [
      ...around(Math.ceil(now / 1e6) * 1e6),
      ...around(now),
      ...around(1e6),
      ...around(1e15),
      0,
      7,
      999_999,
      // an earlier number after later ones: the high digits are made again
      ...around(Math.floor(now / 1e6) * 1e6 - 5e6),
      2 ** 53 - 1,
    ];
    for (const n of numbers) expect(frameText(n)).toBe(String(n));
  });
});
