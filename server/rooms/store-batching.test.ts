// The store's batching, with its writes and its clock in the test's hands:
// whatever order commits come in, writes end and time passes, no commit is
// left waiting once the writes in flight have ended and its moment is over,
// no more than two writes are ever in flight, and each commit is written
// once. (A flush that found its commits had to wait longer once a write ended
// used to return without scheduling itself again, leaving them unwritten
// until some other commit came.)
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Store, type Commit } from "./store";

afterEach(() => vi.useRealTimers());

type Step = { kind: "append"; room: number; count: number } | { kind: "advance"; ms: number } | { kind: "end"; newest: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("append" as const), room: fc.integer({ min: 0, max: 3 }), count: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant("advance" as const), ms: fc.integer({ min: 0, max: 12 }) }),
  fc.record({ kind: fc.constant("end" as const), newest: fc.boolean() }),
);

interface Harness {
  store: Store;
  inFlight: (() => void)[];
  written: string[];
  pending: () => number;
  mostInFlight: number;
}

/** A store whose batch writes wait for the test to end them (nothing reaches a database). */
function harness(): Harness {
  const store = new Store({} as never, { options: {} } as never);
  const h: Harness = { store, inFlight: [], written: [], pending: () => (store as unknown as { pending: unknown[] }).pending.length, mostInFlight: 0 };
  (store as unknown as { write: (c: Commit[]) => Promise<void> }).write = (commits) =>
    new Promise<void>((done) => {
      h.inFlight.push(() => {
        for (const c of commits) h.written.push(`${c.room.id}:${c.event.seq}`);
        done();
      });
      h.mostInFlight = Math.max(h.mostInFlight, h.inFlight.length);
    });
  return h;
}

const commitOf = (room: string, seq: number) => ({ room: { id: room }, event: { roomId: room, seq } }) as unknown as Commit;

describe("the store's batching", () => {
  it("leaves no commit waiting, keeps at most two writes in flight and writes each commit once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setImmediate", "performance"] });
        try {
          const h = harness();
          const seqs = [0, 0, 0, 0];
          const appended: Promise<void>[] = [];
          for (const s of steps) {
            if (s.kind === "append") for (let i = 0; i < s.count; i++) appended.push(h.store.append(commitOf(`r${s.room}`, ++seqs[s.room]!)));
            else if (s.kind === "advance") await vi.advanceTimersByTimeAsync(s.ms);
            else {
              const end = s.newest ? h.inFlight.pop() : h.inFlight.shift();
              end?.();
              await vi.advanceTimersByTimeAsync(0);
            }
          }
          // the writes end one by one with time passing: every commit is written, none waits for another to come
          for (let round = 0; round < 50 && (h.inFlight.length || h.pending()); round++) {
            h.inFlight.shift()?.();
            await vi.advanceTimersByTimeAsync(3);
          }
          expect(h.pending()).toBe(0);
          expect(h.inFlight).toEqual([]);
          await Promise.all(appended);
          expect(h.mostInFlight).toBeLessThanOrEqual(2);
          expect(h.written).toHaveLength(appended.length);
          const all = seqs.flatMap((n, r) => Array.from({ length: n }, (_, i) => `r${r}:${i + 1}`));
          expect([...h.written].sort()).toEqual(all.sort());
        } finally {
          vi.useRealTimers();
        }
      }),
      { numRuns: 150 },
    );
  });
});
