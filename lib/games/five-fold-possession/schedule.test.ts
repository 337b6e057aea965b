import { describe, expect, it } from "vitest";
import { Rng } from "../core/rng";
import { seatIds } from "../core/seats";
import { scheduleProblems, solveSchedule, type Schedule } from "./schedule";
import { FIXED_SCHEDULE } from "./testing";

const seats = seatIds(5);

describe("role schedule solver", () => {
  it.each(["unordered", "ordered"] as const)("meets every constraint over 3000 seeds (%s pairs)", (mode) => {
    const empties = new Set<number>();
    for (let i = 0; i < 3000; i++) {
      const s = solveSchedule(seats, Rng.fromSeed(`seed-${mode}-${i}`), mode);
      expect(scheduleProblems(s, seats, mode)).toEqual([]);
      empties.add(s.emptyRound);
      // the explicit constraints, once more without the checker
      expect(s.roles[0]).toBeNull();
      for (let r = 2; r <= 12; r++) {
        const x = s.roles[r - 1];
        const prev = s.roles[r - 2];
        if (r === s.emptyRound) expect(x).toBeNull();
        else {
          expect(x).not.toBeNull();
          expect(x!.possessed).not.toBe(x!.ghostHunter);
          if (prev) {
            expect(prev.possessed).not.toBe(x!.possessed);
            expect(prev.ghostHunter).not.toBe(x!.ghostHunter);
          }
        }
      }
      for (const p of seats) {
        expect(s.roles.filter((x) => x?.possessed === p)).toHaveLength(2);
        expect(s.roles.filter((x) => x?.ghostHunter === p)).toHaveLength(2);
      }
      const keys = s.roles.filter((x) => x).map((x) => (mode === "ordered" ? `${x!.possessed}${x!.ghostHunter}` : [x!.possessed, x!.ghostHunter].sort().join("")));
      expect(new Set(keys).size).toBe(10);
    }
    // every round 2..12 can be the empty one
    expect([...empties].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it("is deterministic for a seed", () => {
    expect(solveSchedule(seats, Rng.fromSeed("same"))).toEqual(solveSchedule(seats, Rng.fromSeed("same")));
  });

  it("refuses a player count the constraints cannot fit", () => {
    expect(() => solveSchedule(seatIds(4), Rng.fromSeed("x"))).toThrow();
  });

  it("the checker catches each broken constraint", () => {
    expect(scheduleProblems(FIXED_SCHEDULE, seats)).toEqual([]);
    const broken = (f: (r: Schedule["roles"]) => void): string[] => {
      const roles = FIXED_SCHEDULE.roles.map((x) => (x ? { ...x } : null));
      f(roles);
      return scheduleProblems({ emptyRound: 7, roles }, seats);
    };
    expect(broken((r) => (r[0] = { possessed: "s1", ghostHunter: "s2" })).join()).toMatch(/round 1 has roles/);
    expect(broken((r) => (r[2] = { possessed: "s1", ghostHunter: "s3" })).join()).toMatch(/possessed twice running/);
    expect(broken((r) => (r[2] = { possessed: "s3", ghostHunter: "s2" })).join()).toMatch(/ghost hunter twice running/);
    expect(broken((r) => (r[2] = { possessed: "s2", ghostHunter: "s2" })).join()).toMatch(/both roles/);
    expect(broken((r) => (r[2] = { possessed: "s2", ghostHunter: "s1" })).join()).toMatch(/repeated/);
    expect(broken((r) => (r[6] = { possessed: "s2", ghostHunter: "s5" })).join()).toMatch(/without roles/);
  });
});
