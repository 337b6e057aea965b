import { describe, expect, it } from "vitest";
import { catalogue } from "../../lib/games/registry";
import { applyPatch } from "../../lib/json-patch";
import type { RoomPatch, RoomPayload } from "../../lib/protocol";
import { PayloadMemo } from "../rooms/payload-parts";
import { buildPayload, configuredPhaseSeconds, joinPayload, payloadParts, splitPayload, type PayloadContext } from "../rooms/payloads";
import { groupParts, recipientGroups, roomChanges } from "../test/room-changes";
import { advanceGroup, RoomFrames } from "./frames";
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
  return { payload: applyPatch(held!.payload, patch.ops), frame: patch.frame };
}

describe("frames", () => {
  for (const game of catalogue) {
    it(`rebuild every recipient's payload of ${game.meta.id}, for groups that were there all along and for ones that joined later`, () => {
      const seats = Math.max(game.meta.players.min, Math.min(5, game.meta.players.max));
      const { rules, changes } = roomChanges(game, seats, {}, 1)[0]!;
      const facts = { code: "FRAMES", hostName: "Host Hana", phaseSeconds: configuredPhaseSeconds(rules, changes[0]!.config) };
      const memo = new PayloadMemo();
      const frames = new RoomFrames();
      const groups = recipientGroups(seats);
      const held = new Map<string, { payload: RoomPayload; frame: number } | null>();
      let now = 1_800_000_000_000;
      changes.forEach((data, i) => {
        const ctx: PayloadContext = { rules, facts, connected: (seat) => seat !== "s2", now: (now += 1000), memo };
        // a group joins on some change after the first, and its first packet is a whole payload
        for (const g of groups) {
          if (!held.has(g) && groups.indexOf(g) > i) continue;
          const packet = advanceGroup(frames, facts.code, g, groupParts(ctx, data, g));
          if (packet) held.set(g, receive(held.get(g) ?? null, packet));
          const expected = joinPayload(groupParts({ rules, facts, connected: ctx.connected, now: ctx.now }, data, g));
          expect(held.get(g)!.payload).toEqual(JSON.parse(JSON.stringify(expected)));
        }
      });
      expect(held.size).toBe(groups.length);
    });
  }

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
    expect(advanceGroup(frames, facts.code, "s1", first)).toBeNull();
    const next = ctx(3);
    const s1After = receive(s1, advanceGroup(frames, facts.code, "s1", payloadParts(next, data, "player", "s1", "s1"))!);
    const after = receive(s2, advanceGroup(frames, facts.code, "s2", payloadParts(next, data, "player", "s2", "s2"))!);
    expect(s1After.payload.clock.serverNow).toBe(3);
    expect(after.payload).toEqual(JSON.parse(JSON.stringify(buildPayload(next, data, "player", "s2", "s2"))));
    expect(after.payload.clock.serverNow).toBe(3);
  });
});
