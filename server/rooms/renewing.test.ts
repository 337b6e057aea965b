// The lease renewer's rhythm: a renewal every third of a lease's life, never
// two at once. When the database is slow to answer (many rooms loading at
// once), the ticks that fall while a renewal is under way pass, rather than
// starting another over the same leases.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Lease } from "./leases";
import { RoomManager } from "./manager";
import type { Store } from "./store";

afterEach(() => vi.useRealTimers());

describe("the lease renewer", () => {
  it("starts no renewal while one is under way, and goes on once it is answered", async () => {
    vi.useFakeTimers();
    const store = { sql: {}, drain: async () => undefined, beat: async () => undefined };
    const manager = new RoomManager(store as unknown as Store, { changed: () => undefined }, { instanceId: "t", leaseTtlMs: 300, heartbeatMs: 60_000, lookupGame: () => undefined, botDelayMs: 0, snapshotEvery: 50 });
    let answer: (leases: Lease[]) => void = () => undefined;
    const renew = vi.spyOn(manager.leases, "renew").mockImplementation(() => new Promise<Lease[]>((r) => (answer = r)));
    vi.spyOn(manager.leases, "orphans").mockResolvedValue([]);
    vi.spyOn(manager.leases, "releaseAll").mockResolvedValue(undefined as never);
    manager.startRenewing();
    try {
      await vi.advanceTimersByTimeAsync(100);
      expect(renew).toHaveBeenCalledTimes(1);
      // ten more ticks while the database keeps the first renewal waiting
      await vi.advanceTimersByTimeAsync(1000);
      expect(renew).toHaveBeenCalledTimes(1);
      answer([]);
      await vi.advanceTimersByTimeAsync(100);
      expect(renew).toHaveBeenCalledTimes(2);
    } finally {
      await manager.close();
    }
  });
});
