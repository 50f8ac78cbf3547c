import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import type { Cell, LoopAnswer, LoopData } from "./grid.ts";
import { hamiltonianLoopTask as task } from "./index.ts";

const inst = task.generate(task.params.parse(task.levels["sparse-8x8"]), new Rng("near"));
const good = task.solve!(inst).answers[0]!;

/** The failed check names and the failure kind of an answer. */
function failures(answer: LoopAnswer, data: LoopData = inst.data) {
  const v = task.verify({ ...inst, data }, answer);
  return { failed: v.checks.filter((c) => !c.ok).map((c) => c.name), kind: v.failure?.kind };
}

const edit = (f: (loop: Cell[]) => void): LoopAnswer => {
  const loop = good.loop.map((c): Cell => [c[0], c[1]]);
  f(loop);
  return { loop };
};

describe("hamiltonian-loop verifier", () => {
  it("accepts the reference loop, reversed and rotated", () => {
    expect(failures(good).failed).toEqual([]);
    expect(failures({ loop: [...good.loop].reverse() }).failed).toEqual([]);
    expect(failures({ loop: [...good.loop.slice(5), ...good.loop.slice(0, 5)] }).failed).toEqual([]);
  });

  it("a diagonal step fails loop.adjacent", () => {
    // Cutting a corner of the reference loop: the step across the skipped cell is diagonal.
    const i = good.loop.findIndex((_c, k) => {
      const before = good.loop[k - 1];
      const after = good.loop[k + 1];
      return before && after && Math.abs(before[0] - after[0]) === 1 && Math.abs(before[1] - after[1]) === 1;
    });
    const cut = edit((l) => l.splice(i, 1));
    const r = task.verify(inst, cut);
    const adjacent = r.checks.find((c) => c.name === "loop.adjacent");
    expect(adjacent?.ok).toBe(false);
    const [a, b] = [good.loop[i - 1]!, good.loop[i + 1]!];
    expect(adjacent?.detail).toContain(`(${a[0]}, ${a[1]}) → (${b[0]}, ${b[1]})`);
    // With an odd number of free cells a single diagonal step can be the only fault.
    const odd: LoopData = { width: 2, height: 3, blocked: [[1, 2]] };
    const loop: Cell[] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 2],
      [0, 1],
    ];
    expect(failures({ loop }, odd)).toEqual({ failed: ["loop.adjacent"], kind: "wrong" });
  });

  it("a repeated cell fails loop.each_once", () => {
    const r = failures(edit((l) => l.push(l[3] as Cell)));
    expect(r.failed).toContain("loop.each_once");
    expect(r.kind).toBe("wrong");
    const swapped = failures(edit((l) => (l[6] = l[4] as Cell)));
    expect(swapped.failed).toContain("loop.each_once");
  });

  it("a missing cell fails loop.length and loop.each_once", () => {
    const r = failures(edit((l) => l.splice(7, 1)));
    expect(r.failed).toContain("loop.length");
    expect(r.failed).toContain("loop.each_once");
    expect(r.kind).toBe("wrong");
  });

  it("a step onto a blocked cell fails loop.not_blocked", () => {
    const [x, y] = inst.data.blocked[0]!;
    const r = failures(edit((l) => (l[10] = [x, y])));
    expect(r.failed).toContain("loop.not_blocked");
    expect(r.kind).toBe("wrong");
  });

  it("an open path (no wrap-around) fails loop.closed only", () => {
    // A snake through a 4×2 grid covers every cell with side steps but ends far from its start.
    const data: LoopData = { width: 4, height: 2, blocked: [] };
    const open: Cell[] = [
      [0, 0],
      [0, 1],
      [1, 1],
      [1, 0],
      [2, 0],
      [2, 1],
      [3, 1],
      [3, 0],
    ];
    expect(failures({ loop: open }, data)).toEqual({ failed: ["loop.closed"], kind: "wrong" });
    const r = failures(edit((l) => l.reverse()));
    expect(r.failed).toEqual([]);
  });

  it("an out-of-bounds cell fails loop.in_bounds as invalid", () => {
    const r = failures(edit((l) => (l[0] = [-1, 0])));
    expect(r.failed).toContain("loop.in_bounds");
    expect(r.kind).toBe("invalid");
    const far = failures(edit((l) => (l[2] = [inst.data.width, 3])));
    expect(far.failed).toContain("loop.in_bounds");
  });

  it("an empty loop fails without throwing", () => {
    const r = failures({ loop: [] });
    expect(r.failed).toEqual(["loop.length", "loop.each_once", "loop.closed"]);
  });
});
