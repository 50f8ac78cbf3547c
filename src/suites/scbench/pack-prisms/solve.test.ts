import { describe, expect, it } from "vitest";
import { orientationsOf, packPrisms, perfectCandidates } from "./solve.ts";

describe("pack-prisms reference packer", () => {
  it("counts distinct orientations", () => {
    expect(orientationsOf([1, 2, 3])).toHaveLength(6);
    expect(orientationsOf([2, 2, 3])).toHaveLength(3);
    expect(orientationsOf([2, 2, 2])).toHaveLength(1);
  });

  it("applies the divisibility argument", () => {
    // Volume 2·7 = 14 only factors as 1×1×14 or 1×2×7, and a 2×2×… prism fits neither.
    expect(
      perfectCandidates([
        { size: [1, 1, 2], count: 3 },
        { size: [2, 2, 2], count: 1 },
      ]),
    ).toEqual([]);
    // Volume 3·96 = 288: the 4×8×9 box is dropped because no sum of sides 4 and 6 spans 9.
    expect(perfectCandidates([{ size: [4, 4, 6], count: 3 }])).toEqual([
      [4, 4, 18],
      [4, 6, 12],
      [6, 6, 8],
    ]);
  });

  it("finds perfect packings where a brute-force check knows one exists", () => {
    // Eight unit-ish bricks 1×1×2 fill a 2×2×4 box.
    const p = packPrisms([{ size: [1, 1, 2], count: 8 }]);
    expect(p.efficiency).toBe(1);
    expect(p.perfect).toBe("found");
    // Two 1×2×3 and six 1×1×1 fill 2×3×2 exactly.
    expect(
      packPrisms([
        { size: [1, 2, 3], count: 2 },
        { size: [1, 1, 1], count: 6 },
      ]).efficiency,
    ).toBe(1);
  });
});
